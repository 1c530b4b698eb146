"""Rendered text kept for reuse, within a fixed memory budget.

Rendering text is slow and most labels are the same every frame, so their images are
kept. Scores, turn numbers and event lines change all game long, though: a cache that
only grows (or is emptied when it holds too many entries) held ~40 MiB of pixels after a
few games. This one forgets the least recently drawn text first, and counts bytes, not
entries, since one long line costs as much as a hundred short labels.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

#: Pixels of rendered text kept: five 1024×768 screens, half a 4K one: more than a frame draws.
BUDGET_BYTES = 16 * 1024 * 1024


def _size(image: pygame.Surface) -> int:
    return image.get_pitch() * image.get_height()


class TextCache:
    def __init__(self, budget: int = BUDGET_BYTES) -> None:
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
        image = self._images[key] = font.render(text, True, colour)
        self.bytes += _size(image)
        while self.bytes > self.budget and len(self._images) > 1:
            _, old = self._images.popitem(last=False)
            self.bytes -= _size(old)
        return image
