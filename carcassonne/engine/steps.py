"""A turn's steps before it is played: the tile laid, the figure step, the decisions, confirm.

A player does not give the engine a whole :class:`Move` at once: they lay the tile (and
may pick it up again), put a figure on it or say they put none, answer what the rules ask
of them (:class:`~carcassonne.engine.expansion.Decision`, perhaps of other players too),
and confirm; undo takes the steps back in reverse. :class:`TurnSteps` is that sequence,
checked step by step with the engine's ``why_not_*`` questions: the app's turn controller
and the server's rooms both keep their turn in progress in one, so the steps are written
once and behave the same at one screen and over the network.
"""

from __future__ import annotations

from typing import Any

from .errors import Reason
from .expansion import Decision
from .figures import FigureStep
from .game import Game
from .moves import Move, Placement


class TurnSteps:
    """The turn in progress of ``game``'s player to move (see the module docstring)."""

    def __init__(self, game: Game, tile: str | None = None) -> None:
        self.game = game
        #: The tile being played (None: no turn in progress, the game is over).
        self.tile = tile
        #: Where the tile lies for now, not yet confirmed.
        self.pending: Placement | None = None
        #: The figure step chosen for the pending tile (None: none yet, or none at all).
        self.figure: FigureStep | None = None
        #: The player said they put no figure down (a second "no follower" confirms).
        self.declined = False
        #: The answers given so far to the decisions the move asks (in order).
        self.decisions: tuple[Any, ...] = ()
        #: The player confirmed the tile and its figure step: the decisions the move asks
        #: (the dragon's steps, after the figure step) are asked now (:meth:`asked`).
        self.confirmed = False

    # ------------------------------------------------------------- the move
    @property
    def move(self) -> Move | None:
        """The move as it stands: the pending tile, its figure step and the decisions so far."""
        p = self.pending
        if p is None:
            return None
        return Move(p.tile, p.x, p.y, p.rotation, self.figure, self.decisions)

    def decision(self) -> Decision | None:
        """The decision the move waits for now (who decides, and among what), or None."""
        move = self.move
        return None if move is None else self.game.decision(move)

    def asked(self) -> Decision | None:
        """The decision asked of the players now: none before the move is confirmed (the
        figure step comes first; the rules' decisions follow it)."""
        return self.decision() if self.confirmed else None

    @property
    def complete(self) -> bool:
        """The tile is laid and no decision is waiting: the turn may be confirmed."""
        return self.pending is not None and self.decision() is None

    # ----------------------------------------------------------------- steps
    def reset(self, tile: str | None) -> None:
        """A new turn: ``tile`` is drawn, nothing is done yet."""
        self.tile = tile
        self.pick_up()

    def lay(self, placement: Placement) -> Reason | None:
        """Lay the tile there for now (the figure step and decisions start again); why not if it does not fit."""
        reason = self.game.why_not_placement(placement)
        if reason is None:
            self.pending = placement
            self.figure, self.declined, self.decisions, self.confirmed = None, False, (), False
        return reason

    def pick_up(self) -> None:
        """Take the pending tile back (nothing of the turn stays done)."""
        self.pending = None
        self.figure, self.declined, self.decisions, self.confirmed = None, False, (), False

    def put(self, step: FigureStep | None) -> Reason | None:
        """Take the figure step ``step`` with the pending tile (None: no figure after all);
        the engine's reason if it may not be taken."""
        if self.pending is None:
            return Reason("place the tile first", "no-tile-placed")
        if step is not None:
            reason = self.game.why_not_figure(self.pending, step)
            if reason is not None:
                return reason
        self.figure, self.declined, self.decisions, self.confirmed = step, False, (), False
        return None

    def decline(self) -> Reason | None:
        """No figure on the pending tile (the one standing there goes back)."""
        if self.pending is None:
            return Reason("place the tile first", "no-tile-placed")
        self.figure, self.declined, self.decisions, self.confirmed = None, True, (), False
        return None

    def confirm(self) -> Reason | None:
        """The tile and its figure step are final: the move's decisions are asked now."""
        if self.pending is None:
            return Reason("place the tile first", "no-tile-placed")
        self.confirmed = True
        return None

    def decide(self, choice: Any, player: int | None = None) -> Reason | None:
        """Answer the decision the move waits for with ``choice`` (``player``: who answers,
        checked when given); the reason if there is none, it is another's, or the choice is not one."""
        asked = self.decision()
        if asked is None:
            return Reason("nothing is to be decided now", "no-decision")
        if player is not None and player != asked.player:
            name = self.game.names[asked.player]
            return Reason(f"it is {name}'s decision", "not-your-decision", player=name)
        if choice not in asked.options:
            return Reason(f"{choice} is not one of the choices ({asked.kind})", "bad-decision", kind=asked.kind)
        self.decisions += (choice,)
        return None

    def undo(self) -> bool:
        """Take back the last step of this turn: a decision, then the confirmation (back to
        the figure step), then "no figure" or the figure, then the placement; False when
        nothing is done yet."""
        if self.decisions:
            self.decisions = self.decisions[:-1]
        elif self.confirmed:
            self.confirmed = False
        elif self.declined:
            self.declined = False
        elif self.figure is not None:
            self.figure = None
        elif self.pending is not None:
            self.pick_up()
        else:
            return False
        return True
