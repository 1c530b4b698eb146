"""What the screenshot scripts of a rule share: a computer game stopped on the wanted tile,
a tile laid by dragging, a follower place on screen, and the window opened and shot.

Used by ``box_screenshots.py`` (the Abbot, the hand, the random start) and
``inns_screenshots.py`` (Inns & Cathedrals); run them under Xvfb.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from carcassonne import i18n  # noqa: E402
from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.art.spots import spot_anchor  # noqa: E402
from carcassonne.app.driver import Driver, show_cell  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.engine import Game, Placement, Rules  # noqa: E402
from carcassonne.engine.record import Seat  # noqa: E402

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green", "ai:normal")]


class Shots:
    """Where the pictures go, each name followed by the window's size."""

    def __init__(self, out: Path, size: str) -> None:
        self.out, self.suffix = out.resolve(), f"-{size}"
        self.out.mkdir(parents=True, exist_ok=True)

    def __call__(self, app: App, name: str) -> None:
        app.frame(0.016)
        app.draw()
        path = self.out / f"{name}{self.suffix}.png"
        pygame.image.save(app.screen, str(path))
        print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def open_app(out: Path, animation: str, dt: float) -> tuple[App, Driver, Shots]:
    """The window at ``--size`` (default 1024x768), its driver, and the shots into ``--out``."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1024x768")
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--language", choices=sorted(i18n.LANGUAGES), default="",
                        help="the screens in this language (the names end in it: -de-1024x768)")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    settings = Settings(window_size=size, animation=animation, sound=False,  # type: ignore[arg-type]
                        language=args.language)
    app = App(Storage(Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))), settings=settings)
    if args.language:
        i18n.set_language(args.language)
    return app, Driver(app, dt=dt), Shots(args.out, f"{args.language}-{args.size}" if args.language else args.size)


def close_app(app: App) -> int:
    app.shutdown()
    pygame.quit()
    return 0


def computer_game(app: App, rules: Rules, level: str, seed: int, turns: int,
                  wanted: Callable[[Game, str], bool]) -> Game:
    """A three-player game between computer players, ``turns`` in, stopped on Ann's turn with
    a tile ``wanted`` accepts (the first seed from ``seed`` that gives one)."""
    from carcassonne.ai import get_bot

    for s in range(seed, seed + 400):
        game = Game(app.tiles, rules, players=3, seed=s, names=[x.name for x in SEATS])
        bots = [get_bot(level, s * 7 + i) for i in range(3)]
        while game.turn_number < turns or game.current != 0:
            if game.draw() is None:
                break
            game.play(bots[game.current].choose(game))
        trial = game.copy()
        tile = trial.draw()
        if tile is not None and game.current == 0 and wanted(trial, tile):
            return game
    raise SystemExit("no game gives that tile")


def lay(d: Driver, scene: Any, p: Placement, px: int) -> None:
    """The tile in hand turned with R and dragged onto its square, shown ``px`` wide."""
    while scene.turn.rotation != p.rotation:
        d.key(pygame.K_r)
    show_cell(d, scene, p.x, p.y, px)
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(p.x, p.y), steps=3)


def place_point(scene: Any, p: Placement, place: str) -> tuple[int, int]:
    """Where on screen a figure stands on ``place`` of the laid tile."""
    o = scene.game.tiles[p.tile].orientations[p.rotation // 90]
    ax, ay = spot_anchor(o, place)
    x, y = scene.camera.to_screen(p.x + ax, p.y + ay)
    return round(x), round(y)
