"""The scene stack on its own, without a window: screens replace it, overlays go over it."""

from __future__ import annotations

from dataclasses import dataclass, field

from carcassonne.app.scene_stack import SceneStack
from carcassonne.app.scenes.base import Scene


@dataclass
class Owner:
    """What a scene reads of the app here: its size; and a log of what happened to scenes."""
    size: tuple[int, int] = (1024, 768)
    log: list[str] = field(default_factory=list)


class Screen(Scene):
    def __init__(self, app: Owner, label: str = "screen") -> None:  # type: ignore[override]
        super().__init__(app)  # type: ignore[arg-type]
        self.name = label

    def enter(self) -> None:
        super().enter()
        self.app.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.app.log.append(f"exit {self.name}")

    def resume(self) -> None:
        self.app.log.append(f"resume {self.name}")


class Overlay(Screen):
    opaque = False


def make_stack() -> tuple[SceneStack, Owner, list[str]]:
    owner = Owner()
    left: list[str] = []
    stack = SceneStack(owner, {"screen": Screen, "overlay": Overlay}, on_leave=lambda: left.append("left"))
    return stack, owner, left


def test_an_overlay_goes_over_a_screen_and_closes_back_to_it():
    stack, owner, _ = make_stack()
    title = stack.make("screen", label="title")
    stack.push(title)
    menu = stack.make("overlay", label="menu")
    stack.push(menu)
    assert stack.top is menu and stack.visible() == [title, menu]
    stack.pop(title)  # not the top: nothing happens
    assert stack.top is menu
    stack.pop()
    assert stack.top is title and owner.log == ["enter title", "enter menu", "exit menu", "resume title"]


def test_a_screen_hides_what_is_below_it_and_replacing_leaves_everything():
    stack, owner, left = make_stack()
    stack.push(stack.make("screen", label="title"))
    stack.push(stack.make("overlay", label="menu"))
    stack.push(stack.make("screen", label="rules"))
    assert [s.name for s in stack.visible()] == ["rules"]  # type: ignore[attr-defined]
    before = stack.shown()
    play = stack.make("screen", label="play")
    stack.replace(play)
    assert list(stack) == [play] and len(stack) == 1 and stack.shown() != before
    assert owner.log[-4:] == ["exit rules", "exit menu", "exit title", "enter play"] and left == ["left"]
    stack.close_all()
    assert stack.top is None and owner.log[-1] == "exit play"
