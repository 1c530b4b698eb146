"""The Rated games screen (from Network game): the player's name on a server, carried to
another computer in a file, a rated game opened there, and the server's leaderboard.

Registering and opening happen in the background (a link's thread); a refusal (a name
taken, a server without ratings) is one line here. The name's key is made here, kept in
the settings under its server and sent to that server only (:mod:`..network.server_names`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.untrusted import clean_name
from ...i18n import N_, _
from ...net.accounts import new_key
from ...net.keyring import ServerName
from ...net.link import FAILED, OPEN, Link
from ..network.netplay import refusal_words, server_url, setup_rules
from ..network.server_names import (
    RATED_PLAYERS,
    account_for,
    export_name,
    export_path,
    import_name,
    name_for,
    rated_seats,
    remember,
)
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.widgets import ACCENT, BAD, GOOD, INK, INK_DIM, Button, Choice, TextField, blit_text, draw_panel, wrap_at_most
from .base import FormScene

if TYPE_CHECKING:
    from ..app import App

#: What a rated game is, as the screen says it.
ABOUT = N_("A rated game is for players with a name on the server, one seat each. Nothing helps: "
           "no hints, no tiles that fit, no projected scores. A turn timer keeps it moving. When it ends, "
           "every player's rating changes with the final places (OpenSkill).")


class RatedScene(FormScene):
    """A name on a server, a rated game there, its leaderboard."""

    keymap = "form"

    def __init__(self, app: App, address: str = "") -> None:
        super().__init__(app)
        first = next(iter(app.settings.server_names), "")
        self.address = TextField(address or first.split("://", 1)[-1], lambda _v: self._changed_address(),
                                 max_len=60, placeholder="club.example.org:7625")
        self.name = TextField("", lambda _v: None, max_len=20, placeholder=N_("Your name"))
        self.file = TextField("", lambda _v: None, max_len=200, placeholder=N_("File of an exported name"))
        self.register = Button(N_("Register"), self.register_name)
        self.export = Button(N_("Export name"), self.export_name)
        self.import_ = Button(N_("Import name"), self.import_name)
        self.players = Choice(N_("Players"), [(p, p) for p in RATED_PLAYERS], "2", lambda _v: None)
        self.open_game = Button(N_("Open a rated game"), self.open_rated, primary=True)
        self.board = Button(N_("Leaderboard"), self.leaderboard)
        self.back = Button(N_("Back"), self.go_back, hint="Esc")
        self.widgets = [self.address, self.name, self.register, self.file, self.export, self.import_,
                        self.players, self.open_game, self.board, self.back]
        self.link: Link | None = None
        self.link_url = ""
        #: What the link under way does: "register" (with the key made for it) or "create".
        self.doing: tuple[str, str] = ("", "")
        self.early: list[dict[str, Any]] = []
        self.problem = ""
        self.note = ""
        self.backdrop: pygame.Surface | None = None
        self._shown: tuple[object, ...] = ()
        self._changed = False
        self._changed_address()

    # ------------------------------------------------------------ facts
    @property
    def url(self) -> str | None:
        return server_url(self.address.text)

    def kept(self) -> ServerName | None:
        url = self.url
        return None if url is None else name_for(self.app.settings, url)

    def _changed_address(self) -> None:
        kept = self.kept()
        url = self.url
        if url is not None and not self.file.focused:
            self.file.text = str(export_path(self.app.storage.root, url, kept.name if kept else "name"))

    def _needs_url(self) -> str | None:
        url = self.url
        if url is None:
            self.problem = _("Type the server's address, such as club.example.org:7625.")
        return url

    # ------------------------------------------------------------ actions
    def register_name(self) -> None:
        url = self._needs_url()
        name = clean_name(self.name.text, "")
        if url is None or self.link is not None:
            return
        if not name:
            self.problem = _("Type the name you want on this server.")
            return
        key = new_key()
        self.problem, self.note = "", ""
        self._start(url, ("register", key), lambda c: c.sign_in(name, key, register=True))

    def open_rated(self) -> None:
        url = self._needs_url()
        if url is None or self.link is not None:
            return
        account = account_for(self.app.settings, url)
        if account is None:
            self.problem = _("Register a name on this server first: a rated game is for registered players.")
            return
        self.problem, self.note = "", ""
        seats = rated_seats(int(self.players.value))
        rules = setup_rules(self.app.storage.load_setup())
        self._start(url, ("create", ""), lambda c: c.create(seats, rules=rules, rated=True, name=_("Rated game")),
                    account)

    def _start(self, url: str, doing: tuple[str, str], start: Any, account: tuple[str, str] | None = None) -> None:
        link = Link(url, self.app.tiles)
        link.conn.account = account
        link.ask(start)
        self.link, self.link_url, self.doing, self.early = link, url, doing, []

    def export_name(self) -> None:
        url = self._needs_url()
        if url is None:
            return
        kept = name_for(self.app.settings, url)
        if kept is None:
            self.problem = _("No name on this server to export yet.")
            return
        try:
            self.note, self.problem = export_name(Path(self.file.text.strip()), url, kept), ""
        except ValueError as exc:
            self.problem = str(exc)

    def import_name(self) -> None:
        try:
            server, entry = import_name(Path(self.file.text.strip()))
        except ValueError as exc:
            self.problem = str(exc)
            return
        remember(self.app.settings, server, entry)
        self.app.storage.save_settings(self.app.settings)
        self.address.text = server.split("://", 1)[-1]
        self.problem = ""
        self.note = _("Imported: you play as {name} on {server}.").format(name=entry.name, server=server)

    def leaderboard(self) -> None:
        url = self._needs_url()
        if url is not None:
            kept = name_for(self.app.settings, url)
            self.app.push_scene("leaderboard", url=url, player=kept.name if kept else "")

    def go_back(self) -> None:
        if self.link is not None:
            self.link.stop()
            self.link = None
        self.app.replace_scene("join")

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._take_news()
        state = (self.link is not None, self.problem, self.note, self.address.text)
        self._changed, self._shown = state != self._shown, state

    def _take_news(self) -> None:
        link = self.link
        if link is None:
            return
        what, key = self.doing
        for message in link.poll():
            self.early.append(message)
            kind = message.get("type")
            if kind == "error" or (kind == "link" and message.get("status") == FAILED):
                self.problem = refusal_words(message)
            elif kind == "signed_in" and what == "register":
                name = clean_name(message.get("name"), "")
                remember(self.app.settings, self.link_url, ServerName(name, key))
                self.app.storage.save_settings(self.app.settings)
                self.note = _("Registered: you play as {name} on this server.").format(name=name)
                self._changed_address()
        if what == "create" and link.status == OPEN and not self.problem:
            self.link = None
            self.app.replace_scene("lobby", link=link, url=self.link_url, hosted=False, early=self.early,
                                   code=link.code)
            return
        if link.status == FAILED or (what == "register" and (self.note or self.problem)):
            link.stop()
            self.link = None

    def animating(self) -> bool:
        return self.link is not None or self._changed

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.box = pygame.Rect(0, 0, min(int(980 * u), size[0] - 20), min(int(640 * u), size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        x, y, rh, gap = self.box.x + int(30 * u), self.box.y + int(110 * u), int(40 * u), int(34 * u)
        fw, bw = int(420 * u), int(200 * u)
        self.address.rect = pygame.Rect(x, y, fw, rh)
        y += rh + gap
        self.name.rect = pygame.Rect(x, y, fw - bw - int(10 * u), rh)
        self.register.rect = pygame.Rect(x + fw - bw, y, bw, rh)
        self.status_y = y + rh + int(8 * u)
        y += rh + gap + int(26 * u)
        self.file.rect = pygame.Rect(x, y, fw, rh)
        y += rh + int(10 * u)
        self.export.rect = pygame.Rect(x, y, (fw - int(10 * u)) // 2, rh)
        self.import_.rect = pygame.Rect(self.export.rect.right + int(10 * u), y, (fw - int(10 * u)) // 2, rh)
        rx = self.box.x + int(500 * u)
        rw = self.box.right - int(30 * u) - rx
        self.about_rect = pygame.Rect(rx, self.box.y + int(110 * u), rw, int(200 * u))
        self.players.rect = pygame.Rect(rx, self.box.y + int(330 * u), rw, rh)
        self.open_game.rect = pygame.Rect(rx, self.players.rect.bottom + int(12 * u), rw, rh)
        bh = int(50 * u)
        self.board.rect = pygame.Rect(self.box.right - int(24 * u) - int(220 * u),
                                      self.box.bottom - int(24 * u) - bh, int(220 * u), bh)
        self.back.rect = pygame.Rect(self.box.x + int(24 * u), self.board.rect.y, int(160 * u), bh)
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles, seed=11)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.backdrop)
        u, fonts, box = self.u, self.app.assets.fonts, self.box
        draw_panel(surface, box, u, alpha=240)
        blit_text(surface, fonts.get(int(40 * u), "title"), _("Rated games"), (box.centerx, box.y + int(16 * u)),
                  ACCENT, "midtop")
        head, text = fonts.get(int(15 * u), "bold"), fonts.get(int(16 * u))
        for field, label in ((self.address, _("Server's address")), (self.name, _("A new name on this server")),
                             (self.file, _("Your name in a file (to carry it to another computer)"))):
            blit_text(surface, head, label, (field.rect.x, field.rect.y - int(22 * u)), INK_DIM)
        kept = self.kept()
        status = (_("You play here as {name}.").format(name=kept.name) if kept is not None
                  else _("No name on this server yet: register one."))
        blit_text(surface, text, status, (self.address.rect.x, self.status_y), GOOD if kept else INK_DIM)
        blit_text(surface, head, _("What a rated game is"), (self.about_rect.x, self.about_rect.y - int(22 * u)),
                  INK_DIM)
        y = self.about_rect.y
        for line in wrap_at_most(text, _(ABOUT), self.about_rect.w, 8):
            y = blit_text(surface, text, line, (self.about_rect.x, y), INK).bottom + int(2 * u)
        super().draw(surface)
        font = fonts.get(int(16 * u), "bold")
        line, colour = ((_("Connecting…"), INK) if self.link is not None else (self.problem, BAD) if self.problem
                        else (self.note, GOOD))
        if line:
            y = self.board.rect.y - int(12 * u)
            for part in reversed(wrap_at_most(font, line, box.w - int(60 * u), 2)):
                y = blit_text(surface, font, part, (box.centerx, y), colour, "midbottom").top
