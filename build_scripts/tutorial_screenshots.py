"""Screenshots of the Tutorial (each lesson) and the Rules screen, in a real window (run under Xvfb),
at 1024×768 and 1920×1080, into docs/screenshots/tutorial/.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/tutorial_screenshots.py [--out DIR]
    xvfb-run -a -s '-screen 0 1024x768x24' python build_scripts/tutorial_screenshots.py --language de

With ``--language`` the lessons are taken in that language at 1024×768 only, into
docs/screenshots/languages/ (``de-tutorial-….png``).

Lessons are played as the game is, with synthetic input: the tile dragged from the hand slot,
followers dragged from the card, R to turn, Enter to confirm.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from carcassonne import i18n  # noqa: E402
from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402

OUT = ROOT / "docs" / "screenshots" / "tutorial"
SIZES = ((1024, 768), (1920, 1080))
#: The file names' prefix: the window's size, or the language and the screen.
PREFIX = ""


def shot(app: App, out: Path, name: str) -> None:
    app.frame(0.016)
    path = out / f"{PREFIX or f'{app.size[0]}x{app.size[1]}-'}{name}.png"
    pygame.image.save(app.screen, str(path))
    print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def drag_tile(d: Driver, scene, x: int, y: int, release: bool = True) -> None:  # noqa: ANN001
    """The tile in hand dragged from the hand slot onto board square (x, y), as in the game."""
    d.drag(scene.pieces.hand_tile_rect().center, scene.camera.cell_center(x, y), steps=4, release=release)


def place_point(scene, spot: str) -> tuple[int, int]:  # noqa: ANN001
    """Where on screen the place ``spot`` of the laid tile is."""
    p = scene.turn.pending
    return next(pos for pos in ((px, py) for px in range(0, scene.size[0], 3) for py in range(0, scene.size[1], 3)
                                if scene.camera.cell_at(px, py) == (p.x, p.y))
                if scene.board.spot_near(p, scene.turn.spots(), pos) == spot)


def play_step(d: Driver, scene) -> None:  # noqa: ANN001
    """The step's intended move, by hand: turn the tile, drag it onto its square, drag a follower
    from the card onto its place (F or B for the abbot), Enter."""
    move = scene.runner.step.solution
    while scene.turn.rotation != move.rotation:
        d.key(pygame.K_r)
    drag_tile(d, scene, move.x, move.y)
    figure = move.figure
    if figure is not None and figure.at is not None:  # another tile's lit place: a follower dragged, else clicked
        there = other_place(scene, figure.at, figure.place)
        if figure.kind == "follower":
            d.drag(scene.pieces.follower_slots(0)[-1].center, there, steps=3)
        else:
            d.click(there)
    if figure is not None and figure.kind == "follower" and figure.place in scene.turn.spots():
        d.drag(scene.pieces.follower_slots(0)[-1].center, place_point(scene, figure.place), steps=3)
    while figure is not None and figure.at is None and scene.turn.figure != figure:
        d.key(pygame.K_b if figure.action == "back" else pygame.K_f)
    d.key(pygame.K_RETURN)
    d.run_until(lambda: scene.turn.can_act or scene.runner.step is None or scene.runner.step.reading, 200)


def other_place(scene, at: tuple[int, int], place: str) -> tuple[int, int]:  # noqa: ANN001
    """Where on screen the place ``place`` of the tile lying at ``at`` is."""
    from carcassonne.app.art.spots import spot_anchor

    ax, ay = spot_anchor(scene.game.tile_at(*at), place)
    x, y = scene.camera.to_screen(at[0] + ax, at[1] + ay)
    return round(x), round(y)


def to_step(d: Driver, scene, number: int) -> None:  # noqa: ANN001
    """Play the lesson's steps until step ``number`` (1-based) is the current one."""
    while scene.runner.index < number - 1:
        if scene.runner.step.reading:
            d.key(pygame.K_n)
        else:
            play_step(d, scene)


def start(app: App, d: Driver, index: int):  # noqa: ANN201
    """Lesson ``index`` opened from the lessons list (the lesson shown before goes back to it)."""
    if type(app.top).__name__ == "LessonScene":
        d.key(pygame.K_ESCAPE)
    d.click(app.top.list_buttons[index].rect.center)
    d.frames(2)
    return app.top


