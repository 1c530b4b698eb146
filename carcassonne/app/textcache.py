"""Rendered text kept for reuse, within a fixed memory budget.

Rendering text is slow and most labels are the same every frame, so their images are
kept. Scores, turn numbers and event lines change all game long, though: a cache that
only grows (or is emptied when it holds too many entries) held ~40 MiB of pixels after a
few games. This one forgets the least recently drawn text first, and counts bytes, not
entries, since one long line costs as much as a hundred short labels. Its budget is one
window of pixels: no frame draws more text than would cover the window, so a frame never
renders its labels twice, and the cache is full (and stays that size) within a game or two.

All of the game's text is drawn through :func:`render_text`, which draws any string:
pygame refuses NUL, lone surrogates and text of only zero-width marks (a name from a
file, a key typed into an empty field), and a label is never worth a crash.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

#: Bytes of rendered text kept when no window is open.
BUDGET_BYTES = 4 * 1024 * 1024


def drawable(text: str) -> str:
    """``text`` without NUL, and with U+FFFD for each lone surrogate (a file name's bad byte):
    pygame refuses both."""
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text if ch != "\0")


def render_text(font: pygame.font.Font, text: str, colour: tuple[int, ...]) -> pygame.Surface:
    """``text`` drawn in ``font``; an empty image of the font's height if nothing in it can be drawn."""
    try:
        return font.render(drawable(text), True, colour)
    except (pygame.error, ValueError):  # "Text has zero width", or text too wide for a surface
        return pygame.Surface((1, font.get_height()), pygame.SRCALPHA)


def _size(image: pygame.Surface) -> int:
    return image.get_pitch() * image.get_height()


def window_bytes() -> int:
    """The pixels of the open window (32-bit), or :data:`BUDGET_BYTES` without one."""
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    if window is None:
        return BUDGET_BYTES
    w, h = window.get_size()
    return max(BUDGET_BYTES, w * h * 4)


class TextCache:
    def __init__(self, budget: int | None = None) -> None:
        #: Fixed budget in bytes; None follows the window's size.
        self.budget = budget
        self.bytes = 0
        self._images: OrderedDict[tuple[int, str, tuple[int, ...]], pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._images)

    def render(self, font: pygame.font.Font, text: str, colour: tuple[int, ...]) -> pygame.Surface:
        key = (id(font), text, tuple(colour))
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
            return image
        image = self._images[key] = render_text(font, text, colour)
        self.bytes += _size(image)
        budget = window_bytes() if self.budget is None else self.budget
        while self.bytes > budget and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self.bytes -= _size(old)
        return image
