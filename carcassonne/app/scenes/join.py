"""The Join screen: games found on the local network, an address and a join code typed by
hand, the player's name, colour and seat; and the network games this copy can open again.

Joining happens in the background (the link's thread); a refusal (a wrong code, a seat
taken, another protocol version) is shown here as one line, and the player stays.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import COLORS
from ...engine.untrusted import clean_name
from ...i18n import N_, _, format_when
from ...net.discovery import Finder, FoundGame
from ...net.host import HostError
from ...net.link import FAILED, OPEN, Link
from ...words.turn_place import turn_words
from ..art.assets import PLAYER_RGB
from ..network.netplay import KeptGame, refusal_words, server_url, unshown_game
from ..network.server_names import account_for
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.widgets import ACCENT, BAD, INK, INK_DIM, Button, Choice, TextField, blit_text, draw_panel, wrap_at_most
from .base import FormScene

if TYPE_CHECKING:
    from ..app import App

#: Games found and games kept shown at most.
LISTED = 4
#: The colour button while no colour is chosen: the seat's own, as the host planned it.
SEAT_COLOUR = N_("seat's colour")


class JoinScene(FormScene):
    keymap = "form"

    def __init__(self, app: App, problem: str = "", reopen: KeptGame | None = None) -> None:
        super().__init__(app)
        # the name and colour last joined with (never the New game form's: that is the host's, and its
        # colour is taken at the friend's table); no colour chosen: the one the host planned for the seat
        settings = app.settings
        self.address = TextField("", lambda _v: None, max_len=60, placeholder="192.168.1.20:7625")
        self.code = TextField("", lambda _v: None, max_len=16, placeholder="ABCD234EFG")
        self.name = TextField(settings.join_name, lambda _v: None, max_len=14, placeholder=N_("Your name"))
        self.color = settings.join_color if settings.join_color in COLORS else ""
        self.colour = Button(self.color or SEAT_COLOUR, self.next_colour)
        self.seat = Choice(N_("Seat"), [("", N_("any free seat"))] + [(str(i), str(i + 1)) for i in range(6)], "",
                           lambda _v: None)
        self.join_button = Button(N_("Join"), self.join, hint="Enter", primary=True)
        self.back = Button(N_("Back"), self.go_back, hint="Esc")
        self.look = Button(N_("Look again"), self.look_again)
        self.rated = Button(N_("Rated games"), self.rated_games)
        self.watch = Button(N_("Watch a game"), self.to_watch)
        self.finder = Finder()
        self.finder.look()
        self.kept = app.net.kept()[:LISTED]
        self.found_buttons: list[tuple[Button, FoundGame]] = []
        self.kept_buttons = [Button(N_("Open again"), partial(self.reopen, k)) for k in self.kept]
        #: One line on why the last join failed (a game refused by the waiting room comes back with it).
        self.problem = problem
        self.link: Link | None = None
        self.link_url = ""
        self.early: list[dict[str, Any]] = []
        self._hosted = False
        self._code = ""
        self.backdrop: pygame.Surface | None = None
        #: The name and colour of the join under way (remembered once the server seats them).
        self._joining: tuple[str, str] | None = None
        #: What the screen showed at the last frame: a change from the network draws it again.
        self._shown: tuple[object, ...] = ()
        self._changed = False
        self._refresh_widgets()
        if reopen is not None:  # a game picked from the title screen's list of games waiting on the player
            self.reopen(reopen)

    def _refresh_widgets(self) -> None:
        self.widgets = [self.address, self.code, self.name, self.colour, self.seat, self.join_button, self.back,
                        self.look, self.rated, self.watch, *(b for b, _g in self.found_buttons),
                        *self.kept_buttons]

    # ------------------------------------------------------------ actions
    def next_colour(self) -> None:
        """The next colour; after the last, none chosen (the seat's own)."""
        cycle = ["", *COLORS]
        self.color = cycle[(cycle.index(self.color) + 1) % len(cycle)]
        self.colour.label = self.color or SEAT_COLOUR

    def look_again(self) -> None:
        self.finder.look()

    def pick(self, game: FoundGame) -> None:
        self.address.text = f"{game.address}:{game.port}"
        self.code.focused, self.address.focused = True, False

    def join(self) -> None:
        if self.link is not None:
            return
        url = server_url(self.address.text)
        name = clean_name(self.name.text, "")
        code = self.code.text.strip().upper()
        if url is None:
            self.problem = _("Type the host's address, such as 192.168.1.20:7625.")
        elif not code:
            self.problem = _("Type the join code the host gave you.")
        elif not name:
            self.problem = _("Type your name.")
        else:
            self.problem = ""
            self.link, self.link_url, self.early, self._hosted = Link(url, self.app.tiles), url, [], False
            self.link.conn.account = account_for(self.app.settings, url)  # (a rated game seats its players by name)
            self.link.join(code, int(self.seat.value) if self.seat.value else None, name, self.color or None)
            self._joining = (name, self.color)

    def reopen(self, kept: KeptGame) -> None:
        if self.link is not None:
            return
        try:
            self.link = self.app.net.reopen(kept, account_for(self.app.settings, kept.url))
        except HostError as exc:
            self.problem = str(exc)
            return
        self.link_url, self.early, self._hosted, self._code = kept.url, [], kept.hosted, kept.code

    def to_watch(self) -> None:
        """Watch a game without a seat (the Watch screen), at the address typed here."""
        if self.link is not None:
            return
        self.app.replace_scene("watch", address=self.address.text)

    def go_back(self) -> None:
        if self.link is not None:
            self.link.stop()
            self.link = None
        self.app.replace_scene("title")

    def rated_games(self) -> None:
        """The Rated games screen: a name on a server, a rated game, the leaderboard."""
        if self.link is None:
            self.app.replace_scene("rated", address=self.address.text.strip())

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._take_news()
        state = (self.finder.looking, tuple(self.finder.found[:LISTED]), self.link is not None, self.problem)
        self._changed, self._shown = state != self._shown, state

    def _take_news(self) -> None:
        """The games found on the network, and the server's answer to a join."""
        found = self.finder.found[:LISTED]
        if [g for _b, g in self.found_buttons] != found:
            self.found_buttons = [(Button(N_("Choose"), partial(self.pick, g)), g) for g in found]
            self._refresh_widgets()
            self.layout(self.size)
        link = self.link
        if link is None:
            return
        ready = link.status == OPEN  # (every seat asked for answered: see the lobby)
        for message in link.poll():
            self.early.append(message)
            kind = message.get("type")
            if kind == "error" or (kind == "link" and message.get("status") == FAILED):
                self.problem = refusal_words(message)
        if ready:
            self.link = None
            refused = unshown_game(self.early)
            if refused:  # a game this app cannot draw: the seat is given back, the player stays here
                self.problem = refused
                link.send({"type": "leave"})
                link.stop()
                return
            hosted = self._hosted
            host = self.app.net.host
            if self._joining is not None:  # seated: the name and colour are this player's next time too
                self.app.settings.join_name, self.app.settings.join_color = self._joining
                self.app.storage.save_settings(self.app.settings)
            self.app.replace_scene("lobby", link=link, url=self.link_url, hosted=hosted,
                                   addresses=host.addresses() if hosted and host else [], early=self.early,
                                   code=self._code if hosted else "")
            return
        if link.status == FAILED:
            link.stop()
            self.link = None

    def confirm(self) -> bool:
        self.join()
        return True

    def animating(self) -> bool:
        """Drawn again while it looks or connects, and once more when either ends (the answer)."""
        return self.finder.looking or self.link is not None or self._changed

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        x, y, rh, fw = self.stack_fields(size, 640, [self.address, self.code, self.name])
        self.colour.rect = pygame.Rect(x, y, int(200 * u), rh)
        self.seat.rect = pygame.Rect(x + int(210 * u), y, fw - int(210 * u), rh)
        rx, ry = self.box.x + int(500 * u), self.box.y + int(110 * u)
        rw = self.box.right - int(30 * u) - rx
        bw = int(130 * u)
        for i, (button, _g) in enumerate(self.found_buttons):
            button.rect = pygame.Rect(rx + rw - bw, ry + i * (rh + int(8 * u)), bw, rh)
        self.look.rect = pygame.Rect(rx, ry + LISTED * (rh + int(8 * u)), int(180 * u), int(34 * u))
        ky = self.look.rect.bottom + int(50 * u)
        for i, button in enumerate(self.kept_buttons):
            button.rect = pygame.Rect(rx + rw - bw, ky + i * (rh + int(8 * u)), bw, rh)
        self.kept_top = ky
        bh = int(50 * u)
        self.join_button.rect = pygame.Rect(self.box.right - int(24 * u) - int(200 * u),
                                            self.box.bottom - int(24 * u) - bh, int(200 * u), bh)
        self.back.rect = pygame.Rect(self.box.x + int(24 * u), self.join_button.rect.y, int(160 * u), bh)
        self.rated.rect = pygame.Rect(self.back.rect.right + int(16 * u), self.join_button.rect.y, int(200 * u), bh)
        self.watch.rect = pygame.Rect(self.rated.rect.right + int(16 * u), self.join_button.rect.y, int(200 * u), bh)
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles, seed=9)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.backdrop)
        u, fonts, box = self.u, self.app.assets.fonts, self.box
        draw_panel(surface, box, u, alpha=240)
        blit_text(surface, fonts.get(int(40 * u), "title"), _("Join a network game"),
                  (box.centerx, box.y + int(16 * u)), ACCENT, "midtop")
        head, text = fonts.get(int(15 * u), "bold"), fonts.get(int(16 * u))
        for field, label in ((self.address, _("Host's address")), (self.code, _("Join code")),
                             (self.name, _("Your name"))):
            blit_text(surface, head, label, (field.rect.x, field.rect.y - int(22 * u)), INK_DIM)
        blit_text(surface, head, _("Colour and seat"), (self.colour.rect.x, self.colour.rect.y - int(22 * u)), INK_DIM)
        rx = self.box.x + int(500 * u)
        blit_text(surface, head, _("Games on this network"), (rx, self.box.y + int(86 * u)), INK_DIM)
        clip = surface.get_clip()
        for button, game in self.found_buttons:
            surface.set_clip(pygame.Rect(rx, button.rect.y, button.rect.x - rx - int(8 * u), int(60 * u)))
            label = _("{name} · {free} free").format(name=game.name, free=game.free)
            blit_text(surface, text, label, (rx, button.rect.y + int(2 * u)), INK)
            blit_text(surface, fonts.get(int(13 * u)), f"{game.address}:{game.port}",
                      (rx, button.rect.y + int(4 * u) + text.get_linesize()), INK_DIM)
        surface.set_clip(clip)
        if not self.found_buttons:
            blit_text(surface, text, _("Looking…") if self.finder.looking else _("No game found yet."),
                      (rx, self.box.y + int(114 * u)), INK_DIM)
        if self.kept:
            blit_text(surface, head, _("Your network games"), (rx, self.kept_top - int(24 * u)), INK_DIM)
        for button, kept in zip(self.kept_buttons, self.kept):
            surface.set_clip(pygame.Rect(rx, button.rect.y, button.rect.x - rx - int(8 * u), int(60 * u)))
            where = " · ".join([_("hosted here") if kept.hosted else kept.url]
                               + ([turn_words(kept.turns + 1)] if kept.turns >= 0 else [])
                               + ([format_when(kept.when, year=False)] if kept.when else []))
            blit_text(surface, text, kept.name, (rx, button.rect.y + int(2 * u)), INK)
            blit_text(surface, fonts.get(int(13 * u)), where, (rx, button.rect.y + int(4 * u) + text.get_linesize()),
                      INK_DIM)
        surface.set_clip(clip)
        super().draw(surface)
        c = self.colour.rect
        if self.color:
            pygame.draw.circle(surface, PLAYER_RGB[self.color], (c.right - int(16 * u), c.centery), int(7 * u))
        if self.link is not None:
            blit_text(surface, text, _("Connecting…"), (box.centerx, self.join_button.rect.centery), INK, "center")
        elif self.problem:
            font = fonts.get(int(16 * u), "bold")
            y = self.join_button.rect.y - int(12 * u)
            for line in reversed(wrap_at_most(font, self.problem, box.w - int(60 * u), 2)):
                y = blit_text(surface, font, line, (box.centerx, y), BAD, "midbottom").top
