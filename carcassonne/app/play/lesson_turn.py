"""A lesson's turns: the Play screen's turn controller, with the learner's confirmed move judged by the lesson.

The board, the pointer, the drag, the turning and the follower places are the game's own
(:class:`~carcassonne.app.play.turn.TurnController`); only confirming differs while the
lesson has steps: the move goes to the :class:`~carcassonne.tutorial.LessonRunner`, which
plays it with the computer's scripted reply when it reaches the step's goal, or takes it
back (the tile returns to the hand as the learner turned it) with the step's hint. A move
the rules ask decisions of (an expansion's steps, each player's in turn) waits for them as in the game, the learner
answering theirs on the board and the computer player its own, and is judged once they
are made. After the steps the lesson's free game is an ordinary game against the Easy computer player.
"""

from __future__ import annotations

from ...engine import IllegalMoveError, Move, Placement, ScoreEvent
from ...engine.errors import Reason
from ...engine.record import Seat
from ...tutorial import DONE, LessonRunner
from .turn import ANIMATING, HUMAN, TurnController


class LessonTurn(TurnController):
    """The turns of a lesson: the learner acts only on a step that asks for a move (a reading
    step waits for Next), and a confirmed move counts only when it reaches the step's goal."""

    def __init__(self, runner: LessonRunner, seats: list[Seat]) -> None:
        self.runner = runner
        super().__init__(runner.game, seats)

    @property
    def can_act(self) -> bool:
        """A person may place, turn and confirm now: not while the coach asks to read on."""
        step = self.runner.step
        return super().can_act and not (step is not None and step.reading)

    def place(self, x: int, y: int, rotation: int | None = None) -> Reason | None:
        """Lay the tile; on a square the step does not ask for it comes back to the hand at once,
        with the coach's hint (the runner's note, which the screen says)."""
        reason = super().place(x, y, rotation)
        if reason is None and not self.runner.in_free_game and self.runner.wrong_square(x, y) is not None:
            self.pick_up()  # (turned as the learner turned it)
        return reason

    def tab_placements(self) -> list[Placement]:
        """Tab walks through the placements on the step's square when it names one (the others
        would only come back with the coach's hint)."""
        every = super().tab_placements()
        step = self.runner.step
        if self.runner.in_free_game or step is None or "at" not in step.goal:
            return every
        at = tuple(step.goal["at"])
        return [p for p in every if (p.x, p.y) == at] or every

    def confirm(self, skip_follower: bool = False) -> list[ScoreEvent] | None:
        """The learner's move: played with the scripted reply if it reaches the step's goal;
        else refused (None), the tile back in hand in the rotation the learner gave it, and
        the coach's note (the engine's why-not, or the step's hint) on the runner. A move the
        rules ask decisions of is judged once they are made (None now; :meth:`take_played`)."""
        if self.runner.in_free_game:
            return super().confirm(skip_follower)
        if self.pending is None:
            raise IllegalMoveError("place the tile first")
        if skip_follower:
            self.steps.decline()
        if self.decision() is not None:
            self._ask_next()
            return self.take_played()
        move = self.steps.move
        assert move is not None
        return self._judge(move)

    def _ask_next(self) -> None:
        """As in the game, but the move its decisions complete goes to the lesson to be judged."""
        if self.runner.in_free_game or self.decision() is not None:
            super()._ask_next()
            return
        move = self.steps.move
        assert move is not None
        self._played = self._judge(move)

    def _judge(self, move: Move) -> list[ScoreEvent] | None:
        """The lesson's verdict on the learner's whole move: its events once it counts; else
        None, the tile back in hand as turned and the learner's turn again."""
        outcome = self.runner.try_move(move)
        if outcome.result != DONE:
            self.pick_up()  # (keeps the rotation: the learner need not turn the tile again)
            self.phase = HUMAN
            return None
        self.last_placed = self._find_last_placed() or self.last_placed
        self.phase = ANIMATING
        self.draw()
        return list(outcome.events)

    def read_on(self) -> bool:
        """Next, on a reading step (one final-scoring event at a time); False if not reading."""
        return self.runner.read_on()

