"""Intents: what the player did, in the game's terms, independent of pygame's event zoo.

The app turns every pygame event into at most one :class:`Intent` in one place
(:class:`IntentReader`), and names what a key does on the screen it reaches from the
keymap (:mod:`carcassonne.app.ui.keymap`), so scenes never call ``pygame.event.get()``,
handle actions rather than keys, and tests can drive the whole game with posted events.
Positions always come from the event (``mouse.get_pos()`` does not follow posted
events under the dummy driver).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

PRESS, RELEASE, MOTION, WHEEL, KEY, TEXT, RESIZE, QUIT = (
    "press", "release", "motion", "wheel", "key", "text", "resize", "quit")


@dataclass(frozen=True)
class Intent:
    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0  # 1 left, 2 middle, 3 right
    key: int = 0
    mod: int = 0
    text: str = ""
    dy: int = 0  # wheel: +1 away from the player (zoom in / rotate clockwise)
    buttons: tuple[bool, bool, bool] = (False, False, False)
    size: tuple[int, int] = (0, 0)
    #: For a key: what it does on the screen it reaches, from the keymap ("" if nothing).
    action: str = ""


class IntentReader:
    """Keeps the last pointer position (wheel events carry none) and converts events."""

    def __init__(self) -> None:
        self.pointer = (0, 0)
        self.held = [False, False, False]

    def read(self, event: pygame.event.Event) -> Intent | None:
        t = event.type
        if t == pygame.QUIT:
            return Intent(QUIT)
        if t == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # old-style wheel buttons: MOUSEWHEEL follows
                return None
            self.pointer = tuple(event.pos)
            if 1 <= event.button <= 3:
                self.held[event.button - 1] = True
            return Intent(PRESS, pos=self.pointer, button=event.button, mod=pygame.key.get_mods())
        if t == pygame.MOUSEBUTTONUP:
            if event.button in (4, 5):
                return None
            self.pointer = tuple(event.pos)
            if 1 <= event.button <= 3:
                self.held[event.button - 1] = False
            return Intent(RELEASE, pos=self.pointer, button=event.button)
        if t == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            buttons = tuple(bool(b) for b in getattr(event, "buttons", (0, 0, 0)))[:3]
            # posted events may omit buttons: trust what we saw pressed
            buttons = tuple(a or b for a, b in zip(buttons, self.held))
            return Intent(MOTION, pos=self.pointer, buttons=buttons)  # type: ignore[arg-type]
        if t == pygame.MOUSEWHEEL:
            dy = int(getattr(event, "y", 0))
            if getattr(event, "flipped", False):
                dy = -dy
            if dy == 0:
                return None
            return Intent(WHEEL, pos=self.pointer, dy=max(-3, min(3, dy)))
        if t == pygame.KEYDOWN:
            return Intent(KEY, key=event.key, mod=getattr(event, "mod", 0),
                          text=getattr(event, "unicode", "") or "", pos=self.pointer)
        if t == pygame.TEXTINPUT:
            return Intent(TEXT, text=event.text)
        if t == pygame.VIDEORESIZE:
            return Intent(RESIZE, size=(event.w, event.h))
        if t == pygame.WINDOWLEAVE:
            self.held = [False, False, False]
        return None
