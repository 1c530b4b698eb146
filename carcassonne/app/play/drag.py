"""Dragging on the Play screen: what a press picks up, and what letting go means.

Geometry over the turn's state only: the scene says where things are on screen
(:class:`Places`), and gets back a :class:`Drag` to carry or a :class:`Drop` to carry
out through the turn controller. Nothing here changes the turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..board.board_view import BoardView
from .turn import TurnController

#: How far (px) a press on the laid tile must move to pick the tile up again.
DRAG_THRESHOLD = 6


@dataclass
class Drag:
    """What the pointer is carrying: ``tile``, ``follower``, ``pan``, or a press on the
    pending tile that becomes a tile drag once it moves (``maybe-tile``)."""

    what: str
    start: tuple[int, int]
    from_pending: bool = False

    def __post_init__(self) -> None:
        self.pos = self.start


@dataclass(frozen=True)
class Places:
    """Where things are on screen now."""

    board: pygame.Rect
    #: The score track over the board's bottom: not part of the board.
    track: pygame.Rect
    #: The drawn tile in the hand slot.
    hand: pygame.Rect
    #: The follower icons of the current player's supply.
    supply: tuple[pygame.Rect, ...]

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.board.collidepoint(pos) and not self.track.collidepoint(pos)


@dataclass(frozen=True)
class Drop:
    """What letting go means: ``place`` the tile on ``cell``; put the ``follower`` on
    ``spot`` (the engine may still refuse, and say why); send the lifted follower
    ``home``; ``missed``: a follower dropped on the tile but on none of its places;
    ``nothing``."""

    kind: str
    cell: tuple[int, int] | None = None
    spot: str | None = None


def spot_near(turn: TurnController, board: BoardView, pos: tuple[int, int], allowed_only: bool = True) -> str | None:
    """The place of the pending tile under ``pos``: an open one, or (to say why not) any."""
    p = turn.pending
    if p is None:
        return None
    return board.spot_near(p, turn.spots() if allowed_only else board.orientation(p).spots, pos)


def pick(pos: tuple[int, int], button: int, turn: TurnController, board: BoardView, places: Places) -> Drag | None:
    """What a press with ``button`` (1 left, 2 middle) at ``pos`` starts to carry, if anything."""
    if button == 2:
        return Drag("pan", pos) if places.board.collidepoint(pos) else None
    if button != 1:
        return None
    p = turn.pending
    if turn.can_act:
        if p is None and places.hand.inflate(8, 8).collidepoint(pos):
            return Drag("tile", pos)
        if p is not None:
            # the follower standing on the pending tile, or one from the player's supply
            if turn.follower and board.on_pending_follower(pos):
                return Drag("follower", pos, from_pending=True)
            supply = places.supply[:-1] if turn.follower else places.supply
            if any(r.inflate(4, 4).collidepoint(pos) for r in supply):
                return Drag("follower", pos)
            if places.board.collidepoint(pos) and board.camera.cell_at(*pos) == (p.x, p.y):
                return Drag("maybe-tile", pos)
    return Drag("pan", pos) if places.on_board(pos) else None


def drop(drag: Drag, pos: tuple[int, int], turn: TurnController, board: BoardView, places: Places) -> Drop:
    """What letting go of ``drag`` at ``pos`` means."""
    p = turn.pending
    if drag.what == "maybe-tile":  # a click on the laid tile: the follower to the place clicked
        spot = spot_near(turn, board, pos)
        return Drop("follower", spot=spot) if spot and turn.follower != spot else Drop("nothing")
    if drag.what == "tile":
        on = places.on_board(pos) and turn.tile is not None
        return Drop("place", cell=board.camera.cell_at(*pos)) if on else Drop("nothing")
    if drag.what == "pan":
        # A click (the board did not move) on an empty square beside the tiles lays the tile
        # there, as the tutorial teaches; the engine says why not if it does not fit.
        cell = board.camera.cell_at(*pos)
        clicked = math.dist(pos, drag.start) <= DRAG_THRESHOLD and places.on_board(pos)
        if clicked and turn.can_act and turn.game.is_open(*cell):
            return Drop("place", cell=cell)
        return Drop("nothing")
    if drag.what != "follower":
        return Drop("nothing")
    nearest = spot_near(turn, board, pos, allowed_only=False)
    if nearest and nearest not in turn.spots():
        return Drop("follower", spot=nearest)  # refused: the player hears why, not a snap elsewhere
    spot = spot_near(turn, board, pos)
    if spot:
        return Drop("follower", spot=spot)
    if drag.from_pending:
        return Drop("home")
    if p is not None and board.camera.cell_at(*pos) == (p.x, p.y):
        return Drop("missed")
    return Drop("nothing")
