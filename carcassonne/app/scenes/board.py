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


def draw_grid(surface: pygame.Surface, camera: Camera, board: pygame.Rect) -> None:
    """A faint grid around the board so empty squares read as places."""
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
