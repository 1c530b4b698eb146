"""Dragging on the Play screen: what a press picks up, and what letting go means.

Geometry over the turn's state only: the scene says where things are on screen
(:class:`Places`), and gets back a :class:`Drag` to carry or a :class:`Drop` to carry
out through the turn controller. Nothing here changes the turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...engine import Orientation
from ...engine.modules.abbot import BACK, GARDEN, PLACE_OF, garden_index
from ...engine.modules.inns_cathedrals import BIG, is_big
from ..board.board_view import BoardView
from .turn import TurnController

#: How far (px) a press on the laid tile must move to pick the tile up again.
DRAG_THRESHOLD = 6


@dataclass
class Drag:
    """What the pointer is carrying: ``tile``, ``follower``, ``big`` (the big follower),
    ``abbot``, ``pan``, or a press on
    the pending tile that becomes a tile drag once it moves (``maybe-tile``). ``from_board``:
    the abbot lifted from where it stood in an earlier turn, to take it back."""

    what: str
    start: tuple[int, int]
    from_pending: bool = False
    from_board: bool = False
    #: With a hand of tiles: the tile of the hand pressed (it becomes the tile to play).
    tile: str | None = None

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
    #: The current player's abbot at home on their card (The Abbot; None: out, or not in play).
    abbot: pygame.Rect | None = None
    #: The current player's big follower at home on their card (Inns & Cathedrals; None: out, or not in play).
    big: pygame.Rect | None = None
    #: The side panel: an abbot dropped there from the board goes home.
    panel: pygame.Rect | None = None
    #: With a hand of tiles, each tile of the hand and where it lies in the hand slot.
    hand_tiles: tuple[tuple[str, pygame.Rect], ...] = ()

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.board.collidepoint(pos) and not self.track.collidepoint(pos)


@dataclass(frozen=True)
class Drop:
    """What letting go means: ``place`` the tile on ``cell``; put the ``follower`` on
    ``spot`` (the engine may still refuse, and say why; an abbot's spot is its choice,
    ``abbot:garden``); send the lifted follower ``home``; take the abbot back from the
    board (``abbot-back``); ``missed``: a figure dropped on the tile but on none of its
    places; ``nothing``."""

    kind: str
    cell: tuple[int, int] | None = None
    spot: str | None = None


def spot_near(turn: TurnController, board: BoardView, pos: tuple[int, int], allowed_only: bool = True) -> str | None:
    """The place of the pending tile under ``pos``: an open one, or (to say why not) any,
    its garden included (only an abbot may stand there)."""
    p = turn.pending
    if p is None:
        return None
    return board.spot_near(p, turn.spots() if allowed_only else all_places(board.orientation(p)), pos)


def all_places(o: Orientation) -> list[str]:
    """Every place on a tile as it lies: the followers' and a garden (The Abbot)."""
    return [*o.spots, *([GARDEN] if garden_index(o) >= 0 else [])]


def abbot_near(turn: TurnController, board: BoardView, pos: tuple[int, int], allowed_only: bool = True) -> str | None:
    """The abbot's choice for the place of the pending tile under ``pos`` (``abbot:garden``):
    one it may take, or (to say why not) any place, ``abbot:road:E`` as well."""
    p = turn.pending
    if p is None:
        return None
    places = [s.removeprefix("abbot:") for s in turn.abbot_places()] if allowed_only else all_places(
        board.orientation(p))
    place = board.spot_near(p, places, pos)
    return None if place is None else f"abbot:{place}"


def big_near(turn: TurnController, board: BoardView, pos: tuple[int, int], allowed_only: bool = True) -> str | None:
    """The place of the pending tile under ``pos`` for the big follower: one it may take
    (the same places a follower lights), or (to say why not) any."""
    p = turn.pending
    if p is None:
        return None
    return board.spot_near(p, turn.big_spots() if allowed_only else all_places(board.orientation(p)), pos)


