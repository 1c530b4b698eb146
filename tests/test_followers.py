"""Placing followers (AR "Placing a follower"; FAQ 10, 11, 12)."""

from __future__ import annotations

import random

from carcassonne.engine import FOLLOWERS, Placement

from builder import new_game, play
from figures import step


def test_each_player_has_seven_followers():
    """The 8th follower of each colour is the score marker."""
    game = new_game(players=5)
    assert FOLLOWERS == 7 and game.supply == [7] * 5


def test_followers_go_on_any_free_feature_of_the_tile_just_placed():
    game = new_game()
    spots = game.follower_spots(Placement("W", 1, 0, 0))
    assert sorted(spots) == ["farm:ES", "farm:NW", "farm:SW", "road:E", "road:S", "road:W"]


def test_no_follower_on_a_feature_already_occupied_however_far_away():
    """AR: "There must be no other follower ... on the road, city or farm segments connected"."""
    game = new_game()
    play(game, "N 0 -1 180 city:S")  # Player 1's knight: city D + N, open to the east
    placement = Placement("N", 1, -1, 270)  # its city (west, south) joins that city
    assert "city:W" not in game.follower_spots(placement)
    assert game.why_not_figure(placement, step("city:W")) == (
        "the city is already occupied by Player 1's knight")
    assert "farm:NW" in game.follower_spots(placement)  # its field is free


def test_an_occupied_farm_is_closed_to_new_farmers_even_your_own():
    game = new_game()
    play(game, "V 1 0 90 farm:WN", "B 2 0 0")  # a farmer on D's north field
    placement = Placement("V", -1, 0, 180)  # its small field joins D's north field
    assert "farm:NE" not in game.follower_spots(placement)
    assert game.why_not_figure(placement, step("farm:EN")) == (
        "the farm is already occupied by Player 1's farmer")
    assert game.why_not_figure(placement, step("farm:ES")) is None  # the field south of the road


def test_farmers_only_when_fields_are_in_play():
    game = new_game(farmers=False)
    spots = game.follower_spots(Placement("W", 1, 0, 0))
    assert sorted(spots) == ["road:E", "road:S", "road:W"]
    assert game.why_not_figure(Placement("W", 1, 0, 0), step("farm:NW")) == (
        "farmers are not in play in this game")


def test_a_cloister_takes_a_monk_and_its_field_a_farmer():
    """FAQ 12: the farm around a cloister is an ordinary farm."""
    game = new_game()
    assert sorted(game.follower_spots(Placement("B", 0, 1, 0))) == ["cloister", "farm:NW"]


def test_a_place_the_tile_does_not_have_is_refused():
    game = new_game()
    assert "has no place 'city:N'" in game.why_not_figure(Placement("B", 0, 1, 0), step("city:N"))


def test_with_no_follower_left_none_can_be_placed():
    game = new_game()
    rng = random.Random(3)
    while game.supply[0]:
        tile = game.draw()
        placement = rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(placement) if game.current == 0 else []
        game.play(placement.with_figure(step(spots[0] if spots else None)))
    if game.current == 1:
        tile = game.draw()
        game.play(rng.choice(game.legal_placements(tile)).with_figure(None))
    tile = game.draw()
    placement = game.legal_placements(tile)[0]
    assert game.follower_spots(placement) == []
    any_spot = next(iter(game.tiles[tile].orientation(placement.rotation).spots))
    assert game.why_not_figure(placement, step(any_spot)) == "Player 1 has no follower left"


def test_followers_are_conserved_through_a_game():
    from carcassonne.bench import play_random_game
    game = play_random_game(new_game().tiles, new_game().rules, 11)
    on_board = game.figures_on_board()
    for p in range(2):
        assert game.supply[p] + sum(1 for f in on_board if f.player == p) == FOLLOWERS
