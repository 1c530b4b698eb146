"""Lesson 9, Inns & Cathedrals (resources/lessons/09-inns-cathedrals.json): played to its end,
the inn road closed for twice a plain road's points, the big follower put in the cathedral
city, and the wrong moves answered (Inns & Cathedrals; AR FAQ 17 and 22)."""

from __future__ import annotations

from carcassonne.resources import path
from carcassonne.tileset import standard_tiles
from carcassonne.tutorial import DONE, ILLEGAL, MISSED, LessonRunner, load_lessons

from figures import big_at
from figures import step as figure

TILES = standard_tiles()
LESSON = next(lesson for lesson in load_lessons(path("lessons")) if lesson.id == "inns_cathedrals")


def test_the_inns_and_cathedrals_lesson_is_completed_with_its_moves():
    runner = LessonRunner(LESSON, TILES)
    assert runner.game.rules.inns_cathedrals
    scored = []
    for step in LESSON.steps:
        if step.reading:
            while runner.step is step:
                assert runner.read_on()
            continue
        assert runner.tile() == step.solution.tile
        outcome = runner.try_move(step.solution)
        assert outcome.result == DONE
        scored += [(e.feature, e.points) for e in outcome.events]
    assert scored == [("road", 8)]  # an inn road of 4 tiles: 2 a tile, twice a plain road's 4
    stands = big_at(runner.game, 0)
    assert stands is not None and (stands.x, stands.y) == (0, -1)  # the big follower in the cathedral city
    assert runner.in_free_game


def test_the_big_follower_step_misses_with_a_plain_knight_and_the_step_stays():
    runner = LessonRunner(LESSON, TILES)
    for step in LESSON.steps[:-1]:
        if step.reading:
            while runner.step is step:
                runner.read_on()
            continue
        runner.tile()
        assert runner.try_move(step.solution).result == DONE
    last = LESSON.steps[-1]
    runner.tile()
    knight = runner.try_move(last.solution._replace(figure=figure("city:N")))
    assert knight.result == MISSED and runner.step is last
    runner.tile()
    nowhere = runner.try_move(last.solution._replace(figure=figure("big:road:E")))
    assert nowhere.result == ILLEGAL
    runner.tile()
    assert runner.try_move(last.solution).result == DONE
