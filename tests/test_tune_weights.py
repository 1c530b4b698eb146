"""The self-play tuning of Expert's weights (``build_scripts/tune_weights.py``) at any table size."""

from __future__ import annotations

import pytest

from carcassonne.ai.expert import EXPERT_WEIGHTS, ExpertWeights, expert_weights
from carcassonne.engine import Rules
from carcassonne.tileset import standard_tiles

from scripts import load_script


@pytest.fixture(scope="module")
def tune():
    return load_script("tune_weights")


@pytest.mark.parametrize("players", [2, 3])
def test_weights_against_themselves_take_exactly_their_fair_share(tune, players):
    share, margin = tune.match(EXPERT_WEIGHTS, EXPERT_WEIGHTS, range(7, 8), standard_tiles(), Rules(), players)
    assert share == pytest.approx(1 / players)
    if players == 2:
        assert margin == 0  # the same game twice, seen from each side


def test_a_candidate_plays_once_in_every_seat(tune, monkeypatch):
    seats: list[tuple[int, ...]] = []
    real = tune.Greedy
    made: list[ExpertWeights] = []

    def greedy(seed: int, weights: ExpertWeights):  # noqa: ANN202
        made.append(weights)
        return real(seed, weights)

    monkeypatch.setattr(tune, "Greedy", greedy)
    candidate = ExpertWeights(reserve=1.0)
    tune.match(candidate, EXPERT_WEIGHTS, range(3, 4), standard_tiles(), Rules(), 3)
    for game in range(3):
        seats.append(tuple(i for i, w in enumerate(made[3 * game: 3 * game + 3]) if w == candidate))
    assert seats == [(0,), (1,), (2,)]


def test_each_table_size_gets_the_weights_tuned_nearest_to_it():
    from carcassonne.ai.expert import EXPERT_WEIGHTS_AT

    assert expert_weights(2) is EXPERT_WEIGHTS
    assert expert_weights(3) is EXPERT_WEIGHTS_AT[3] and expert_weights(4) is EXPERT_WEIGHTS_AT[4]
    assert expert_weights(6) is EXPERT_WEIGHTS_AT[max(EXPERT_WEIGHTS_AT)]
    # at a bigger table a follower waits longer for its chance: the reserve is larger there
    assert expert_weights(4).reserve > EXPERT_WEIGHTS.reserve


def test_expert_judges_by_the_weights_of_its_table():
    from carcassonne.ai import ExpertBot
    from carcassonne.engine import Game

    tiles = standard_tiles()
    bot = ExpertBot(seed=1)
    for players in (2, 3, 4):
        assert bot.evaluator(Game(tiles, Rules(), players, seed=1)).w is expert_weights(players)
    fixed = ExpertWeights(reserve=2.0)
    assert ExpertBot(seed=1, weights=fixed).evaluator(Game(tiles, Rules(), 4, seed=1)).w is fixed
