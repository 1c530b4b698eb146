"""Short animations of the Play scene: points rising, followers walking home, AI tiles gliding
(the scored features themselves are lit by :mod:`.board_overlay`).

Each animation owns its clock and reports when it is done; ``draw`` reads only.
Durations are divided by the animation-speed setting.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..ui.textcache import render_text
from .camera import Camera, ease


class Anim:
    def __init__(self, duration: float, delay: float = 0.0) -> None:
        self.duration = max(0.01, duration)
        self.t = -delay

    @property
    def progress(self) -> float:
        return max(0.0, min(1.0, self.t / self.duration))

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.duration

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        pass


class FloatText(Anim):
    """"+8" rising from a feature in the scorer's colour."""

    def __init__(self, text: str, world: tuple[float, float], colour: tuple[int, int, int],
                 font: pygame.font.Font, duration: float, delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.world = world
        self.img = render_text(font, text, colour)
        self.shadow = render_text(font, text, (0, 0, 0))

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if self.t < 0:
            return
        p = self.progress
        sx, sy = camera.to_screen(*self.world)
        sy -= camera.tile_px * 0.9 * ease(p)
        alpha = 255 if p < 0.7 else int(255 * (1 - p) / 0.3)
        for img, off in ((self.shadow, 2), (self.img, 0)):
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(round(sx) + off, round(sy) + off)))


class Glide(Anim):
    """An image moving from one screen point to another (followers home, AI tiles in)."""

    def __init__(self, image: pygame.Surface, start: Callable[[], tuple[float, float]],
                 end: Callable[[], tuple[float, float]], duration: float, delay: float = 0.0,
                 on_done: Callable[[], None] | None = None, size: Callable[[], int] | None = None) -> None:
        super().__init__(duration, delay)
        self.image = image
        self.start, self.end = start, end
        self.on_done = on_done
        self.size = size
        self._scaled: tuple[int, pygame.Surface] | None = None

    def update(self, dt: float) -> bool:
        alive = super().update(dt)
        if not alive and self.on_done is not None:
            done, self.on_done = self.on_done, None
            done()
        return alive

    def position(self) -> tuple[float, float]:
        (x0, y0), (x1, y1) = self.start(), self.end()
        e = ease(self.progress)
        return x0 + (x1 - x0) * e, y0 + (y1 - y0) * e - 30 * (4 * e * (1 - e))

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        img = self.image
        if self.size is not None:
            s = self.size()
            if self._scaled is None or self._scaled[0] != s:
                self._scaled = (s, pygame.transform.smoothscale(self.image, (s, s)))
            img = self._scaled[1]
        x, y = self.position()
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
