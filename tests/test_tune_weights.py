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
    assert expert_weights(2) is EXPERT_WEIGHTS
    for players in range(2, 7):
        assert isinstance(expert_weights(players), ExpertWeights)
