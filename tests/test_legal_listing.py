"""``carcassonne replay --json --legal``: every legal move before each turn (docs/game-record.md)."""

from __future__ import annotations

import json
import time

from carcassonne.bench import play_random_game
from carcassonne.cli import main
from carcassonne.engine import Discard, Rules
from carcassonne.engine.legal import legal_entry
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.tileset import standard_tiles

from figures import text
from oracle import Position, segment_of, turned

TILES = standard_tiles()
SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]
STANDARD = Rules()


def saved_game(tmp_path, seed: int, rules: Rules = STANDARD):
    game = play_random_game(TILES, rules, seed)
    path = tmp_path / "game.carc.json"
    GameRecord.from_game(game, SEATS).save(path)
    return game, path


def test_legal_lists_one_entry_per_turn_and_nothing_for_a_discard(tmp_path, capsys):
    game, path = saved_game(tmp_path, 168)  # this game discards a B
    assert main(["replay", str(path), "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    legal = out["legal"]
    assert [e["turn"] for e in legal] == list(range(1, len(game.history) + 1))
    assert [e["tile"] for e in legal] == [t.tile for t in game.history]
    for entry, turn in zip(legal, game.history):
        if isinstance(turn, Discard):  # the discard
            assert entry["moves"] == []
        else:  # the move played is among those listed, with its follower's place
            listed = {(x, y, r): spots for x, y, r, spots in entry["moves"]}
            assert (turn.x, turn.y, turn.rotation) in listed
            assert text(turn.figure) is None or text(turn.figure) in listed[(turn.x, turn.y, turn.rotation)]
    assert any(isinstance(turn, Discard) for turn in game.history)
    assert out["players"][0]["score"] == game.scores[0]


def test_legal_agrees_with_the_flood_fill_oracle_on_a_whole_river_game():
    record = GameRecord.from_game(play_random_game(TILES, Rules(river=True), 7), SEATS)
    checked = 0

    def check(game, number, turn):
        nonlocal checked
        entry = legal_entry(game, number, turn)
        if isinstance(turn, Discard):
            return
        oracle = Position(game)
        assert {(x, y, r) for x, y, r, _ in entry["moves"]} == oracle.legal_placements(turn.tile)
        for x, y, r, spots in entry["moves"]:
            segs = turned(TILES[turn.tile], r)[1]
            assert {segment_of(segs, s) for s in spots} == oracle.follower_places(turn.tile, x, y, r)
        checked += 1

    record.replay(TILES, before_turn=check)
    assert checked > 80


def test_a_player_with_no_follower_left_is_offered_placements_without_places(tmp_path):
    game = play_random_game(TILES, Rules(), 5)
    record = GameRecord.from_game(game, SEATS)
    empty = []
    record.replay(TILES, before_turn=lambda g, n, t: empty.append(
        (g.supply[g.current], legal_entry(g, n, t)["moves"])))
    none_left = [moves for supply, moves in empty if supply == 0 and moves]
    assert none_left and all(spots == [] for moves in none_left for *_, spots in moves)


def test_listing_a_whole_game_takes_well_under_a_second(tmp_path):
    record = GameRecord.from_game(play_random_game(TILES, Rules(), 11), SEATS)
    start = time.process_time()
    record.replay(TILES, before_turn=lambda g, n, t: legal_entry(g, n, t))
    assert time.process_time() - start < 0.25
