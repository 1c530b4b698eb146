"""Dragging on the Play screen: what a press picks up, and what letting go means.

Geometry over the turn's state only: the scene says where things are on screen
(:class:`Places`), and gets back a :class:`Drag` to carry or a :class:`Drop` to carry
out through the turn controller. Nothing here changes the turn. A figure is carried by
its kind (a follower, or an expansion's kind: the same presses and drops for each).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from ...engine import Orientation, Placement
from ...engine.figures import FOLLOWER, FigureStep
from ..art.expansion_ui import look, uis
from ..board.board_view import BoardView
from . import elsewhere
from .turn import TurnController

#: How far (px) a press on the laid tile must move to pick the tile up again.
DRAG_THRESHOLD = 6


@dataclass
class Drag:
    """What the pointer is carrying: ``tile``, ``figure`` (of ``kind``), ``pan``, or a press on
    the pending tile that becomes a tile drag once it moves (``maybe-tile``). ``from_board``:
    a figure lifted from where it stood in an earlier turn, to take it home (an action)."""

    what: str
    start: tuple[int, int]
    from_pending: bool = False
    from_board: bool = False
    #: With several tiles held: the tile pressed (it becomes the tile to play).
    tile: str | None = None
    #: The kind of the figure carried.
    kind: str | None = None

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
    #: The current player's other figures at home on their card, by kind (an expansion's).
    figures: tuple[tuple[str, pygame.Rect], ...] = ()
    #: The side panel: a figure dropped there from the board goes home (an action).
    panel: pygame.Rect | None = None
    #: With several tiles held, each of them and where it lies in the hand slot.
    hand_tiles: tuple[tuple[str, pygame.Rect], ...] = ()

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.board.collidepoint(pos) and not self.track.collidepoint(pos)


@dataclass(frozen=True)
class Drop:
    """What letting go means: ``place`` the tile on ``cell``; take the ``figure`` step
    ``step`` (the engine may still refuse, and say why); take the ``action`` ``step`` (a
    figure dragged home from the board); send the lifted figure ``home`` (of ``kind``);
    ``missed``: a figure dropped on the tile but on none of its places; ``nothing``."""

    kind: str
    cell: tuple[int, int] | None = None
    step: FigureStep | None = None


def all_places(o: Orientation) -> list[str]:
    """Every place on a tile as it lies: the followers' and those no follower takes."""
    return list(o.spots)


def place_near(turn: TurnController, board: BoardView, pos: tuple[int, int], kind: str = FOLLOWER.name,
               allowed_only: bool = True) -> str | None:
    """The place of the pending tile under ``pos`` for a figure of ``kind``: one it may take
    now, or (to say why not) any place of the tile."""
    p = turn.pending
    if p is None:
        return None
    places = turn.places_of(kind) if allowed_only else all_places(board.orientation(p))
    return board.spot_near(p, places, pos)


def spot_near(turn: TurnController, board: BoardView, pos: tuple[int, int], allowed_only: bool = True) -> str | None:
    """The place of the pending tile under ``pos`` for a follower (see :func:`place_near`)."""
    return place_near(turn, board, pos, FOLLOWER.name, allowed_only)


def home_action(kind: str) -> FigureStep | None:
    """The action that takes ``kind``'s figure home from the board when it is dragged onto
    the panel, if an expansion offers one."""
    for ui in uis():
        for (figure, action), offered in ui.actions.items():
            if figure == kind and offered.drag_home:
                return FigureStep(kind, action=action)
    return None


