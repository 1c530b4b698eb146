"""The Play screen painted, back to front: the board and what lies over it, the top bar, the
side panel, the buttons, what is carried, the message, the tooltip, the hand-over card; and
the marks over the board's tiles.

The painters are :mod:`~carcassonne.app.play.hud`'s; what they show was made in the scene's
``update`` (:func:`~carcassonne.app.play.playview.panel_view`), so painting decides nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

import pygame

from ..board.board_view import BoardMarks
from ..ui.panels import draw_top_bar
from .drag import spot_near
from .hud import (
    draw_cards,
    draw_deck,
    draw_hand,
    draw_handover,
    draw_message,
    draw_over_all,
    draw_over_board,
    draw_track,
    draw_turn_line,
)
from .play_tips import draw_shown_tip
from .playview import turn_marks
from .turn import HANDOVER, HUMAN

if TYPE_CHECKING:
    from ...engine import Game
    from ...engine.record import Seat
    from ..app import App
    from ..art.assets import Assets
    from ..board.board_view import BoardView
    from ..board.camera import Camera
    from ..ui.widgets import Button
    from .aidview import Aids
    from .board_overlay import BoardOverlay
    from .coach import Coach
    from .drag import Drag
    from .play_tips import ShownTip
    from .playview import PanelView
    from .turn import TurnController
    from .turn_actions import TurnActions
    from .turn_flow import TurnFlow


class Painted(Protocol):
    """A network game's part of the screen (seats, timer, chat): it paints itself."""

    def draw(self, surface: pygame.Surface, assets: Assets, u: float) -> None: ...


class PlayScreen(Protocol):
    """What the painters read of the Play screen (:class:`~carcassonne.app.scenes.play.PlayScene`)."""

    app: App
    u: float
    game: Game
    turn: TurnController
    seats: list[Seat]
    board: BoardView
    rects: dict[str, pygame.Rect]
    card_rects: list[pygame.Rect]
    buttons: dict[str, Button]
    panel: PanelView
    overlay: BoardOverlay
    flow: TurnFlow
    moves: TurnActions
    coach: Coach
    aids: Aids
    shown_tip: ShownTip | None

    @property
    def net(self) -> Painted: ...

    @property
    def camera(self) -> Camera: ...
    @property
    def drag(self) -> Drag | None: ...
    @property
    def hover_spot(self) -> str | None: ...
    @property
    def pointer(self) -> tuple[int, int]: ...
    @property
    def aids_on(self) -> bool: ...
    @property
    def hints_on(self) -> bool: ...
    @property
    def shown_scores(self) -> list[float]: ...
    def view_area(self) -> pygame.Rect: ...

#: The table under the tiles.
TABLE = (52, 62, 48)


def play_marks(scene: PlayScreen) -> BoardMarks:
    """Everything drawn over the board's tiles now (add new kinds of marks here)."""
    t, aids_on, drag = scene.turn, scene.aids_on, scene.drag
    marks = turn_marks(t, drag, scene.hover_spot, dead=scene.aids.dead() if aids_on else (),
                       aids_on=aids_on, hints_on=scene.hints_on)
    # the overlay's: features lit, farm owners, the last follower, the square shown from the log
    pointed = scene.hover_spot or (spot_near(t, scene.board, scene.pointer) if drag is None else None)
    marks = scene.overlay.marks(marks, t.pending if t.phase == HUMAN else None, pointed, aids_on)
    shown = scene.coach.shown
    if shown is not None and aids_on and t.phase == HUMAN and t.pending is None:
        marks = replace(marks, ghost=shown.move)
    if scene.moves.by_keys and marks.pending is not None and drag is None:
        marks = replace(marks, focus=True)  # (the square and place chosen with Tab and F, ringed)
    return marks


def message_area(overlay: BoardOverlay, view: pygame.Rect, u: float) -> pygame.Rect:
    """Where the message under the board is centred: right of the move log while it is open
    (a long message ran over the log's foot)."""
    log = overlay.log
    if not log.open or log.rect.right >= view.right - int(200 * u):
        return view
    left = log.rect.right + int(8 * u)
    return pygame.Rect(left, view.y, view.right - left, view.h)


def draw_play(surface: pygame.Surface, scene: PlayScreen) -> None:
    u, assets, t, rects, panel = scene.u, scene.app.assets, scene.turn, scene.rects, scene.panel
    view = scene.view_area()
    surface.fill(TABLE)
    scene.board.draw(surface)
    scene.overlay.draw(surface, assets, u)  # (the move log)
    draw_over_board(surface, view, scene.flow.anims, panel.ghost, scene.camera, assets)
    draw_track(surface, rects["track"], scene.seats, scene.shown_scores, assets, u)
    first = min(b.rect.x for b in scene.buttons.values() if b.visible and b.rect.colliderect(rects["top"]))
    x = draw_top_bar(surface, rects["top"], "Carcassonne", assets, u)
    draw_turn_line(surface, rects["top"], x, scene.seats[t.player] if t.tile else None,
                   scene.game.turn_number + 1, panel.tiles_left, first - int(16 * u), assets, u)
    draw_cards(surface, rects["panel"], list(zip(scene.card_rects, panel.cards)), assets, u)
    draw_hand(surface, rects["hand"], panel.hand, assets, u)
    draw_deck(surface, rects["deck"], panel.deck_left, assets, u)
    for b in scene.buttons.values():
        b.draw(surface, assets.fonts, u)  # (a hidden button draws nothing)
    draw_over_all(surface, scene.flow.anims, scene.drag, scene.seats[t.player].color, scene.camera, assets)
    scene.net.draw(surface, assets, u)
    draw_message(surface, message_area(scene.overlay, view, u), view.bottom, scene.flow.message, assets, u)
    if t.phase == HANDOVER:
        decider = t.decider
        draw_handover(surface, rects["board"], scene.seats[t.player if decider is None else decider], assets, u,
                      deciding=decider is not None)
    elif scene.shown_tip is not None:
        draw_shown_tip(surface, scene.shown_tip, assets.fonts, assets.tiles, u)
