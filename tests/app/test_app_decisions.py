"""A decision the rules ask during a turn, on the Play screen, with no expansion's own phase.

The example expansion ``tests/expansions/pick_square`` (registered here only) asks every
player in turn, the player to move first, to pick a square beside the tile just laid. At one
screen the person asked is named with their colour, the options are lit on the board and a
click answers (a hand-over card first when the mouse must change hands); a computer answers
in its worker thread (``Bot.decide``); the move is played once every decision is made, and
the record the game saves holds them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from carcassonne import expansions
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.play.turn import AI_DECIDE, DECIDE, HANDOVER, HUMAN
from carcassonne.app.session import play
from carcassonne.engine import Game, Rules
from carcassonne.engine.record import GameRecord, Seat

#: The folder that holds the tests' example expansions (``expansions/<name>/``).
TESTS = Path(__file__).parents[1]
PACKAGE = "expansions.pick_square"


@pytest.fixture
def pick_square(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """The example expansion in the registry for one test."""
    monkeypatch.syspath_prepend(str(TESTS))
    expansions.register(PACKAGE)
    yield
    expansions.unregister(PACKAGE)


def new_game(app, seats: list[Seat], seed: int = 4) -> Game:  # noqa: ANN001
    return Game(app.tiles, Rules(pick_square=True), players=len(seats), seed=seed, names=[s.name for s in seats])


def lay_and_confirm(d: Driver, scene) -> None:  # noqa: ANN001
    """Tab lays the tile on its first legal square; Enter confirms it with no follower."""
    d.key(pygame.K_TAB)
    assert scene.turn.pending is not None, scene.message
    d.key(pygame.K_RETURN)


def pick(d: Driver, scene, index: int = 0) -> tuple[int, int]:  # noqa: ANN001
    """Click the lit square ``index`` of the decision asked now; returns it."""
    asked = scene.turn.decision()
    assert asked is not None and scene.phase == DECIDE, scene.phase
    lit = scene.board.marks.scored
    assert set(lit) == set(asked.options)  # the options are lit on the board
    square = sorted(asked.options)[index]
    show_cell(d, scene, *square, 96)
    d.click(scene.camera.cell_center(*square))
    return square


def test_two_people_at_one_screen_each_pick_a_square_and_the_record_keeps_the_picks(make_app, pick_square):
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    app = make_app()
    game = new_game(app, seats)
    d = Driver(app)
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)  # the first hand-over card
    scene = app.top
    assert scene.phase == HUMAN
    lay_and_confirm(d, scene)
    # Ann, who laid it, decides first: no hand-over, her name on the message
    assert scene.phase == DECIDE and scene.turn.decision().player == 0
    assert game.turn_number == 0  # nothing is played before the decisions
    assert "Ann" in scene.message and "lit squares" in scene.message
    first = pick(d, scene)
    # then Bob: the mouse changes hands, the card names him and says it is his decision
    assert scene.phase == HANDOVER and scene.turn.decider == 1
    d.frames(1)
    d.key(pygame.K_RETURN)
    assert scene.phase == DECIDE and scene.turn.decision().player == 1
    assert "Bob" in scene.message
    second = pick(d, scene)
    d.run_until(lambda: game.turn_number == 1, 200)
    move = game.history[0]
    assert move.decisions == (first, second)
    d.run_until(lambda: scene.phase in (HUMAN, HANDOVER), 400)
    assert scene.phase == HUMAN and game.current == 1  # Bob already has the mouse: his turn at once
    saved = json.loads(app.storage.autosave_path.read_text())
    assert saved["rules"]["pick_square"] is True
    assert saved["turns"][0]["picks"] == [list(first), list(second)]
    again = GameRecord.from_data(saved).replay(app.tiles, final=False)
    assert again.scores == game.scores and again.history == game.history


def test_a_click_off_the_options_is_refused_and_asks_again(make_app, pick_square):
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    app = make_app()
    game = new_game(app, seats)
    d = Driver(app)
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    lay_and_confirm(d, scene)
    p = scene.turn.pending
    away = (p.x + 5, p.y + 5)
    show_cell(d, scene, *away, 48)
    d.click(scene.camera.cell_center(*away))
    assert scene.phase == DECIDE and scene.turn.steps.decisions == ()
    assert "lit squares" in scene.message


def test_a_computer_answers_its_decision_in_its_thread_and_asks_the_person_for_theirs(make_app, pick_square):
    seats = [Seat("Ann", "red"), Seat("Cy", "blue", "ai:easy")]
    app = make_app()
    game = new_game(app, seats)
    d = Driver(app)
    play(app, game, seats)
    d.frames(2)
    scene = app.top
    if scene.phase == HANDOVER:
        d.key(pygame.K_RETURN)
    assert scene.phase == HUMAN and game.current == 0
    lay_and_confirm(d, scene)
    first = pick(d, scene)  # Ann first, then the computer in its worker thread
    assert (scene.phase == AI_DECIDE and "Cy" in scene.message) or game.turn_number == 1, scene.phase
    d.run_until(lambda: game.turn_number >= 1, seconds=60)
    assert game.history[0].decisions[0] == first and len(game.history[0].decisions) == 2
    # the computer's own turn: it decides first, then Ann is asked (no hand-over: she is alone here)
    d.run_until(lambda: scene.phase == DECIDE, seconds=60)
    assert game.turn_number == 1 and scene.turn.decision().player == 0
    assert "Ann" in scene.message
    pick(d, scene, -1)
    d.run_until(lambda: game.turn_number >= 2, seconds=60)
    saved = json.loads(app.storage.autosave_path.read_text())
    assert [len(t["picks"]) for t in saved["turns"][:2]] == [2, 2]
