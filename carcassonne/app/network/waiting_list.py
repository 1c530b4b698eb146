"""The title screen's list of network games waiting on the player's move (correspondence
games): each a button that opens the game again, with its players, its server and how long it
has waited under it; a server that could not be reached is one quiet line."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...i18n import _, ngettext
from ..art.assets import Fonts
from ..ui.widgets import ACCENT, INK_DIM, Button, blit_text, cut, draw_panel
from .clock_words import waited_words
from .netplay import KeptGame
from .turn_watch import Snapshot, WaitingGame

#: Games listed at most (the longest waits first); the rest are counted.
SHOWN = 5


def server_words(kept: KeptGame) -> str:
    """Where a game is played, shortly: "hosted here", or the server's address without ws://."""
    return _("hosted here") if kept.hosted else kept.url.split("://", 1)[-1]


class WaitingList:
    """The list's buttons and drawing; :meth:`take` a new :class:`Snapshot` when one comes."""

    def __init__(self, open_game: Callable[[KeptGame], None]) -> None:
        self.open_game = open_game
        self.snapshot = Snapshot()
        self.entries: list[tuple[Button, WaitingGame]] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.u = 1.0

    @property
    def buttons(self) -> list[Button]:
        return [b for b, _g in self.entries]

    def take(self, snapshot: Snapshot) -> bool:
        """A new round's answers: the buttons made again; whether anything changed."""
        if snapshot.rounds == self.snapshot.rounds:
            return False
        self.snapshot = snapshot
        self.entries = [(Button(g.name, partial(self.open_game, g.kept)), g) for g in snapshot.games[:SHOWN]]
        self.layout(self.area, self.u)
        return True

    def layout(self, area: pygame.Rect, u: float) -> None:
        """Entries from the top of ``area``: a button, then a line under it, for each."""
        self.area, self.u = area, u
        y = area.y + int(44 * u)
        for button, _g in self.entries:
            button.rect = pygame.Rect(area.x + int(12 * u), y, area.w - int(24 * u), int(40 * u))
            y += int(40 * u) + int(30 * u)

    def height(self) -> int:
        u, lines = self.u, int(bool(self.snapshot.unreachable)) + int(len(self.snapshot.games) > SHOWN)
        return int(52 * u) + len(self.entries) * int(70 * u) + lines * int(22 * u)

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        """The panel, its heading and each entry's line (the buttons are drawn with the screen's)."""
        snap, u, area = self.snapshot, self.u, self.area
        if not snap.games and not snap.unreachable:
            return
        panel = pygame.Rect(area.x, area.y, area.w, self.height())
        draw_panel(surface, panel, u)
        width = area.w - int(24 * u)
        head, small = fonts.get(int(18 * u), "bold"), fonts.get(int(14 * u))
        words = _("Your move") if snap.games else _("No game waits on your move")
        blit_text(surface, head, cut(head, words, width), (area.x + int(12 * u), area.y + int(12 * u)), ACCENT)
        for button, game in self.entries:
            line = " · ".join(part for part in (", ".join(game.players), server_words(game.kept),
                                                 waited_words(game.waited_now())) if part)
            blit_text(surface, small, cut(small, line, width), (button.rect.x, button.rect.bottom + int(5 * u)),
                      INK_DIM)
        y = area.y + int(44 * u) + len(self.entries) * int(70 * u)
        more = len(snap.games) - len(self.entries)
        if more > 0:
            text = ngettext("and {count} more", "and {count} more", more).format(count=more)
            blit_text(surface, small, cut(small, text, width), (area.x + int(12 * u), y), INK_DIM)
            y += int(22 * u)
        if snap.unreachable:
            text = ngettext("{count} server could not be reached", "{count} servers could not be reached",
                            len(snap.unreachable)).format(count=len(snap.unreachable))
            blit_text(surface, small, cut(small, text, width), (area.x + int(12 * u), y), INK_DIM)
