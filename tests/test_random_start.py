"""A random start tile (``"start": "random"``; Wikicarpedia's base game, "House Rules": "the
original starting tile may be put into the bag"; ``docs/game-record.md``).

Hand-worked records in ``tests/records/start/`` (see its README), the refusals, the
record's ``start_tile``, ``simulate --start-random``, and random games in which every
listed move is accepted and every other refused.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from carcassonne.cli import main
from carcassonne.engine import Game, Placement, RecordError, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.rules import RANDOM
from carcassonne.tileset import standard_tiles

from figures import step

TILES = standard_tiles()
START = Path(__file__).parent / "records" / "start"
RECORDS = sorted(START.glob("*.carc.json"))


def _id(path: Path) -> str:
    return path.name.removesuffix(".carc.json")


def _load(name: str) -> dict[str, Any]:
    return json.loads((START / f"{name}.carc.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_random_start_record(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    game = GameRecord.from_data(data).replay(TILES, final=data["final"])
    names = game.names
    assert game.start_tile == data["start_tile"]
    assert game.tile_at(0, 0) is not None and game.tile_at(0, 0).kind.id == data["start_tile"]
    assert game.tile_at(0, 0).rotation == 0
    assert dict(zip(names, game.scores)) == expect["scores"]
    got = sorted((e.feature, e.points, tuple(names[p] for p in e.players)) for e in game.events)
    assert got == sorted((e["feature"], e["points"], tuple(e["players"])) for e in expect["events"])
    for tile, n in expect["left"].items():
        assert game.deck.counts[tile] == n, tile
    if "tiles_left" in expect:
        assert len(game.deck) == expect["tiles_left"]
    if "figures_on_board" in expect:
        on_board = game.figures_on_board()
        assert {names[i]: sum(f.player == i for f in on_board) for i in range(game.players)} == \
            expect["figures_on_board"]


def test_the_start_tile_is_the_first_tile_of_the_shuffled_bag_d_among_them():
    for seed in range(20):
        game = Game(TILES, Rules(start=RANDOM), 2, seed=seed)
        book = Game(TILES, Rules(), 2, seed=seed)
        assert len(game.deck) == len(book.deck) == 71
        assert sum(game.deck.counts.values()) == 71
        counts = dict(game.deck.counts)
        counts[game.start_tile] += 1
        assert counts["D"] == 4 and sum(counts.values()) == 72
        assert sorted(game.deck.pile) == sorted(t for t, n in game.deck.counts.items() for _ in range(n))
    starts = {Game(TILES, Rules(start=RANDOM), 2, seed=seed).start_tile for seed in range(40)}
    assert len(starts) > 5


def test_the_book_start_is_unchanged_and_not_written():
    game = Game(TILES, Rules(), 2, seed=7)
    assert game.start_tile == "D"
    data = GameRecord.from_game(game, _seats(game)).to_data()
    assert "start_tile" not in data and "start" not in data["rules"]
    assert Game(TILES, Rules(river=True), 2, seed=7).start_tile == TILES.with_role("spring").id


@pytest.mark.parametrize("change, message", [
    ({"rules": {"start": "random", "river": True}}, 'rules.start "random" is not played with the river'),
    ({"rules": {"start": "K"}}, "rules.start must be one of D, random, not 'K'"),
    ({"rules": {}}, "'start_tile' needs rules.start \"random\""),
    ({"start_tile": None}, "'start_tile' must name the start tile"),
    ({"start_tile": 5}, "'start_tile' must name a tile"),
    ({"start_tile": "ZZ"}, "start_tile 'ZZ' is not a tile of this game's bag"),
], ids=["river", "bad-start", "no-start-rule", "missing", "not-a-name", "not-in-bag"])
def test_refused_random_starts(change: dict[str, Any], message: str) -> None:
    data = _load("start-random-city")
    for key, value in change.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    with pytest.raises(RecordError) as caught:
        GameRecord.from_data(data).replay(TILES)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_start_tile_that_is_not_the_seeds_first_is_refused(tmp_path, capsys):
    data = _load("start-random-seed")
    data["start_tile"] = "D"
    path = tmp_path / "bad.carc.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("start_tile 'D' is not the tile seed 1 draws first (W)") and "\n" not in err


def test_the_record_names_the_start_tile_and_replays(capsys):
    game = Game(TILES, Rules(start=RANDOM), 3, seed=11)
    rng = random.Random(11)
    for _ in range(10):
        tile = game.draw()
        assert tile is not None
        game.play(rng.choice(game.legal_placements(tile)).with_figure(None))
    data = GameRecord.from_game(game, _seats(game)).to_data()
    assert data["rules"]["start"] == "random" and data["start_tile"] == game.start_tile
    assert list(data).index("start_tile") == list(data).index("players") + 1
    for seed in (11, None):  # with the seed the engine draws it; without, the record says it
        data["seed"] = seed
        if seed is None:
            del data["seed"]
        again = GameRecord.from_data(json.loads(json.dumps(data))).replay(TILES)
        assert again.start_tile == game.start_tile and again.scores == game.scores
        assert sorted(again.deck.counts.items()) == sorted(game.deck.counts.items())


def test_simulate_plays_and_records_a_random_start(tmp_path, capsys):
    assert main(["simulate", "--bots", "normal,random", "--start-random", "-n", "2",
                 "--records", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    for path in sorted(tmp_path.glob("*.carc.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["rules"]["start"] == "random" and isinstance(data["start_tile"], str)
        assert main(["replay", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["finished"] is True


def test_simulate_refuses_a_random_start_with_the_river(capsys):
    assert main(["simulate", "--bots", "normal,random", "--start-random", "--river", "-n", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "--start-random is not played with --river (the spring is the start tile)"


@pytest.mark.parametrize("rules", [Rules(start=RANDOM), Rules(start=RANDOM, abbot=True),
                                   Rules(start=RANDOM, table=(5, 5), table_closes=True, hole_bonus=True)],
                         ids=["start", "abbot", "table"])
def test_random_games_accept_every_listed_move_and_refuse_the_others(rules: Rules) -> None:
    for seed in range(3):
        game = Game(TILES, rules, 3, seed=seed)
        rng = random.Random(seed)
        while (tile := game.draw()) is not None:
            listed = game.legal_placements(tile)
            keys = {(p.x, p.y, p.rotation) for p in listed}
            for placement in listed:
                assert game.why_not(placement.with_figure(None)) is None
            for x, y in game.open_positions():
                for r in (0, 90, 180, 270):
                    if (x, y, r) not in keys:
                        assert game.why_not(Placement(tile, x, y, r).with_figure(None)) is not None
            assert game.why_not(Placement(tile, 0, 0, 0).with_figure(None)) is not None  # the start square
            placement = rng.choice(listed)
            spots = game.follower_spots(placement)
            game.play(placement.with_figure(step(rng.choice(spots) if spots else None)))
        game.finish()
        again = GameRecord.from_data(json.loads(GameRecord.from_game(game, _seats(game)).to_json()))
        assert again.replay(TILES, final=True).scores == game.scores


def _seats(game: Game) -> list[Seat]:
    colours = ("red", "blue", "green", "yellow", "black", "pink")
    return [Seat(name, colours[i], "human") for i, name in enumerate(game.names)]
