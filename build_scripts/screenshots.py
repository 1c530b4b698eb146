"""Screenshots of every scene, taken in a real window (run under Xvfb), into docs/screenshots/.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/screenshots.py [--size 1600x900] [--out DIR]

Scenes are reached with synthetic mouse and keyboard events, like a player would.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver, random_game, show_cell  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.scenes.final_board import FinalBoardScene  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.engine import Game, Placement, Rules  # noqa: E402
from carcassonne.engine.record import GameRecord, Seat  # noqa: E402
from carcassonne.expansions.river.rules import is_river  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def shot(app: App, name: str) -> None:
    app.frame(0.016)
    app.draw()  # the loop draws only on a change; a shot may follow a change made outside it
    path = OUT / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def ai_game(app: App, seats: list[Seat], turns: int, seed: int, stop_at_player: int | None = None,
            rules: Rules | None = None) -> Game:
    """A game between "normal" computer players (``carcassonne.ai``), so boards and scores look real."""
    from carcassonne.ai import get_bot

    game = Game(app.tiles, rules or Rules(), players=len(seats), seed=seed, names=[s.name for s in seats])
    bots = [get_bot("normal", seed * 7 + i) for i in range(len(seats))]
    while game.turn_number < turns or (stop_at_player is not None and game.current != stop_at_player):
        if game.draw() is None:
            break
        game.play(bots[game.current].choose(game))
    return game


def river(app: App, d: Driver, seats: list[Seat]) -> None:
    """A River game a few turns into the land tiles: the spring, the river and the lake,
    the board fitted to the window (Home)."""
    river_tiles = sum(n for t, n in Game(app.tiles, Rules(river=True)).deck.counts.items() if is_river(app.tiles[t]))
    game = ai_game(app, seats, river_tiles + 6, seed=4, stop_at_player=0, rules=Rules(river=True))
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)  # hand-over
    scene = app.top
    d.move(scene.rects["deck"].center)  # the pointer off the board: no tooltip
    d.key(pygame.K_HOME)
    d.frames(2)
    shot(app, "21-river-game")


def hover(d: Driver, scene, x: int, y: int, px: int = 96) -> None:  # noqa: ANN001
    """Show square (x, y) at a good zoom and rest the pointer on it."""
    show_cell(d, scene, x, y, px)
    cx, cy = scene.camera.cell_center(x, y)
    d.move((cx, cy))
    d.frames(2)


def clean_screen(app: App, d: Driver) -> None:
    """A refused drop's whole sentence, Space asking before it ends the turn, leaving a game asking first."""
    from carcassonne.engine import Placement
    from carcassonne.words import explain

    scene = app.top
    turn, game = scene.turn, scene.game
    d.key(pygame.K_HOME)  # the whole board
    wrong = [c for c in game.open_positions() if c not in turn.legal_cells()
             and "Doesn't fit" in (explain.why_not_tile(game, Placement(turn.tile, *c, turn.rotation)) or "")]
    if wrong:
        cell = min(wrong, key=lambda c: abs(c[0]) + abs(c[1]))
        d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(*cell), steps=4)
        d.move(scene.rects["deck"].center)
        shot(app, "29-play-refused-drop-message")
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)
    d.move(scene.rects["deck"].center)
    shot(app, "30-play-space-asks-first")
    d.key(pygame.K_u)  # undo the "no follower"
    d.key(pygame.K_ESCAPE)
    pause = app.top
    quit_button = next(b for b in getattr(pause, "buttons", []) if b.label == "Quit to title")
    d.click(quit_button.rect.center)
    shot(app, "31-leave-game-asks-first")
    if app.top is not pause and app.top is not scene and hasattr(app.top, "title") and app.top.title:
        d.key(pygame.K_ESCAPE)  # stay
    if app.top is pause:
        d.key(pygame.K_ESCAPE)


def aids(app: App, d: Driver, seats: list[Seat]) -> None:
    """One screenshot per player aid, on a board the computer players built."""
    from carcassonne.engine.aids import dead_spots, tiles_that_fit

    game = ai_game(app, seats, 56, seed=21, stop_at_player=0)
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)  # hand-over
    scene = app.top
    turn = scene.turn
    legal = turn.legal_cells()
    dead = dead_spots(game)
    # why not: an open square the tile does not fit, next to the board's middle
    bad = [c for c in game.open_positions() if c not in legal and c not in dead and tiles_that_fit(game, *c)]
    bad.sort(key=lambda c: abs(c[0]) + abs(c[1]))
    hover(d, scene, *bad[0])
    shot(app, "13-aid-why-not-tile")
    # tiles that fit: a square where the tile in hand fits too
    good = sorted(legal, key=lambda c: (-len(tiles_that_fit(game, *c)), abs(c[0]) + abs(c[1])))
    hover(d, scene, *good[0])
    shot(app, "15-aid-tiles-that-fit")
    # dead spots: the board marked, the pointer on one
    if dead:
        d.key(pygame.K_HOME)
        x, y = dead[0]
        d.move(scene.camera.cell_center(x, y))
        d.frames(2)
        shot(app, "16-aid-dead-spots")
    # projected score: beside each score, and explained over a player's card
    d.move(scene.card_rects[1].center)
    d.frames(2)
    shot(app, "17-aid-projected-score")
    d.move(scene.rects["board"].center)


