"""The self-play comparison of the fairy's expected stay (``build_scripts/fairy_stay.py``)."""

from __future__ import annotations

import pytest

from carcassonne.expansions.princess_dragon import ai

from scripts import load_script


@pytest.fixture(scope="module")
def fairy_stay():
    return load_script("fairy_stay")


def test_a_value_against_itself_takes_exactly_half(fairy_stay):
    share, margin, moved = fairy_stay.match(ai.STAY, ai.STAY, range(3, 4))
    assert share == 0.5
    assert margin == 0  # the same game twice, seen from each side
    assert moved[0] == moved[1] > 0


def test_each_player_judges_with_its_own_value_and_the_module_keeps_its_own(fairy_stay, monkeypatch):
    seen: dict[float, set[float]] = {}
    real = fairy_stay.GreedyBot.choose

    def choose(self, game):  # noqa: ANN001, ANN202
        move = real(self, game)
        seen.setdefault(self.stay, set()).add(ai.STAY)
        return move

    monkeypatch.setattr(fairy_stay.GreedyBot, "choose", choose)
    before = ai.STAY
    fairy_stay.match(0.5, 4.0, range(3, 4))
    assert seen == {0.5: {0.5}, 4.0: {4.0}}
    assert ai.STAY == before
