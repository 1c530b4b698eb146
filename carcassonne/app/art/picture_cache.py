"""Pictures kept for reuse (scaled tiles, farm tints, panels, text), each cache within a budget of bytes.

Drawing the board reuses a few hundred pictures a frame, so they are made once and kept. But
what is worth keeping changes all the time: zooming makes a new size of every tile, the farm
owners' view a tint per farm, leader and zoom level, every game new names and scores. Caches
emptied after so many *entries* held ten times more pixels at 1920×1080 than at 1024×768 and
went on growing for the whole of a 20-minute soak (``build_scripts/soak_memory.py``). So each
cache here counts the *bytes* of its pictures, forgets the least recently used first, and has a
budget in windows' worth of pixels (one frame never needs more than a few windows of any one
kind). A new game starts with every cache empty (:func:`forget_all`): what the last game's
board needed is not what this one needs, and the memory freed is reused rather than added to.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

import pygame

#: The budget's floor: a small or absent window still keeps a useful set.
MIN_BYTES = 4 * 1024 * 1024

K = TypeVar("K", bound=Hashable)

_caches: weakref.WeakSet[PictureCache[Any]] = weakref.WeakSet()


def picture_bytes(image: pygame.Surface) -> int:
    return image.get_pitch() * image.get_height()


def window_bytes() -> int:
    """The pixels of the open window (32-bit), or :data:`MIN_BYTES` without one."""
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    if window is None:
        return MIN_BYTES
    w, h = window.get_size()
    return max(MIN_BYTES, w * h * 4)


class PictureCache(Generic[K]):
    """Pictures by key, least recently used forgotten first once over the budget."""

    def __init__(self, windows: float = 1.0, budget: int | None = None) -> None:
        #: The budget in windows' worth of pixels, or a fixed one in bytes.
        self.windows = windows
        self.fixed = budget
        self.bytes = 0
        self._pictures: OrderedDict[K, pygame.Surface] = OrderedDict()
        _caches.add(self)

    @property
    def budget(self) -> int:
        return self.fixed if self.fixed is not None else int(self.windows * window_bytes())

    def __len__(self) -> int:
        return len(self._pictures)

    def __contains__(self, key: K) -> bool:
        return key in self._pictures

    def get(self, key: K) -> pygame.Surface | None:
        """The picture kept for ``key`` (now the most recently used), or None."""
        image = self._pictures.get(key)
        if image is not None:
            self._pictures.move_to_end(key)
        return image

    def put(self, key: K, image: pygame.Surface) -> pygame.Surface:
        """Keep ``image`` for ``key``; older pictures go while over the budget (never the newest)."""
        old = self._pictures.pop(key, None)
        if old is not None:
            self.bytes -= picture_bytes(old)
        self._pictures[key] = image
        self.bytes += picture_bytes(image)
        budget = self.budget
        while self.bytes > budget and len(self._pictures) > 1:
            _, dropped = self._pictures.popitem(last=False)
            self.bytes -= picture_bytes(dropped)
        return image

    def clear(self) -> None:
        self._pictures.clear()
        self.bytes = 0


def forget_all() -> None:
    """Empty every picture cache (a new game begins)."""
    for cache in list(_caches):
        cache.clear()


def held_bytes() -> int:
    """The bytes of pictures all the caches hold (the memory soak reports it)."""
    return sum(cache.bytes for cache in list(_caches))
