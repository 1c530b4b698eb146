"""Placing a tile (AR "Placing a tile", FAQ 6 and 7)."""

from __future__ import annotations

import pytest

from carcassonne.bench import board_of
from carcassonne.engine import Discard, Game, IllegalMoveError, Placement, Rules

from builder import move, new_game, play


def test_the_start_tile_d_lies_at_the_origin_with_its_city_north():
    game = new_game()
    o = game.tile_at(0, 0)
    assert o.kind.id == "D" and o.rotation == 0 and o.edges == ("c", "r", "f", "r")
    assert game.deck.counts["D"] == 3 and len(game.deck) == 71


def test_a_tile_must_match_every_neighbouring_edge():
    """FAQ 6: "The new land tile must fit the adjacent terrain on all edges"."""
    game = new_game()
    assert game.why_not_placement(Placement("E", 0, -1, 180)) is None
    assert game.why_not_placement(Placement("E", 0, -1, 0)) == (
        "tile E cannot go at (0, -1) rotation 0: its south edge is field, "
        "the neighbour's north edge is city")
    with pytest.raises(IllegalMoveError, match="its south edge is field"):
        play(game, "E 0 -1 0")


def test_a_tile_must_touch_the_board_edge_to_edge():
    """FAQ 7: corner to corner is not a connection."""
    game = new_game()
    assert "must touch" in game.why_not_placement(Placement("B", 1, 1, 0))
    assert "must touch" in game.why_not_placement(Placement("B", 5, 0, 0))


def test_a_square_holds_one_tile():
    game = new_game()
    assert "already has a tile" in game.why_not_placement(Placement("B", 0, 0, 0))


def test_rotations_are_quarter_turns():
    game = new_game()
    assert "rotation must be" in game.why_not_placement(Placement("B", 0, 1, 45))


def test_legal_placements_list_exactly_the_placements_the_rules_allow():
    """The fast move generator agrees with the rule-by-rule check on real positions."""
    for seed in range(5):
        game = board_of(Game(new_game().tiles).tiles, 25, seed)
        for tile in sorted(set(game.deck.pile)):
            listed = set(game.legal_placements(tile))
            xs = [x for x, _, _ in game.placed_tiles()]
            ys = [y for _, y, _ in game.placed_tiles()]
            checked = {Placement(tile, x, y, r)
                       for x in range(min(xs) - 1, max(xs) + 2)
                       for y in range(min(ys) - 1, max(ys) + 2)
                       for r in (0, 90, 180, 270)
                       if game.why_not_placement(Placement(tile, x, y, r)) is None}
            assert listed == checked, tile


def test_a_tile_that_fits_nowhere_is_discarded_and_the_same_player_draws_again():
    """AR "Placing a tile": a tile that cannot be placed goes back to the box."""
    game = Game(new_game().tiles, Rules(), 2, seed=168)
    play(game, "L -1 0 180 road:N", "S -1 1 90 road:W")
    # The only field-facing open square now also touches a city: B fits nowhere.
    assert game.deck.peek() == "B" and not game.has_placement("B")
    player = game.current
    tile = game.draw()
    assert game.history[-1] == Discard("B")
    assert tile != "B" and game.current == player
    assert game.deck.counts["B"] == 3


def test_a_discard_of_a_tile_that_fits_is_illegal():
    game = new_game()
    assert "fits on the board" in game.why_not(Discard("U"))


def test_a_tile_not_left_in_the_box_cannot_be_placed():
    game = new_game()
    play(game, "C 0 -1 0")  # the only C
    assert game.why_not(move("C 0 1 0")) == "no tile C is left in the box"


def test_the_game_ends_when_the_last_tile_is_placed():
    from carcassonne.bench import play_random_game
    game = play_random_game(new_game().tiles, Rules(), 7)
    assert game.is_over and game.finished
    placed = sum(1 for t in game.history if isinstance(t, type(move("B 0 0 0"))))
    assert placed + 1 == len(game.board)
    assert placed + sum(1 for t in game.history if isinstance(t, Discard)) == 71


def test_a_reason_carries_the_rule_and_its_facts_for_the_ui():
    reason = new_game().why_not_placement(Placement("E", 0, -1, 0))
    assert reason.rule == "edge-mismatch"
    assert reason.facts == {"detail": "its south edge is field, the neighbour's north edge is city",
                            "edge": "south", "own": "field", "theirs": "city"}