def hint(app: App, d: Driver, seats: list[Seat]) -> None:
    """The hint (key H): looking for a move, then Expert's move as a ghost tile and follower
    with its sentence; and the hints each player used, on the results."""
    game = ai_game(app, seats, 22, seed=5, stop_at_player=0)
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)  # hand-over
    scene = app.top
    d.move(scene.rects["deck"].center)  # the pointer off the board
    d.key(pygame.K_h)
    shot(app, "32-hint-thinking")
    d.run_until(lambda: scene.coach.shown is not None, 4000)
    d.frames(20)  # the camera's glide to the hinted square
    shot(app, "33-hint-shown")
    whole = ai_game(app, seats, 200, seed=5)
    app.replace_scene("results", game=whole, seats=seats, final=whole.finish(), hints=[3, 1, 0, 0])
    d.frames(200)
    shot(app, "34-results-hints-used")


def turn_and_drag(d: Driver, scene, p: Placement, px: int, steps: int = 3,  # noqa: ANN001
                  release: bool = True) -> None:
    """Turn the tile in hand to ``p``'s rotation (R, as a player would), bring its square into
    view at ``px`` pixels a tile, and drag the tile onto it."""
    for _ in range(4):
        if scene.turn.rotation == p.rotation:
            break
        d.key(pygame.K_r)
    show_cell(d, scene, p.x, p.y, px)
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(p.x, p.y), steps=steps, release=release)


