"""Synthetic input for tests, screenshots and benchmarks: post real pygame events, run frames.

Everything goes through pygame's event queue and :meth:`App.frame`, exactly like a
person's mouse and keyboard, so what the tests prove is what a player gets.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ..engine import Game, Rules
from ..engine.tiles import TileSet
from .app import App

Pos = tuple[int, int]
#: The pause between frames while the driver waits on work in the background.
BACKGROUND_PACE = 0.002


class Driver:
    def __init__(self, app: App, dt: float = 0.05) -> None:
        self.app = app
        self.dt = dt
        self.pos: Pos = (app.size[0] // 2, app.size[1] // 2)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(self.dt)

    def post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def move(self, pos: tuple[float, float], buttons: tuple[int, int, int] = (0, 0, 0), frame: bool = True) -> None:
        pos = (int(pos[0]), int(pos[1]))
        rel = (pos[0] - self.pos[0], pos[1] - self.pos[1])
        self.pos = pos
        self.post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)
        if frame:
            self.frames()

    def press(self, pos: Pos, button: int = 1) -> None:
        self.move(pos, frame=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=button)
        self.frames()

    def release(self, pos: Pos, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=button)
        self.frames()

    def click(self, pos: Pos, button: int = 1) -> None:
        self.press(pos, button)
        self.release(pos, button)

    def drag(self, start: Pos, end: Pos, steps: int = 4, button: int = 1,
             during: Callable[[], None] | None = None, release: bool = True) -> None:
        """Press at ``start``, move in ``steps`` to ``end`` (calling ``during`` there), release."""
        self.press(start, button)
        held = (1, 0, 0) if button == 1 else (0, 0, 1) if button == 3 else (0, 1, 0)
        for i in range(1, steps + 1):
            t = i / steps
            self.move((start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t), held)
        if during is not None:
            during()
        if release:
            self.release(end, button)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.frames()

    def type_text(self, text: str) -> None:
        for ch in text:
            self.key(pygame.key.key_code(ch) if ch.isalnum() else 0, text=ch)

    def wheel(self, dy: int, pos: Pos | None = None) -> None:
        if pos is not None:
            self.move(pos, frame=False)
        self.post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))
        self.frames()

    def resize(self, size: Pos) -> None:
        self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.frames()

    def run_until(self, done: Callable[[], bool], max_frames: int = 2000, seconds: float | None = None) -> bool:
        """Run frames until ``done()``: at most ``max_frames``, or, for work in the background
        (a hint, an analysis) whose speed depends on the machine's load, for ``seconds``."""
        deadline = None if seconds is None else time.monotonic() + seconds
        frames = 0
        while not done():
            if deadline is None and frames >= max_frames or deadline is not None and time.monotonic() > deadline:
                return done()
            self.frames()
            frames += 1
            if deadline is not None:
                # Paced as a window's frames are: frames run flat out under the dummy driver
                # would keep the worker thread from the interpreter (a 0.4 s hint took 14 s).
                time.sleep(BACKGROUND_PACE)
        return True


def random_game(tiles: TileSet, turns: int, seed: int, names: Sequence[str] = ("Ann", "Bob"),
                follower_rate: float = 0.6, rules: Rules | None = None) -> Game:
    """A game ``turns`` turns in, each a random legal placement (a follower on a random
    place with probability ``follower_rate``): the same seed, the same board."""
    game = Game(tiles, rules or Rules(), players=len(names), seed=seed, names=list(names))
    rng = random.Random(seed)
    for _ in range(turns):
        tile = game.draw()
        if tile is None:
            break
        p = rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(p)
        game.play(p.with_follower(rng.choice(spots) if spots and rng.random() < follower_rate else None))
    return game


def show_cell(driver: Driver, scene: Any, x: int, y: int, min_px: int = 64) -> None:
    """Make board square (x, y) visible at a usable zoom, as a person would: wait for the
    camera's glide, pan with the arrow keys until the square is well inside the view, zoom
    with the wheel over it (panning again if the zoom carries it towards an edge)."""
    cam = scene.camera
    driver.run_until(lambda: not cam.gliding, 200)
    _pan_to(driver, scene, x, y)
    while cam.tile_px < min_px:
        before = cam.tile_px
        driver.wheel(1, cam.cell_center(x, y))
        if cam.tile_px == before:
            break
        _pan_to(driver, scene, x, y)


def _pan_to(driver: Driver, scene: Any, x: int, y: int) -> None:
    """Arrow keys until square (x, y) is inside the view with a square's margin (bounded)."""
    cam = scene.camera
    for _ in range(400):
        area = scene.view_area().inflate(-cam.tile_px * 2, -cam.tile_px * 2)
        cx, cy = cam.cell_center(x, y)
        if area.collidepoint(cx, cy):
            return
        if cx < area.left:
            driver.key(pygame.K_LEFT)
        elif cx >= area.right:
            driver.key(pygame.K_RIGHT)
        elif cy < area.top:
            driver.key(pygame.K_UP)
        else:
            driver.key(pygame.K_DOWN)
