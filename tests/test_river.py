"""The River (annotated rules 2007, "The River"; FAQ 29-31)."""

from __future__ import annotations

import random

import pytest

from carcassonne.bench import play_random_game
from carcassonne.engine import Discard, Move, Placement, Rules
from carcassonne.engine.record import GameRecord, Seat

from builder import move, new_game, play
from figures import step


def river_game(seed: int = 0):
    return new_game(river=True)


def test_the_spring_is_the_start_tile_and_d_is_an_ordinary_tile():
    game = river_game()
    assert game.tile_at(0, 0).kind.id == "R1"
    assert game.deck.counts["D"] == 4 and game.deck.counts["R1"] == 0
    assert len(game.deck) == 72 + 11


def test_river_tiles_come_first_then_the_lake_then_the_land():
    for seed in range(20):
        game = play_random_game(new_game().tiles, Rules(river=True), seed)
        river = {k.id for k in game.tiles.expansion("river")}
        drawn = [t.tile for t in game.history]
        assert all(t in river and t != "R2" for t in drawn[:10])
        assert drawn[10] == "R2"
        assert not any(t in river for t in drawn[11:])


def test_a_land_tile_cannot_be_drawn_while_river_tiles_remain():
    game = river_game()
    assert game.why_not(move("B 0 1 0")) == "tile B cannot be drawn yet: the river tiles come first"
    assert game.why_not(move("R2 1 0 0")) == (
        "tile R2 cannot be drawn yet: the lake comes after the river tiles")


def test_a_river_tile_must_continue_the_river():
    game = river_game()
    assert game.why_not_placement(Placement("R7", 1, 0, 0)) is None
    assert game.why_not_placement(Placement("R7", 0, 1, 0)) == (
        "tile R7 cannot go at (0, 1) rotation 0: a river tile must continue the river at (1, 0)")
    assert set(game.legal_placements("R7")) == {Placement("R7", 1, 0, 0), Placement("R7", 1, 0, 180)}


def test_river_edges_meet_only_river_edges():
    game = river_game()
    assert "its west edge is field, the neighbour's east edge is river" in (
        game.why_not_placement(Placement("R7", 1, 0, 90)))


def test_no_immediate_u_turn():
    """A curve may not turn the same way as the curve just before it (no 180 degree turn)."""
    game = river_game()
    play(game, "R10 1 0 0")  # the river bends right, heading south
    assert "may not make a U-turn: this curve turns right like the one before it" in (
        game.why_not_placement(Placement("R10", 1, 1, 90)))
    assert game.why_not_placement(Placement("R10", 1, 1, 180)) is None  # bending left is fine
    assert Placement("R10", 1, 1, 90) not in game.legal_placements("R10")


def test_same_way_curves_with_a_straight_between_are_allowed():
    """FAQ 31: "Only immediate U-turns are explicitly forbidden"."""
    game = river_game()
    play(game, "R10 1 0 0", "R7 1 1 90")
    assert game.why_not_placement(Placement("R10", 1, 2, 90)) is None


def test_followers_never_stand_on_the_river():
    game = river_game()
    placement = Placement("R4", 1, 0, 0)  # city north, road south, river east-west
    spots = game.follower_spots(placement)
    assert "city:N" in spots and "road:S" in spots
    assert not any(s.startswith("river") for s in spots)
    assert game.why_not_figure(placement, step("river:E")) == (
        "followers may not be placed on the river (The River rules)")


def test_the_river_separates_fields_like_a_road():
    game = river_game()
    spots = game.follower_spots(Placement("R7", 1, 0, 0))
    assert sorted(spots) == ["farm:ES", "farm:NW"]  # north and south of the river


def test_the_field_wraps_around_the_spring_and_the_lake():
    """FAQ 30: "the farm goes around the spring. So it is a connected farm"."""
    game = river_game()
    # A farmer south of the river on R7: both banks of R7 meet the spring's one field,
    # so the farm north of the river is the same farm.
    play(game, "R7 1 0 0 farm:SE")
    assert game.why_not_figure(Placement("R6", 2, 0, 0), step("farm:WN")) == (
        "the farm is already occupied by Player 1's farmer")
    lake = game.tiles["R2"]
    assert len([s for s in lake.segments if s.kind == "field"]) == 1


def test_a_river_record_replays_with_r_ids(tmp_path):
    game = play_random_game(new_game().tiles, Rules(river=True), 5)
    record = GameRecord.from_game(game, [Seat("Ann", "red"), Seat("Bob", "blue")])
    path = tmp_path / "river.carc.json"
    record.save(path)
    again = GameRecord.load(path).replay(game.tiles)
    assert again.scores == game.scores and again.is_over


@pytest.mark.parametrize("seed", range(30))
def test_full_random_river_games_are_legal(seed):
    game = new_game(river=True)
    game = type(game)(game.tiles, Rules(river=True), 3, seed=seed)
    rng = random.Random(seed)
    while (tile := game.draw()) is not None:
        placement = rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(placement)
        turn = placement.with_figure(step(rng.choice(spots) if spots else None))
        assert game.why_not(turn) is None
        game.push(turn)
    game.finish()
    assert all(isinstance(t, (Move, Discard)) for t in game.history)
