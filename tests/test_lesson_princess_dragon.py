"""Lesson 11, The Princess & the Dragon (resources/lessons/11-princess-dragon.json): played to
its end with its moves: the volcano that brings the dragon, the princess who sends Easy's knight
home, a follower through the magic portal onto a road of another tile, the fairy moved beside
that follower; each wrong move answered (rules: ``docs/princess-dragon.md``)."""

from __future__ import annotations

from carcassonne.app.scenes.tutorial import note_words
from carcassonne.engine import FigureStep
from carcassonne.expansions.princess_dragon.rules import dragon_square, fairy_square
from carcassonne.resources import path
from carcassonne.tileset import standard_tiles
from carcassonne.tutorial import DONE, ILLEGAL, MISSED, LessonRunner, load_lessons

from figures import step as figure

TILES = standard_tiles()
LESSON = next(lesson for lesson in load_lessons(path("lessons")) if lesson.id == "princess_dragon")


def play_to(runner: LessonRunner, count: int) -> None:
    """The lesson's steps played with their moves up to step ``count`` (from where it is)."""
    for step in LESSON.steps[runner.index:count]:
        if step.reading:
            while runner.step is step:
                assert runner.read_on()
            continue
        assert runner.tile() == step.solution.tile
        assert runner.try_move(step.solution).result == DONE, note_words(runner.note)


def test_the_lesson_is_completed_with_its_moves():
    runner = LessonRunner(LESSON, TILES)
    assert runner.game.rules.get("princess_dragon") and dragon_square(runner.game) is None
    play_to(runner, 1)
    assert dragon_square(runner.game) == (0, 1)  # the volcano brought the dragon
    assert [(f.player, f.x, f.y) for f in runner.game.figures_on_board()] == [(1, 0, -1)]  # Easy's knight
    play_to(runner, 2)
    assert runner.game.figures_on_board() == []  # the princess sent it home
    play_to(runner, 3)
    assert [(f.player, f.x, f.y, f.place) for f in runner.game.figures_on_board()] == [(0, -1, 0, "road:E")]
    play_to(runner, 4)
    assert fairy_square(runner.game) == (-1, 0)
    play_to(runner, len(LESSON.steps))
    assert dragon_square(runner.game) == (1, 1)  # the dragon's steps, the learner's and Easy's in turn
    assert runner.in_free_game


def test_the_dragon_step_is_judged_with_its_steps_made_and_refused_without_them():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 4)
    step = LESSON.steps[4]
    assert step.goal.get("decided") and len(step.solution.decisions) == 5
    runner.tile()
    unmoved = runner.try_move(step.solution._replace(decisions=()))
    assert unmoved.result == ILLEGAL and "dragon" in note_words(unmoved.note), note_words(unmoved.note)
    runner.tile()
    halfway = runner.try_move(step.solution._replace(decisions=step.solution.decisions[:2]))
    assert halfway.result == ILLEGAL and runner.step is step and dragon_square(runner.game) == (0, 1)
    runner.tile()
    other = step.solution._replace(decisions=((0, 0), (0, -1), (1, -1)))  # another way: it counts as well
    assert runner.try_move(other).result == DONE and dragon_square(runner.game) == (1, -1)


def test_a_princess_tile_placed_with_its_knight_kept_is_answered_with_the_hint():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 1)
    step = LESSON.steps[1]
    runner.tile()
    kept = runner.try_move(step.solution._replace(figure=None))
    assert kept.result == MISSED and "click Easy's knight" in note_words(kept.note)
    assert runner.step is step and len(runner.game.figures_on_board()) == 1


def test_a_follower_on_the_portal_tile_itself_is_not_what_the_step_asks():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 2)
    step = LESSON.steps[2]
    runner.tile()
    here = runner.try_move(step.solution._replace(figure=figure("road:E")))
    assert here.result == MISSED and runner.step is step, note_words(here.note)
    runner.tile()
    complete = runner.try_move(step.solution._replace(figure=FigureStep("follower", "city:E", at=(0, -1))))
    assert complete.result == ILLEGAL and "complete" in note_words(complete.note), note_words(complete.note)
    runner.tile()
    assert runner.try_move(step.solution).result == DONE


def test_the_fairy_where_no_follower_of_yours_stands_is_refused_in_words():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 3)
    step = LESSON.steps[3]
    runner.tile()
    nobody = runner.try_move(step.solution._replace(figure=FigureStep("fairy", "road:E", at=(0, 0))))
    assert nobody.result == ILLEGAL and "fairy" in note_words(nobody.note), note_words(nobody.note)
    runner.tile()
    assert runner.try_move(step.solution).result == DONE
