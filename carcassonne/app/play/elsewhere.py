"""Figure steps on another tile than the one just laid (an expansion's): a follower sent to
any tile, a neutral figure moved beside a follower, a figure an action removes.

Each such step names its tile (:attr:`FigureStep.at`). While a figure that may go elsewhere
is carried, its places on every other tile are lit; the steps no figure of the player's
card makes (a neutral figure moved, an action on a figure) are lit as soon as the tile is
laid, and a click on one takes it. Geometry over the turn only: nothing here changes it.
"""

from __future__ import annotations

from ...engine import Placement
from ...engine.figures import FigureStep
from ..board.board_view import BoardView
from .turn import TurnController

Place = tuple[int, int, str]


def steps_elsewhere(turn: TurnController, kind: str | None = None) -> list[FigureStep]:
    """The figure steps open with the pending tile that name another tile (of ``kind``)."""
    return [s for s in turn.figure_steps() if s.at is not None and (kind is None or s.kind == kind)]


def unheld(turn: TurnController, step: FigureStep) -> bool:
    """Whether ``step`` is made with no figure from the player's card (an action, or a
    neutral figure moved): offered, lit, as soon as the tile is laid."""
    kind = turn.game.kinds.get(step.kind)
    return bool(step.action) or (kind is not None and kind.neutral)


def lit_elsewhere(turn: TurnController, carried: str | None) -> tuple[Place, ...]:
    """The places lit on other tiles: those of the figure carried, else (no figure chosen
    yet) the steps made with no figure from the card."""
    if turn.pending is None:
        return ()
    if carried is not None:
        steps = [s for s in steps_elsewhere(turn, carried) if not s.action]
    elif turn.figure is None:
        steps = [s for s in steps_elsewhere(turn) if unheld(turn, s)]
    else:
        return ()
    return tuple(dict.fromkeys((*s.at, s.place) for s in steps if s.at is not None))


def step_at(turn: TurnController, board: BoardView, pos: tuple[int, int], steps: list[FigureStep]) -> FigureStep | None:
    """Of ``steps`` (naming other tiles), the one whose place is under ``pos``."""
    cell = board.camera.cell_at(*pos)
    here = [s for s in steps if s.at == cell]
    o = turn.game.tile_at(*cell)
    if not here or o is None:
        return None
    place = board.spot_near(Placement(o.kind.id, cell[0], cell[1], o.rotation), [s.place for s in here], pos)
    return next((s for s in here if s.place == place), None)


def carried_to(turn: TurnController, board: BoardView, pos: tuple[int, int], kind: str) -> FigureStep | None:
    """A figure of ``kind`` let go at ``pos`` on another tile: the step there, if lit."""
    return step_at(turn, board, pos, [s for s in steps_elsewhere(turn, kind) if not s.action])


def clicked(turn: TurnController, board: BoardView, pos: tuple[int, int]) -> FigureStep | None:
    """A click at ``pos`` on another tile, the pending tile laid: the step lit there."""
    if turn.pending is None:
        return None
    return step_at(turn, board, pos, [s for s in steps_elsewhere(turn) if unheld(turn, s)])
