"""The self-play comparison of a computer players' knob (``build_scripts/knob_match.py``)."""

from __future__ import annotations

import pytest

from carcassonne.ai import simple
from carcassonne.expansions.princess_dragon import ai

from scripts import load_script


@pytest.fixture(scope="module")
def knob_match():
    return load_script("knob_match")


@pytest.mark.parametrize("knob", ["fairy-stay", "steered"])
def test_a_value_against_itself_takes_exactly_half(knob_match, knob):
    module, name, _kind = knob_match.KNOBS[knob]
    value = getattr(module, name)
    share, margin, moved = knob_match.match(knob, value, value, range(3, 4))
    assert share == 0.5
    assert margin == 0  # the same game twice, seen from each side
    assert moved[0] == moved[1] > 0


@pytest.mark.parametrize(("knob", "module", "name", "values"),
                         [("fairy-stay", ai, "STAY", (0.5, 4.0)), ("steered", simple, "STEERED", (0, 4))])
def test_each_player_judges_with_its_own_value_and_the_module_keeps_its_own(
        knob_match, monkeypatch, knob, module, name, values):
    seen: dict[float, set[float]] = {}
    real = knob_match.GreedyBot.choose

    def choose(self, game):  # noqa: ANN001, ANN202
        move = real(self, game)
        seen.setdefault(self.value, set()).add(getattr(module, name))
        return move

    monkeypatch.setattr(knob_match.GreedyBot, "choose", choose)
    before = getattr(module, name)
    knob_match.match(knob, *values, range(3, 4))
    assert seen == {values[0]: {values[0]}, values[1]: {values[1]}}
    assert getattr(module, name) == before
