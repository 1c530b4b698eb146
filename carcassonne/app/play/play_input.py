"""The pointer on the Play screen: where it is, what it carries, the follower place it is over.

It turns presses, moves and releases into what they mean for the turn (:mod:`carcassonne.app.play.drag`
has the geometry): a release gives back a :class:`~carcassonne.app.play.drag.Drop`, which the
scene carries out through the turn controller.
"""

from __future__ import annotations

import math
from typing import Callable

from ..board.board_view import BoardView
from .drag import DRAG_THRESHOLD, Drag, Drop, Places, abbot_near, drop, pick, spot_near
from ..ui.intents import Intent
from .turn import TurnController


class Pointer:
    """The pointer's position, the drag under way (tile, follower, abbot, pan) and the lit place under a
    dragged follower or abbot."""

    def __init__(self, turn: TurnController, board: BoardView) -> None:
        self.turn = turn
        self.board = board
        self.pos = (0, 0)
        self.drag: Drag | None = None
        self.hover_spot: str | None = None

    def let_go(self) -> None:
        """Drop what is carried without meaning anything (Esc, a menu, the turn passing)."""
        self.drag = None
        self.hover_spot = None

    def press(self, intent: Intent, places: Places, rotate: Callable[[], None]) -> bool:
        """A press: right-click turns the tile; else what it starts to carry, if anything."""
        if intent.button == 3:
            rotate()
            return True
        self.drag = pick(intent.pos, intent.button, self.turn, self.board, places)
        if self.drag is not None and self.drag.tile is not None:
            self.turn.choose(self.drag.tile)  # a tile of the hand picked up: the one to play
        return self.drag is not None

    def motion(self, intent: Intent) -> None:
        """The pointer moved: pan the board, lift the laid tile, or light the place under the follower."""
        d = self.drag
        if d is None:
            return
        if d.what == "pan":
            self.board.camera.pan_pixels(intent.pos[0] - d.pos[0], intent.pos[1] - d.pos[1])
        elif d.what == "maybe-tile" and math.dist(intent.pos, d.start) > DRAG_THRESHOLD:
            self.turn.pick_up()
            d.what, d.from_pending = "tile", True
        elif d.what == "follower":
            self.hover_spot = spot_near(self.turn, self.board, intent.pos)
        elif d.what == "abbot" and not d.from_board:
            near = abbot_near(self.turn, self.board, intent.pos)
            self.hover_spot = None if near is None else near.removeprefix("abbot:")
        d.pos = intent.pos

    def release(self, intent: Intent, places: Places) -> Drop | None:
        """A release: what letting go of the carried thing there means (None: nothing was carried)."""
        d = self.drag
        if d is None or intent.button not in (1, 2):
            return None
        self.let_go()
        return drop(d, intent.pos, self.turn, self.board, places)
