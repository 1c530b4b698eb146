"""Overlay scenes: a message box, the pause menu, and the list of saved games."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...engine.untrusted import shown_path
from ...i18n import N_, _
from ...words.explain import error_words
from ...words.turn_place import saved_turn
from ..files.save_list import SaveList
from ..files.saves import SaveSummary
from ..session import load_game
from ..ui.intents import WHEEL, Intent
from ..ui.widgets import INK, INK_DIM, Button, blit_text, cut, wrap
from .base import Dialog, delete_twice

if TYPE_CHECKING:
    from ..app import App
    from ..art.assets import Fonts


class MessageDialog(Dialog):
    """A message and an OK button (errors such as a corrupt save file)."""

    keymap = "message"

    def __init__(self, app: App, title: str, text: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_close = on_close
        self.ok = Button(N_("OK"), self.close, primary=True)
        self.widgets = [self.ok]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.ok.rect = pygame.Rect(0, 0, int(140 * u), int(42 * u))
        self.ok.rect.midbottom = (self.box.centerx, self.box.bottom - int(18 * u))

    def handle(self, intent: Intent) -> bool:
        if intent.action == "confirm":
            self.close()
            return True
        return super().handle(intent)

    def close(self) -> None:
        super().close()
        if self.on_close:
            self.on_close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.app.assets.fonts.get(int(18 * self.u))
        y = self.box.y + int(70 * self.u)
        for line in wrap(font, _(self.text), self.box.w - int(48 * self.u))[:7]:
            blit_text(surface, font, line, (self.box.x + int(24 * self.u), y), INK)
            y += font.get_linesize()


class ConfirmDialog(Dialog):
    """A question with two answers: ``yes`` runs ``on_yes``; No, Esc or a click outside close it."""

    box_size = (560, 210)

    def __init__(self, app: App, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.title, self.text, self.on_yes = title, text, on_yes
        self.yes = Button(yes, self._yes, hint="Enter", primary=True)
        self.no = Button(N_("Stay"), self.close, hint="Esc")
        self.widgets = [self.yes, self.no]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        bw, bh = int(200 * u), int(44 * u)
        y = self.box.bottom - bh - int(20 * u)
        self.yes.rect = pygame.Rect(self.box.centerx - bw - int(8 * u), y, bw, bh)
        self.no.rect = pygame.Rect(self.box.centerx + int(8 * u), y, bw, bh)

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def handle(self, intent: Intent) -> bool:
        if intent.action == "confirm":
            self._yes()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.app.assets.fonts.get(int(17 * self.u))
        y = self.box.y + int(66 * self.u)
        for line in wrap(font, _(self.text), self.box.w - int(48 * self.u)):
            blit_text(surface, font, line, (self.box.centerx, y), INK, "midtop")
            y += font.get_linesize()


class PauseMenu(Dialog):
    """Esc during play: resume, save, rules, settings, back to the title."""

    title = N_("Paused")
    box_size = (420, 420)

    def __init__(self, app: App, save: Callable[[], str], before_quit: Callable[[], None],
                 network: bool = False) -> None:
        """``save`` saves the game and returns the line to show; ``before_quit`` runs on
        the way back to the title (the game writes its autosave). A ``network`` game goes on
        meanwhile (its turn timer runs): the menu does not say it is paused."""
        super().__init__(app)
        self.save = save
        self.before_quit = before_quit
        self.network = network
        if network:
            self.title = N_("Menu")
        self.buttons = [
            Button(N_("Resume"), self.close, hint="Esc", primary=True),
            Button(N_("Save game"), self._save, hint="Ctrl+S"),
            Button(N_("Rules and keys"), self._rules, hint="F1"),
            Button(N_("Settings"), self._settings),
            Button(N_("Quit to title"), self._quit),
        ]
        self.widgets = list(self.buttons)
        self.note = ""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        bw, bh, gap = int(300 * u), int(44 * u), int(10 * u)
        y = self.box.y + int(70 * u)
        for b in self.buttons:
            b.rect = pygame.Rect(self.box.centerx - bw // 2, y, bw, bh)
            y += bh + gap

    def _save(self) -> None:
        self.note = self.save()

    def _rules(self) -> None:
        self.app.push_scene("rules")

    def _settings(self) -> None:
        self.app.push_scene("settings")

    def _quit(self) -> None:
        """Leaving a game in progress asks first (the autosave keeps it to continue later)."""
        text = (N_("It is kept: Network game, then Open again, on the title screen takes you back to it.")
                if self.network else N_("It is saved: Continue on the title screen takes you back to it."))
        self.app.push_scene("confirm", title=N_("Leave this game?"), text=text, yes=N_("Leave"), on_yes=self._leave)

    def _leave(self) -> None:
        self.before_quit()
        self.app.replace_scene("title")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.note:
            font = self.app.assets.fonts.get(int(14 * self.u))
            blit_text(surface, font, _(self.note), (self.box.centerx, self.box.bottom - int(12 * self.u)),
                      INK_DIM, "midbottom")


class SaveRow(Button):
    """One saved game in the Load list: who plays and the scores, then turn, rules and date."""

    def __init__(self, summary: SaveSummary, on_click: Callable[[], None]) -> None:
        super().__init__(summary.standings or shown_path(summary.path.name), on_click)
        self.summary = summary

    @property
    def details(self) -> str:
        s = self.summary
        if s.pending:
            return _("reading…")
        if s.problem:
            return _("cannot be loaded: {reason}").format(reason=error_words(s.error) if s.error else s.problem)
        state = _("finished") if s.finished else (_("game in progress") if s.autosave else _("saved"))
        return _("{state} · {turn} · {rules}").format(state=state, turn=saved_turn(s.turn, s.finished),
                                                     rules=s.rules)

    def draw(self, surface: pygame.Surface, fonts: Fonts, u: float) -> None:
        label, self.label = self.label, ""
        super().draw(surface, fonts, u)  # the button's face without its text
        self.label = label
        pad = int(10 * u)
        right = self.rect.right - pad
        when = blit_text(surface, fonts.get(int(14 * u)), self.summary.date,
                         (right, self.rect.y + int(6 * u)), INK_DIM, "topright")
        bold = fonts.get(int(17 * u), "bold")
        text = self.label
        while text and bold.size(text)[0] > when.left - self.rect.x - 2 * pad:
            text = text[:-2] + "…" if len(text) > 2 else ""
        blit_text(surface, bold, text, (self.rect.x + pad, self.rect.y + int(5 * u)), INK)
        small = fonts.get(int(14 * u))  # (the rules may be many: cut at a word to the row's width)
        blit_text(surface, small, cut(small, self.details, self.rect.w - 2 * pad),
                  (self.rect.x + pad, self.rect.bottom - int(5 * u)), INK_DIM, "bottomleft")


class LoadDialog(Dialog):
    """Pick a saved game or a game in progress, newest first; delete one with a second click."""

    title = N_("Load a game")
    box_size = (760, 560)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: The games, newest first, read behind the screen (the rows on screen first).
        self.saves = SaveList(app.storage, app.tiles)
        self.scroll = 0
        self.rows: list[SaveRow] = []
        self.deletes: list[Button] = []
        #: The save whose Delete was clicked once (the next click deletes it).
        self.armed: Path | None = None
        self.back = Button(N_("Back"), self.close, hint="Esc")

    @property
    def games(self) -> list[SaveSummary]:
        return self.saves.summaries

    @property
    def paths(self) -> list[Path]:
        return [g.path for g in self.games]

    def update(self, dt: float) -> None:
        if self.saves.poll():
            self._rows()

    def animating(self) -> bool:
        return self.saves.reading  # rows fill in as the games are read

    def exit(self) -> None:
        self.saves.close()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.back.rect = pygame.Rect(0, 0, int(160 * u), int(40 * u))
        self.back.rect.midbottom = (self.box.centerx, self.box.bottom - int(16 * u))
        self._rows()

    def _rows(self) -> None:
        u = self.u
        rh, gap = int(52 * u), int(6 * u)
        top = self.box.y + int(70 * u)
        room = max(1, (self.back.rect.top - int(10 * u) - top) // (rh + gap))
        self.scroll = max(0, min(self.scroll, max(0, len(self.games) - room)))
        self.rows, self.deletes = [], []
        delete_w = int(96 * u)
        self.saves.want(range(self.scroll, self.scroll + room))
        for i, game in enumerate(self.games[self.scroll:self.scroll + room]):
            y = top + i * (rh + gap)
            row = SaveRow(game, partial(self._load, game.path))
            row.rect = pygame.Rect(self.box.x + int(24 * u), y, self.box.w - int(56 * u) - delete_w, rh)
            delete = Button(N_("Sure?") if game.path == self.armed else N_("Delete"),
                            partial(self._delete, game.path))
            delete.rect = pygame.Rect(row.rect.right + int(8 * u), y + int(8 * u), delete_w, rh - int(16 * u))
            self.rows.append(row)
            self.deletes.append(delete)
        self.widgets = [*self.rows, *self.deletes, self.back]

    def handle(self, intent: Intent) -> bool:
        if intent.kind == WHEEL:
            self.scroll -= intent.dy
            self._rows()
            return True
        return super().handle(intent)

    def _load(self, path: Path) -> None:
        reason = load_game(self.app, path)
        if reason:
            self.app.push_scene("message", title=N_("Cannot load this game"), text=reason)

    def _delete(self, path: Path) -> None:
        """The first click asks (the button says "Sure?"), the second deletes the file."""
        self.armed = delete_twice(self.app, self.armed, path, self.saves.remove)
        self._rows()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.games:
            font = self.app.assets.fonts.get(int(18 * self.u))
            blit_text(surface, font, _("No saved games yet. Save during a game with Ctrl+S."),
                      self.box.center, INK_DIM, "center")
