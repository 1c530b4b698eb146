"""The Watch screen: watch a network game without a seat, by the watch code its host gave, or
picked from the games a server lets anyone watch.

Watching happens in the background (the link's thread); a refusal (a wrong code, a server
that cannot be reached) is one line here, and the player stays. Once watching, the waiting
room and then the Play screen show the game read-only: a spectator holds no seat.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.untrusted import clean_name
from ...i18n import N_, _
from ...net.link import FAILED, OPEN, Link
from ..network.netplay import refusal_words, server_url, unshown_game
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.widgets import ACCENT, BAD, INK, INK_DIM, Button, TextField, blit_text, draw_panel, wrap_at_most
from .base import FormScene

if TYPE_CHECKING:
    from ..app import App

#: Watchable games shown at most.
LISTED = 5


class WatchScene(FormScene):
    keymap = "form"

    def __init__(self, app: App, address: str = "") -> None:
        super().__init__(app)
        settings = app.settings
        self.address = TextField(address, lambda _v: None, max_len=60, placeholder="192.168.1.20:7625")
        self.code = TextField("", lambda _v: None, max_len=40, placeholder="ABCD234EFG-0123456789ABCDEF")
        self.name = TextField(settings.join_name, lambda _v: None, max_len=14, placeholder=N_("Your name"))
        self.watch_button = Button(N_("Watch"), self.watch, hint="Enter", primary=True)
        self.back = Button(N_("Back"), self.go_back, hint="Esc")
        self.look = Button(N_("List the games to watch"), self.look_up)
        #: The games the server lets anyone watch (its listing lines), and a button for each.
        self.games: list[dict[str, Any]] = []
        self.game_buttons: list[Button] = []
        self.problem = ""
        self.link: Link | None = None
        self.lister: Link | None = None
        self.link_url = ""
        self.early: list[dict[str, Any]] = []
        self.looked = False
        self.backdrop: pygame.Surface | None = None
        self._refresh_widgets()

    def _refresh_widgets(self) -> None:
        self.widgets = [self.address, self.code, self.name, self.watch_button, self.back, self.look,
                        *self.game_buttons]

    # ------------------------------------------------------------ actions
    def _url(self) -> str | None:
        url = server_url(self.address.text)
        if url is None:
            self.problem = _("Type the host's address, such as 192.168.1.20:7625.")
        return url

    def look_up(self) -> None:
        """Ask the server at the address for the games anyone may watch."""
        if self.lister is not None or self.link is not None:
            return
        url = self._url()
        if url is None:
            return
        self.problem = ""
        self.lister = Link(url, self.app.tiles)
        self.lister.watchable()

    def watch(self, game: str | None = None) -> None:
        """Watch the game of the code typed (or ``game``, picked from the list)."""
        if self.link is not None:
            return
        url = self._url()
        code = self.code.text.strip()
        if url is None:
            return
        if game is None and not code:
            self.problem = _("Type the watch code the host gave you, or pick a game from the list.")
            return
        self.problem = ""
        name = clean_name(self.name.text, "") or _("Spectator")
        self.link, self.link_url, self.early = Link(url, self.app.tiles), url, []
        self.link.watch(None if game is not None else code, game, name)

    def go_back(self) -> None:
        for link in (self.link, self.lister):
            if link is not None:
                link.stop()
        self.link = self.lister = None
        self.app.replace_scene("join")

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._take_list()
        link = self.link
        if link is None:
            return
        ready = link.status == OPEN
        for message in link.poll():
            self.early.append(message)
            kind = message.get("type")
            if kind == "error" or (kind == "link" and message.get("status") == FAILED):
                self.problem = (_("No game has that watch code, or its host does not let anyone watch it.")
                                if message.get("code") == "bad-code" else refusal_words(message))
        if ready:
            self.link = None
            refused = unshown_game(self.early)
            if refused:
                self.problem = refused
                link.send({"type": "leave"})
                link.stop()
                return
            self.app.replace_scene("lobby", link=link, url=self.link_url, early=self.early)
        elif link.status == FAILED:
            link.stop()
            self.link = None

    def _take_list(self) -> None:
        lister = self.lister
        if lister is None:
            return
        for message in lister.poll():
            kind = message.get("type")
            if kind == "watchable" and isinstance(message.get("games"), list):
                self.games = [g for g in message["games"] if isinstance(g, dict)][:LISTED]
                self.game_buttons = [Button(N_("Watch"), partial(self.watch, str(g.get("game", ""))))
                                     for g in self.games]
                self.looked = True
                self._refresh_widgets()
                self.layout(self.size)
                lister.stop()
                self.lister = None
                return
            if kind == "error" or (kind == "link" and message.get("status") == FAILED):
                self.problem = refusal_words(message)
                lister.stop()
                self.lister = None
                return

    def confirm(self) -> bool:
        self.watch()
        return True

    def animating(self) -> bool:
        return self.link is not None or self.lister is not None

    # ------------------------------------------------------------ screen
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        x, y, rh, fw = self.stack_fields(size, 600, [self.address, self.code, self.name])
        rx = self.box.x + int(500 * u)
        rw = self.box.right - int(30 * u) - rx
        self.look.rect = pygame.Rect(rx, self.box.y + int(110 * u), rw, rh)
        bw = int(110 * u)
        top = self.look.rect.bottom + int(16 * u)
        for i, button in enumerate(self.game_buttons):
            button.rect = pygame.Rect(rx + rw - bw, top + i * (rh + int(10 * u)), bw, rh)
        self.list_top = top
        bh = int(50 * u)
        self.watch_button.rect = pygame.Rect(self.box.right - int(24 * u) - int(200 * u),
                                             self.box.bottom - int(24 * u) - bh, int(200 * u), bh)
        self.back.rect = pygame.Rect(self.box.x + int(24 * u), self.watch_button.rect.y, int(160 * u), bh)
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles, seed=11)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.backdrop)
        u, fonts, box = self.u, self.app.assets.fonts, self.box
        draw_panel(surface, box, u, alpha=240)
        blit_text(surface, fonts.get(int(40 * u), "title"), _("Watch a network game"),
                  (box.centerx, box.y + int(16 * u)), ACCENT, "midtop")
        head, text, small = fonts.get(int(15 * u), "bold"), fonts.get(int(16 * u)), fonts.get(int(13 * u))
        for field, label in ((self.address, _("Host's address")), (self.code, _("Watch code")),
                             (self.name, _("Your name"))):
            blit_text(surface, head, label, (field.rect.x, field.rect.y - int(22 * u)), INK_DIM)
        note_y = self.name.rect.bottom + int(16 * u)
        for line in wrap_at_most(small, _("A spectator sees the board, the scores and the tiles still to come, "
                                          "never a hidden hand, and cannot play."), self.name.rect.w, 3):
            note_y = blit_text(surface, small, line, (self.name.rect.x, note_y), INK_DIM).bottom
        rx = self.look.rect.x
        blit_text(surface, head, _("Games anyone may watch"), (rx, self.look.rect.y - int(22 * u)), INK_DIM)
        clip = surface.get_clip()
        for button, game in zip(self.game_buttons, self.games, strict=True):
            surface.set_clip(pygame.Rect(rx, button.rect.y, button.rect.x - rx - int(8 * u), int(60 * u)))
            raw = game.get("seats")
            seats: list[Any] = raw if isinstance(raw, list) else []
            names = ", ".join(clean_name(s.get("name", ""), "?") for s in seats if isinstance(s, dict))
            title = clean_name(game.get("name", ""), "") or _("Network game")
            blit_text(surface, text, title, (rx, button.rect.y), INK)
            blit_text(surface, small, names, (rx, button.rect.y + text.get_linesize()), INK_DIM)
        surface.set_clip(clip)
        if self.lister is not None:
            blit_text(surface, text, _("Looking…"), (rx, self.list_top), INK_DIM)
        elif self.looked and not self.games:
            blit_text(surface, text, _("No game to watch on this server."), (rx, self.list_top), INK_DIM)
        super().draw(surface)
        if self.link is not None:
            blit_text(surface, text, _("Connecting…"), (box.centerx, self.watch_button.rect.centery), INK, "center")
        elif self.problem:
            font = fonts.get(int(16 * u), "bold")
            y = self.watch_button.rect.y - int(12 * u)
            for line in reversed(wrap_at_most(font, self.problem, box.w - int(60 * u), 2)):
                y = blit_text(surface, font, line, (box.centerx, y), BAD, "midbottom").top
