"""The move log drawer: every turn in words (:mod:`.movelog`), newest first, over the
board's left edge; clicking a turn asks the scene to show where it was played.

The rows are laid out in :meth:`MoveLogDrawer.update` (wrapped to the drawer's width);
:meth:`MoveLogDrawer.draw` only blits.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ...words.movelog import LogEntry
from ..art.assets import PLAYER_RGB, Assets
from ..ui.intents import PRESS, WHEEL, Intent
from ..ui.widgets import ACCENT, INK, blit_text, draw_panel, wrap

WIDTH = 340  # UI units


class MoveLogDrawer:
    """The drawer's state: open or not, its rows, which one was clicked last."""

    def __init__(self) -> None:
        self.open = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.entries: list[LogEntry] = []
        self.scroll = 0
        self.selected: int | None = None
        #: (entry index, rect, lines) of each row shown, laid out in ``update``.
        self.rows: list[tuple[int, pygame.Rect, list[str]]] = []
        self._laid: tuple[object, ...] = ()

    def toggle(self) -> None:
        self.open = not self.open
        self.selected = None

    def layout(self, area: pygame.Rect, u: float) -> None:
        """Take the left part of the board ``area``."""
        self.rect = pygame.Rect(area.x + int(8 * u), area.y + int(8 * u), min(int(WIDTH * u), area.w // 2),
                                max(0, area.h - int(16 * u)))
        self._laid = ()

    def update(self, entries: list[LogEntry], assets: Assets, u: float) -> None:
        """Lay out the rows that fit, newest first from ``scroll``."""
        key = (len(entries), self.scroll, self.rect.size, u, self.selected)
        if not self.open or key == self._laid:
            return
        self._laid = key
        self.entries = entries
        font = assets.fonts.get(int(15 * u))
        pad, line_h = int(8 * u), font.get_linesize()
        y = self.rect.y + int(34 * u)
        self.rows = []
        newest_first = list(range(len(entries) - 1, -1, -1))[self.scroll:]
        for i in newest_first:
            lines = wrap(font, f"{entries[i].turn}. {entries[i].text}", self.rect.w - 3 * pad)
            h = len(lines) * line_h + pad // 2
            if y + h > self.rect.bottom - pad:
                break
            self.rows.append((i, pygame.Rect(self.rect.x + pad, y, self.rect.w - 2 * pad, h), lines))
            y += h + pad // 2

    def handle(self, intent: Intent) -> LogEntry | None | bool:
        """A click on a row: that entry. Another intent over the open drawer: True (taken)."""
        if not self.open or not self.rect.collidepoint(intent.pos):
            return False
        if intent.kind == WHEEL:
            self.scroll = max(0, min(len(self.entries) - 1, self.scroll - intent.dy))
            return True
        if intent.kind == PRESS and intent.button == 1:
            for i, rect, _ in self.rows:
                if rect.collidepoint(intent.pos):
                    self.selected = i
                    return self.entries[i]
        return True

    def draw(self, surface: pygame.Surface, assets: Assets, colours: list[str], u: float) -> None:
        if not self.open:
            return
        draw_panel(surface, self.rect, u, alpha=235)
        blit_text(surface, assets.fonts.get(int(18 * u), "bold"), _("Moves (click one to see it)"),
                  (self.rect.x + int(10 * u), self.rect.y + int(8 * u)), ACCENT)
        font = assets.fonts.get(int(15 * u))
        for i, rect, lines in self.rows:
            if i == self.selected:
                pygame.draw.rect(surface, (90, 80, 60), rect, border_radius=int(4 * u))
            rgb = PLAYER_RGB.get(colours[self.entries[i].player], INK)
            pygame.draw.rect(surface, rgb, (rect.x, rect.y + 2, max(3, int(4 * u)), rect.h - 4))
            y = rect.y
            for line in lines:
                blit_text(surface, font, line, (rect.x + int(10 * u), y), INK)
                y += font.get_linesize()
