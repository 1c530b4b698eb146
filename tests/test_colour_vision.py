"""The players' colours stay apart for players with a colour vision deficiency (issue 42): the
colour-vision set of pieces keeps every pair at least 15 apart (CAM02-UCS) under simulated
deuteranopia, protanopia and tritanopia, as the pieces are drawn."""

from __future__ import annotations

import pytest

pytest.importorskip("colorspacious")

from scripts import load_script  # noqa: E402

measure = load_script("colour_vision")


def test_the_colour_vision_set_keeps_every_pair_apart_under_each_deficiency():
    measured = measure.distances(measure.set_colours("colour-vision"))
    worst = measure.nearest(measured)
    assert set(worst) == {"deuteranopia", "protanopia", "tritanopia"}
    assert {name: round(d, 1) for name, (_pair, d) in worst.items() if d < measure.GOAL} == {}
    assert min(measured["normal"].values()) >= measure.GOAL  # and apart for everyone else too


def test_the_measure_finds_the_default_sets_red_and_green_close_under_deuteranopia():
    """The default pieces are the ones a player with full colour vision knows; their red and
    green are what the colour-vision set is for."""
    (pair, distance) = measure.nearest(measure.distances(measure.set_colours()))["deuteranopia"]
    assert pair == ("red", "green") and distance < measure.GOAL


def test_every_figure_of_the_colour_vision_set_is_drawn():
    from carcassonne import resources

    folder = resources.path("pieces", "colour-vision")
    for colour in measure.COLOURS:
        for figure in ("meeple", "meeple-{}-lying", "abbot", "builder", "pig"):
            name = figure.format(colour) + ".png" if "{}" in figure else f"{figure}-{colour}.png"
            assert (folder / name).is_file(), name
