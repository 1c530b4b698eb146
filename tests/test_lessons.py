"""The tutorial's lessons (resources/lessons/): each one plays through the engine to its end
with the moves its file intends, every step's goal is reachable, and wrong moves are answered
(in the words the Tutorial screen draws, in the language spoken: English here)."""

from __future__ import annotations

import json

import pytest

from carcassonne.ai import get_bot
from carcassonne.app.scenes.tutorial import coach_words, note_words, progress_words
from carcassonne.engine import FigureStep, Game, Move, Rules
from carcassonne.resources import path
from carcassonne.tileset import standard_tiles
from carcassonne.tutorial import DONE, ILLEGAL, MISSED, LessonError, LessonRunner, goal_met, load_lessons
from carcassonne.tutorial.lesson import lesson_from_data
from carcassonne.tutorial.runner import new_lesson_game

TILES = standard_tiles()
LESSONS = load_lessons(path("lessons"))


def play_steps(runner: LessonRunner) -> None:
    """Every step with its intended move (reading steps: Next until the step changes)."""
    for step in runner.lesson.steps:
        assert runner.step is step
        if step.reading:
            while runner.step is step:
                assert runner.read_on()
            continue
        assert runner.tile() == step.solution.tile
        outcome = runner.try_move(step.solution)
        assert outcome.result == DONE, f"{runner.lesson.id}: {note_words(outcome.note)}"


