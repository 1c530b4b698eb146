"""The scene lifecycle, and the dialog box that overlay scenes are drawn in.

Scenes reach each other only through the app, by name (``app.push_scene("rules")``);
the names are listed once, in :mod:`carcassonne.app.scenes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..intents import KEY, Intent
from ..widgets import ACCENT, Widget, blit_text, draw_panel, ui_scale

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


class Dialog(Scene):
    """A box over the scene below, which stays visible but gets no input."""

    opaque = False
    title = ""
    box_size = (520, 300)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = self.box_size
        self.box = pygame.Rect(0, 0, int(w * self.u), int(h * self.u))
        self.box.center = (size[0] // 2, size[1] // 2)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == KEY and intent.key == pygame.K_ESCAPE:
            self.close()
            return True
        super().handle(intent)
        return True  # a dialog swallows everything

    def close(self) -> None:
        self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.u, alpha=250)
        if self.title:
            blit_text(surface, self.app.assets.fonts.get(int(30 * self.u), "title"), self.title,
                      (self.box.centerx, self.box.y + int(16 * self.u)), ACCENT, "midtop")
        super().draw(surface)