def lessons(app: App, d: Driver, out: Path) -> None:
    d.key(pygame.K_t)
    shot(app, out, "01-lessons")
    # 1: placing tiles — the tile dragged onto a square where it does not fit: the engine's why-not
    scene = start(app, d, 0)
    drag_tile(d, scene, 0, -1)
    shot(app, out, "02-lesson1-why-not")
    drag_tile(d, scene, 1, 0, release=False)  # dragged: its ghost over the square framed in yellow
    shot(app, out, "03-lesson1-placed")
    d.release(scene.camera.cell_center(1, 0))
    # 2: roads — a follower dragged from the card, the road it joins lit under it
    scene = start(app, d, 1)
    drag_tile(d, scene, 1, 0)
    d.drag(scene.pieces.follower_slots(0)[-1].center, place_point(scene, "road:E"), steps=3, release=False)
    shot(app, out, "04-lesson2-thief")
    d.release(place_point(scene, "road:E"))
    d.key(pygame.K_RETURN)
    to_step(d, scene, 3)
    speed = app.settings.animation
    app.settings.animation = "normal"  # the road's scoring, as the game animates it
    play_step_until_scored(d, scene)
    shot(app, out, "05-lesson2-road-scored")
    app.settings.animation = speed
    d.run_until(lambda: scene.flow.scoring_shown(), 400)
    # 3: cities — the shared city joined
    scene = start(app, d, 2)
    to_step(d, scene, 4)
    shot(app, out, "06-lesson3-shared-city")
    # 4: cloisters
    scene = start(app, d, 3)
    shot(app, out, "07-lesson4-cloister")
    # 5: farmers — the final-scoring preview of the farm
    scene = start(app, d, 4)
    to_step(d, scene, 2)
    shot(app, out, "08-lesson5-farm")
    to_step(d, scene, 5)
    shot(app, out, "09-lesson5-two-cities")
    # 6: final scoring, one feature at a time
    scene = start(app, d, 5)
    to_step(d, scene, 2)
    d.key(pygame.K_n)
    shot(app, out, "10-lesson6-final-scoring")
    # 7: the river
    scene = start(app, d, 6)
    to_step(d, scene, 2)
    shot(app, out, "11-lesson7-river")
    to_step(d, scene, 4)
    d.run_until(lambda: scene.runner.game.current == 0 and scene.turn.can_act, 400)
    shot(app, out, "12-lesson7-free-game")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)


def play_step_until_scored(d: Driver, scene) -> None:  # noqa: ANN001
    """The step's move played, then frames until its scoring is half way (the points rising)."""
    move = scene.runner.step.solution
    while scene.turn.rotation != move.rotation:
        d.key(pygame.K_r)
    drag_tile(d, scene, move.x, move.y)
    d.key(pygame.K_RETURN)
    d.frames(6)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=None, help="folder for the PNGs")
    parser.add_argument("--language", choices=sorted(i18n.LANGUAGES), help="the lessons in this language")
    args = parser.parse_args()
    if args.language:
        return in_language(args.language, args.out or ROOT / "docs" / "screenshots" / "languages")
    args.out = args.out or OUT
    args.out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        with tempfile.TemporaryDirectory() as data:
            settings = Settings(window_size=size, animation="instant", sound=False)
            app = App(Storage(Path(data)), settings=settings)
            app.push_scene("title")
            d = Driver(app, dt=0.05)
            d.frames(3)
            if size[0] < 1600:  # the title is in ../01-title.png at 1600x900 too; one is enough
                shot(app, args.out, "00-title")
            lessons(app, d, args.out)
            d.key(pygame.K_F1)
            shot(app, args.out, "13-rules")
            d.key(pygame.K_PAGEDOWN)
            d.key(pygame.K_PAGEDOWN)
            d.key(pygame.K_PAGEDOWN)
            shot(app, args.out, "14-rules-scrolled")
            rules = app.top
            options = next(b for b in rules.blocks if b.heading.startswith("Rule options"))
            while rules.scroll < min(options.y, rules.max_scroll):
                d.wheel(-1, rules.rects["page"].center)
            shot(app, args.out, "15-rules-options")
            house = next(b for b in rules.blocks if b.heading.startswith("House rules"))
            while rules.scroll + int(40 * rules.u) < min(house.y, rules.max_scroll):
                d.wheel(-1, rules.rects["page"].center)
            rules.scroll_by(min(house.y, rules.max_scroll) - rules.scroll)  # the group's heading at the top
            shot(app, args.out, "16-rules-house-rules")
            for _ in range(12):
                d.key(pygame.K_PAGEDOWN)
            shot(app, args.out, "17-rules-end")
            app.shutdown()
    return 0


def in_language(code: str, out: Path) -> int:
    """The lessons in one language at 1024×768."""
    global PREFIX
    PREFIX = f"{code}-tutorial-"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        settings = Settings(window_size=(1024, 768), animation="instant", sound=False, language=code)
        app = App(Storage(Path(data)), settings=settings)
        i18n.set_language(code)
        app.push_scene("title")
        d = Driver(app, dt=0.05)
        d.frames(3)
        lessons(app, d, out)
        app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
