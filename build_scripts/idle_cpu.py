"""Idle CPU of the Play screen (not a test): a human's turn, nobody touching the mouse.

Run it in a real window:

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/idle_cpu.py

Starts a two-player hot-seat game on a board of 40 tiles, takes the hand-over, lets the
turn's first message fade, then runs the app's own loop (frame cap on, as players have
it) for ``--seconds`` and prints the process's CPU time over that wall time, as a share
of one core. The target is under 3 %.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver, random_game  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.engine.record import Seat  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Storage(Path(tmp)), settings=Settings(window_size=(w, h), sound=False))
        seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
        play(app, random_game(app.tiles, 40, seed=3, names=["Ann", "Bob"]), seats)
        d = Driver(app)
        d.key(pygame.K_RETURN)  # the hand-over, if any
        d.move((w // 3, h // 3))  # the pointer rests on the board
        end = time.monotonic() + 6  # the first message fades, the tiles are refined
        while time.monotonic() < end:
            app.frame()
        cpu0, wall0 = time.process_time(), time.monotonic()
        while time.monotonic() - wall0 < args.seconds:
            app.frame()
        cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
        app.shutdown()
    print(f"idle Play screen at {w}x{h}: {cpu:.2f} s CPU in {wall:.1f} s = {100 * cpu / wall:.1f} % of a core")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
