"""The pointer on the Play screen: where it is, what it carries, the follower place it is over.

It turns presses, moves and releases into what they mean for the turn (:mod:`carcassonne.app.play.drag`
has the geometry): a release gives back a :class:`~carcassonne.app.play.drag.Drop`, which the
scene carries out through the turn controller.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ..board.board_view import BoardView
from ..board.camera import Camera
from ..ui.intents import PRESS, RELEASE, WHEEL, Intent
from .drag import DRAG_THRESHOLD, Drag, Drop, Places, drop, pick, place_near
from .hud import figure_slots, follower_slots, hand_tile_rect
from .turn import TurnController
from .turn_actions import TurnActions


class Pointer:
    """The pointer's position, the drag under way (tile, figure, pan) and the lit place under a
    dragged figure."""

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
        elif d.what == "figure" and d.kind is not None and not d.from_board:
            self.hover_spot = place_near(self.turn, self.board, intent.pos, d.kind)
        d.pos = intent.pos

    def release(self, intent: Intent, places: Places) -> Drop | None:
        """A release: what letting go of the carried thing there means (None: nothing was carried)."""
        d = self.drag
        if d is None or intent.button not in (1, 2):
            return None
        self.let_go()
        return drop(d, intent.pos, self.turn, self.board, places)


def board_input(intent: Intent, grip: Pointer, places: Callable[[], Places], moves: TurnActions,
                camera: Camera, board: pygame.Rect) -> bool:
    """A press, release or wheel turn on a board screen where a turn is played (Play, a lesson):
    a press picks up, a release carries out the drop, the wheel turns the dragged tile or
    zooms. Every such screen goes through here, so a lesson is played as the game is."""
    if intent.kind == PRESS:
        return grip.press(intent, places(), lambda: moves.rotate(1))
    if intent.kind == RELEASE:
        done = grip.release(intent, places())
        if done is not None:
            moves.dropped(done)
        return done is not None
    if intent.kind == WHEEL:
        if grip.drag is not None and grip.drag.what == "tile":
            moves.rotate(1 if intent.dy > 0 else -1)
        elif board.collidepoint(intent.pos):
            camera.zoom(intent.dy, intent.pos)
        return True
    return False


class TurnPlaces:
    """Where the turn's pieces stand on a board screen's side panel: the tile (or each tile
    held) in the hand slot, each player's followers and other figures on their card."""

    def __init__(self, turn: TurnController, rects: dict[str, pygame.Rect],
                 cards: Callable[[], list[pygame.Rect]], scale: Callable[[], float]) -> None:
        self.turn = turn
        #: The screen's named areas (``hand``, ``board``, ``track``, ``panel``), laid out by the scene.
        self.rects = rects
        #: The players' cards and the UI scale, as the scene's last layout made them.
        self.cards = cards
        self.scale = scale

    def hand_tile_rect(self, tile: str | None = None) -> pygame.Rect:
        """Where the drawn tile (or ``tile`` of those held) waits in the hand slot."""
        t = self.turn
        hand = t.hand if t.game.holds_tiles else ()
        tile = t.tile if tile is None else tile
        index = hand.index(tile) if tile in hand else 0
        return hand_tile_rect(self.rects["hand"], self.scale(), len(hand), index)

    def kinds(self) -> list[str]:
        """The kinds of figure besides the follower that stand on a player's card (an
        expansion's, one each: the slots come in the order the game lists them)."""
        game = self.turn.game
        return [kind for kind in game.placed if game.kinds[kind].per_player == 1]

    def follower_slots(self, player: int) -> list[pygame.Rect]:
        """Where each follower of ``player``'s supply stands in their card."""
        game = self.turn.game
        return follower_slots(self.cards()[player], game.supply[player], self.scale(), others=bool(self.kinds()))

    def figure_slots(self, player: int) -> list[tuple[str, pygame.Rect]]:
        """Where ``player``'s other figures stand in their card while at home, by kind."""
        return figure_slots(self.cards()[player], self.scale(), self.kinds())

    def places(self) -> Places:
        """Where the things a press may pick up are on screen now."""
        t = self.turn
        supply = self.follower_slots(t.player) if t.tile is not None else []
        figure = t.figure
        home = [] if t.tile is None else [
            (kind, rect) for kind, rect in self.figure_slots(t.player)
            if t.figure_out(t.player, kind) is None and not (figure is not None and figure.kind == kind)]
        held = tuple((tile, self.hand_tile_rect(tile)) for tile in t.hand) if t.game.holds_tiles else ()
        return Places(self.rects["board"], self.rects["track"], self.hand_tile_rect(), tuple(supply),
                      figures=tuple(home), panel=self.rects["panel"], hand_tiles=held)
