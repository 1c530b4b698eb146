"""What the Play screen shows, made from the turn: the board's marks and the side panel's view-models.

Pure functions of the turn, the drag and a few settings, so the scene's ``update`` only
calls them and hands the results to :class:`~carcassonne.app.board.board_view.BoardView` and
the painters of :mod:`carcassonne.app.play.hud`; tests call them with a controller alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import pygame

from ...engine.modules.abbot import ABBOT, BACK, PLACE_OF
from ...engine.modules.hand import tiles_to_come
from ...engine.modules.inns_cathedrals import BIG, is_big
from ...engine.record import Seat
from ...i18n import N_, _, ngettext
from ..board.board_view import BoardMarks
from ..board.camera import Camera
from .drag import Drag
from .hud import Card, Ghost, Hand
from .turn import AI_GLIDE, ANIMATING, HANDOVER, HUMAN, TurnController

Cell = tuple[int, int]


@dataclass(frozen=True)
class PanelView:
    """The side panel: one card per player, the hand slot, the tiles still to come, and the dragged tile."""

    cards: list[Card] = field(default_factory=list)
    hand: Hand = Hand(None, 0, "")
    deck_left: dict[str, int] = field(default_factory=dict)
    #: The tiles in the bag, less the one drawn (the top bar's count).
    tiles_left: int = 0
    ghost: Ghost | None = None


def turn_marks(turn: TurnController, drag: Drag | None, hover_spot: str | None, *, dead: Sequence[Cell],
               aids_on: bool, hints_on: bool) -> BoardMarks:
    """The marks over the board for this moment of the turn: the last tile, dead spots,
    the squares the tile fits (hints, or while dragging it), the pending tile with its
    follower and the lit places (the feature a place joins is painted by the board overlay)."""
    t, d = turn, drag
    marks = BoardMarks(last_placed=t.last_placed, dead=tuple(dead) if aids_on else (), colour=t.seat.color)
    elsewhere = t.pending_elsewhere  # (a network game: another screen's tile, not yet confirmed)
    if elsewhere is not None:
        return replace(marks, pending=elsewhere[0], pending_follower=elsewhere[1])
    if t.phase != HUMAN or t.tile is None:
        return marks
    if t.pending is None:
        if hints_on or (d is not None and d.what == "tile" and aids_on):
            return replace(marks, legal=tuple(sorted(t.legal_cells())))
        return marks
    dragging_big = d is not None and d.what == "big"  # (it lights the followers' places, Inns & Cathedrals)
    dragging_follower = d is not None and d.what == "follower"
    dragging_abbot = d is not None and d.what == "abbot"
    lifted = (dragging_follower or dragging_abbot or dragging_big) and d is not None and d.from_pending
    # the abbot lights only its places: the cloister or garden of the laid tile
    abbot_spots = tuple(place_of_abbot(s) for s in t.abbot_places())
    # with the hints, the abbot's garden is lit beside the followers' places (a cloister is lit once)
    spots = abbot_spots if dragging_abbot else tuple(t.big_spots()) if dragging_big else tuple(t.spots()) + (
        tuple(s for s in abbot_spots if s not in t.spots()) if hints_on and not dragging_follower else ())
    leaving = t.abbot_out(t.player) if t.follower == BACK else None
    lit = dragging_follower or dragging_abbot or dragging_big or (hints_on and not t.follower and not t.declined)
    return replace(marks, pending=t.pending,
                   pending_follower=None if lifted or t.follower == BACK else t.follower,
                   spots=spots if lit else (), hover_spot=hover_spot, leaving=leaving,
                   leaving_points=t.take_back_points() if leaving else None)


def place_of_abbot(spot: str) -> str:
    """The place on the tile an abbot's choice names: ``abbot:garden`` -> ``garden``."""
    return spot.removeprefix("abbot:")


#: How a player card names who plays the seat.
SEAT_KIND = {"easy": N_("AI easy"), "normal": N_("AI normal"), "hard": N_("AI hard"), "expert": N_("AI expert")}


def seat_kind(seat: Seat) -> str:
    """"human" or the computer's level, in the language now spoken."""
    return _(SEAT_KIND.get(seat.ai_level or "", N_("AI"))) if seat.is_ai else _("human")


