"""The engine's move lists against a naive second engine (``tests/oracle.py``).

After every placement the oracle rebuilds each feature from scratch by flood fill
and decides, from the rule texts alone, where the tile may go and where a follower
may then stand; the engine must agree on every placement of every random position.
It also checks that what the engine scored during play was complete, with the
book's points, and that nothing occupied and complete was left unscored.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.engine import Game
from carcassonne.tileset import standard_tiles

import strategies
from builder import move, new_game, play
from figures import step
from oracle import Position, segment_of, turned

TILES = standard_tiles()

#: The position of the bug report: player 1's farmer on V at (0, 1) stands on a farm
#: that the last tile joins, through its other field, to the field it is laid on.
JOINED_FARMS = ("K -1 0 180 city:S", "W 1 0 90 road:W", "V 0 1 0 farm:NW", "A 2 0 0 cloister",
                "P 0 -1 180 city:E", "U 0 -2 90 road:N", "N -2 0 0 city:N", "V 0 2 180 road:N",
                "V 1 1 180", "P -3 0 90", "K -1 -1 270")


def test_a_farmer_may_not_join_a_farm_occupied_through_the_tiles_other_field():
    game = new_game()
    play(game, *JOINED_FARMS)
    last = move("V 2 1 90 farm:NW")
    reason = game.why_not(last)
    assert reason == "this tile joins the farm to one already occupied by Player 1's farmer"
    assert reason.rule == "occupied" and reason.facts["joined"] is True
    assert "farm:NW" not in game.follower_spots(last.placement)
    assert Position(game).follower_places("V", 2, 1, 90) == {
        segment_of(turned(TILES["V"], 90)[1], s) for s in game.follower_spots(last.placement)}


def test_a_follower_on_the_field_itself_is_still_named_directly():
    game = new_game()
    play(game, "N 0 -1 180 city:S")  # Player 1's knight on the city of D and N
    reason = game.why_not(move("N 1 -1 270 city:W"))  # its city joins that city directly
    assert reason == "the city is already occupied by Player 1's knight"
    assert reason.facts["joined"] is False


def compare_every_placement(game: Game, tile: str) -> None:
    oracle = Position(game)
    engine = game.legal_placements(tile)
    assert {(p.x, p.y, p.rotation) for p in engine} == oracle.legal_placements(tile), tile
    segs = {r: turned(TILES[tile], r)[1] for r in (0, 90, 180, 270)}
    for p in engine:
        spots = {segment_of(segs[p.rotation], s) for s in game.follower_spots(p)}
        assert spots == oracle.follower_places(tile, p.x, p.y, p.rotation), p


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=strategies.rules())
def test_every_placement_and_follower_place_matches_the_flood_fill_oracle(seed, players, rules):
    """About 2,000 positions (30 games of 70-odd turns), every placement of each."""
    game = Game(TILES, rules, players, seed=seed)
    rng = random.Random(seed)
    while (tile := game.draw()) is not None:
        compare_every_placement(game, tile)
        placement = rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(placement)
        # Followers often, so that occupied features are everywhere.
        n = len(game.events)
        game.push(placement.with_figure(step(rng.choice(spots) if spots and rng.random() < 0.8 else None)))
        compare_completion(game, game.events[n:])


def compare_completion(game: Game, events) -> None:
    """What the engine scored is complete by flood fill, with the book's points; what it
    left on the board is not (the table's edge closing features when the rules say so)."""
    oracle = Position(game)
    for event in events:
        f = event.figures_returned[0]
        i = segment_of(oracle.board[(f.x, f.y)][1], f.place)
        if event.feature == "cloister":
            assert oracle.cloister_neighbours(f.x, f.y) == 8
        else:
            assert oracle.open_edges(f.x, f.y, i) == 0, event
        tiles, points = oracle.points_if_complete(f.x, f.y, i)
        assert (set(event.tiles), event.points) == (tiles, points), event
    for (x, y, i), _ in oracle.followers.items():
        kind = oracle.board[(x, y)][1][i][0]
        if kind == "cloister":
            assert oracle.cloister_neighbours(x, y) < 8
        elif kind != "field":
            assert oracle.open_edges(x, y, i) > 0
