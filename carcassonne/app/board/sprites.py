"""The board's sprites (tiles, followers, marks), kept by :class:`~carcassonne.app.board.board_view.BoardView`.

Board sprites keep world positions and take their screen rect from the camera each
frame; images come from the per-size caches, so a frame is blits only.
"""

from __future__ import annotations

import math

import pygame

from ...engine import Orientation
from ...engine.figures import FOLLOWER
from ..art.assets import PLAYER_RGB, Assets
from ..art.picture_cache import PictureCache
from ..art.spots import spot_anchor
from .camera import Camera

FOLLOWER_SCALE = 0.34  # follower height as a fraction of the tile


class BoardSprite(pygame.sprite.Sprite):
    """A sprite at a world position: ``sync`` takes its image and screen rect from the camera."""

    image: pygame.Surface
    rect: pygame.Rect

    def sync(self, camera: Camera) -> None:
        raise NotImplementedError


class BoardTile(BoardSprite):
    """A placed tile (``pending``: laid down this turn, not yet confirmed)."""

    pending = False

    def __init__(self, x: int, y: int, o: Orientation, assets: Assets) -> None:
        super().__init__()
        self.x, self.y, self.o = x, y, o
        self.assets = assets
        self._px = -1
        self._rough = False
        self.image = pygame.Surface((1, 1))
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px or self._rough:
            self.image = self.assets.tiles.sized(self.o.kind.id, self.o.rotation, px, quick=True)
            self._rough = self.assets.tiles.is_rough(self.o.kind.id, self.o.rotation, px)
            self._px = px
        sx, sy = camera.to_screen(self.x, self.y)
        self.rect = pygame.Rect(round(sx), round(sy), px, px)


