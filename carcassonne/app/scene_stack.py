"""The scenes on screen, bottom to top: which one gets the input, which ones are drawn.

A screen (title, play, results) replaces the stack; a dialog, the help or the settings
go over it and close back to it. Scenes are built by name from the scene table, so no
scene imports another. The stack knows nothing of the window, the settings or the
files (the :class:`~carcassonne.app.app.App` does): it can be tested without a display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .scenes.base import Scene

#: What builds a scene: called with the app and the options the caller passes.
SceneType = Callable[..., Scene]


class SceneStack:
    """The open scenes; the last one is on top."""

    def __init__(self, owner: Any, types: dict[str, SceneType],
                 on_leave: Callable[[], object] = lambda: None) -> None:
        #: Handed to each scene it builds (the app: the window, the settings, the files).
        self.owner = owner
        #: Scene name -> what builds it.
        self.types = dict(types)
        #: Called when a screen is left for another (what it held can go back to the system).
        self.on_leave = on_leave
        self.scenes: list[Scene] = []

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def make(self, name: str, **options: Any) -> Scene:
        """Build the scene registered as ``name`` (see :data:`carcassonne.app.scene_table.SCENES`)."""
        return self.types[name](self.owner, **options)

    def push(self, scene: Scene) -> None:
        """Show ``scene`` over the current one."""
        self.scenes.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        """Close the top scene (or ``scene`` if it is the top); the one below resumes."""
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()

    def replace(self, scene: Scene) -> None:
        """Leave every scene and show ``scene`` alone (going to another screen)."""
        self.close_all()
        self.on_leave()
        self.push(scene)

    def close_all(self) -> None:
        """Leave every scene, the top first."""
        while self.scenes:
            self.scenes.pop().exit()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and those below it down to the
        first that covers the whole window."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        return self.scenes[first:]

    def shown(self) -> tuple[int, ...]:
        """Which scenes are open, by identity (the app redraws when this changes)."""
        return tuple(id(s) for s in self.scenes)
