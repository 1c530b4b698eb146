"""Screenshots of Inns & Cathedrals, taken in a real window (run under Xvfb), into
docs/screenshots/inns-cathedrals/: the New game option, the new tiles on a board, a big
follower on a cathedral city, an inn road scoring and the Rules page.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/inns_screenshots.py [--size 1024x768]

Each screen is reached with synthetic mouse and keyboard events, like a player would.
"""

from __future__ import annotations

import argparse
import json
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

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.art.spots import spot_anchor  # noqa: E402
from carcassonne.app.driver import Driver, show_cell  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.engine import Game, Placement, Rules  # noqa: E402
from carcassonne.engine.record import GameRecord, Seat  # noqa: E402

OUT = ROOT / "docs" / "screenshots" / "inns-cathedrals"
SEATS = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green", "ai:normal")]
SUFFIX = ""


def shot(app: App, name: str) -> None:
    app.frame(0.016)
    app.draw()
    path = OUT / f"{name}{SUFFIX}.png"
    pygame.image.save(app.screen, str(path))
    print("wrote", path.relative_to(ROOT))


def inns_game(app: App, seed: int, turns: int, wanted: Callable[[Game, str], bool]) -> Game:
    """A three-player Inns & Cathedrals game between computer players, ``turns`` in, stopped
    on Ann's turn with a tile ``wanted`` accepts (the first seed from ``seed`` that gives one)."""
    from carcassonne.ai import get_bot

    for s in range(seed, seed + 400):
        game = Game(app.tiles, Rules(inns_cathedrals=True), players=3, seed=s, names=[x.name for x in SEATS])
        bots = [get_bot("easy", s * 7 + i) for i in range(3)]
        while game.turn_number < turns or game.current != 0:
            if game.draw() is None:
                break
            game.play(bots[game.current].choose(game))
        trial = game.copy()
        tile = trial.draw()
        if tile is not None and game.current == 0 and wanted(trial, tile):
            return game
    raise SystemExit("no game gives that tile")


def cathedral_move(game: Game, tile: str) -> Placement | None:
    """The cathedral tile laid where the big follower may stand in its city."""
    if tile != "IC1":
        return None
    fits = [p for p in game.legal_placements(tile) if any(s.startswith("big:city") for s in game.extra_places(p))]
    return fits[0] if fits else None


def lay(d: Driver, scene: Any, p: Placement, px: int) -> None:
    while scene.turn.rotation != p.rotation:
        d.key(pygame.K_r)
    show_cell(d, scene, p.x, p.y, px)
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(p.x, p.y), steps=3)


def place_point(scene: Any, p: Placement, place: str) -> tuple[int, int]:
    o = scene.game.tiles[p.tile].orientations[p.rotation // 90]
    ax, ay = spot_anchor(o, place)
    x, y = scene.camera.to_screen(p.x + ax, p.y + ay)
    return round(x), round(y)


def new_game(app: App, d: Driver) -> None:
    app.push_scene("title")
    d.frames(2)
    d.key(pygame.K_n)
    form = app.top
    d.click(form.variants["inns_cathedrals"].rect.center)
    d.move(form.box.midbottom)
    shot(app, "01-new-game-option")
    d.key(pygame.K_ESCAPE)


def board(app: App, d: Driver) -> None:
    """A game well in: the new tiles among the others; then the cathedral tile laid and the big
    follower carried from the card to its city, and standing there."""
    game = inns_game(app, 5, 30, lambda g, t: cathedral_move(g, t) is not None)
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.move(scene.rects["deck"].center)
    shot(app, "02-new-tiles-on-a-board")
    p = cathedral_move(game, scene.turn.tile)
    assert p is not None
    lay(d, scene, p, 150)
    city = next(s for s in scene.turn.big_spots() if s.startswith("city"))
    d.drag(scene.big_slot(0).center, place_point(scene, p, city), steps=4, release=False)
    shot(app, "03-big-follower-dragged-to-the-cathedral-city")
    d.release(place_point(scene, p, city))
    d.move(scene.rects["deck"].center)
    shot(app, "04-big-follower-on-the-cathedral-city")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def inn_road(app: App, d: Driver) -> None:
    """Final scoring: an inn road left open scores nothing, said on the board."""
    data = json.loads((ROOT / "tests" / "records" / "inns_cathedrals" / "inn-open.carc.json").read_text())
    game = GameRecord.from_data(data).replay(app.tiles, final=True)
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    app.replace_scene("final", game=game, seats=seats, final=[e for e in game.events if e.final])
    scene = app.top
    d.frames(1)
    while scene.step < len(scene.final):
        d.click(scene.rects["board"].center)
    Driver(app, dt=0.05).frames(12)  # (the scores on the cards catch up; the results wait 1.2 s)
    shot(app, "05-inn-road-left-open-scores-nothing")
    app.replace_scene("title")
    app.push_scene("rules")
    d.frames(2)
    rules = app.top
    block = next(b for b in rules.blocks if b.title == "Inns & Cathedrals: the inn")
    rules.scroll_by(block.y - rules.scroll)
    d.frames(2)
    shot(app, "06-rules-inn-and-cathedral")
    block = next(b for b in rules.blocks if b.title == "Inns & Cathedrals: the big follower")
    rules.scroll_by(block.y - rules.scroll)
    d.frames(2)
    shot(app, "07-rules-big-follower")
    app.replace_scene("title")


def main() -> int:
    global OUT, SUFFIX
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1024x768")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    OUT = args.out.resolve()
    SUFFIX = f"-{args.size}"
    size = tuple(int(v) for v in args.size.split("x"))
    OUT.mkdir(parents=True, exist_ok=True)
    settings = Settings(window_size=size, animation="normal", sound=False)  # type: ignore[arg-type]
    app = App(Storage(Path(tempfile.mkdtemp(prefix="carcassonne-inns-"))), settings=settings)
    d = Driver(app, dt=0.0)
    new_game(app, d)
    board(app, d)
    inn_road(app, d)
    app.shutdown()
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