def panel_view(turn: TurnController, drag: Drag | None, seats: Sequence[Seat], shown_scores: Sequence[float],
               projected: Sequence[int] | None, slots: Callable[[int], list[pygame.Rect]], camera: Camera,
               on_board: Callable[[tuple[int, int]], bool], aids_on: bool,
               abbot_slot: Callable[[int], pygame.Rect | None] = lambda i: None,
               big_slot: Callable[[int], pygame.Rect | None] = lambda i: None) -> PanelView:
    """The players' cards (a follower out of the supply is not drawn in it, nor an abbot or a
    big follower on the board or in hand; an abbot coming home this turn is), the hand slot
    (empty while the scoring of the last turn plays: the next tile is not shown before its
    turn), the tiles still to come and the dragged tile's ghost, snapped where it would land."""
    t, d = turn, drag
    cards = []
    for i, seat in enumerate(seats):
        current = i == t.player and t.tile is not None
        mine = slots(i)
        follower_out = t.follower is not None and not t.follower.startswith((ABBOT, BIG))
        hidden = (1 if current and follower_out else 0) + (
            1 if current and d is not None and d.what == "follower" and not d.from_pending else 0)
        home = t.abbot_out(i) is None
        if current:
            carried = d is not None and d.what == "abbot" and not d.from_pending
            home = (home and t.follower not in PLACE_OF and not carried) or t.follower == BACK
        big_home = t.big_out(i) is None and not (current and (is_big(t.follower) or (
            d is not None and d.what == "big" and not d.from_pending)))
        cards.append(Card(seat, round(shown_scores[i]), current, None if projected is None else projected[i],
                          seat_kind(seat), tuple(mine[:len(mine) - hidden]), abbot_slot(i) if home else None,
                          held_seen(t, i), big_slot(i) if big_home else None))
    game = t.game
    holding = game.rules.hand > 1
    deck_left = dict(tiles_to_come(game))
    in_bag = len(game.deck)
    if t.tile is None or t.phase == ANIMATING:
        return PanelView(cards, Hand(None, 0, ""), deck_left, tiles_left=in_bag)
    for tile in t.hand:  # (the tiles in the hand slot are not to come)
        deck_left[tile] -= 1
    if not holding:
        in_bag -= 1
    label = (_("{name} is playing…").format(name=t.seat.name) if t.is_ai_turn else
             _("Placed: drag a follower or confirm") if t.pending is not None else
             _("Your hand: drag a tile to the board") if holding else _("Your tile: drag it to the board"))
    dragged = d is not None and d.what == "tile"
    # a hidden hand is seen by its holder only: backs while a computer holds it, and while
    # the mouse changes hands (the next person's hand shows once they have it)
    secret = holding and not game.rules.hand_open and t.is_ai_turn
    hand = Hand(t.tile, t.rotation, label, out=t.pending is not None or dragged or t.phase == AI_GLIDE,
                hidden=t.phase == HANDOVER or secret, tiles=t.hand if holding else ())
    ghost = None
    if d is not None and dragged:
        ghost = Ghost(t.tile, t.rotation, camera.tile_px, d.pos)
        cell = camera.cell_at(*d.pos)
        if on_board(d.pos) and aids_on and t.game.tile_at(*cell) is None:
            ghost = replace(ghost, snap=pygame.Rect(camera.tile_rect(*cell)), fits=cell in t.legal_cells())
    return PanelView(cards, hand, deck_left, tiles_left=in_bag, ghost=ghost)


def held_seen(turn: TurnController, player: int) -> tuple[str | None, ...]:
    """The tiles ``player`` holds as their card shows them (a hand of tiles): face up in an
    open game, as backs in a hidden one; none for the player whose hand fills the slot."""
    game = turn.game
    if game.rules.hand <= 1 or (player == turn.player and turn.tile is not None and turn.phase != ANIMATING):
        return ()
    return tuple(tile if game.rules.hand_open else None for tile in game.hand(player))


def abbot_button(t: TurnController) -> tuple[bool, bool, str]:
    """The Abbot's take-back button: shown in games with the Abbot, usable while the player's
    abbot is out, naming the points it will score once the tile is laid ("" for its plain label)."""
    out = t.can_act and t.abbot_out(t.player) is not None and t.follower != BACK
    points = t.take_back_points() if out else None
    label = (ngettext("Take your abbot back: +{n} point", "Take your abbot back: +{n} points", points)
             .format(n=points) if points is not None else "")
    return t.game.rules.abbot, out, label
