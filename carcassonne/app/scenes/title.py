"""The title screen: New game, Continue (the latest autosave), Learn to play (the tutorial), Load,
Replays, Rules, Settings, Quit; beside them, the network games waiting on the player's move."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _
from ..art.expansion_ui import in_order
from ..network.netplay import KeptGame
from ..network.waiting_list import WaitingList
from ..session import load_game, open_elsewhere_words
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.intents import Intent
from ..ui.widgets import ACCENT, INK_DIM, Button, blit_text, cut
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


class TitleScene(Scene):
    keymap = "title"

    def __init__(self, app: App, notice: str = "") -> None:
        super().__init__(app)
        self.notice = notice
        self.backdrop: pygame.Surface | None = None
        self.buttons = {
            "new": Button(N_("New game"), self.new_game, hint="N", primary=True),
            "continue": Button(N_("Continue"), self.continue_game, hint="C"),
            "tutorial": Button(N_("Learn to play"), self.tutorial, hint="T"),
            "load": Button(N_("Load"), self.load, hint="L"),
            "join": Button(N_("Network game"), self.join, hint="J"),
            "replays": Button(N_("Replays"), self.replays, hint="R"),
            "rules": Button(N_("Rules and keys"), self.rules, hint="F1"),
            "settings": Button(N_("Settings"), self.settings, hint="S"),
            "quit": Button(N_("Quit"), app.quit, hint="Q"),
        }
        #: The network games waiting on this player (asked in the background: :mod:`..network.turn_watch`).
        self.waiting = WaitingList(self.open_waiting)
        #: The list changed (a round's answers, a minute more of waiting): drawn again once.
        self._changed = False
        self._minute = 0
        self.widgets = list(self.buttons.values())

    def enter(self) -> None:
        super().enter()
        self.app.net.watch_turns()
        if self.notice:
            self.app.push_scene("message", title=N_("Notice"), text=self.notice)
            self.notice = ""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        bw, bh, gap = int(340 * u), int(48 * u), int(11 * u)
        y = int(size[1] * 0.33)
        for b in self.widgets:
            b.rect = pygame.Rect(size[0] // 2 - bw // 2, y, bw, bh)
            y += bh + gap
        left = size[0] // 2 + bw // 2 + int(30 * u)
        self.waiting.layout(pygame.Rect(left, int(size[1] * 0.33), min(int(420 * u), size[0] - left - int(20 * u)), 0),
                            u)
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles)

    def continue_game(self) -> None:
        """Resume the game played most recently (every game in progress has its own autosave)."""
        latest = self.app.storage.latest_autosave()
        if latest is None:
            self.app.push_scene("message", title=N_("Nothing to continue"),
                                text=N_("There is no game in progress."))
            return
        if self.app.storage.open_elsewhere(latest):
            self.app.push_scene("message", title=N_("Open in another window"), text=open_elsewhere_words())
            return
        reason = load_game(self.app, latest)
        if reason:
            self.app.push_scene("message", title=N_("Cannot continue"),
                                text=_("The autosave cannot be read ({reason}). Start a new game or load "
                                       "another one.").format(reason=reason))

    def open_waiting(self, kept: KeptGame) -> None:
        """Take back the seats of a game waiting on this player (the Join screen opens it)."""
        self.app.replace_scene("join", reopen=kept)

    def new_game(self) -> None:
        self.app.replace_scene("new_game")

    def load(self) -> None:
        self.app.push_scene("load")

    def join(self) -> None:
        """Join a friend's game, or open a network game again (hosted here or elsewhere)."""
        self.app.replace_scene("join")

    def tutorial(self) -> None:
        self.app.push_scene("tutorial")

    def replays(self) -> None:
        self.app.push_scene("replays")

    def rules(self) -> None:
        self.app.push_scene("rules")

    def settings(self) -> None:
        self.app.push_scene("settings")

    def handle(self, intent: Intent) -> bool:
        actions = {"new-game": self.new_game, "continue": self.continue_game, "load": self.load,
                   "replays": self.replays, "join": self.join, "help": self.rules, "settings": self.settings,
                   "quit": self.app.quit, "tutorial": self.tutorial}
        if intent.action in actions:
            actions[intent.action]()
            return True
        return super().handle(intent)

    def animating(self) -> bool:
        return self._changed

    def update(self, dt: float) -> None:
        self.buttons["continue"].enabled = self.app.storage.has_autosave()
        turns = self.app.net.turns
        if turns is not None and self.waiting.take(turns.snapshot()):
            self.widgets = [*self.buttons.values(), *self.waiting.buttons]
            self._changed = True
        minute = int(time.monotonic() // 60)
        if minute != self._minute and self.waiting.entries:  # (the waits shown count on)
            self._minute, self._changed = minute, True

    def draw(self, surface: pygame.Surface) -> None:
        self._changed = False
        draw_backdrop(surface, self.backdrop)
        u = self.u
        fonts = self.app.assets.fonts
        w, h = surface.get_size()
        blit_text(surface, fonts.get(int(96 * u), "title"), "Carcassonne", (w // 2, int(h * 0.12)), ACCENT,
                  "midtop", shadow=True)
        names = _(", ").join(_(ui.title_name) for ui in in_order() if ui.title_name)
        tagline = _("At one screen, over the network, against the computer · {expansions}").format(expansions=names)
        font = fonts.fitting(tagline, w - 40 * u, tuple(int(k * u) for k in (20, 18, 16, 15)))
        blit_text(surface, font, cut(font, tagline, w - int(40 * u)), (w // 2, int(h * 0.12) + int(110 * u)), INK_DIM,
                  "midtop", shadow=True)
        self.waiting.draw(surface, fonts)
        super().draw(surface)
        blit_text(surface, fonts.get(int(13 * u)), _("F11 fullscreen"), (w - int(12 * u), h - int(10 * u)),
                  INK_DIM, "bottomright")
