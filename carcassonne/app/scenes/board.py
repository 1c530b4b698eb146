"""What the Play scene and the Replay viewer share: a board under a camera, its sprites,
and around it the top bar, the side panel with the players' cards and a bar along the
board's bottom (the score track, the replay slider)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.record import Seat
from ..camera import Camera
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


class BoardScene(Scene):
    def __init__(self, app: "App", seats: list[Seat]) -> None:
        super().__init__(app)
        self.seats = seats
        self.camera = Camera((0, 0, 100, 100))
        self.sprites = pygame.sprite.LayeredUpdates()
        #: Named areas of the screen: ``top``, ``panel``, ``board``, ``bar``, ``inner``, ``cards``, ...
        self.rects: dict[str, pygame.Rect] = {}
        self.card_rects: list[pygame.Rect] = []

    def layout_board(self, panel_w: float, card_h: float, bar_h: float) -> int:
        """Lay out the top bar, the side panel (``panel_w`` wide, at the right) with one card
        per player at its top, and the board area left of it with a bar along its bottom
        (lengths in UI units); returns the y where the rest of the panel starts."""
        u = self.u
        w, h = self.size
        top_h, pad, gap = int(46 * u), int(10 * u), int(4 * u)
        pw, ch, n = int(panel_w * u), int(card_h * u), len(self.seats)
        panel = pygame.Rect(w - pw, top_h, pw, h - top_h)
        board = pygame.Rect(0, top_h, w - pw, h - top_h)
        inner = panel.inflate(-2 * pad, 0)
        bh = int(bar_h * u)
        self.rects.update(top=pygame.Rect(0, 0, w, top_h), panel=panel, board=board, inner=inner,
                          bar=pygame.Rect(board.x + pad, board.bottom - bh - pad, board.w - 2 * pad, bh),
                          cards=pygame.Rect(inner.x, panel.y + pad, inner.w, n * (ch + gap)))
        self.card_rects = [pygame.Rect(inner.x, panel.y + pad + i * (ch + gap), inner.w, ch) for i in range(n)]
        self.camera.view = tuple(board)  # type: ignore[assignment]  # the same world point stays in the middle
        return self.rects["cards"].bottom + pad


def draw_grid(surface: pygame.Surface, camera: Camera, board: pygame.Rect,
              table: tuple[int, int, int, int] | None = None) -> None:
    """A faint grid around the board so empty squares read as places; with the ``table``
    house rule (its squares as min x, max x, min y, max y) the floor beyond it is darker
    and its edge drawn."""
    if table is not None:
        draw_table_edge(surface, camera, board, table)
    px = camera.tile_px
    if px < 30:
        return
    x0, y0, x1, y1 = camera.visible_cells()
    colour = (60, 71, 56)
    for x in range(x0, x1 + 2):
        sx, _ = camera.to_screen(x, 0)
        pygame.draw.line(surface, colour, (sx, board.top), (sx, board.bottom))
    for y in range(y0, y1 + 2):
        _, sy = camera.to_screen(0, y)
        pygame.draw.line(surface, colour, (board.left, sy), (board.right, sy))


def draw_table_edge(surface: pygame.Surface, camera: Camera, board: pygame.Rect,
                    table: tuple[int, int, int, int]) -> None:
    """Shade everything beyond the table and outline its edge, where no tile may go."""
    x0, y0 = camera.to_screen(table[0], table[2])
    x1, y1 = camera.to_screen(table[1] + 1, table[3] + 1)
    inside = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    floor = (34, 38, 31)
    for rect in (pygame.Rect(board.left, board.top, board.w, inside.top - board.top),
                 pygame.Rect(board.left, inside.bottom, board.w, board.bottom - inside.bottom),
                 pygame.Rect(board.left, inside.top, inside.left - board.left, inside.h),
                 pygame.Rect(inside.right, inside.top, board.right - inside.right, inside.h)):
        clipped = rect.clip(board)
        if clipped.w > 0 and clipped.h > 0:
            surface.fill(floor, clipped)
    pygame.draw.rect(surface, (168, 140, 92), inside.inflate(4, 4), max(2, camera.tile_px // 24))
