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

import pygame

from ..art.picture_cache import PictureCache


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


class TextCache:
    """Rendered text by font, words and colour (a :class:`PictureCache` of one window's worth).

    The key holds the font itself, not its ``id``: a font the font cache has let go could
    otherwise be mistaken for a new one at the same address, drawn at the wrong size."""

    def __init__(self, budget: int | None = None) -> None:
        self._images: PictureCache[tuple[pygame.font.Font, str, tuple[int, ...]]] = PictureCache(1.0, budget)

    def __len__(self) -> int:
        return len(self._images)

    @property
    def bytes(self) -> int:
        return self._images.bytes

    def render(self, font: pygame.font.Font, text: str, colour: tuple[int, ...]) -> pygame.Surface:
        key = (font, text, tuple(colour))
        image = self._images.get(key)
        if image is None:
            image = self._images.put(key, render_text(font, text, colour))
        return image
