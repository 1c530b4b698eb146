"""Overlay scenes: a message box, the pause menu, and the list of saved games."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from ..intents import WHEEL, Intent
from ..session import load_game
from ..widgets import INK, INK_DIM, Button, blit_text, wrap
from .base import Dialog

if TYPE_CHECKING:
    from ..app import App


class MessageDialog(Dialog):
    """A message and an OK button (errors such as a corrupt save file)."""

    keymap = "message"

    def __init__(self, app: "App", title: str, text: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_close = on_close
        self.ok = Button("OK", self.close, primary=True)
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
        for line in wrap(font, self.text, self.box.w - int(48 * self.u))[:7]:
            blit_text(surface, font, line, (self.box.x + int(24 * self.u), y), INK)
            y += font.get_linesize()


class PauseMenu(Dialog):
    """Esc during play: resume, save, rules, settings, back to the title."""

    title = "Paused"
    box_size = (420, 420)

    def __init__(self, app: "App", save: Callable[[], str], before_quit: Callable[[], None]) -> None:
        """``save`` saves the game and returns the line to show; ``before_quit`` runs on
        the way back to the title (the game writes its autosave)."""
        super().__init__(app)
        self.save = save
        self.before_quit = before_quit
        self.buttons = [
            Button("Resume", self.close, hint="Esc", primary=True),
            Button("Save game", self._save, hint="Ctrl+S"),
            Button("Rules and keys", self._rules, hint="F1"),
            Button("Settings", self._settings),
            Button("Quit to title", self._quit),
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
        self.before_quit()
        self.app.replace_scene("title")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.note:
            font = self.app.assets.fonts.get(int(14 * self.u))
            blit_text(surface, font, self.note, (self.box.centerx, self.box.bottom - int(12 * self.u)),
                      INK_DIM, "midbottom")


class LoadDialog(Dialog):
    """Pick a saved game (the autosave first)."""

    title = "Load a game"
    box_size = (640, 520)

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.paths: list[Path] = app.storage.list_saves()
        self.scroll = 0
        self.rows: list[Button] = []
        self.back = Button("Back", self.close, hint="Esc")

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.back.rect = pygame.Rect(0, 0, int(160 * u), int(40 * u))
        self.back.rect.midbottom = (self.box.centerx, self.box.bottom - int(16 * u))
        self._rows()

    def _rows(self) -> None:
        u = self.u
        rh, gap = int(40 * u), int(6 * u)
        top = self.box.y + int(70 * u)
        room = max(1, (self.back.rect.top - int(10 * u) - top) // (rh + gap))
        self.scroll = max(0, min(self.scroll, max(0, len(self.paths) - room)))
        self.rows = []
        for i, path in enumerate(self.paths[self.scroll:self.scroll + room]):
            label = "Autosave" if path == self.app.storage.autosave_path else path.name.replace(".carc.json", "")
            try:
                when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
            except OSError:
                when = ""
            b = Button(label, partial(self._load, path), hint=when)
            b.rect = pygame.Rect(self.box.x + int(24 * u), top + i * (rh + gap), self.box.w - int(48 * u), rh)
            self.rows.append(b)
        self.widgets = [*self.rows, self.back]

    def handle(self, intent: Intent) -> bool:
        if intent.kind == WHEEL:
            self.scroll -= intent.dy
            self._rows()
            return True
        return super().handle(intent)

    def _load(self, path: Path) -> None:
        reason = load_game(self.app, path)
        if reason:
            self.app.push_scene("message", title="Cannot load this game", text=reason)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.paths:
            font = self.app.assets.fonts.get(int(18 * self.u))
            blit_text(surface, font, "No saved games yet. Save during a game with Ctrl+S.",
                      self.box.center, INK_DIM, "center")


