"""The window's place on the desktop, kept between runs: its position and whether it is maximised.

Its size is a setting (``Settings.window_size``, also chosen in Settings); this module
keeps the rest in ``window.json`` beside the settings. A place saved on a monitor that
is gone, or a size bigger than every desktop now, is not used as it is: the size is
clamped to the largest desktop and the window opens centred, so it can never open
out of reach.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import RecordError
from ..engine.record import write_atomically
from ..engine.untrusted import parse_json, read_text

if TYPE_CHECKING:
    from .files.storage import Settings

FILE_NAME = "window.json"
MIN_SIZE = (1024, 720)  # (files.storage.SMALLEST_WINDOW: a 1280 × 720 screen fits)
#: How much of the window's top-left corner must be on a desktop to use the saved place:
#: enough of the title bar to grab it.
GRAB = (120, 40)
POSITION_ENV = "SDL_VIDEO_WINDOW_POS"

Size = tuple[int, int]


@dataclass
class Placement:
    position: tuple[int, int] | None = None
    maximized: bool = False

    @classmethod
    def from_data(cls, data: Any) -> Placement:
        placement = cls()
        if not isinstance(data, dict):
            return placement
        pos = data.get("position")
        if (isinstance(pos, list) and len(pos) == 2 and all(type(v) is int and abs(v) < 100_000 for v in pos)):
            placement.position = (pos[0], pos[1])
        if isinstance(data.get("maximized"), bool):
            placement.maximized = data["maximized"]
        return placement

    def to_data(self) -> dict[str, Any]:
        return {"position": list(self.position) if self.position else None, "maximized": self.maximized}


def fit(size: Size, position: tuple[int, int] | None, desktops: Sequence[Size]) -> tuple[Size, tuple[int, int] | None]:
    """The size and place to open at on the desktops there are now.

    SDL numbers the desktops side by side from the primary one at (0, 0); a saved
    place whose title bar would not lie on them is dropped (the window opens centred).
    """
    if not desktops:
        return size, position
    widest = max(w for w, _ in desktops)
    tallest = max(h for _, h in desktops)
    w = max(MIN_SIZE[0], min(size[0], widest))
    h = max(MIN_SIZE[1], min(size[1], tallest))
    if position is not None:
        x, y = position
        span = sum(dw for dw, _ in desktops)
        if not (0 <= x <= span - GRAB[0] and 0 <= y <= tallest - GRAB[1]):
            position = None
    return (w, h), position


def _window() -> pygame.Window:
    with warnings.catch_warnings():  # pygame-ce prefers Window objects for drawing; we only move it
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class WindowKeeper:
    """Opens the window where it was, follows it, and remembers its place at the end."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME
        self.placement = Placement.from_data(self._read())
        self._opened = False
        #: The last two windowed sizes: maximising changes the size just before SDL says so.
        self._sizes: list[Size] = []

    def _read(self) -> Any:
        try:
            return parse_json(read_text(self.path))
        except RecordError:
            return None

    def open(self, size: Size) -> pygame.Surface:
        """Open (or re-open) the resizable window: its saved place, a size that fits the desktops."""
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        size, position = fit(size, self.placement.position, desktops)
        if position is not None:  # placed as it opens, so it does not jump after
            os.environ[POSITION_ENV] = f"{position[0]},{position[1]}"
        try:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        finally:
            os.environ.pop(POSITION_ENV, None)  # a later set_mode (a resize) must not move it back
        self._sizes = [size]
        try:
            if position is not None:
                _window().position = position  # the variable above only places a new window
            if not self._opened and self.placement.maximized:
                _window().maximize()
        except pygame.error:
            self.placement.maximized = False
        self._opened = True
        return screen

    def observe(self, event: pygame.event.Event) -> None:
        """Follow moves, maximising and restoring (called with every event)."""
        if event.type not in (pygame.WINDOWMOVED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED,
                              pygame.WINDOWSIZECHANGED) or pygame.display.is_fullscreen():
            return
        if event.type == pygame.WINDOWMOVED and not self.placement.maximized:
            self.placement.position = (event.x, event.y)
        elif event.type == pygame.WINDOWMAXIMIZED:
            self.placement.maximized = True
        elif event.type == pygame.WINDOWRESTORED:
            self.placement.maximized = False
        elif event.type == pygame.WINDOWSIZECHANGED and not self.placement.maximized:
            self._sizes = [*self._sizes[-1:], (event.x, event.y)]

    def save(self, settings: Settings) -> None:
        """Write the place; a maximised window keeps the size it had before, to restore to."""
        if self.placement.maximized and self._sizes and not settings.fullscreen:
            settings.window_size = self._sizes[0]
        try:
            write_atomically(self.path, json.dumps(self.placement.to_data()) + "\n")
        except OSError:
            pass  # a read-only folder must not stop the game from closing
