"""A server's leaderboard of rated games, a page at a time, and this player's last rated games.

It shows what the server sends (checked field by field by the protocol), nothing more: the
ratings are the server's (OpenSkill), this screen computes none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine.untrusted import clean_name
from ...i18n import N_, _, format_number
from ...net.link import FAILED, Link
from ..network.netplay import refusal_words
from ..network.server_names import account_for
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.widgets import ACCENT, BAD, GOOD, INK, INK_DIM, Button, blit_text, draw_panel
from .base import FormScene

if TYPE_CHECKING:
    from ..app import App

#: Rows of the leaderboard drawn (a page of the server's holds up to 50).
ROWS = 15
#: This player's rated games drawn.
GAMES = 10


def place_words(place: int, players: int) -> str:
    return _("{place} of {players}").format(place=place, players=players)


def change_words(change: float) -> str:
    """A rating's change with its sign, written the language's way (+1.32, −0,87)."""
    return ("+" if change >= 0 else "−") + format_number(abs(change), 2)


class LeaderboardScene(FormScene):
    """The leaderboard of the server at ``url`` (``player``: this player's name there)."""

    keymap = "form"

    def __init__(self, app: App, url: str, player: str = "") -> None:
        super().__init__(app)
        self.url, self.name = url, player
        self.players: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.page, self.pages, self.total = 0, 1, 0
        self.problem = ""
        self.loading = True
        self.back = Button(N_("Back"), self.go_back, hint="Esc")
        self.earlier = Button(N_("Better"), lambda: self.ask(self.page - 1))
        self.later = Button(N_("Further down"), lambda: self.ask(self.page + 1))
        self.widgets = [self.back, self.earlier, self.later]
        self.link = Link(url, app.tiles)
        self.link.conn.account = account_for(app.settings, url)
        self.link.ask(self._first)
        self.backdrop: pygame.Surface | None = None
        self._shown: tuple[object, ...] = ()
        self._changed = False

    async def _first(self, conn: Any) -> None:
        await conn.send({"type": "leaderboard", "page": 0})
        if self.name:
            await conn.send({"type": "history", "name": self.name})

    def ask(self, page: int) -> None:
        if 0 <= page < self.pages and self.link.send({"type": "leaderboard", "page": page}):
            self.loading = True

    def go_back(self) -> None:
        self.app.pop(self)  # (leaving it stops the link)

    def exit(self) -> None:
        self.link.stop()
        super().exit()

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        for message in self.link.poll():
            self.take(message)
        state = (self.loading, self.page, len(self.players), len(self.games), self.problem)
        self._changed, self._shown = state != self._shown, state

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "leaderboard":
            self.players = [p for p in message.get("players", []) if isinstance(p, dict)]
            self.page, self.pages = int(message.get("page", 0)), max(1, int(message.get("pages", 1)))
            self.total, self.loading = int(message.get("total", len(self.players))), False
        elif kind == "history":
            self.games = [g for g in message.get("games", []) if isinstance(g, dict)][:GAMES]
        elif kind == "error" and message.get("code") == "no-such-name":
            self.games = []
        elif kind == "error" or (kind == "link" and message.get("status") == FAILED):
            self.problem, self.loading = refusal_words(message), False

    def animating(self) -> bool:
        return self.loading or self._changed

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.box = pygame.Rect(0, 0, min(int(980 * u), size[0] - 20), min(int(640 * u), size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        bh = int(50 * u)
        self.back.rect = pygame.Rect(self.box.x + int(24 * u), self.box.bottom - int(24 * u) - bh, int(160 * u), bh)
        self.later.rect = pygame.Rect(self.box.right - int(24 * u) - int(200 * u), self.back.rect.y, int(200 * u), bh)
        self.earlier.rect = pygame.Rect(self.later.rect.x - int(210 * u), self.back.rect.y, int(200 * u), bh)
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles, seed=12)

    def draw(self, surface: pygame.Surface) -> None:
        self.earlier.visible, self.later.visible = self.page > 0, self.page + 1 < self.pages
        draw_backdrop(surface, self.backdrop)
        u, fonts, box = self.u, self.app.assets.fonts, self.box
        draw_panel(surface, box, u, alpha=240)
        blit_text(surface, fonts.get(int(40 * u), "title"), _("Leaderboard"), (box.centerx, box.y + int(16 * u)),
                  ACCENT, "midtop")
        small, head, text = fonts.get(int(14 * u)), fonts.get(int(15 * u), "bold"), fonts.get(int(16 * u))
        blit_text(surface, small, self.url, (box.centerx, box.y + int(66 * u)), INK_DIM, "midtop")
        left, top = box.x + int(30 * u), box.y + int(100 * u)
        wide = self.name != "" and int(560 * u) < box.w - int(300 * u)
        table_w = int(560 * u) if wide else box.w - int(60 * u)
        columns = ((_("Place"), 0.0, "topleft"), (_("Name"), 0.12, "topleft"), (_("Rating"), 0.66, "topright"),
                   (_("Games"), 0.86, "topright"))
        row_h = text.get_linesize() + int(4 * u)
        for label, at, anchor in columns:
            x = left + int(at * table_w) + (int(0.12 * table_w) if anchor == "topright" else 0)
            blit_text(surface, head, label, (x, top), INK_DIM, anchor)
        y = top + row_h + int(4 * u)
        first = self.page * 50
        clip = surface.get_clip()
        for i, p in enumerate(self.players[:ROWS]):
            mine = self.name and clean_name(p.get("name"), "?").casefold() == self.name.casefold()
            colour = GOOD if mine else INK
            rating = format_number(float(p.get("ordinal", 0.0)), 2)
            cells = (f"{first + i + 1}.", clean_name(p.get("name"), "?"), rating, str(int(p.get("games", 0))))
            for (label, at, anchor), cell in zip(columns, cells):
                x = left + int(at * table_w) + (int(0.12 * table_w) if anchor == "topright" else 0)
                if label == _("Name"):
                    surface.set_clip(pygame.Rect(x, y, int(0.5 * table_w), row_h))
                blit_text(surface, text, cell, (x, y), colour, anchor)
                surface.set_clip(clip)
            y += row_h
        if not self.players:
            words = _("Asking the server…") if self.loading else _("No rated games on this server yet.")
            blit_text(surface, text, words, (left, y), INK_DIM)
        blit_text(surface, small, _("Rating: mu − 3 sigma, what the player's results say at least (OpenSkill)."),
                  (left, self.back.rect.y - int(30 * u)), INK_DIM)
        if wide:
            self._draw_games(surface, left + table_w + int(40 * u), top)
        super().draw(surface)
        if self.problem:
            blit_text(surface, fonts.get(int(16 * u), "bold"), self.problem[:120],
                      (box.centerx, self.back.rect.y - int(56 * u)), BAD, "midtop")

    def _draw_games(self, surface: pygame.Surface, x: int, top: int) -> None:
        """This player's last rated games: the place, the score and what it did to the rating."""
        u, fonts = self.u, self.app.assets.fonts
        head, text = fonts.get(int(15 * u), "bold"), fonts.get(int(16 * u))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(x, top, self.box.right - int(20 * u) - x, self.box.h).clip(clip))
        blit_text(surface, head, _("{name}'s last rated games").format(name=self.name), (x, top), INK_DIM)
        y = top + text.get_linesize() + int(8 * u)
        for game in self.games:
            line = _("{place} · {points} points · {change}").format(
                place=place_words(int(game.get("place", 0)), int(game.get("players", 0))),
                points=int(game.get("score", 0)), change=change_words(float(game.get("change", 0.0))))
            y = blit_text(surface, text, line, (x, y), INK).bottom + int(4 * u)
        if not self.games:
            blit_text(surface, text, _("None yet."), (x, y), INK_DIM)
        surface.set_clip(clip)