def spot_point(scene, game: Game, p: Placement, spot: str) -> tuple[int, int]:  # noqa: ANN001
    """Where on the screen a follower stands on ``spot`` of the tile placed as ``p``."""
    from carcassonne.app.art.spots import spot_anchor

    ax, ay = spot_anchor(game.tiles[p.tile].orientations[p.rotation // 90], spot)
    x, y = scene.camera.to_screen(p.x + ax, p.y + ay)
    return round(x), round(y)


def follower_why_not(app: App, d: Driver, seats: list[Seat]) -> None:
    """Hovering a place of the new tile joined to a feature someone already holds."""
    for seed in range(30, 80):
        game = ai_game(app, seats, 18, seed=seed, stop_at_player=0)
        tile = game.draw()
        found = None
        for p in game.legal_placements(tile):
            o = game.tiles[p.tile].orientations[p.rotation // 90]
            for spot in o.spots:
                reason = game.why_not_follower(p, spot)
                if reason and "occupied" in reason and spot.startswith("city"):
                    found = (p, spot)
        if found:
            break
    else:
        return
    p, spot = found
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    turn_and_drag(d, scene, p, 128)
    target = spot_point(scene, game, p, spot)
    d.drag(scene.follower_slots(0)[-1].center, target, steps=4, release=False)
    d.frames(2)
    shot(app, "14-aid-why-not-follower")
    d.release(target)


def features(app: App, d: Driver, seats: list[Seat]) -> None:
    """Features drawn as features: the field and the road a follower would join, lit from the
    segment masks; the farm owners; the last move and the move log."""
    for seed in range(12, 40):
        game = ai_game(app, seats, 34, seed=seed, stop_at_player=0)
        tile = game.draw()
        both = [p for p in game.legal_placements(tile)
                if {s.partition(":")[0] for s in game.follower_spots(p)} >= {"farm", "road"}]
        if both:
            break
    else:
        return
    from carcassonne.app.board.feature_paint import Preview

    def farm_size(p: Placement) -> int:
        return max(len(Preview().paint(game, p, s)[0].segments) for s in game.follower_spots(p) if s.startswith("farm"))

    p = max(both, key=farm_size)
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    turn_and_drag(d, scene, p, 96)
    for kind in ("farm", "road"):
        spot = max((s for s in scene.turn.spots() if s.startswith(kind)),
                   key=lambda s: len(scene.overlay.preview.paint(game, p, s)[0].segments))
        d.drag(scene.follower_slots(0)[-1].center, spot_point(scene, game, p, spot), steps=4, release=False)
        d.frames(2)
        shot(app, f"2{2 + (kind == 'road')}-highlight-{kind}")
        d.release(scene.follower_slots(0)[-1].center)
    d.key(pygame.K_HOME)
    d.key(pygame.K_o)
    d.move(scene.rects["deck"].center)
    d.frames(2)
    shot(app, "24-farm-owners")
    d.key(pygame.K_o)
    d.key(pygame.K_l)
    d.frames(2)
    row = scene.overlay.log.rows[3]
    d.click(row[1].center)
    d.frames(12)
    shot(app, "25-move-log")
    d.key(pygame.K_l)


def final_on_board(app: App, d: Driver, seats: list[Seat]) -> None:
    """The end of a game: each final feature lit on the board in turn, then the results."""
    full = ai_game(app, seats, 200, seed=21)  # every tile placed, the final scoring not yet
    play(app, full, seats)
    d.run_until(lambda: isinstance(app.top, FinalBoardScene), 20)
    scene = app.top
    assert isinstance(scene, FinalBoardScene)

    def lit(kind: str, at_least: int = 0) -> bool:
        return scene.step >= at_least and scene.lit is not None and scene.lit.kind == kind and scene.timer > 0.5

    d.run_until(lambda: lit("city", 3), 2000)
    shot(app, "26-final-scoring-on-board")
    d.run_until(lambda: lit("field"), 2000)
    shot(app, "27-final-scoring-farm")
    d.key(pygame.K_RETURN)
    d.frames(2)
    shot(app, "07-results")
    d.key(pygame.K_b)
    d.frames(3)
    shot(app, "28-results-final-board")
    d.key(pygame.K_ESCAPE)


def replay(app: App, d: Driver, seats: list[Seat]) -> None:
    """The replay viewer on a whole game between computer players, at a turn that scored."""
    from carcassonne.app.scenes.replay import ReplayScene, ReplaysDialog

    game = ai_game(app, seats, 200, seed=21)
    path = app.storage.replays_dir / "four-computers.carc.json"
    GameRecord.from_game(game, seats).save(path)
    GameRecord.from_game(ai_game(app, seats, 200, seed=5), seats).save(app.storage.replays_dir / "rematch.carc.json")
    app.replace_scene("title")
    d.frames(2)
    d.key(pygame.K_r)
    d.frames(2)
    shot(app, "19-replays-list")
    assert isinstance(app.top, ReplaysDialog)
    dialog = app.top  # (its rows are named by players and scores: find the file's row)
    d.click(dialog.rows[[p.name for p in dialog.paths].index("four-computers.carc.json") - dialog.scroll].rect.center)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    target = next(k for k in range(40, 80) if len([e for e in game.events if e.turn == k]) >= 2) \
        if any(len([e for e in game.events if e.turn == k]) >= 2 for k in range(40, 80)) else \
        next(e.turn for e in game.events if e.turn >= 40)
    for _ in range(target):
        d.key(pygame.K_RIGHT)
    d.frames(2)
    shot(app, "18-replay-viewer")
    d.key(pygame.K_END)
    shot(app, "20-replay-final-scoring")
    d.key(pygame.K_ESCAPE)


def main() -> int:
    global OUT
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1600x900")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs (default docs/screenshots)")
    parser.add_argument("--only", choices=["hint"], help="take only these screenshots")
    args = parser.parse_args()
    OUT = args.out.resolve()
    size = tuple(int(v) for v in args.size.split("x"))
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))
    settings = Settings(window_size=size, animation="fast", sound=False)  # type: ignore[arg-type]
    app = App(Storage(tmp), settings=settings)
    d = Driver(app, dt=0.05)
    seats = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green", "ai:normal"),
             Seat("Dora", "yellow", "ai:easy")]
    names = [s.name for s in seats]
    if args.only == "hint":
        hint(app, d, seats)
        app.shutdown()
        pygame.quit()
        return 0
    GameRecord.from_game(random_game(app.tiles, 12, seed=3, names=names, follower_rate=0.45), seats).save(
        app.storage.autosave_path)
    app.push_scene("title")
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
    game = random_game(app.tiles, 26, seed=8, names=names, follower_rate=0.45)
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
    turn_and_drag(d, scene, target, 110, steps=4, release=False)
    shot(app, "04-play-drag-tile")
    d.release(scene.camera.cell_center(target.x, target.y))
    spots = turn.spots()
    spot = max(spots, key=lambda s: len(turn.feature_preview(s))) if spots else None
    if spot:
        end = spot_point(scene, game, target, spot)
        d.drag(scene.follower_slots(0)[-1].center, end, steps=4, release=False)
        shot(app, "05-play-follower-drop")
        d.release(end)
    d.key(pygame.K_RETURN)
    d.run_until(lambda: scene.phase == "handover", 400)
    d.key(pygame.K_RETURN)
    d.move(scene.rects["deck"].center)  # the pointer off the board: the board, not a tooltip
    d.key(pygame.K_HOME)
    shot(app, "06-play-overview")
    d.key(pygame.K_ESCAPE)
    shot(app, "11-pause-menu")
    d.key(pygame.K_ESCAPE)
    clean_screen(app, d)

    # a corrupt save file: a clear message, and the game goes on
    bad = app.storage.saves_dir / "broken.carc.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "carcassonne-record", "version": 1, "players": [')
    app.push_scene("load")
    d.frames(1)
    row = next(b for b in app.top.rows if "broken" in b.label)
    d.click(row.rect.center)
    shot(app, "12-corrupt-save")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)

    # the player aids, and the replay viewer
    aids(app, d, seats)
    follower_why_not(app, d, seats)
    hint(app, d, seats)
    replay(app, d, seats)
    river(app, d, seats)

    features(app, d, seats)

    # the end: final scoring on the board, then the results, after a full game between
    # "normal" computer players
    final_on_board(app, d, seats)
    app.shutdown()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
