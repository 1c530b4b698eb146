"""The hint: Expert's move for the tile in hand and one sentence saying why."""

from __future__ import annotations

import pytest

from carcassonne.ai import GreedyBot
from carcassonne.ai.hint import explain, hint
from carcassonne.engine import Game, Rules
from carcassonne.tileset import standard_tiles
from carcassonne.words.hint_words import hint_sentence

from figures import text


@pytest.fixture(scope="module")
def tiles():
    return standard_tiles()


def _greedy_game(tiles, seed: int):
    """Positions of a Normal game, each with the move Normal played and the events it caused."""
    game = Game(tiles, Rules(), players=2, seed=seed, names=["Ann", "Bob"])
    while game.draw() is not None:
        move = GreedyBot(1).choose(game)
        before = game.copy()
        events = game.play(move)
        yield before, move, events


def test_closing_ones_own_city_is_said_with_its_points(tiles):
    for game, move, events in _greedy_game(tiles, 3):
        city = [e for e in events if e.feature == "city" and e.players == (game.current,)]
        if city:
            sentence = hint_sentence(explain(game, move))
            assert sentence.startswith(f"Closes your city for {city[0].points} points")
            assert sentence.endswith(".") and sentence.count(".") == 1
            break
    else:
        pytest.fail("no city closed in this game")


def test_a_new_follower_is_named_by_its_role(tiles):
    game, move, _ = next(_greedy_game(tiles, 3))
    assert text(move.figure) and text(move.figure).startswith("city")
    assert hint_sentence(explain(game, move)).startswith("Puts a knight on a city of")


def test_a_move_without_follower_or_points_says_what_it_keeps(tiles):
    for game, move, events in _greedy_game(tiles, 5):
        if not text(move.figure) and not events:
            sentence = hint_sentence(explain(game, move))
            quiet = ("Keeps your followers in hand for later and helps the others least."
                     if game.supply[game.current] else "The place where this tile helps the others least.")
            assert sentence == quiet or sentence.startswith("Adds to your ")
            break
    else:
        pytest.fail("every move of this game scored or placed a follower")


def test_hint_is_expert_move_and_leaves_the_game_alone(tiles):
    game = Game(tiles, Rules(), players=2, seed=9, names=["Ann", "Bob"])
    for _ in range(10):
        game.draw()
        game.play(GreedyBot(2).choose(game))
    game.draw()
    before = (list(game.history), list(game.deck.pile), game.scores[:], game.supply[:])
    got = hint(game, seed=4, budget=0.02)
    assert game.why_not(got.move) is None
    assert got == hint(game, seed=4, budget=0.02)
    assert got.why == explain(game, got.move) and "\n" not in hint_sentence(got.why)
    assert before == (list(game.history), list(game.deck.pile), game.scores, game.supply)
