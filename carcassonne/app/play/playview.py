"""What the Play screen shows, made from the turn: the board's marks and the side panel's view-models.

Pure functions of the turn, the drag and a few settings, so the scene's ``update`` only
calls them and gives the results to :class:`~carcassonne.app.board.board_view.BoardView` and
the painters of :mod:`carcassonne.app.play.hud`; tests call them with a controller alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import pygame

from ...engine.figures import FOLLOWER, FigureStep
from ...engine.record import Seat
from ...i18n import N_, _
from ...words.explain import YOU
from ..art.expansion_ui import action_ui, held_shown, look
from ..board.board_view import BoardMarks
from ..board.camera import Camera
from .drag import Drag
from .elsewhere import lit_elsewhere
from .hud import Card, Ghost, HandSlot
from .turn import AI_DECIDE, AI_GLIDE, ANIMATING, DECIDE, HANDOVER, HUMAN, TurnController

Cell = tuple[int, int]


@dataclass(frozen=True)
class PanelView:
    """The side panel: one card per player, the hand slot, the tiles still to come, and the dragged tile."""

    cards: list[Card] = field(default_factory=list)
    hand: HandSlot = HandSlot(None, 0, "")
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
        return replace(marks, pending=elsewhere[0], pending_figure=elsewhere[1])
    if t.decision() is not None and t.phase in (DECIDE, AI_DECIDE, HANDOVER):
        return decision_marks(t, marks)
    if t.phase != HUMAN or t.tile is None:
        return marks
    if t.pending is None:
        if hints_on or (d is not None and d.what == "tile" and aids_on):
            return replace(marks, legal=tuple(sorted(t.legal_cells())))
        return marks
    return pending_marks(t, d, marks, hover_spot, hints_on=hints_on)


def pending_marks(t: TurnController, d: Drag | None, marks: BoardMarks, hover_spot: str | None, *,
                  hints_on: bool) -> BoardMarks:
    """Once the tile is laid, not confirmed: the tile, its figure (or the one an action takes
    home) and the places lit while a figure is carried or the hints are on."""
    carried = d.kind if d is not None and d.what == "figure" else None
    lifted = carried is not None and d is not None and d.from_pending
    figure = t.figure
    taking = figure if figure is not None and figure.action else None
    leaving = t.figure_out(t.player, taking.kind) if taking is not None else None
    lit = carried is not None or (hints_on and figure is None and not t.declined)
    if taking is not None and taking.at is not None:  # (an action on a figure of another tile)
        leaving = next((f for f in t.game.figures_on_board() if (f.x, f.y) == taking.at
                        and f.place == taking.place), None)
    return replace(marks, pending=t.pending,
                   pending_figure=None if lifted or taking is not None else figure,
                   spots=lit_places(t, carried, hints_on) if lit else (), hover_spot=hover_spot, leaving=leaving,
                   leaving_points=t.action_points() if leaving else None, moving=t.moving,
                   elsewhere=() if t.declined else lit_elsewhere(t, carried))


def lit_places(t: TurnController, carried: str | None, hints_on: bool) -> tuple[str, ...]:
    """The places lit on the laid tile: a figure carried lights only its own places; with the
    hints, the places where only another kind may stand are lit beside the followers' (a
    place is lit once)."""
    follower = FOLLOWER.name
    if carried is not None and carried != follower:
        return tuple(t.places_of(carried))
    spots = tuple(t.spots())
    if hints_on and carried is None:
        spots += tuple(dict.fromkeys(s.place for s in t.figure_steps() if not s.action and s.kind != follower
                                     and look(s.kind).click and s.place not in spots))
    return spots

def decision_marks(t: TurnController, marks: BoardMarks) -> BoardMarks:
    """While a decision is made: the laid tile and its figure, and (to the person deciding)
    the options lit: squares, or the places of the laid tile."""
    figure = t.figure if t.figure is not None and not t.figure.action else None
    marks = replace(marks, pending=t.pending, pending_figure=figure, moving=t.moving)
    asked = t.decision()
    if t.phase != DECIDE or asked is None:
        return marks
    p = t.pending
    squares = tuple(dict.fromkeys((o[0], o[1]) for o in asked.options if isinstance(o, tuple) and len(o) >= 2))
    places = tuple(o[2] for o in asked.options if isinstance(o, tuple) and len(o) == 3 and p is not None
                   and (o[0], o[1]) == (p.x, p.y))
    return replace(marks, scored=tuple(c for c in squares if p is None or c != (p.x, p.y) or not places),
                   spots=places)


#: How a player card names who plays the seat.
SEAT_KIND = {"easy": N_("AI easy"), "normal": N_("AI normal"), "hard": N_("AI hard"), "expert": N_("AI expert")}


def seat_kind(seat: Seat) -> str:
    """"human" or the computer's level, in the language now spoken."""
    return _(SEAT_KIND.get(seat.ai_level or "", N_("AI"))) if seat.is_ai else _("human")


