"""The hooks the next expansions need, through an expansion made for the tests
(tests/expansions/markets): a feature completed by the player who placed the tile, whoever
holds it; counters per player; a final award that belongs to no feature; a farm's value per
city per player; an extra turn that sees the move. No core change is needed to use them."""

from __future__ import annotations

import pytest

from carcassonne import expansions
from carcassonne.engine import Game, Rules
from carcassonne.tileset import standard_tiles

from builder import play

TILES = standard_tiles()
PACKAGE = "expansions.markets"


@pytest.fixture(autouse=True)
def markets():
    expansions.register(PACKAGE)
    yield
    expansions.unregister(PACKAGE)


def _game() -> Game:
    return Game(TILES, Rules(markets=True), 2, seed=0, names=["Ann", "Bob"])


def test_the_placer_of_a_completing_tile_takes_tokens_even_from_a_city_nobody_holds():
    game = _game()
    play(game, "E 0 -1 180")  # Ann closes the start tile's city with E: 2 tiles, nobody on it
    assert game.counters(0) == {"market": 2} and game.counters(1) == {"market": 0}
    game.pop()
    assert game.counters(0) == {"market": 0}  # undone with the turn


def test_the_most_tokens_score_a_final_award_that_belongs_to_no_feature():
    game = _game()
    play(game, "E 0 -1 180")
    events = game.finish()
    award = [e for e in events if e.feature == "market"]
    assert [(e.points, e.players, e.tiles, e.figures_returned) for e in award] == [(5, (0,), (), ())]
    assert game.scores[0] == 5


def test_a_farm_city_is_worth_what_a_module_adds_for_that_player():
    plain = Game(TILES, Rules(), 2, seed=0, names=["Ann", "Bob"])
    for game, per_city in ((_game(), 4), (plain, 3)):  # Ann farms beside the city Bob closes
        play(game, "U 1 0 0 farm:NW", "E 0 -1 180")
        farm = [e for e in game.final_scoring() if e.feature == "farm"]
        assert [(e.players, e.points) for e in farm] == [((0,), per_city)]


def test_an_extra_turn_is_decided_by_the_move():
    game = _game()
    play(game, "C 0 -1 0")  # the four-sided city: Ann plays again
    assert game.current == 0
    play(game, "U 1 0 0")
    assert game.current == 1
