"""A few short synthesized sounds (no audio files needed); silent if there is no audio device."""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence

import pygame


class Sounds:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.ok = True
        except pygame.error:
            self.ok = False
        if self.ok:
            for name, notes in {"place": [(220, .06), (330, .05)], "score": [(523, .07), (659, .07), (784, .1)],
                                "click": [(880, .02)], "error": [(180, .12)], "follower": [(392, .05)]}.items():
                try:
                    self._sounds[name] = self._tone(notes)
                except pygame.error:
                    pass

    @staticmethod
    def _tone(notes: Sequence[tuple[float, float]]) -> pygame.mixer.Sound:
        init = pygame.mixer.get_init()
        if init is None:
            raise pygame.error("the mixer is not initialised")
        freq, size, channels = init
        samples = array("h")
        for hz, seconds in notes:
            n = int(freq * seconds)
            for i in range(n):
                env = min(1.0, i / 200) * (1 - i / n)
                v = int(9000 * env * math.sin(2 * math.pi * hz * i / freq))
                samples.extend([v] * channels)
        return pygame.mixer.Sound(buffer=samples.tobytes())

    def play(self, name: str) -> None:
        if self.enabled and self.ok and name in self._sounds:
            try:
                self._sounds[name].play()
            except pygame.error:
                pass
