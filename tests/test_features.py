"""The engine's public view of features (kind, tiles, open edges, followers, points).

The computer players, the aids and the board's highlights read features only
through :class:`carcassonne.engine.Feature`, so its facts are checked here against
the rules' own scoring: a feature's points are what final scoring gives it.
"""

from __future__ import annotations

import random

import pytest

from carcassonne.engine import Feature, Game, Rules
from carcassonne.engine.geometry import coords
from carcassonne.tileset import standard_tiles

from builder import new_game, play
from figures import step


def test_a_road_with_a_thief_is_seen_whole_with_its_open_end():
    game = new_game()
    play(game, "W 1 0 0 road:W")  # D's road runs west from a village on W
    road = game.feature_at(1, 0, "road:W")
    assert road.kind == "road"
    assert sorted(road.tiles) == [(0, 0), (1, 0)]
    assert road.open_edges == 1 and not road.complete
    assert [coords(sq) for sq in road.frontier] == [(-1, 0)]
    assert road.followers_by_player == (1, 0) and road.leaders == (0,)
    assert road.points == 2  # 1 per tile, complete or not (AR "Final scoring")


def test_a_completed_city_is_worth_two_per_tile_and_pennant():
    game = new_game()
    play(game, "M 0 -1 180", "E 1 -1 270")  # AR's example: three city tiles, one pennant
    city = game.feature_at(0, -1, "city:S")
    assert city.complete and city.open_edges == 0 and city.frontier == ()
    assert city.pennants == 1 and city.tile_count == 3
    assert city.points == 8


def test_an_incomplete_city_is_worth_one_per_tile_and_pennant():
    game = new_game()
    play(game, "M 0 -1 180 city:S")
    city = game.feature_at(0, 0, "city:N")
    assert city == game.feature_at(0, -1, "city:S")
    assert not city.complete and city.points == 3  # two tiles, one pennant


def test_the_small_city_rule_reaches_the_view():
    game = new_game(small_city=True)
    play(game, "E 0 -1 180")
    assert game.feature_at(0, 0, "city:N").points == 2


def test_a_field_knows_the_cities_it_borders():
    game = new_game()
    play(game, "E 0 -1 180")  # closes D's city, which borders the field between it and the road
    field = game.feature_at(0, 0, "farm:EN")
    assert field.kind == "field" and not field.complete
    assert [c.kind for c in field.cities] == ["city"] and field.cities[0].complete
    assert field.points == 3


def test_features_can_be_listed_by_kind_and_occupation():
    game = new_game()
    play(game, "W 1 0 0 road:W")
    assert {f.kind for f in game.features()} == {"road", "city", "field"}
    occupied = game.features(occupied=True)
    assert [f.kind for f in occupied] == ["road"]
    assert all(f.kind == "city" for f in game.features("city"))


def test_asking_for_a_place_that_is_not_there_is_a_key_error():
    game = new_game()
    with pytest.raises(KeyError):
        game.feature_at(5, 5, "road:N")
    with pytest.raises(KeyError):
        game.feature_at(0, 0, "cloister")


@pytest.mark.parametrize("rules", [Rules(), Rules(small_city=True), Rules(river=True)],
                         ids=["default", "small cities", "river"])
def test_every_occupied_feature_is_worth_what_final_scoring_gives_it(rules):
    """Over random games: roads, cities and cloisters score their view's points at the end."""
    tiles = standard_tiles()
    for seed in range(15):
        game = Game(tiles, rules, 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 60)):
            tile = game.draw()
            if tile is None:
                break
            placement = rng.choice(game.legal_placements(tile))
            spots = [s for s in game.follower_spots(placement) if not s.startswith("field")]
            game.play(placement.with_figure(step(rng.choice(spots) if spots else None)))
        views = {frozenset(f.tiles): f for f in game.features(occupied=True) if f.kind != "field"}
        for event in game.final_scoring():
            if event.feature == "farm":
                continue
            view = views.pop(frozenset(event.tiles))
            assert (view.kind, view.points, view.leaders) == (event.feature, event.points, event.players)
            assert not view.complete
            assert sorted(view.followers, key=repr) == sorted(event.figures_returned, key=repr)
        assert views == {}


def test_a_view_is_equal_only_to_a_view_of_the_same_feature():
    game = new_game()
    a = game.feature_at(0, 0, "road:W")
    assert a == game.feature_at(0, 0, "road:E") and hash(a) == hash(game.feature_at(0, 0, "road:E"))
    assert a != game.feature_at(0, 0, "city:N")
    assert isinstance(a, Feature)