class BoardFollower(BoardSprite):
    """A figure standing (or, as a farmer, lying) on a placed tile: a follower, or another
    kind (an expansion's), drawn in its kind's look."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str, color: str, assets: Assets,
                 kind: str = FOLLOWER.name) -> None:
        super().__init__()
        self.kind = kind
        self.x, self.y, self.o, self.spot, self.color = x, y, o, spot, color
        self.assets = assets
        self.lying = spot.startswith("farm")
        self._px = -1
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px:
            self.image = self.assets.pieces.get(self.color, max(10, round(px * FOLLOWER_SCALE)), self.lying,
                                                kind=self.kind)
            self._px = px
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = camera.to_screen(self.x + ax, self.y + ay)
        self.rect = self.image.get_rect(center=(round(sx), round(sy)))


class CellMark(BoardSprite):
    """A translucent square or frame on a board cell (legal spots, last tile, scored feature)."""

    _cache: PictureCache[tuple[object, ...]] = PictureCache(windows=0.5)

    def __init__(self, x: int, y: int, rgba: tuple[int, int, int, int], frame: int = 0) -> None:
        super().__init__()
        self.x, self.y, self.rgba, self.frame = x, y, rgba, frame
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        key = (px, self.rgba, self.frame)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((px, px), pygame.SRCALPHA)
            if self.frame:
                w = max(2, round(px * self.frame / 100))
                pygame.draw.rect(img, self.rgba, img.get_rect(), w, border_radius=max(2, px // 16))
            else:
                img.fill(self.rgba)
                pygame.draw.rect(img, (*self.rgba[:3], min(255, self.rgba[3] * 2)), img.get_rect(),
                                 max(1, px // 40))
            self._cache.put(key, img)
        self.image = img
        sx, sy = camera.to_screen(self.x, self.y)
        self.rect = pygame.Rect(round(sx), round(sy), px, px)


class FocusRing(BoardSprite):
    """The keyboard's focus: a black and white ring round the square (``spot`` None) or round the
    place ``spot`` of the tile on it, chosen with Tab and F; seen on any tile, in any colour vision."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str | None) -> None:
        super().__init__()
        self.x, self.y, self.o, self.spot = x, y, o, spot
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        w = max(2, px // 30)
        if self.spot is None:
            size = px + 4 * w
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(img, (0, 0, 0, 255), img.get_rect(), 2 * w, border_radius=max(3, px // 12))
            pygame.draw.rect(img, (255, 255, 255, 255), img.get_rect().inflate(-w, -w), w,
                             border_radius=max(3, px // 12))
            sx, sy = camera.to_screen(self.x, self.y)
            self.image, self.rect = img, img.get_rect(topleft=(round(sx) - 2 * w, round(sy) - 2 * w))
            return
        r = max(10, round(px * 0.2))
        img = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        c = (r + 1, r + 1)
        pygame.draw.circle(img, (0, 0, 0, 255), c, r, 2 * w)
        pygame.draw.circle(img, (255, 255, 255, 255), c, r - w, w)
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = camera.to_screen(self.x + ax, self.y + ay)
        self.image, self.rect = img, img.get_rect(center=(round(sx), round(sy)))


class DeadMark(BoardSprite):
    """A dead spot: a square no tile left in the box can fill (hatched, with a cross)."""

    _cache: PictureCache[int] = PictureCache(windows=0.25)

    def __init__(self, x: int, y: int) -> None:
        super().__init__()
        self.x, self.y = x, y
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        img = self._cache.get(px)
        if img is None:
            img = pygame.Surface((px, px), pygame.SRCALPHA)
            img.fill((20, 16, 14, 120))
            step = max(6, px // 8)
            line = max(1, px // 64)
            for k in range(-px, px, step):  # hatching
                pygame.draw.line(img, (150, 60, 50, 110), (k, px), (k + px, 0), line)
            m = px // 4
            w = max(2, px // 14)
            pygame.draw.line(img, (230, 90, 75, 230), (m, m), (px - m, px - m), w)
            pygame.draw.line(img, (230, 90, 75, 230), (m, px - m), (px - m, m), w)
            pygame.draw.rect(img, (230, 90, 75, 200), img.get_rect(), max(1, px // 40))
            self._cache.put(px, img)
        self.image = img
        sx, sy = camera.to_screen(self.x, self.y)
        self.rect = pygame.Rect(round(sx), round(sy), px, px)


class LastFollowerMark(BoardSprite):
    """A ring under the follower the last turn put on the board (the last move, marked)."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str) -> None:
        super().__init__()
        self.x, self.y, self.o, self.spot = x, y, o, spot
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()
        self._px = -1

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px:
            self._px = px
            r = max(8, round(px * FOLLOWER_SCALE * 0.75))
            img = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(img, (255, 214, 90, 110), (r + 2, r + 2), r)
            pygame.draw.circle(img, (255, 214, 90, 255), (r + 2, r + 2), r, max(2, r // 5))
            self.image = img
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = camera.to_screen(self.x + ax, self.y + ay)
        self.rect = self.image.get_rect(center=(round(sx), round(sy)))


class SpotMark(BoardSprite):
    """A lit follower place on the pending tile (brighter while hovered)."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str, color: str) -> None:
        super().__init__()
        self.x, self.y, self.o, self.spot, self.color = x, y, o, spot, color
        self.hover = False
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        r = max(6, round(px * (0.14 if self.hover else 0.1)))
        img = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        rgb = PLAYER_RGB.get(self.color, (255, 255, 255))
        c = (r + 2, r + 2)
        pygame.draw.circle(img, (255, 255, 255, 230 if self.hover else 170), c, r)
        pygame.draw.circle(img, (*rgb, 255), c, max(2, r - max(2, r // 3)))
        pygame.draw.circle(img, (20, 20, 20, 255), c, r, max(1, r // 5))
        self.image = img
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = camera.to_screen(self.x + ax, self.y + ay)
        self.rect = img.get_rect(center=(round(sx), round(sy)))


#: The outline of a move shown beside the one played (the analysis' better move).
GHOST_RGB = (110, 230, 255)
#: A ghost tile is drawn this much smaller than its square, so the frame of a tile played
#: on the same square still shows around it.
GHOST_SCALE = 0.8


def ghost_point(camera: Camera, x: int, y: int, fx: float, fy: float) -> tuple[float, float]:
    """Where the point (fx, fy) of a ghost tile on square (x, y) is on screen."""
    inset = (1 - GHOST_SCALE) / 2
    return camera.to_screen(x + inset + fx * GHOST_SCALE, y + inset + fy * GHOST_SCALE)


class GhostTile(BoardSprite):
    """A move that was not played, seen through: the tile half transparent in a bright outline."""

    def __init__(self, x: int, y: int, o: Orientation, assets: Assets) -> None:
        super().__init__()
        self.x, self.y, self.o = x, y, o
        self.assets = assets
        self._px = -1
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = max(4, round(camera.tile_px * GHOST_SCALE))
        if px != self._px:
            self._px = px
            img = pygame.Surface((px, px), pygame.SRCALPHA)
            img.blit(self.assets.tiles.sized(self.o.kind.id, self.o.rotation, px, quick=True), (0, 0))
            img.fill((255, 255, 255, 165), special_flags=pygame.BLEND_RGBA_MULT)
            w = max(3, px // 16)
            pygame.draw.rect(img, (20, 30, 40, 255), img.get_rect(), w + 2, border_radius=max(2, px // 16))
            pygame.draw.rect(img, (*GHOST_RGB, 255), img.get_rect().inflate(-2, -2), w,
                             border_radius=max(2, px // 16))
            self.image = img
        sx, sy = ghost_point(camera, self.x, self.y, 0, 0)
        self.rect = pygame.Rect(round(sx), round(sy), px, px)


class GhostFollower(BoardFollower):
    """The follower of a move that was not played: see-through, ringed in the ghost's outline colour."""

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px:
            self._px = px
            piece = self.assets.pieces.get(self.color, max(10, round(px * GHOST_SCALE * FOLLOWER_SCALE)),
                                           self.lying, kind=self.kind)
            r = max(piece.get_width(), piece.get_height()) // 2 + max(3, px // 30)
            img = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(img, (*GHOST_RGB, 70), (r + 2, r + 2), r)
            pygame.draw.circle(img, (*GHOST_RGB, 255), (r + 2, r + 2), r, max(2, r // 7))
            faded = piece.copy()
            faded.fill((255, 255, 255, 190), special_flags=pygame.BLEND_RGBA_MULT)
            img.blit(faded, faded.get_rect(center=(r + 2, r + 2)))
            self.image = img
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = ghost_point(camera, self.x, self.y, ax, ay)
        self.rect = self.image.get_rect(center=(round(sx), round(sy)))


def tinted(img: pygame.Surface, rgb: tuple[int, int, int], alpha: int = 90) -> pygame.Surface:
    """A copy of a tile image washed with a colour (green fits, red does not)."""
    out = img.copy()
    wash = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    wash.fill((*rgb, alpha))
    out.blit(wash, (0, 0))
    pygame.draw.rect(out, rgb, out.get_rect(), max(2, img.get_width() // 28))
    return out


class LeavingFigure(BoardFollower):
    """A figure an action takes home this turn, not yet confirmed: see-through where it stood,
    with the points it scores as it comes home."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str, color: str, assets: Assets, points: int,
                 kind: str = FOLLOWER.name) -> None:
        super().__init__(x, y, o, spot, color, assets, kind=kind)
        self.points = points

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px:
            self._px = px
            figure = self.assets.pieces.get(self.color, max(10, round(px * FOLLOWER_SCALE)), kind=self.kind).copy()
            figure.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
            # a dashed ring round the see-through figure: it stands here until the turn is confirmed
            r = max(figure.get_size()) // 2 + max(2, px // 40)
            piece = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            for k in range(0, 360, 30):
                pygame.draw.arc(piece, (255, 214, 90, 255), piece.get_rect().inflate(-2, -2), math.radians(k),
                                math.radians(k + 18), max(2, r // 8))
            piece.blit(figure, figure.get_rect(center=(r + 1, r + 1)))
            font = self.assets.fonts.get(max(11, round(px * 0.2)), "bold")
            label = font.render(f"+{self.points}", True, (255, 236, 150))
            pad = max(2, px // 40)
            tag = pygame.Surface((label.get_width() + 2 * pad, label.get_height()), pygame.SRCALPHA)
            tag.fill((30, 24, 18, 215))
            tag.blit(label, (pad, 0))
            w = piece.get_width() + tag.get_width()
            img = pygame.Surface((w, max(piece.get_height(), tag.get_height())), pygame.SRCALPHA)
            img.blit(piece, (0, 0))
            img.blit(tag, (piece.get_width(), 0))
            self.image = img
            self._offset = piece.get_width() // 2
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = camera.to_screen(self.x + ax, self.y + ay)
        self.rect = self.image.get_rect(midleft=(round(sx) - self._offset, round(sy)))


class NeutralFigure(BoardSprite):
    """A neutral figure (nobody's: an expansion's) at a point of the board, a little larger
    than a follower so it reads over the figures it stands among."""

    def __init__(self, kind: str, at: tuple[float, float], assets: Assets) -> None:
        super().__init__()
        self.kind, self.at, self.assets = kind, at, assets
        #: Where on screen it is carried by the pointer, if held.
        self.held_at: tuple[int, int] | None = None
        self._px = -1
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px:
            self.image = self.assets.pieces.get("", max(12, round(px * NEUTRAL_SCALE)), kind=self.kind)
            self._px = px
        sx, sy = self.held_at or camera.to_screen(*self.at)
        self.rect = self.image.get_rect(center=(round(sx), round(sy)))


#: A neutral figure's size as a fraction of the tile.
NEUTRAL_SCALE = 0.46
PATH_RGB = (200, 40, 30)


class PathMark(BoardSprite):
    """The path a neutral figure took this turn: a line from square centre to square centre
    with a dot at each square entered, numbered in order (it reads in any colour vision)."""

    def __init__(self, cells: list[tuple[int, int]], assets: Assets) -> None:
        super().__init__()
        self.cells, self.assets = cells, assets
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        points = [camera.to_screen(x + 0.5, y + 0.5) for x, y in self.cells]
        left, top = min(p[0] for p in points) - px, min(p[1] for p in points) - px
        right, bottom = max(p[0] for p in points) + px, max(p[1] for p in points) + px
        img = pygame.Surface((max(1, round(right - left)), max(1, round(bottom - top))), pygame.SRCALPHA)
        local = [(round(x - left), round(y - top)) for x, y in points]
        w = max(3, px // 14)
        pygame.draw.lines(img, (255, 246, 220, 230), False, local, w + 4)
        pygame.draw.lines(img, (*PATH_RGB, 235), False, local, w)
        r = max(6, px // 9)
        font = self.assets.fonts.get(max(10, round(r * 1.3)), "bold")
        for number, c in enumerate(local[1:], start=1):
            pygame.draw.circle(img, (255, 246, 220, 255), c, r + 2)
            pygame.draw.circle(img, (*PATH_RGB, 255), c, r)
            label = font.render(str(number), True, (255, 255, 255))
            img.blit(label, label.get_rect(center=c))
        pygame.draw.circle(img, (*PATH_RGB, 255), local[0], max(3, r // 2))
        self.image = img
        self.rect = img.get_rect(topleft=(round(left), round(top)))


class RingMark(BoardSprite):
    """A lit place where a figure already stands (one to stand beside, or to remove): a ring
    round the figure in the player's colour, edged black and white, so the figure still shows."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str, color: str) -> None:
        super().__init__()
        self.x, self.y, self.o, self.spot, self.color = x, y, o, spot, color
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        r = max(10, round(px * FOLLOWER_SCALE * 0.72))
        w = max(3, r // 5)
        img = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        c = (r + 2, r + 2)
        pygame.draw.circle(img, (20, 20, 20, 255), c, r + 1, w + 2)
        pygame.draw.circle(img, (*PLAYER_RGB.get(self.color, (255, 255, 255)), 255), c, r, w)
        pygame.draw.circle(img, (255, 255, 255, 255), c, r - w, max(1, w // 3))
        self.image = img
        ax, ay = spot_anchor(self.o, self.spot)
        sx, sy = camera.to_screen(self.x + ax, self.y + ay)
        self.rect = img.get_rect(center=(round(sx), round(sy)))