def pick(pos: tuple[int, int], button: int, turn: TurnController, board: BoardView, places: Places) -> Drag | None:
    """What a press with ``button`` (1 left, 2 middle) at ``pos`` starts to carry, if anything."""
    if button == 2:
        return Drag("pan", pos) if places.board.collidepoint(pos) else None
    if button != 1:
        return None
    p = turn.pending
    if turn.can_act:
        lifted = board.figure_under(pos, turn.player)
        if lifted is not None and home_action(lifted) is not None and not (turn.figure is not None
                                                                            and turn.figure.action):
            return Drag("figure", pos, from_board=True, kind=lifted)  # (to drop on the panel: taken home)
        held = next((tile for tile, r in places.hand_tiles if r.inflate(6, 6).collidepoint(pos)), None)
        if held is not None and (p is None or held != turn.tile):
            return Drag("tile", pos, tile=held)  # (another tile held: it is the one played now)
        if p is None and places.hand.inflate(8, 8).collidepoint(pos):
            return Drag("tile", pos)
        if p is not None:
            # the figure standing on the pending tile, or one from the player's card
            figure = turn.figure
            if figure is not None and not figure.action and board.on_pending_follower(pos):
                return Drag("figure", pos, from_pending=True, kind=figure.kind)
            neutral = board.neutral_under(pos)
            if neutral is not None and elsewhere.steps_elsewhere(turn, neutral):
                return Drag("figure", pos, kind=neutral)  # (moved beside a lit place of another tile)
            for kind, r in places.figures:
                if r.inflate(4, 4).collidepoint(pos):
                    return Drag("figure", pos, kind=kind)
            out = figure is not None and figure.kind == FOLLOWER.name
            supply = places.supply[:-1] if out else places.supply
            if any(r.inflate(4, 4).collidepoint(pos) for r in supply):
                return Drag("figure", pos, kind=FOLLOWER.name)
            if places.board.collidepoint(pos) and board.camera.cell_at(*pos) == (p.x, p.y):
                return Drag("maybe-tile", pos)
    return Drag("pan", pos) if places.on_board(pos) else None


def drop(drag: Drag, pos: tuple[int, int], turn: TurnController, board: BoardView, places: Places) -> Drop:
    """What letting go of ``drag`` at ``pos`` means."""
    p = turn.pending
    if drag.what == "maybe-tile":  # a click on the laid tile: the figure on the place there
        step = _step_near(turn, board, pos)
        return Drop("figure", step=step) if step is not None and turn.figure != step else Drop("nothing")
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
        step = elsewhere.clicked(turn, board, pos) if clicked and turn.can_act else None
        return Drop("figure", step=step) if step is not None else Drop("nothing")
    if drag.what != "figure" or drag.kind is None:
        return Drop("nothing")
    kind = drag.kind
    if drag.from_board:
        home = places.panel is not None and places.panel.collidepoint(pos)
        step = home_action(kind)
        return Drop("action", step=step) if home and step is not None else Drop("nothing")
    if p is not None and board.camera.cell_at(*pos) != (p.x, p.y) and elsewhere.steps_elsewhere(turn, kind):
        step = elsewhere.carried_to(turn, board, pos, kind)  # another tile's lit place
        if step is not None:
            return Drop("figure", step=step)
        if turn.game.tile_at(*board.camera.cell_at(*pos)) is not None:
            return Drop("missed")
    nearest = place_near(turn, board, pos, kind, allowed_only=False)
    if nearest and nearest not in turn.places_of(kind):
        return Drop("figure", step=FigureStep(kind, nearest))  # refused: the player hears why, not a snap elsewhere
    place = place_near(turn, board, pos, kind)
    if place:
        return Drop("figure", step=FigureStep(kind, place))
    if drag.from_pending:
        return Drop("home", step=FigureStep(kind))
    if p is not None and board.camera.cell_at(*pos) == (p.x, p.y):
        return Drop("missed")
    return Drop("nothing")


def _step_near(turn: TurnController, board: BoardView, pos: tuple[int, int]) -> FigureStep | None:
    """A click on the laid tile: a follower on the open place under it, else the first other
    kind that may stand there where no follower may."""
    place = spot_near(turn, board, pos)
    if place:
        return FigureStep(FOLLOWER.name, place)
    for kind in dict.fromkeys(s.kind for s in turn.figure_steps()
                              if not s.action and s.kind != FOLLOWER.name and look(s.kind).click):
        place = place_near(turn, board, pos, kind)
        if place:
            return FigureStep(kind, place)
    return None


def decision_at(turn: TurnController, board: BoardView, options: tuple[Any, ...], pos: tuple[int, int]) -> Any:
    """The option of a decision under ``pos``: a square ``(x, y)``, or a place ``(x, y, place)``
    of the tile there (the pending tile's included); None if the pointer is on none."""
    cell = board.camera.cell_at(*pos)
    if cell in options:
        return cell
    places = [o[2] for o in options if isinstance(o, tuple) and len(o) == 3 and (o[0], o[1]) == cell]
    if not places:
        return None
    p = turn.pending
    if p is not None and (p.x, p.y) == cell:
        under = p
    else:
        o = turn.game.tile_at(*cell)
        if o is None:
            return None
        under = Placement(o.kind.id, cell[0], cell[1], o.rotation)
    place = board.spot_near(under, places, pos)
    return None if place is None else (cell[0], cell[1], place)
