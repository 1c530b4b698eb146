"""The turn controller on its own: a turn's phases and steps, with no window and no pygame."""

from __future__ import annotations

import logging
import subprocess
import sys

import pytest

from carcassonne.app.play.turn import (
    AI_FAILED,
    AI_GLIDE,
    AI_THINK,
    ANIMATING,
    HANDOVER,
    HUMAN,
    OVER,
    AIError,
    TurnController,
)
from carcassonne.engine import Game, Rules
from carcassonne.engine.record import Seat

ANN, BOB = Seat("Ann", "red"), Seat("Bob", "blue")
BOT = Seat("Bot", "green", "ai:normal")


class FirstLegal:
    """A computer player that takes the first legal placement, without a follower."""

    def choose(self, game: Game):  # noqa: ANN201
        return game.legal_placements(game.draw())[0].with_follower(None)


class Broken:
    def choose(self, game: Game):  # noqa: ANN201
        raise ZeroDivisionError("a bug in the bot")


class Cheat:
    """Puts its tile on the start tile's square."""

    def choose(self, game: Game):  # noqa: ANN201
        return game.legal_placements(game.draw())[0]._replace(x=0, y=0).with_follower(None)


def controller(tiles, seats: list[Seat], monkeypatch=None, bot=FirstLegal,  # noqa: ANN001
               seed: int = 3) -> TurnController:
    if monkeypatch is not None:
        monkeypatch.setattr("carcassonne.app.play.turn.make_bot", lambda level, s: bot())
    game = Game(tiles, Rules(), players=len(seats), seed=seed, names=[s.name for s in seats])
    return TurnController(game, seats)


def test_the_controller_and_the_game_rules_import_no_pygame():
    code = "import sys, carcassonne.app.play.turn; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_hot_seat_turns_hand_over_between_people(tiles):
    turn = controller(tiles, [ANN, BOB])
    assert turn.begin_turn(first=True) == HANDOVER and not turn.can_act
    assert turn.accept_handover() and turn.phase == HUMAN and turn.can_act
    placed = turn.place_next()
    assert placed is not None and turn.pending == placed
    turn.confirm(skip_follower=True)
    assert turn.phase == ANIMATING and turn.last_placed == (placed.x, placed.y)
    assert turn.begin_turn() == HANDOVER and turn.player == 1  # Bob's turn: the mouse changes hands
    assert turn.accept_handover() and turn.phase == HUMAN
    assert not turn.accept_handover()  # only once


def test_one_person_against_the_computer_never_hands_over(tiles, monkeypatch):
    turn = controller(tiles, [ANN, BOT], monkeypatch)
    assert turn.begin_turn(first=True) == HUMAN
    turn.place_next()
    turn.confirm(skip_follower=True)
    assert turn.begin_turn() == AI_THINK and turn.future is not None
    turn.future.result(timeout=10)
    move = turn.poll_ai()
    assert move is not None and turn.phase == AI_GLIDE and turn.game.turn_number == 1
    turn.land_ai()
    assert turn.phase == ANIMATING and turn.game.history[-1] == move
    assert turn.begin_turn() == HUMAN


def test_a_broken_computer_player_is_logged_and_reported_not_replaced(tiles, monkeypatch, caplog):
    turn = controller(tiles, [BOT, ANN], monkeypatch, bot=Broken)
    assert turn.begin_turn(first=True) == AI_THINK
    with pytest.raises(ZeroDivisionError):
        turn.future.result(timeout=10)  # the bot's thread has failed
    with caplog.at_level(logging.ERROR, logger="carcassonne.app.play.turn"):
        with pytest.raises(AIError, match="Bot .computer. failed: ZeroDivisionError: a bug in the bot"):
            turn.poll_ai()
    assert turn.phase == AI_FAILED and turn.game.turn_number == 0
    assert "computer player Bot failed" in caplog.text
    assert turn.poll_ai() is None  # stays stopped: no move is made up


def test_an_illegal_computer_move_is_refused_with_the_engines_reason(tiles, monkeypatch):
    turn = controller(tiles, [BOT, ANN], monkeypatch, bot=Cheat)
    turn.begin_turn(first=True)
    turn.future.result(timeout=10)
    with pytest.raises(AIError, match="chose an illegal move: .*already has a tile"):
        turn.poll_ai()
    assert turn.phase == AI_FAILED and turn.game.turn_number == 0


def test_a_follower_before_the_tile_is_refused_with_a_reason(tiles):
    turn = controller(tiles, [ANN, BOB])
    turn.begin_turn(first=True)
    reason = turn.put_follower("road:N")
    assert reason == "place the tile first" and reason.rule == "no-tile-placed"


def test_tab_and_f_walk_the_legal_placements_and_follower_places(tiles):
    turn = controller(tiles, [ANN, BOB], seed=5)
    turn.begin_turn(first=True)
    turn.accept_handover()
    legal = sorted(turn.game.legal_placements(turn.tile))
    seen = [turn.place_next() for _ in legal]
    assert seen == legal and turn.place_next() == legal[0]  # round and back to the first
    assert turn.place_next(-1) == legal[-1]
    for p in legal:
        turn.place(p.x, p.y, p.rotation)
        if turn.spots():
            break
    walked = [turn.next_figure() for _ in range(len(turn.spots()) + 1)]
    assert [None if step is None else step.place for step in walked] == [*turn.spots(), None]


def test_a_whole_game_through_the_controller_ends_over_with_the_engines_scores(tiles, monkeypatch):
    turn = controller(tiles, [ANN, BOT], monkeypatch, seed=8)
    phase = turn.begin_turn(first=True)
    while phase != OVER:
        if phase == HUMAN:
            turn.place_next()
            turn.next_figure()
            turn.confirm()
        else:
            assert phase == AI_THINK
            turn.future.result(timeout=10)
            turn.poll_ai()
            turn.land_ai()
        phase = turn.begin_turn()
    game = turn.game
    assert turn.tile is None and sum(game.deck.counts.values()) == 0
    again = Game(tiles, Rules(), players=2, seed=8, names=game.names)
    for t in game.history:
        again.play(t)
    assert again.scores == game.scores
