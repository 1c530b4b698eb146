"""The hooks of a turn's start, of tiles kept back, of bonuses that follow a feature's scoring
and of a tile no figure may stand on, through an expansion made for the tests
(tests/expansions/lanterns). No core change is needed to use them; without a module that
uses them the game is as before."""

from __future__ import annotations

import pytest

from carcassonne import expansions
from carcassonne.engine import Game, Rules
from carcassonne.engine.figures import follower
from carcassonne.engine.moves import Discard, Placement
from carcassonne.tileset import standard_tiles

from builder import play

TILES = standard_tiles()
PACKAGE = "expansions.lanterns"


@pytest.fixture(autouse=True)
def lanterns():
    expansions.register(PACKAGE)
    yield
    expansions.unregister(PACKAGE)


def _game(**rules: object) -> Game:
    return Game(TILES, Rules(lanterns=True, **rules), 2, seed=0, names=["Ann", "Bob"])


def _top(game: Game, tile: str) -> None:
    """Put ``tile`` on top of the bag."""
    deck = game.deck
    deck.take(tile)
    deck.put_back(tile, len(deck.pile))


def test_a_turn_begins_once_for_each_player_and_pop_takes_it_back():
    game = _game()
    assert game.counters(0) == {"lantern": 0}
    play(game, "E 0 -1 180")
    assert game.counters(0) == {"lantern": 1} and game.counters(1) == {"lantern": 0}
    play(game, "U 1 0 0")
    assert game.counters(1) == {"lantern": 1}
    game.pop()
    assert game.counters(1) == {"lantern": 0}


def test_a_tile_set_aside_does_not_begin_the_turn_again():
    game = _game()
    game.push(Discard("U"))  # Ann sets a tile aside and draws again: the same turn
    play(game, "E 0 -1 180")
    assert game.counters(0) == {"lantern": 1}
    game.pop()
    game.pop()
    assert game.counters(0) == {"lantern": 0}


@pytest.mark.parametrize("continues", [False, True])
def test_an_extra_entry_begins_a_new_turn_unless_it_continues_the_turn(continues, monkeypatch):
    expansions.register("expansions.markets")  # tile C gives its placer another entry
    try:
        from expansions.markets.rules import MarketRule

        monkeypatch.setattr(MarketRule, "continues_turn", continues)
        game = Game(TILES, Rules(lanterns=True, markets=True), 2, seed=0, names=["Ann", "Bob"])
        play(game, "B 0 1 0", "C 0 -1 0")  # Bob's C: he plays again
        assert game.current == 1
        play(game, "U 1 0 0")
        assert game.counters(1)["lantern"] == (1 if continues else 2)
    finally:
        expansions.unregister("expansions.markets")


def test_a_tile_kept_back_is_passed_over_and_is_no_tile_left():
    game = _game()
    _top(game, "C")
    assert game.deck.peek() == "C" and game.next_from_bag() != "C"
    assert game.draw() != "C"
    reason = game.why_not(Placement("C", 0, -1, 0).with_figure(None))
    assert reason is not None and reason.rule == "kept-back"
    game.deck.pile[:] = ["C"]
    assert game.is_over  # only a kept-back tile is left


def test_a_kept_back_tile_comes_free_once_the_board_frees_it():
    game = _game()
    play(game, "B 0 1 0")  # a cloister below the start
    _top(game, "C")
    assert game.next_from_bag() == "C" and game.why_not_placement(Placement("C", 0, -1, 0)) is None


def test_a_bonus_follows_the_city_scored_in_play_and_at_the_end():
    game = _game()
    events = play(game, "E 0 -1 180 city:S")
    assert [(e.feature, e.points, e.players) for e in events] == [("city", 4, (0,)), ("lantern", 2, (0,))]
    assert game.scores == [6, 0]
    game.pop()
    assert game.scores == [0, 0]
    play(game, "F 0 -1 90 city:N")  # a city left open: scored at the end, then its bonus
    finals = [(e.feature, e.players) for e in game.final_scoring()]
    assert finals == [("city", (0,)), ("lantern", (0,))]
    assert game.final_scoring()[1].points == 2 and game.final_scoring()[1].tiles == ((0, 0),)


def test_no_figure_stands_on_a_tile_a_module_bars():
    game = _game()
    placement = Placement("B", 0, 1, 0)
    assert game.figure_steps(placement) == []
    reason = game.why_not_figure(placement, follower("cloister"))
    assert reason is not None and reason.rule == "lantern-tile"


def test_without_a_module_the_hooks_cost_nothing():
    game = Game(TILES, Rules(), 2, seed=0)
    assert not (game._starters or game._keepers or game._scorers or game._final_scorers
                or game._no_stand or game._elsewhere)
    assert game.next_from_bag() == game.deck.peek()


def test_a_figure_removed_by_a_rule_goes_home_and_the_modules_hear_of_it():
    game = _game()
    play(game, "E 0 -1 180", "U 1 0 0 road:W")  # Bob's thief on the road
    node = game.followers_on(game.feature_at(1, 0, "road:W").key)[0][1]
    game.push(Placement("V", -1, 0, 0).with_figure(None))  # a turn to remove it in
    journal: list = []
    game.remove_figure(1, node, journal)
    assert game.supply[1] == 7 and not game.features(occupied=True)
    assert game.counters(1) == {"lantern": 0}


def test_the_board_with_a_tile_laid_before_its_scoring():
    game = _game()
    play(game, "F 0 -1 90 city:N")
    with game.laid(Placement("E", 0, -2, 180)):  # closes Ann's city: not scored yet
        feature = game.feature_at(0, -2, "city:S")
        assert feature.complete and feature.followers
    assert game.tile_at(0, -2) is None and game.turn_number == 1 and game.scores == [0, 0]


def test_every_expansion_writes_its_part_of_a_turn():
    from carcassonne.engine.figures import FigureStep

    move = Placement("E", 0, -1, 180).with_figure(FigureStep("follower", "city:S", at=(3, 4)))
    written = move.to_record()
    assert written["meeple"] == "city:S" and written["lantern_at"] == [3, 4]
    assert Placement("B", 0, 1, 0).with_figure(None).to_record()["lit"] == []


def test_a_tile_a_module_bars_never_starts_the_game():
    from carcassonne.engine import RecordError
    from carcassonne.engine.deck import Deck

    starts = {Game(TILES, Rules(lanterns=True, start="random"), 2, seed=seed).start_tile for seed in range(200)}
    assert "C" not in starts and len(starts) > 5
    with pytest.raises(RecordError, match="start_tile 'C' cannot be the start tile: tile C never starts"):
        Deck.for_rules(TILES, Rules(lanterns=True, start="random"), None, "C")
