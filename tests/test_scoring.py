"""Scoring during play and at the end (AR "Scoring", "Final scoring"; RG farm scoring)."""

from __future__ import annotations

import json
from pathlib import Path

from carcassonne.engine import FOLLOWERS
from carcassonne.engine.record import GameRecord
from carcassonne.tileset import standard_tiles

from builder import new_game, play

# Player 1 moves on turns 1, 3, 5...; Player 2 on turns 2, 4, 6...


def test_a_completed_road_scores_one_point_per_tile():
    """AR: "scores as many points as the road is long". Roads end at villages."""
    game = new_game()
    play(game, "W 1 0 0 road:W")  # Player 1's thief: D's road runs into a village east
    events = play(game, "W -1 0 0")  # Player 2 closes the west end with another village
    assert [(e.feature, e.points, e.players) for e in events] == [("road", 3, (0,))]
    assert sorted(events[0].tiles) == [(-1, 0), (0, 0), (1, 0)]
    assert game.scores == [3, 0] and game.supply == [FOLLOWERS, FOLLOWERS]


def test_a_completed_city_scores_two_points_per_tile_and_is_scored_in_the_same_turn():
    """FAQ 10: place a knight, complete the city, score 4, get the knight back - one turn."""
    game = new_game()
    events = play(game, "E 0 -1 180 city:S")
    assert [(e.feature, e.points, e.players) for e in events] == [("city", 4, (0,))]
    assert game.supply[0] == FOLLOWERS
    assert [(f.player, f.x, f.y, f.place) for f in events[0].figures_returned] == [(0, 0, -1, "city:S")]


def test_the_old_small_city_rule_scores_a_two_tile_city_two_points():
    """AR footnote 17: a city of two segments scored 1 point per tile."""
    game = new_game(small_city=True)
    events = play(game, "E 0 -1 180 city:S")
    assert events[0].points == 2


def test_a_pennant_adds_two_points_to_a_completed_city():
    """AR: "RED scores 8 points (three city segments and one pennant)"."""
    game = new_game()
    play(game, "M 0 -1 180 city:S", "E 1 -1 270")
    assert game.scores == [8, 0]
    assert game.events[-1].detail == 1  # one pennant


def test_the_small_city_rule_only_touches_two_tile_cities():
    game = new_game(small_city=True)
    play(game, "M 0 -1 180 city:S", "E 1 -1 270")
    assert game.scores == [8, 0]


def test_a_surrounded_cloister_scores_nine():
    game = new_game()
    play(game, "B 0 1 0 cloister", "V -1 0 180", "V 1 0 90", "B -1 1 0", "B 1 1 0",
         "E -1 2 180", "E 0 2 180")
    assert game.scores == [0, 0]
    events = play(game, "E 1 2 180")
    assert [(e.feature, e.points, e.players, len(e.tiles)) for e in events] == [
        ("cloister", 9, (0,), 9)]
    assert game.supply[0] == FOLLOWERS


def test_tied_followers_all_score_in_full():
    """AR: when players tie for most knights, each scores the whole city."""
    game = new_game()
    play(game, "N 0 -1 180 city:S", "L 1 0 0 city:N")
    events = play(game, "N 1 -1 270")  # Player 1 joins both knights' city and closes it
    assert [(e.feature, e.points, e.players) for e in events] == [("city", 8, (0, 1))]
    assert game.scores == [8, 8] and game.supply == [FOLLOWERS, FOLLOWERS]


def test_the_player_with_most_followers_takes_the_points():
    """AR: "The points are then scored by the player with the most thieves"; RG: the same
    majority decides incomplete features at the end."""
    game = new_game()
    play(game,
         "U 1 0 0 road:E",     # P1: thief on D's road (A)
         "B 1 -1 0",
         "E 0 -1 180",
         "V 2 -1 270 road:S",  # P2: thief on a separate road (B)
         "B -1 -1 0",
         "B 0 1 0",
         "V -1 1 90 road:N",   # P1: thief on a third road (C)
         "V -1 0 270",         # P2 joins A and C: P1 now has two thieves on it
         "V 2 0 90")           # P1 joins B as well: one road, P1 two thieves, P2 one
    road = game.final_scoring()
    assert [(e.feature, e.points, e.players) for e in road] == [("road", 6, (0,))]