def pick(pos: tuple[int, int], button: int, turn: TurnController, board: BoardView, places: Places) -> Drag | None:
    """What a press with ``button`` (1 left, 2 middle) at ``pos`` starts to carry, if anything."""
    if button == 2:
        return Drag("pan", pos) if places.board.collidepoint(pos) else None
    if button != 1:
        return None
    p = turn.pending
    if turn.can_act:
        if board.on_abbot(pos, turn.player) and turn.follower != BACK:
            return Drag("abbot", pos, from_board=True)  # (to drop on the panel: taken back)
        held = next((tile for tile, r in places.hand_tiles if r.inflate(6, 6).collidepoint(pos)), None)
        if held is not None and (p is None or held != turn.tile):
            return Drag("tile", pos, tile=held)  # (another tile of the hand: it is the one played now)
        if p is None and places.hand.inflate(8, 8).collidepoint(pos):
            return Drag("tile", pos)
        if p is not None:
            # the follower standing on the pending tile, or one from the player's supply
            if turn.follower and board.on_pending_follower(pos):
                what = "abbot" if turn.follower in PLACE_OF else "big" if is_big(turn.follower) else "follower"
                return Drag(what, pos, from_pending=True)
            if places.abbot is not None and places.abbot.inflate(4, 4).collidepoint(pos):
                return Drag("abbot", pos)
            if places.big is not None and places.big.inflate(4, 4).collidepoint(pos):
                return Drag("big", pos)
            out = turn.follower is not None and not is_big(turn.follower)
            supply = places.supply[:-1] if out else places.supply
            if any(r.inflate(4, 4).collidepoint(pos) for r in supply):
                return Drag("follower", pos)
            if places.board.collidepoint(pos) and board.camera.cell_at(*pos) == (p.x, p.y):
                return Drag("maybe-tile", pos)
    return Drag("pan", pos) if places.on_board(pos) else None


def drop(drag: Drag, pos: tuple[int, int], turn: TurnController, board: BoardView, places: Places) -> Drop:
    """What letting go of ``drag`` at ``pos`` means."""
    p = turn.pending
    if drag.what == "maybe-tile":  # a click on the laid tile: the follower (or the abbot, to a garden) there
        spot = spot_near(turn, board, pos) or abbot_near(turn, board, pos)
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
    if drag.what == "abbot":
        return _drop_abbot(drag, pos, turn, board, places)
    if drag.what == "big":
        return _drop_big(drag, pos, turn, board)
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


def _drop_big(drag: Drag, pos: tuple[int, int], turn: TurnController, board: BoardView) -> Drop:
    """Letting go of the big follower: on a place of the laid tile (``big:city:N``; a place it
    may not take is still tried, so the player hears why), home, or missed."""
    p = turn.pending
    nearest = big_near(turn, board, pos, allowed_only=False)
    if nearest and nearest not in turn.big_spots():
        return Drop("follower", spot=BIG + nearest)
    spot = big_near(turn, board, pos)
    if spot:
        return Drop("follower", spot=BIG + spot)
    if drag.from_pending:
        return Drop("home")
    if p is not None and board.camera.cell_at(*pos) == (p.x, p.y):
        return Drop("missed")
    return Drop("nothing")


def _drop_abbot(drag: Drag, pos: tuple[int, int], turn: TurnController, board: BoardView, places: Places) -> Drop:
    """Letting go of the abbot: home from the board onto the panel, or onto a place of the laid tile."""
    p = turn.pending
    if drag.from_board:
        home = places.panel is not None and places.panel.collidepoint(pos)
        return Drop("abbot-back") if home else Drop("nothing")
    nearest = abbot_near(turn, board, pos, allowed_only=False)
    if nearest and nearest not in turn.abbot_places():
        return Drop("follower", spot=nearest)  # refused: the player hears why
    if nearest:
        return Drop("follower", spot=nearest)
    if drag.from_pending:
        return Drop("home")
    if p is not None and board.camera.cell_at(*pos) == (p.x, p.y):
        return Drop("missed")
    return Drop("nothing")
