"""Where the Play screen's aid tooltip shows: which square or card it is about, and the area it stays in.

The tooltip speaks of the square under the pointer only where a tile could go now or one
day (squares next to the tiles), of the square where a drop just failed, or of the
player card under the pointer; never of empty board far away. It is drawn inside the
board's view (above the score track), so it never covers the side panel, its buttons
or the top bar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..art.assets import Fonts, TileImages
from ..board.board_view import BoardView
from .aidview import Aids, Tip, draw_tip, play_tip
from .drag import Drag, spot_near
from .turn import HANDOVER, OVER, TurnController

Cell = tuple[int, int]


@dataclass(frozen=True)
class ShownTip:
    """A tooltip placed: what it says, the point it hangs from, the area it stays inside and
    the empty square it is about (outlined), if any."""

    tip: Tip
    at: tuple[int, int]
    area: pygame.Rect
    square: pygame.Rect | None = None


def find_tip(turn: TurnController, aids: Aids, board: BoardView, *, pointer: tuple[int, int], drag: Drag | None,
             cards: Sequence[pygame.Rect], view: pygame.Rect, over_button: bool, failed: Cell | None,
             u: float) -> ShownTip | None:
    """The tooltip for what is under ``pointer`` now (``view``: the board above the score
    track; ``failed``: the square of the last refused drop this turn)."""
    if turn.phase in (HANDOVER, OVER):
        return None
    card = next((i for i, c in enumerate(cards) if c.collidepoint(pointer)), None) if drag is None else None
    cell = None
    if view.collidepoint(pointer) and (drag is not None or not over_button):
        cell = board.camera.cell_at(*pointer)
        p = turn.pending
        near = cell in aids.open_cells() or cell == failed or (p is not None and cell == (p.x, p.y))
        cell = cell if near else None
    dragging = None if drag is None else drag.kind if drag.what == "figure" else drag.what
    tip = play_tip(turn, aids, card=card, cell=cell, dragging=dragging,
                   spot=spot_near(turn, board, pointer, False))
    if tip is None:
        return None
    if card is not None:  # beside the card, left of the panel, not over it
        c = cards[card]
        return ShownTip(tip, (c.x - int(440 * u), c.y), view)
    square = None
    if cell is not None and turn.game.tile_at(*cell) is None and (drag is None or drag.what != "tile"):
        square = pygame.Rect(board.camera.tile_rect(*cell))
    return ShownTip(tip, pointer, view, square)


def draw_shown_tip(surface: pygame.Surface, shown: ShownTip, fonts: Fonts, tiles: TileImages, u: float) -> None:
    """The square outlined and the box beside the pointer, both clipped to the tip's area."""
    before = surface.get_clip()
    surface.set_clip(shown.area.clip(before))
    if shown.square is not None:
        pygame.draw.rect(surface, (255, 255, 255), shown.square, max(2, int(3 * u)), border_radius=4)
    draw_tip(surface, shown.tip, shown.at, shown.area, fonts, tiles, u)
    surface.set_clip(before)