def test_final_scoring_of_incomplete_features():
    """AR "Final scoring": roads 1 per tile; cities 1 per tile and pennant; cloisters 1 + neighbours."""
    game = new_game()
    play(game, "W 1 0 0 road:W", "M 0 -1 180 city:S", "B 0 1 0 cloister")
    events = game.finish()
    assert [(e.feature, e.points, e.players) for e in events] == [
        ("road", 2, (0,)), ("city", 3, (1,)), ("cloister", 3, (0,))]
    assert all(e.final and not e.complete for e in events)
    assert game.scores == [5, 3]


def test_final_scoring_can_be_taken_back():
    game = new_game()
    play(game, "W 1 0 0 road:W")
    game.finish()
    assert game.scores == [2, 0]
    game.pop()
    assert game.scores == [0, 0] and not game.finished


def _two_farms_one_city(**rules):
    game = new_game(**rules)
    play(game, "E 0 -1 180 farm:NW")  # P1: completes city D+E; farmer on E's field (farm A)
    play(game, "V 1 0 90 farm:WN")    # P2: farmer in D's north field (farm B)
    return game


def _one_farm_two_cities(**rules):
    game = new_game(**rules)
    play(game, "H 0 -1 0 farm:EN")  # P1: H's field lies between its two cities; D+H complete
    play(game, "E 0 -2 180")        # P2 completes H's northern city
    return game


def test_third_edition_farms_score_three_per_completed_city_farm_by_farm():
    """AR p. 10: each farm's owner(s) score 3 points per completed city it borders."""
    game = _two_farms_one_city()
    events = game.finish()
    assert sorted((e.feature, e.points, e.players) for e in events) == [
        ("farm", 3, (0,)), ("farm", 3, (1,))]
    assert _one_farm_two_cities().finish()[0].points == 6


def test_first_edition_farms_score_four_per_city_to_the_majority_of_all_its_farms():
    """RG "Farmers score points for supplying cities": 4 per city, majority over its farms, ties all score."""
    game = _two_farms_one_city(farm_scoring="first-edition")
    events = game.finish()
    assert [(e.feature, e.points, e.players) for e in events] == [("farm", 4, (0, 1))]
    assert game.scores == [4, 4]
    game = _one_farm_two_cities(farm_scoring="first-edition")
    assert [(e.points, e.players) for e in game.finish()] == [(4, (0,)), (4, (0,))]
    assert game.scores == [8, 0]


def test_farm_scoring_can_be_switched_off():
    game = _two_farms_one_city()
    assert game.final_scoring()
    game = new_game(farmers=False)
    play(game, "E 0 -1 180")
    assert game.finish() == []


def test_farms_score_only_completed_cities():
    """FAQ 25: only completed cities count; FAQ 26: a farm with none scores nothing (an event
    of 0 points all the same, game-record.md: the move log names it)."""
    game = new_game()
    play(game, "V 1 0 90 farm:WN")  # D's north field borders D's incomplete city
    assert [(e.feature, e.points, e.players, e.detail) for e in game.finish()] == [("farm", 0, (0,), 0)]
    assert game.scores == [0, 0]


def test_farmers_never_return():
    """RG: "Farmers remain in the field segment where they are deployed for the entire game"."""
    game = _two_farms_one_city()
    assert game.supply == [FOLLOWERS - 1, FOLLOWERS - 1]
    game.finish()
    assert len([f for f in game.figures_on_board() if f.place.startswith("farm")]) == 2


def test_followers_return_and_can_be_placed_again():
    game = new_game()
    play(game, "E 0 -1 180 city:S")  # scored and back at once
    play(game, "B 0 1 0")
    play(game, "W 1 0 0 road:W")
    assert game.supply[0] == FOLLOWERS - 1


def test_second_edition_farms_score_each_city_once_per_player():
    """AR FAQ 28 before "the most recent rule changes": farm by farm, but no city twice.

    The book's detailed farm example (third edition: Red 9, Blue 15, Yellow 12) by hand:
    Red and Blue tie farm 2 (cities A, B, C: 9 each); Blue's own farm 1 borders A and B,
    which Blue has already scored, so it adds nothing (third edition: 6); Yellow 12.
    """
    path = Path(__file__).parent / "records" / "rulebook" / "ann07-farm-detailed-example.carc.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"]["farm_scoring"] = "second-edition"
    game = GameRecord.from_data(data).replay(standard_tiles(), final=True)
    assert dict(zip(game.names, game.scores)) == {"Red": 9, "Blue": 9, "Yellow": 12, "Black": 0}
    farms = sorted((e.points, tuple(game.names[p] for p in e.players)) for e in game.events if e.final)
    assert farms == [(0, ("Blue",)), (9, ("Red", "Blue")), (12, ("Yellow",))]  # farm 1: nothing new for Blue