def panel_view(turn: TurnController, drag: Drag | None, seats: Sequence[Seat], shown_scores: Sequence[float],
               projected: Sequence[int] | None, slots: Callable[[int], list[pygame.Rect]], camera: Camera,
               on_board: Callable[[tuple[int, int]], bool], aids_on: bool,
               figure_slots: Callable[[int], list[tuple[str, pygame.Rect]]] = lambda i: []) -> PanelView:
    """The players' cards, the hand slot (empty while the scoring of the last turn plays: the
    next tile is not shown before its turn), the tiles still to come and the dragged tile's
    ghost, snapped where it would land."""
    t, d = turn, drag
    cards = [player_card(t, d, seat, i, shown_scores, projected, slots(i), figure_slots(i))
             for i, seat in enumerate(seats)]
    game = t.game
    holding = game.holds_tiles
    deck_left = dict(game.tiles_to_come())
    in_bag = len(game.deck)
    if t.tile is None or t.phase == ANIMATING:
        return PanelView(cards, HandSlot(None, 0, ""), deck_left, tiles_left=in_bag)
    if not holding:  # the drawn tile, seen by all, is not to come; held tiles are (public counts
        deck_left[t.tile] -= 1  # for everyone: taking the hand slot's out would tell others held tiles)
        in_bag -= 1
    dragged = d is not None and d.what == "tile"
    # hidden tiles are seen by their holder only: backs while a computer holds them, and while
    # the mouse goes to the next person (theirs show once they have it)
    secret = holding and not held_shown(game, t.player, None) and t.is_ai_turn
    hand = HandSlot(t.tile, t.rotation, hand_label(t, seats),
                    out=t.pending is not None or dragged or t.phase == AI_GLIDE,
                    hidden=t.phase == HANDOVER or secret, tiles=t.hand if holding else ())
    ghost = tile_ghost(t, d, camera, on_board, aids_on) if d is not None and dragged else None
    return PanelView(cards, hand, deck_left, tiles_left=in_bag, ghost=ghost)


def player_card(t: TurnController, d: Drag | None, seat: Seat, i: int, shown_scores: Sequence[float],
                projected: Sequence[int] | None, mine: list[pygame.Rect],
                figure_slots: list[tuple[str, pygame.Rect]]) -> Card:
    """One player's card: a follower out of the supply is not drawn in it, nor another figure
    on the board or in hand; one an action takes home this turn is."""
    carried = d.kind if d is not None and d.what == "figure" and not d.from_pending and not d.from_board else None
    figure = t.figure
    current = i == t.player and t.tile is not None
    follower_out = figure is not None and figure.kind == FOLLOWER.name and not figure.action
    hidden = (1 if current and follower_out else 0) + (1 if current and carried == FOLLOWER.name else 0)
    home = tuple((kind, rect) for kind, rect in figure_slots if figure_home(t, i, kind, carried, current))
    return Card(seat, round(shown_scores[i]), current, None if projected is None else projected[i],
                seat_kind(seat), tuple(mine[:len(mine) - hidden]), home, held_seen(t, i),
                tuple(t.game.counters(i).items()))


def figure_home(t: TurnController, i: int, kind: str, carried: str | None, current: bool) -> bool:
    """Whether player ``i``'s figure of ``kind`` is drawn on their card: not on the board, not
    laid or carried this turn, unless an action takes it home now."""
    at_home = t.figure_out(i, kind) is None
    if not current:
        return at_home
    figure = t.figure
    used = figure is not None and figure.kind == kind
    acting = used and figure is not None and bool(figure.action)
    return (at_home and not (used and not acting) and carried != kind) or acting


def hand_label(t: TurnController, seats: Sequence[Seat]) -> str:
    """The line under the hand slot: who decides or plays, or what the person does next."""
    asked = t.decision() if t.phase in (DECIDE, AI_DECIDE, HANDOVER) else None
    if asked is not None:
        if t.game.names[asked.player] == YOU:  # (a lesson's learner is spoken to)
            return _("Your decision")
        return _("{name} decides").format(name=seats[asked.player].name)
    if t.is_ai_turn:
        return _("{name} is playing…").format(name=t.seat.name)
    if t.pending is not None:
        return _("Placed: drag a follower or confirm")
    return _("Your hand: drag a tile to the board") if t.game.holds_tiles else _("Your tile: drag it to the board")


def tile_ghost(t: TurnController, d: Drag, camera: Camera, on_board: Callable[[tuple[int, int]], bool],
               aids_on: bool) -> Ghost:
    """The dragged tile, snapped to the empty square under the mouse (with the aids), and
    whether it fits there."""
    assert t.tile is not None
    ghost = Ghost(t.tile, t.rotation, camera.tile_px, d.pos)
    cell = camera.cell_at(*d.pos)
    if on_board(d.pos) and aids_on and t.game.tile_at(*cell) is None:
        ghost = replace(ghost, snap=pygame.Rect(camera.tile_rect(*cell)), fits=cell in t.legal_cells())
    return ghost

def held_seen(turn: TurnController, player: int) -> tuple[str | None, ...]:
    """The tiles ``player`` holds as their card shows them (when players hold several): face
    up when the others may see them, as backs when not; none for the player whose tiles fill
    the slot."""
    game = turn.game
    if not game.holds_tiles or (player == turn.player and turn.tile is not None and turn.phase != ANIMATING):
        return ()
    shown = held_shown(game, player, None) or player in turn.own_seats
    return tuple(tile if shown else None for tile in game.held(player))


def action_button(t: TurnController) -> tuple[FigureStep | None, bool, str]:
    """The button of the action the player may take instead of a figure (an expansion's):
    which (None: no action in this game), whether it may be taken now, and its label
    naming the points it will score once the tile is laid."""
    steps = (FigureStep(kind, action=action) for e in t.game.rules.expansions() for kind, action in e.actions)
    step = next((s for s in steps if action_ui(s) is not None), None)  # (an action taken on the board has none)
    offered = None if step is None else action_ui(step)
    if step is None or offered is None:
        return None, False, ""
    out = t.can_act and t.figure_out(t.player, step.kind) is not None and t.figure != step
    points = t.action_points(step) if out else None
    return step, out, offered.label_points(points) if points is not None else _(offered.label)
