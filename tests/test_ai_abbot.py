"""Computer players with the Abbot: its places and taking it back are moves like any other,
valued as a monk's, and it is never counted among the followers."""

from __future__ import annotations

import pytest

from carcassonne.ai import get_bot
from carcassonne.ai.base import moves_of, tile_in_hand
from carcassonne.ai.expert import ExpertEvaluator, expert_weights
from carcassonne.ai.heuristics import Evaluator
from carcassonne.ai.hint import explain
from carcassonne.engine import Game, Rules
from carcassonne.tileset import standard_tiles
from carcassonne.words.hint_words import hint_sentence

from figures import BACK, ON_CLOISTER, ON_GARDEN, abbots, text

ABBOT = Rules(abbot=True)


@pytest.fixture(scope="module")
def tiles():
    return standard_tiles()


def play(tiles, levels: list[str], seed: int, rules: Rules = ABBOT) -> tuple[Game, list]:
    """A whole checked game; returns it and every (player, move, position before) with an abbot."""
    game = Game(tiles, rules, players=len(levels), seed=seed)
    bots = [get_bot(level, seed + i) for i, level in enumerate(levels)]
    for b in bots:
        if hasattr(b, "budget"):
            b.budget = 0.01
    abbot_moves = []
    while game.draw() is not None:
        move = bots[game.current].choose(game)
        assert game.why_not(move) is None, f"{levels[game.current]} chose illegal {move}"
        if (text(move.figure) or "").startswith("abbot"):
            abbot_moves.append((game.current, move, game.copy()))
        game.push(move)
    game.finish()
    return game, abbot_moves


def test_moves_of_lists_the_abbots_places_and_taking_it_back(tiles):
    game = Game(tiles, ABBOT, players=2, seed=3)
    seen: set[str] = set()
    while game.draw() is not None and not {ON_CLOISTER, BACK} <= seen:
        tile = tile_in_hand(game)
        moves = list(moves_of(game, tile))
        for move in moves:
            assert game.why_not(move) is None
        figures = {text(m.figure) for m in moves}
        seen |= {f for f in figures if f and f.startswith("abbot")}
        if abbots(game)[game.current] >= 0:
            assert BACK in figures
        game.push(get_bot("normal", 1).choose(game))
    assert {ON_CLOISTER, BACK} <= seen


def test_bots_place_and_take_back_the_abbot(tiles):
    figures: set[str] = set()
    for seed in range(1, 5):
        _, moves = play(tiles, ["normal", "easy"], seed)
        figures |= {text(m.figure) for _, m, _ in moves}
    assert BACK in figures and figures & {ON_CLOISTER, ON_GARDEN}


def test_normal_beats_random_with_the_abbot(tiles):
    wins = sum(play(tiles, ["normal", "random"], seed)[0].scores[0] >
               play(tiles, ["normal", "random"], seed)[0].scores[1] for seed in (11, 12))
    game, _ = play(tiles, ["normal", "random"], 13)
    assert game.scores[0] > game.scores[1]
    assert wins == 2


def test_the_abbot_is_no_follower_for_the_evaluation(tiles):
    """Placing the abbot leaves the supply, so the follower reserve (Expert) is unchanged."""
    game = Game(tiles, ABBOT, players=2, seed=5)
    while game.draw() is not None:
        tile = tile_in_hand(game)
        placed = [m for m in moves_of(game, tile) if text(m.figure) in (ON_CLOISTER, ON_GARDEN)]
        if placed:
            break
        game.push(get_bot("normal", 2).choose(game))
    move = placed[0]
    me = game.current
    supply = game.supply[me]
    after = game.copy()
    after.push(move)
    assert after.supply[me] == supply
    # An abbot on a cloister or garden is worth about what a monk there is worth.
    ev = ExpertEvaluator(game, expert_weights(2))
    assert ev.values(after)[me] > Evaluator(game).values(game)[me] - 15


def test_the_hint_words_the_abbot(tiles):
    said = {}
    for seed in range(1, 4):
        _, moves = play(tiles, ["normal", "normal"], seed)
        for _player, move, before in moves:
            why = explain(before, move)
            kinds = [c.kind for c in why.clauses]
            if text(move.figure) == BACK:
                assert kinds[0] == "back"
                said["back"] = hint_sentence(why)
            else:
                assert "abbot" in kinds or "keep" in kinds
                if "abbot" in kinds:
                    said["abbot"] = hint_sentence(why)
            assert hint_sentence(why)
    assert said["back"].startswith("Takes your abbot back for ")
    assert "abbot on a" in said["abbot"]
