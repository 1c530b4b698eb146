"""Value types for what a player does on a turn.

Like python-chess's ``Move``: small immutable values that round-trip through the
text of a game record (:meth:`Move.to_record`; :func:`carcassonne.engine.record.read_turn`).
They are named tuples because the move generator makes thousands per game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .figures import FOLLOWER, FigureStep

_FOLLOWER = FOLLOWER.name


class Placement(NamedTuple):
    """A tile laid at (x, y), turned ``rotation`` degrees clockwise."""

    tile: str
    x: int
    y: int
    rotation: int

    def with_figure(self, step: FigureStep | None) -> Move:
        """The move that lays this tile and takes ``step`` (None: no figure)."""
        return Move(self.tile, self.x, self.y, self.rotation, step)

    def with_follower(self, place: str | None) -> Move:
        """The move that lays this tile and puts an ordinary follower on ``place`` (None: none)."""
        return Move(self.tile, self.x, self.y, self.rotation, None if place is None else FigureStep(_FOLLOWER, place))

    def __str__(self) -> str:
        return f"{self.tile} at ({self.x}, {self.y}) rotation {self.rotation}"


class Move(NamedTuple):
    """A placed tile, the turn's figure step (a follower on ``road:E``, an expansion's
    figure or action) and the decisions the rules then asked of the players, in order
    (:class:`~carcassonne.engine.expansion.Decision`)."""

    tile: str
    x: int
    y: int
    rotation: int
    figure: FigureStep | None = None
    decisions: tuple[Any, ...] = ()

    @property
    def placement(self) -> Placement:
        return Placement(self.tile, self.x, self.y, self.rotation)

    @property
    def follower_place(self) -> str | None:
        """Where the move puts an ordinary follower, or None."""
        figure = self.figure
        return figure.place if figure is not None and figure.kind == FOLLOWER.name else None

    def deciding(self, choice: Any) -> Move:
        """This move with one more decision made."""
        return self._replace(decisions=(*self.decisions, choice))

    def to_record(self) -> dict[str, Any]:
        turn: dict[str, Any] = {"tile": self.tile, "x": self.x, "y": self.y, "rotation": self.rotation}
        figure = self.figure
        if figure is not None:
            if figure.kind == FOLLOWER.name and figure.at is None:
                turn["meeple"] = figure.place
            else:
                from ..expansions import declared  # each expansion writes its part (a kind, a tile)

                if not [e for e in declared() if e.write_figure(figure, turn)]:
                    raise ValueError(f"no expansion writes the figure step {figure}")
        from ..expansions import declared

        for expansion in declared():  # even none: a move that asked none may say so
            expansion.write_decisions(self, turn)
        return turn

    def __str__(self) -> str:
        text, figure = str(self.placement), self.figure
        if figure is None:
            return text
        if figure.kind == FOLLOWER.name:
            return f"{text} with a follower on {figure.place}"
        return f"{text} with the {figure}"


class Discard(NamedTuple):
    """A drawn tile that fits nowhere: it goes back to the box and the player draws again.

    ``returned``: under the house rule ``discard: "bag"`` it goes back into the bag instead.
    """

    tile: str
    returned: bool = False

    def to_record(self) -> dict[str, Any]:
        return {"tile": self.tile, "returned": True} if self.returned else {"tile": self.tile, "discarded": True}

    def __str__(self) -> str:
        return f"{self.tile} returned to the bag" if self.returned else f"{self.tile} discarded"


Turn = Move | Discard
