"""The camera shows what is being told: each replayed turn's board framed and its tile readable,
and each feature of the final scoring in view while it scores."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carcassonne.app.board.camera import READABLE_PX
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.replay import Replay
from carcassonne.engine import RecordError
from carcassonne.engine.record import GameRecord, Seat

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def whole_tile_shown(scene, x: int, y: int) -> bool:  # noqa: ANN001
    return scene.view_area().contains(pygame.Rect(scene.camera.tile_rect(x, y)))


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_each_replayed_turn_is_framed_with_its_tile_readable(make_app, size):
    app = make_app(size=size)
    whole = random_game(app.tiles, 200, seed=9)
    whole.finish()
    scene = app.replace_scene("replay", replay=Replay(GameRecord.from_game(whole, SEATS), app.tiles))
    d = Driver(app)
    d.frames(1)
    for step in (1, 3, 10, 40, 70):
        scene.go(step)
        d.frames(1)
        move = scene.replay.last_move()
        assert move is not None
        assert scene.camera.tile_px >= READABLE_PX, (step, scene.camera.tile_px)
        assert whole_tile_shown(scene, move.x, move.y), step
        if step <= 10:  # a small board: all of it in view
            assert all(whole_tile_shown(scene, x, y) for x, y, _ in scene.replay.game.placed_tiles()), step


def test_a_replay_keeps_the_players_own_zoom_and_follows_the_turns_tile(make_app):
    app = make_app()
    whole = random_game(app.tiles, 60, seed=9)
    scene = app.replace_scene("replay", replay=Replay(GameRecord.from_game(whole, SEATS), app.tiles))
    d = Driver(app)
    d.frames(1)
    scene.go(30)
    d.wheel(-1, scene.view_area().center)  # zoomed out by hand
    px = scene.camera.tile_px
    for _step in range(31, 40):
        d.key(pygame.K_RIGHT)
        move = scene.replay.last_move()
        assert scene.camera.tile_px == px and whole_tile_shown(scene, move.x, move.y)
    d.key(pygame.K_f)  # framed again
    assert scene.framed and scene.camera.tile_px >= READABLE_PX


def test_final_scoring_brings_each_scored_feature_into_view_at_a_readable_size(make_app):
    app = make_app(size=(1024, 768), animation="normal")
    whole = random_game(app.tiles, 200, seed=5, follower_rate=0.7)
    final = whole.finish()
    scene = app.replace_scene("final", game=whole, seats=SEATS, final=final)
    assert scene.step == 0 and scene.camera.tile_px < READABLE_PX  # the whole board at 1024×768: small tiles
    seen = 0
    while scene.step < len(final):
        scene.advance()
        ev = final[scene.step - 1]
        if not ev.tiles:
            continue
        assert all(whole_tile_shown(scene, x, y) for x, y in ev.tiles), ev
        xs, ys = [x for x, _ in ev.tiles], [y for _, y in ev.tiles]
        small = max(xs) - min(xs) < 5 and max(ys) - min(ys) < 5
        assert not small or scene.camera.tile_px >= READABLE_PX, (ev, scene.camera.tile_px)
        seen += 1
    assert seen >= 5


RECORDS = sorted(p for p in (Path(__file__).parent.parent / "records").rglob("*.carc.json") if "bad" not in p.parts)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_worked_record_opens_in_the_replay_and_ends_with_the_engines_scores(tiles, path):
    """The Replays list opens what the engine replays: rule modules' own tiles included (the
    Abbot's garden tiles were refused as unknown) and a hand's recorded draws (they were not
    followed); what the engine refuses, the replay refuses with the same line."""
    record = GameRecord.load(path)
    try:
        record.replay(tiles)
    except RecordError as exc:  # a record of a refused move
        with pytest.raises(RecordError) as refused:
            Replay(record, tiles)
        assert str(refused.value) == str(exc)
        return
    replay = Replay(record, tiles)
    replay.go(replay.last)
    assert replay.scores == record.replay(tiles, final=replay.has_final).scores


def test_a_game_with_the_abbots_garden_tiles_opens_in_the_replay(tiles):
    from carcassonne.ai import get_bot
    from carcassonne.engine import Game, Rules

    game = Game(tiles, Rules(abbot=True, inns_cathedrals=True), players=3, seed=3, names=["Ann", "Bob", "Cid"])
    bots = [get_bot("normal", 21 + i) for i in range(3)]
    while game.draw() is not None:
        game.play(bots[game.current].choose(game))
    game.finish()
    assert any(t.tile.endswith("G") for t in game.history)  # garden twins were played
    seats = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green")]
    replay = Replay(GameRecord.from_json(GameRecord.from_game(game, seats).to_json()), tiles)
    replay.go(replay.last)
    assert replay.scores == game.scores


def test_the_replay_names_the_big_follower_and_the_abbot_as_the_move_log_does(tiles):
    """A big follower or an abbot was told as "with a follower"."""
    records = Path(__file__).parent.parent / "records"
    said = []
    for name in ("inns_cathedrals/big-city-majority.carc.json", "abbot/abbot-take-back.carc.json"):
        replay = Replay(GameRecord.load(records / name), tiles)
        for step in range(1, len(replay.turns) + 1):
            replay.go(step)
            said.append(replay.describe())
    text = " ".join(said)
    assert "and put the big follower on its city" in text
    assert "and put the abbot on its cloister" in text or "and put the abbot in its garden" in text
    assert "and took the abbot back" in text
    assert "with a follower" not in text
