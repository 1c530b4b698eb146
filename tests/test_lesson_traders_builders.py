"""Lesson 10, Traders & Builders (resources/lessons/10-traders-builders.json): played to its
end with its moves: the wine of a city the learner completes though Easy's knight holds it,
the builder beside the thief and the second tile it gives, the pig beside the farmer, and the
majorities walked through at the end; each wrong move answered (rules:
``shared/docs/game-record.md``, "Traders & Builders")."""

from __future__ import annotations

from carcassonne.app.scenes.tutorial import note_words
from carcassonne.engine import FigureStep, Move
from carcassonne.resources import path
from carcassonne.tileset import standard_tiles
from carcassonne.tutorial import DONE, ILLEGAL, MISSED, LessonRunner, load_lessons

from figures import step as figure

TILES = standard_tiles()
LESSON = next(lesson for lesson in load_lessons(path("lessons")) if lesson.id == "traders_builders")


def goods(runner: LessonRunner, player: int = 0) -> dict[str, int]:
    from carcassonne.expansions.traders_builders import EXPANSION

    out: dict = {}
    EXPANSION.report(runner.game, player, out)
    return out["goods"]


def play_to(runner: LessonRunner, count: int) -> None:
    """The lesson's first ``count`` steps played with their moves."""
    for step in LESSON.steps[:count]:
        if step.reading:
            while runner.step is step:
                assert runner.read_on()
            continue
        assert runner.tile() == step.solution.tile
        assert runner.try_move(step.solution).result == DONE, note_words(runner.note)


def test_the_lesson_is_completed_with_its_moves_and_walks_through_the_majorities():
    runner = LessonRunner(LESSON, TILES)
    assert runner.game.rules.traders_builders
    runner.tile()
    first = runner.try_move(LESSON.steps[0].solution)
    assert first.result == DONE
    assert [(e.feature, e.points, e.players) for e in first.events] == [("city", 6, (1,))]  # Easy's city
    assert goods(runner) == {"wine": 1, "grain": 0, "cloth": 0}  # the wine is the learner's
    assert goods(runner, 1) == {"wine": 0, "grain": 0, "cloth": 0}
    play_to_rest = LESSON.steps[1:]
    for step in play_to_rest:
        if step.reading:
            assert [(e.feature, e.points) for e in runner.walkthrough] == [("road", 4), ("farm", 4), ("wine", 10)]
            while runner.step is step:
                assert runner.read_on()
            continue
        turns = len(runner.game.history)
        assert runner.tile() == step.solution.tile
        assert runner.try_move(step.solution).result == DONE, note_words(runner.note)
        if step.goal == {"at": [2, 0]}:  # the builder's road extended: a second tile, the learner's
            assert runner.game.current == 0 and len(runner.game.history) == turns + 1
    kinds = {f.kind for f in runner.game.figures_on_board() if f.player == 0}
    assert {"builder", "pig", "follower"} <= kinds
    assert runner.in_free_game


def test_a_builder_where_no_follower_of_yours_stands_is_refused_in_words():
    runner = LessonRunner(LESSON, TILES)
    runner.tile()
    move = Move("E", 0, -2, 180, FigureStep("builder", "city:S"))
    outcome = runner.try_move(move)
    assert outcome.result == ILLEGAL and "No builder here" in note_words(outcome.note)
    assert runner.index == 0


def test_a_second_thief_where_the_builder_should_go_is_refused_and_the_step_stays():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 2)
    step = LESSON.steps[2]
    runner.tile()
    thief = runner.try_move(step.solution._replace(figure=figure("road:E")))
    assert thief.result == ILLEGAL and runner.step is step  # the road is already the learner's
    assert "already" in note_words(thief.note), note_words(thief.note)
    runner.tile()
    assert runner.try_move(step.solution).result == DONE


def test_a_follower_where_the_pig_should_go_is_answered_and_a_pig_without_farmer_refused():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 5)
    step = LESSON.steps[5]
    runner.tile()
    taken = runner.try_move(step.solution._replace(figure=figure("farm:EN")))
    assert taken.result == ILLEGAL and note_words(taken.note)  # the farm is already the learner's
    runner.tile()
    knight = runner.try_move(step.solution._replace(figure=figure("city:N")))
    assert knight.result == MISSED and "this step asks for your pig" in note_words(knight.note)
    runner.tile()
    elsewhere = runner.try_move(Move("E", 3, 0, 90, FigureStep("pig", "farm:EN")))
    assert elsewhere.result in (ILLEGAL, MISSED) and runner.step is step
    runner.tile()
    assert runner.try_move(step.solution).result == DONE


def test_the_second_tile_laid_elsewhere_gets_the_steps_hint():
    runner = LessonRunner(LESSON, TILES)
    play_to(runner, 4)
    runner.tile()
    missed = runner.try_move(Move("E", 2, 1, 180))
    assert missed.result == MISSED and "north of the road's east end" in note_words(missed.note)
    assert runner.game.current == 0 and runner.index == 4
