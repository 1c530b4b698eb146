"""The scene lifecycle and the stack that holds scenes and overlays (dialogs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..intents import Intent
from ..widgets import Widget, ui_scale

if TYPE_CHECKING:
    from ..app import App


class Scene:
    """One screen. ``draw`` only reads state; everything that changes happens in
    ``handle`` (intents) and ``update`` (time)."""

    #: An opaque scene hides the scenes below it; overlays (dialogs) are not opaque.
    opaque = True

    def __init__(self, app: "App") -> None:
        self.app = app
        self.widgets: list[Widget] = []
        self.u = 1.0
        self.size = app.size

    def enter(self) -> None:
        self.layout(self.app.size)

    def exit(self) -> None:
        pass

    def resume(self) -> None:
        """Back on top after an overlay closed."""
        if self.size != self.app.size:
            self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.u = ui_scale(size)

    def handle(self, intent: Intent) -> bool:
        for w in self.widgets:
            if w.visible and w.handle(intent):
                return True
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface, self.app.assets.fonts, self.u)
