"""Screenshots of every scene, taken in a real window (run under Xvfb), into docs/screenshots/.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/screenshots.py [--size 1600x900]

Scenes are reached with synthetic mouse and keyboard events, like a player would.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver, show_cell  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.app.storage import Settings, Storage  # noqa: E402
from carcassonne.engine import Game, Rules  # noqa: E402
from carcassonne.engine.record import GameRecord, Seat  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def shot(app: App, name: str) -> None:
    app.frame(0.016)
    path = OUT / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print("wrote", path.relative_to(ROOT))


def random_game(app: App, seats: list[Seat], turns: int, seed: int = 3) -> Game:
    game = Game(app.tiles, Rules(), players=len(seats), seed=seed, names=[s.name for s in seats])
    rng = random.Random(seed)
    for _ in range(turns):
        tile = game.draw()
        if tile is None:
            break
        p = rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(p)
        game.play(p.with_follower(rng.choice(spots) if spots and rng.random() < 0.45 else None))
    return game


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1600x900")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))
    settings = Settings(window_size=size, animation="fast", sound=False)  # type: ignore[arg-type]
    app = App(Storage(tmp), settings=settings)
    d = Driver(app, dt=0.05)
    from carcassonne.app.scenes.title import TitleScene

    seats = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green", "ai:normal"),
             Seat("Dora", "yellow", "ai:easy")]
    GameRecord.from_game(random_game(app, seats, 12), seats).save(app.storage.autosave_path)
    app.push(TitleScene(app))
    d.frames(3)
    shot(app, "01-title")
    d.key(pygame.K_n)
    d.frames(2)
    shot(app, "02-new-game")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_s)
    shot(app, "09-settings")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_l)
    shot(app, "10-load")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F1)
    shot(app, "08-rules")
    d.key(pygame.K_ESCAPE)

    # a game in progress: two people and two computer players
    game = random_game(app, seats, 26, seed=8)
    while game.current != 0:
        tile = game.draw()
        game.play(game.legal_placements(tile)[0].with_follower(None))
    play(app, game, seats)
    d.frames(2)
    shot(app, "03-play-handover")
    d.key(pygame.K_RETURN)
    scene = app.top
    turn = scene.turn
    legal = game.legal_placements(turn.tile)
    target = max(legal, key=lambda p: len(game.follower_spots(p)))
    for _ in range(4):
        if turn.rotation == target.rotation:
            break
        d.key(pygame.K_r)
    show_cell(d, scene, target.x, target.y, 110)
    d.drag(scene._hand_tile_rect().center, scene.camera.cell_center(target.x, target.y), steps=4, release=False)
    shot(app, "04-play-drag-tile")
    d.release(scene.camera.cell_center(target.x, target.y))
    from carcassonne.app.spots import spot_anchor
    spots = turn.spots()
    o = game.tiles[target.tile].orientations[target.rotation // 90]
    spot = max(spots, key=lambda s: len(turn.feature_preview(s))) if spots else None
    if spot:
        ax, ay = spot_anchor(o, spot)
        end = scene.camera.to_screen(target.x + ax, target.y + ay)
        d.drag(scene._follower_slots(0)[-1].center, (round(end[0]), round(end[1])), steps=4, release=False)
        shot(app, "05-play-follower-drop")
        d.release((round(end[0]), round(end[1])))
    d.key(pygame.K_RETURN)
    d.run_until(lambda: scene.phase == "handover", 400)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_HOME)
    shot(app, "06-play-overview")
    d.key(pygame.K_ESCAPE)
    shot(app, "11-pause-menu")
    d.key(pygame.K_ESCAPE)

    # a corrupt save file: a clear message, and the game goes on
    bad = app.storage.saves_dir / "broken.carc.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "carcassonne-record", "version": 1, "players": [')
    from carcassonne.app.scenes.dialogs import LoadDialog
    app.push(LoadDialog(app))
    d.frames(1)
    row = next(b for b in app.top.rows if "broken" in b.label)
    d.click(row.rect.center)
    shot(app, "12-corrupt-save")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)

    # the end: results after a full game
    full = random_game(app, seats, 200, seed=21)
    full.finish()
    play(app, full, seats)
    d.frames(60)
    shot(app, "07-results")
    app.shutdown()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