def test_there_are_eleven_lessons_from_placing_tiles_to_the_princess_and_the_dragon():
    assert [lesson.id for lesson in LESSONS] == [
        "placing", "roads", "cities", "cloisters", "farmers", "final", "river", "abbot", "inns_cathedrals",
        "traders_builders", "princess_dragon"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_plays_through_its_steps_and_its_free_game_to_the_end(lesson):
    runner = LessonRunner(lesson, TILES)
    play_steps(runner)
    assert runner.in_free_game and progress_words(runner) == "Free game"
    bots = [get_bot("easy", 1), get_bot("easy", 2)]
    game = runner.game
    while runner.tile() is not None:
        game.play(bots[game.current].choose(game.copy()))
    game.finish()
    assert runner.finished
    assert "game is over" in coach_words(runner)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_step_goal_is_reached_by_its_move_from_the_board_it_starts_on(lesson):
    """Reachability: before each step the intended move is legal and meets the goal
    (checked on a copy, so the check itself cannot hide a later failure)."""
    runner = LessonRunner(lesson, TILES)
    for step in lesson.steps:
        if step.solution is not None:
            runner.tile()
            trial = runner.game.copy()
            assert trial.why_not(step.solution) is None, f"{lesson.id}: {step.text[:40]}"
            events = trial.play(step.solution)
            assert goal_met(step.goal, step.solution, events, trial)
            if step.point:
                assert (step.solution.x, step.solution.y) in step.point, "the aids point where to act"
            runner.try_move(step.solution)
        else:
            while runner.step is step:
                runner.read_on()


def test_lessons_cover_followers_on_every_feature_and_final_scoring():
    goals = [s.goal for lesson in LESSONS for s in lesson.steps]
    assert {g["follower"] for g in goals if "follower" in g} == {
        "road", "city", "cloister", "farm", "abbot", "big", "builder", "pig", "fairy", "princess"}
    assert {g["scored"] for g in goals if "scored" in g} == {"road", "city", "cloister", "garden"}
    assert any(g.get("final") for g in goals)
    assert any(s.discards for lesson in LESSONS for s in lesson.steps), "a tile that fits nowhere"
    assert any(lesson.rules.river for lesson in LESSONS)


def test_an_illegal_move_is_answered_with_the_engines_why_not_and_changes_nothing():
    runner = LessonRunner(LESSONS[0], TILES)
    runner.tile()
    before = len(runner.game.history)
    outcome = runner.try_move(Move("U", 0, -1, 0))
    assert outcome.result == ILLEGAL
    assert outcome.reason is not None and outcome.reason.rule == "edge-mismatch"
    assert note_words(outcome.note).startswith("Doesn't fit: its south edge is field")
    assert len(runner.game.history) == before and runner.index == 0


def test_a_legal_move_that_misses_the_goal_is_taken_back_with_the_hint():
    runner = LessonRunner(LESSONS[0], TILES)
    runner.tile()
    outcome = runner.try_move(Move("U", -1, 0, 0))
    assert outcome.result == MISSED and "east of the start tile" in note_words(outcome.note)
    assert runner.index == 0 and runner.game.tile_at(-1, 0) is None
    assert runner.try_move(LESSONS[0].steps[0].solution).result == DONE


def test_restart_puts_the_lesson_back_to_its_board_start():
    runner = LessonRunner(LESSONS[1], TILES)
    play_steps(runner)
    runner.restart()
    assert runner.index == 0 and runner.game.turn_number == len(LESSONS[1].start)
    assert runner.game.scores == [0, 0]


def test_lesson_files_are_data_every_one_a_json_object_with_steps():
    for file in sorted(path("lessons").glob("*.json")):
        data = json.loads(file.read_text(encoding="utf-8"))
        assert data["steps"] and all("text" in s for s in data["steps"])


@pytest.mark.parametrize("bad, words", [
    ({"id": "x", "title": "x", "steps": []}, "at least one step"),
    ({"id": "x", "title": "x", "steps": [{"text": "t", "goal": {"teleport": 1}}]}, "a goal uses only"),
    ({"id": "x", "title": "x", "steps": [{"text": "t", "goal": {"at": [1, 0]}}]}, "has no solution"),
])
def test_a_malformed_lesson_is_refused_in_one_line(bad, words):
    with pytest.raises(ValueError, match=words):
        lesson_from_data(bad)


def test_a_board_start_that_breaks_the_rules_is_a_lesson_error():
    lesson = lesson_from_data({"id": "bad", "title": "Bad", "start": [
        {"tile": "U", "x": 0, "y": -1, "rotation": 0}, {"tile": "U", "x": 1, "y": 0, "rotation": 0}],
        "steps": [{"text": "read", "goal": {"read": True}}]})
    with pytest.raises(LessonError, match="board start"):
        new_lesson_game(lesson, TILES)


def test_a_deck_in_order_draws_its_tiles_first_to_last_and_holds_nothing_else():
    from carcassonne.engine.deck import Deck

    phases = Game(TILES, Rules(river=True), 2, seed=1).deck.phase_of
    deck = Deck.in_order(["R7", "U", "E", "U"], phases)
    assert len(deck) == 4 and deck.counts == {"R7": 1, "U": 2, "E": 1}
    assert deck.phase() < 0 and deck.why_not_drawable("U") is not None  # the river's tiles first
    drawn = []
    while deck.peek():
        drawn.append(deck.peek())
        deck.take(drawn[-1])
    assert drawn == ["R7", "U", "E", "U"]


def test_the_abbot_lesson_takes_the_abbot_back_at_the_right_moment():
    """The Abbot: the abbot refused on a road, placed in the garden; a turn that keeps it out
    misses the step (taken back, with the hint); taking it back scores its garden (1 + 3)."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "abbot")
    runner = LessonRunner(lesson, TILES)
    place = lesson.steps[0].solution
    wrong = runner.try_move(place._replace(figure=FigureStep("abbot", "road:E")))
    assert wrong.result == ILLEGAL and wrong.reason.rule == "abbot-place"
    assert runner.try_move(place).result == DONE
    while runner.step is lesson.steps[1]:
        assert runner.read_on()
    back = lesson.steps[2].solution
    kept_out = runner.try_move(back._replace(figure=None))
    assert kept_out.result == MISSED and "take your abbot back" in note_words(kept_out.note)
    taken = runner.try_move(back)
    assert taken.result == DONE
    assert [(e.feature, e.points) for e in taken.events] == [("garden", 4)]
    assert runner.game.scores[0] == 4
    assert runner.try_move(lesson.steps[3].solution).result == DONE  # home again: on the cloister


def test_a_step_that_takes_any_square_moves_the_computers_reply_off_the_square_the_learner_took():
    """Lesson 1's third step takes the tile anywhere it fits: on the square of the computer's
    scripted reply too, which then goes on the nearest free square that takes it."""
    runner = LessonRunner(LESSONS[0], TILES)
    for step in LESSONS[0].steps[:2]:
        runner.tile()
        assert runner.try_move(step.solution).result == DONE
    step = runner.step
    assert step.goal == {"any": True} and step.reply is not None
    runner.tile()
    taken = next(p for p in runner.game.legal_placements(step.solution.tile)
                 if (p.x, p.y) == (step.reply.x, step.reply.y))
    assert runner.try_move(taken.with_figure(None)).result == DONE
    reply = runner.game.history[-1]
    assert reply.tile == step.reply.tile and (reply.x, reply.y) != (step.reply.x, step.reply.y)
    assert runner.game.tile_at(taken.x, taken.y) is not None and runner.game.current == 0


def test_the_readme_counts_the_lessons_there_are():
    """Issue 42: the README said seven lessons when there were nine."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    count = len(list((root / "resources" / "lessons").glob("*.json")))
    words = {7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert f"has {words[count]} short lessons" in readme
