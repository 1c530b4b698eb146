"""The board camera: world (tile grid) ↔ screen transforms, panning, zoom levels, glides.

Zoom snaps to a fixed ladder of tile sizes so tile images can be pre-scaled once
per size and cached (see :class:`TileImages`);
so zooming costs one smoothscale per tile kind and size, then only blits.
"""

from __future__ import annotations

import math

# 24 .. 256 px (the artwork's own size)
ZOOM_SIZES = tuple(sorted({round(24 * 1.15 ** k) for k in range(0, 17)} | {256}))
DEFAULT_SIZE_INDEX = min(range(len(ZOOM_SIZES)), key=lambda i: abs(ZOOM_SIZES[i] - 112))
#: The largest tile a fit shows at 100 % of the size of text and panels on a 1920 × 1080 screen
#: (a few tiles are not blown up); it grows with that size (:attr:`Camera.most_px`).
FIT_MOST_PX = 160
#: Tiles smaller than this are hard to read: the replay's turn and a final scoring's feature are
#: zoomed in to at least this size.
READABLE_PX = 64

Rect = tuple[int, int, int, int]


def ease(t: float) -> float:
    """Smoothstep: slow out, slow in (``t`` clamped to 0..1)."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class Camera:
    """Where the board is on screen. World units are tiles; tile (x, y) spans [x, x+1)."""

    def __init__(self, view: tuple[int, int, int, int]) -> None:
        self.view = view  # x, y, w, h of the board area on screen
        self.cx, self.cy = 0.5, 0.5  # world point at the centre of the view
        self.level = DEFAULT_SIZE_INDEX
        #: The largest tile :meth:`fit` picks: larger with larger text and panels, so a board of a
        #: few tiles keeps its size beside them (the scene sets it when it lays itself out).
        self.most_px = FIT_MOST_PX
        #: An eased move of the centre under way: (from, to, elapsed, duration); see :meth:`glide_to`.
        self._glide: tuple[tuple[float, float], tuple[float, float], float, float] | None = None

    # ------------------------------------------------------------ transforms
    @property
    def tile_px(self) -> int:
        """Tile size used for drawing (always one of the cached sizes)."""
        return ZOOM_SIZES[self.level]

    @property
    def center(self) -> tuple[float, float]:
        x, y, w, h = self.view
        return x + w / 2, y + h / 2

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        s = self.tile_px
        sx, sy = self.center
        return sx + (wx - self.cx) * s, sy + (wy - self.cy) * s

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        s = self.tile_px
        sx, sy = self.center
        return self.cx + (px - sx) / s, self.cy + (py - sy) / s

    def cell_at(self, px: float, py: float) -> tuple[int, int]:
        wx, wy = self.to_world(px, py)
        return math.floor(wx), math.floor(wy)

    def tile_rect(self, x: int, y: int) -> tuple[int, int, int, int]:
        sx, sy = self.to_screen(x, y)
        s = self.tile_px
        return round(sx), round(sy), s, s

    def cell_center(self, x: int, y: int) -> tuple[int, int]:
        sx, sy = self.to_screen(x + 0.5, y + 0.5)
        return round(sx), round(sy)

    def visible_cells(self) -> tuple[int, int, int, int]:
        x, y, w, h = self.view
        x0, y0 = self.cell_at(x, y)
        x1, y1 = self.cell_at(x + w, y + h)
        return x0, y0, x1, y1

    # ------------------------------------------------------------ movement
    def pan_pixels(self, dx: float, dy: float) -> None:
        self._glide = None
        s = self.tile_px
        self.cx -= dx / s
        self.cy -= dy / s

    def zoom(self, steps: int, pointer: tuple[float, float] | None = None) -> None:
        """Zoom by ``steps`` levels keeping the world point under ``pointer`` still."""
        new = max(0, min(len(ZOOM_SIZES) - 1, self.level + steps))
        if new == self.level:
            return
        self._glide = None
        anchor = pointer or self.center
        wx, wy = self.to_world(*anchor)
        self.level = new
        s = ZOOM_SIZES[new]
        sx, sy = self.center
        self.cx = wx - (anchor[0] - sx) / s
        self.cy = wy - (anchor[1] - sy) / s

    def fit(self, x0: int, y0: int, x1: int, y1: int, margin: float = 1.5, area: Rect | None = None) -> None:
        """Centre the board's bounding box in ``area`` (default: the whole view) and pick
        the largest level that shows it there with ``margin`` tiles around it."""
        self._glide = None
        ax, ay, w, h = area or self.view
        need_w, need_h = (x1 - x0 + 1) + 2 * margin, (y1 - y0 + 1) + 2 * margin
        best = 0
        for i, s in enumerate(ZOOM_SIZES):
            if s * need_w <= w and s * need_h <= h and s <= self.most_px:
                best = i
        self.level = best
        vx, vy = self.center
        s = self.tile_px
        self.cx = (x0 + x1 + 1) / 2 - (ax + w / 2 - vx) / s
        self.cy = (y0 + y1 + 1) / 2 - (ay + h / 2 - vy) / s

    # ------------------------------------------------------------ following
    def centre_showing(self, x: int, y: int, area: Rect, margin: float) -> tuple[float, float] | None:
        """The nearest centre that shows tile (x, y) inside ``area`` (a screen rect) with
        ``margin`` pixels around it at this zoom, or None if it already is.

        "Nearest" keeps the rest of the board where the player left it: the camera moves
        only as far as needed; a tile too big for the area (with its margin) is centred in it.
        """
        s = self.tile_px
        tx, ty = self.to_screen(x, y)
        shift = []
        for lo, size, t in ((area[0], area[2], tx), (area[1], area[3], ty)):
            m = max(0.0, min(margin, (size - s) / 2))
            if t - m < lo:
                shift.append(lo + m - t)
            elif t + s + m > lo + size:
                shift.append(lo + size - (t + s + m))
            else:
                shift.append(0.0)
        if shift == [0.0, 0.0]:
            return None
        return self.cx - shift[0] / s, self.cy - shift[1] / s

    def glide_to(self, wx: float, wy: float, duration: float) -> None:
        """Move the centre to (wx, wy) over ``duration`` seconds, eased (0: at once).

        Any move by the player (:meth:`pan_pixels`, :meth:`zoom`, :meth:`fit`) or :meth:`stop` ends the glide
        where it is.
        """
        if duration <= 0:
            self.cx, self.cy = wx, wy
            self._glide = None
        else:
            self._glide = ((self.cx, self.cy), (wx, wy), 0.0, duration)

    @property
    def gliding(self) -> bool:
        return self._glide is not None

    def stop(self) -> None:
        self._glide = None

    def update(self, dt: float) -> None:
        """Advance a glide by ``dt`` seconds."""
        if self._glide is None:
            return
        (x0, y0), (x1, y1), t, duration = self._glide
        t += dt
        e = ease(t / duration)
        self.cx, self.cy = x0 + (x1 - x0) * e, y0 + (y1 - y0) * e
        self._glide = None if t >= duration else ((x0, y0), (x1, y1), t, duration)

    def follow(self, x: int, y: int, area: Rect, duration: float) -> None:
        """Glide so tile (x, y) is comfortably in view: only when it is off-screen, partly
        hidden or within a quarter tile of an edge, and then far enough to leave a tile of
        room around it, so a road growing towards the edge does not pull the camera every turn."""
        if self.centre_showing(x, y, area, self.tile_px * 0.25) is None:
            return
        target = self.centre_showing(x, y, area, self.tile_px * 1.0)
        if target is not None:
            self.glide_to(*target, duration)

    def keep_in_view(self, cells: list[tuple[int, int]], tile: tuple[int, int], area: Rect, duration: float,
                     smallest: int = 40) -> None:
        """While the whole board fits ``area`` with tiles of at least ``smallest`` pixels, show
        all of it: zoom out (never in) as it grows and glide to its middle only when a tile
        would leave the view; a bigger board: follow ``tile``. One steady direction of travel,
        so a computer's turns never swing the camera back and forth."""
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        ax, ay, w, h = area
        need_w, need_h = max(xs) - min(xs) + 2, max(ys) - min(ys) + 2
        fits = [i for i, s in enumerate(ZOOM_SIZES) if s * need_w <= w and s * need_h <= h]
        level = min(self.level, max(fits)) if fits else None
        if level is None or ZOOM_SIZES[level] < smallest:
            self.follow(*tile, area=area, duration=duration)
            return
        if level != self.level:
            self.zoom(level - self.level)
        x0, y0 = self.to_screen(min(xs), min(ys))
        x1, y1 = self.to_screen(max(xs) + 1, max(ys) + 1)
        if x0 >= ax and y0 >= ay and x1 <= ax + w and y1 <= ay + h:
            return
        vx, vy = self.center
        s = self.tile_px
        self.glide_to((min(xs) + max(xs) + 1) / 2 - (ax + w / 2 - vx) / s,
                      (min(ys) + max(ys) + 1) / 2 - (ay + h / 2 - vy) / s, duration)
