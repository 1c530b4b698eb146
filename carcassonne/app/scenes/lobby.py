"""The waiting room of a network game: who has sat down, where friends connect, the join code.

The game starts by itself on the server when every seat is taken; this screen then passes
its connection and its copy of the table to the Play screen. It holds no rules: what it
shows is what the server said.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.untrusted import clean_name
from ...i18n import N_, _
from ...net.link import FAILED, OPEN, Link
from ...net.table import Desync, TableState
from ..art.assets import PLAYER_RGB
from ..art.expansion_ui import unshown_words
from ..files.saves import describe_rules
from ..network.clock_words import timer_length
from ..network.net_turn import NetworkTurnController, tidy_table
from ..network.netplay import KeptGame, refusal_words
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.intents import Intent
from ..ui.widgets import ACCENT, BAD, GOOD, INK, INK_DIM, Button, blit_text, draw_panel, wrap_at_most
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)


def timer_words(seconds: int) -> str:
    """The turn timer as the waiting room says it, with what it does."""
    if seconds <= 0:
        return _("No turn timer.")
    return _("Turn timer: {time} a turn. When it runs out, the computer lays the tile for the player "
             "(no follower).").format(time=timer_length(seconds))


class LobbyScene(Scene):
    """Waiting for every seat to be taken (the host sees the addresses and the join code)."""

    keymap = "form"

    def __init__(self, app: App, link: Link, url: str, hosted: bool = False, addresses: list[str] | None = None,
                 early: list[dict[str, Any]] | None = None, code: str = "") -> None:
        super().__init__(app)
        self.link = link
        self.url = url
        self.hosted = hosted
        self.addresses = addresses or []
        self.table = TableState(app.tiles)
        self.held: set[int] = set()
        self.host_rights = hosted
        self.code = code
        #: The code anyone may watch this game with (the host's to give).
        self.watch_code = ""
        self.problem = ""
        self.started = False
        #: Why the server's game cannot be shown here (it plays an expansion the app cannot draw).
        self.refused: str | None = None
        self._kept: KeptGame | None = None
        self.backdrop: pygame.Surface | None = None
        self.back = Button(N_("Leave"), self.leave, hint="Esc")
        self.widgets = [self.back]
        for message in early or []:
            self.take(message)

    # ------------------------------------------------------------ the server's word
    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        raw = message.get("seats")
        listed: list[Any] = raw if isinstance(raw, list) else []
        if kind == "created":
            code = message.get("code")
            self.code = code if isinstance(code, str) and code.isalnum() and len(code) <= 12 else ""
            watch = message.get("watch_code")
            self.watch_code = watch if isinstance(watch, str) and watch.isascii() and len(watch) <= 64 else ""
            seats = [s for s in listed if isinstance(s, dict)]
            self.held |= {s["seat"] for s in seats if isinstance(s.get("seat"), int)}
            tokens = [message.get("host_token"), *(s.get("token") for s in seats)]
            self.keep([t for t in tokens if isinstance(t, str) and len(t) <= 64], str(message.get("game", ""))[:64])
        elif kind == "joined":
            self.held |= {s for s in listed if isinstance(s, int)}
            self.host_rights = self.host_rights or message.get("host") is True
            if isinstance(message.get("token"), str) and len(message["token"]) <= 64:
                self.keep([message["token"]], str(message.get("game", ""))[:64])
        elif kind == "error" or (kind == "link" and message.get("status") == FAILED):
            self.problem = refusal_words(message)
        try:
            self.table.apply(message)
        except Desync:
            self.link.send({"type": "sync"})
        tidy_table(self.table)
        if kind == "state" and self.table.rules is not None:
            self.refused = unshown_words(self.table.rules)
        if kind == "state" and self._kept is not None and self.table.name:
            self._kept.name = clean_name(self.table.name, self._kept.name, limit=40)
            self.app.net.keep(self._kept)  # again, with the game's name
            self._kept = None

    def keep(self, tokens: list[str], game: str) -> None:
        """Remember this game's seats: it can be opened again after a restart."""
        if tokens and game:
            self._kept = KeptGame(game, self.url, tokens, _("Network game"), self.hosted, self.code)
            self.app.net.keep(self._kept)

    def update(self, dt: float) -> None:
        # Every seat asked for is answered once the link is open (rejoining takes one answer per
        # token): what came before that is all in this poll.
        ready = self.link.status == OPEN
        for message in self.link.poll():
            try:
                self.take(message)
            except Exception:  # noqa: BLE001 - a malformed message from the server is dropped, never fatal
                log.exception("a message from the server could not be taken in: %.200r", message)
        if self.refused and not self.started:  # never started half-drawn: back to Join, saying why
            self.link.send({"type": "leave"})
            self.app.replace_scene("join", problem=self.refused)
            return
        if ready and self.table.started and self.table.game is not None and not self.started:
            self.started = True
            turn = NetworkTurnController(self.link, self.table, sorted(self.held), host=self.host_rights)
            self.app.replace_scene("play", turn=turn)

    def leave(self) -> None:
        self.app.replace_scene("title")

    def exit(self) -> None:
        if not self.started:
            self.link.stop()

    # ------------------------------------------------------------ screen
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.box = pygame.Rect(0, 0, min(int(760 * u), size[0] - 20), min(int(600 * u), size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.back.rect = pygame.Rect(self.box.x + int(24 * u), self.box.bottom - int(70 * u), int(160 * u), int(50 * u))
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles, seed=7)

    def handle(self, intent: Intent) -> bool:
        if intent.action == "back":
            self.leave()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.backdrop)
        u, fonts, box = self.u, self.app.assets.fonts, self.box
        draw_panel(surface, box, u, alpha=240)
        title = _("Watching: waiting for players") if self.table.watching else _("Waiting for players")
        blit_text(surface, fonts.get(int(36 * u), "title"), title,
                  (box.centerx, box.y + int(16 * u)), ACCENT, "midtop")
        x, y, width = box.x + int(30 * u), box.y + int(80 * u), box.w - int(60 * u)
        head, text, big = fonts.get(int(16 * u), "bold"), fonts.get(int(17 * u)), fonts.get(int(34 * u), "bold")
        if self.code and self.hosted:
            blit_text(surface, head, _("Tell your friends the address and the join code:"), (x, y), INK_DIM)
            y += int(28 * u)
            for address in self.addresses[:3]:
                blit_text(surface, text, address, (x + int(16 * u), y), INK)
                y += text.get_linesize()
            blit_text(surface, head, _("Join code"), (x, y + int(10 * u)), INK_DIM)
            blit_text(surface, big, self.code, (x + int(16 * u), y + int(32 * u)), ACCENT)
            if self.watch_code:  # (anyone may watch with it: the host gives it to whom they like)
                wx = x + width // 2
                blit_text(surface, head, _("Watch code"), (wx, y + int(10 * u)), INK_DIM)
                blit_text(surface, text, self.watch_code, (wx + int(16 * u), y + int(40 * u)), ACCENT)
            y += int(32 * u) + big.get_linesize() + int(10 * u)
        blit_text(surface, head, _("Seats"), (x, y), INK_DIM)
        y += int(26 * u)
        for i, seat in enumerate(self.table.seats[:6]):
            colour = PLAYER_RGB.get(str(seat.get("color")), INK)
            dot = (x + int(24 * u), y + text.get_linesize() // 2)
            pygame.draw.circle(surface, colour, dot, int(8 * u))
            if seat.get("color") == "black":  # (a black dot on the dark panel: ringed to be seen)
                pygame.draw.circle(surface, INK_DIM, dot, int(8 * u), max(1, int(2 * u)))
            if seat.get("open"):
                who, ink = _("free: waiting for a player"), INK_DIM
            else:
                name = clean_name(seat.get("name", ""), _("Player {number}").format(number=i + 1))
                kind = str(seat.get("kind", ""))
                where = (_("computer") if kind.startswith("ai:") else _("here") if i in self.held else
                         _("connected") if seat.get("connected") else _("away"))
                who, ink = f"{name} · {where}", GOOD if i in self.held else INK
            blit_text(surface, text, who, (x + int(44 * u), y), ink)
            y += text.get_linesize() + int(4 * u)
        if self.table.rules is not None:  # what the server will play, so a friend knows before it starts
            y += int(12 * u)
            blit_text(surface, head, _("Rules"), (x, y), INK_DIM)
            y += int(26 * u)
            for line in wrap_at_most(text, describe_rules(self.table.rules), width - int(16 * u), 2):
                blit_text(surface, text, line, (x + int(16 * u), y), INK)
                y += text.get_linesize()
            y += int(8 * u)
            for line in wrap_at_most(text, timer_words(self.table.turn_seconds), width, 2):
                blit_text(surface, text, line, (x, y), INK)
                y += text.get_linesize()
        if not self.table.seats and not self.problem:
            blit_text(surface, text, _("Connecting…"), (x, y), INK_DIM)
        if self.problem:
            y = self.back.rect.y - int(12 * u) - 2 * text.get_linesize()
            for line in wrap_at_most(text, self.problem, width, 2):
                blit_text(surface, text, line, (x, y), BAD)
                y += text.get_linesize()
        super().draw(surface)
