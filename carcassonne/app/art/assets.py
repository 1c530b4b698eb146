"""Images and fonts, loaded once, converted once, pre-scaled per size and cached.

Every path goes through :mod:`carcassonne.resources`. Until an artwork file exists
the tile is drawn from its segment data and the meeple from a simple outline, so the
game is always playable; the real artwork is used as soon as it is present.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pygame

from ... import resources
from ...engine import Orientation, TileSet
from ...engine.figures import FOLLOWER
from ...engine.tiles import TileKind
from ...tileset import image_sources
from .expansion_ui import HALO, every_tile, look, uis, with_twins
from .picture_cache import PictureCache
from .spots import CENTER, EDGE_MID

TILE_PX = 256
#: Each player's colour for what the game paints in it (text, farms, lit places), per set of
#: pieces (``resources/pieces/<set>/``, made by ``build_scripts/draw_pieces.py``); "" the default.
PIECE_COLOURS = {
    "": {"red": (214, 48, 49), "blue": (40, 110, 220), "green": (46, 160, 67),
         "yellow": (240, 196, 25), "black": (40, 40, 46), "pink": (232, 110, 190)},
    "colour-vision": {"red": (222, 36, 26), "blue": (52, 40, 240), "green": (60, 206, 156),
                      "yellow": (246, 244, 70), "black": (40, 40, 46), "pink": (186, 148, 226)},
}
#: The colours of the set of pieces in use (:meth:`Assets.use_pieces` changes it in place).
PLAYER_RGB = dict(PIECE_COLOURS[""])
FIELD_RGB = (118, 158, 72)
CITY_RGB = (196, 160, 104)
CITY_WALL = (120, 88, 52)
ROAD_RGB = (236, 226, 200)
#: Fonts kept open: a screen uses a dozen or two sizes, so this never reopens one a frame.
KEEP_FONTS = 40


def _font_files() -> dict[str, Path]:
    folder = resources.path("fonts")
    return {p.stem.lower(): p for p in sorted(folder.glob("*.ttf"))} if folder.is_dir() else {}


class Fonts:
    """Fonts by role and pixel size: ``ui`` (plain), ``bold`` and ``title``."""

    def __init__(self) -> None:
        files = _font_files()
        def pick(*names: str) -> Path | None:
            for n in names:
                for stem, p in files.items():
                    if n in stem:
                        return p
            return next(iter(files.values()), None)
        self.paths = {"ui": pick("dejavusans"), "bold": pick("bold", "dejavusans"),
                      "title": pick("cardo", "bold")}
        if self.paths["ui"] and "bold" in self.paths["ui"].stem.lower():
            plain = [p for s, p in files.items() if "bold" not in s and "cardo" not in s]
            self.paths["ui"] = plain[0] if plain else self.paths["ui"]
        #: Open fonts, least recently used first. Each holds an open file and FreeType's
        #: tables and glyph cache; a long session meets many sizes (the farm labels follow the
        #: zoom), so only the :data:`KEEP_FONTS` used last stay open.
        self._cache: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()

    def get(self, size: int, role: str = "ui") -> pygame.font.Font:
        size = max(8, int(size))
        key = (role, size)
        font = self._cache.get(key)
        if font is not None:
            self._cache.move_to_end(key)
        else:
            path = self.paths.get(role)
            try:
                font = pygame.font.Font(str(path) if path else None, size)
            except (OSError, FileNotFoundError):
                font = pygame.font.Font(None, size)
            self._cache[key] = font
            while len(self._cache) > KEEP_FONTS:
                self._cache.popitem(last=False)
        return font

    def fitting(self, text: str, width: float, sizes: tuple[int, ...], role: str = "ui") -> pygame.font.Font:
        """The largest of ``sizes`` (pixels, largest first) at which ``text`` fits ``width``;
        the smallest if none does."""
        return next((f for f in (self.get(k, role) for k in sizes) if f.size(text)[0] <= width),
                    self.get(sizes[-1], role))


class TileImages:
    """Tile artwork: canonical 256 px images, rotated copies, and per-size scaled copies.

    Scaled copies are kept within two windows' worth of pixels (least recently drawn goes),
    so zooming never smoothscales a tile twice for the same size while it stays in use, and
    a long session's many sizes never pile up.
    """

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        #: Every kind's artwork, the twins a rule module makes included.
        self.kinds = every_tile(tiles)
        self.sources = with_twins(image_sources(), tiles)
        self._base: dict[str, pygame.Surface] = {}
        self._sized: PictureCache[tuple[int, str, int]] = PictureCache(windows=2)
        self.missing: list[str] = []
        #: Sizes made with a quick nearest-neighbour scale, to be redone smoothly (see refine).
        self._rough: OrderedDict[tuple[str, int, int], None] = OrderedDict()

    def base(self, tile: str) -> pygame.Surface:
        img = self._base.get(tile)
        if img is None:
            path = self.sources.get(tile)
            img = None
            if path is not None and path.is_file():
                try:
                    img = pygame.image.load(str(path)).convert_alpha()
                    if img.get_size() != (TILE_PX, TILE_PX):
                        img = pygame.transform.smoothscale(img, (TILE_PX, TILE_PX))
                except pygame.error:
                    img = None
            if img is None:
                self.missing.append(tile)
                img = draw_tile(self._kind(tile).orientations[0], TILE_PX)
            self._base[tile] = img
        return img

    def _kind(self, tile: str) -> TileKind:
        """A tile kind of the set, or a twin a rule module makes of one (not in the set)."""
        return self.tiles[tile] if tile in self.tiles else self.kinds[tile]

    def rotated(self, tile: str, rotation: int) -> pygame.Surface:
        """The full-size artwork turned clockwise; not kept (all of them would be 36 MiB)."""
        return self._turned(self.base(tile), rotation)

    @staticmethod
    def _turned(img: pygame.Surface, rotation: int) -> pygame.Surface:
        return pygame.transform.rotate(img, -rotation) if rotation else img  # exact for right angles

    def _scaled(self, tile: str, rotation: int, size: int, smooth: bool) -> pygame.Surface:
        """Scaled first, then turned: turning the small image costs a fraction and keeps nothing big."""
        base = self.base(tile)
        if size != TILE_PX:
            base = (pygame.transform.smoothscale if smooth else pygame.transform.scale)(base, (size, size))
        return self._turned(base, rotation)

    def sized(self, tile: str, rotation: int, size: int, quick: bool = False) -> pygame.Surface:
        """The tile at ``size`` px. ``quick``: on a cache miss, scale fast now and smoothly later
        (:meth:`refine`), so zooming into a new level never stalls a frame."""
        size = max(4, int(size))
        img = self._sized.get((size, tile, rotation))
        if img is None:
            img = self._sized.put((size, tile, rotation), self._scaled(tile, rotation, size, smooth=not quick))
            if quick and size != TILE_PX:
                self._rough[(tile, rotation, size)] = None
        return img

    def is_rough(self, tile: str, rotation: int, size: int) -> bool:
        """Whether the image at ``size`` is still the quick scale, waiting for :meth:`refine`."""
        return (tile, rotation, size) in self._rough

    def refine(self, budget: int = 4) -> bool:
        """Redo up to ``budget`` quick-scaled images smoothly; True if any were redone."""
        done = 0
        while self._rough and done < budget:
            (tile, rotation, size), _ = self._rough.popitem(last=False)
            if (size, tile, rotation) not in self._sized:
                continue
            self._sized.put((size, tile, rotation), self._scaled(tile, rotation, size, smooth=True))
            done += 1
        return bool(done)


def draw_tile(o: Orientation, px: int) -> pygame.Surface:
    """A plain picture of a tile from its segments: the stand-in until the artwork exists."""
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    surf.fill(FIELD_RGB)

    def P(x: float, y: float) -> tuple[int, int]:
        return round(x * px), round(y * px)
    corners = ((0, 0), (1, 0), (1, 1), (0, 1))
    for seg in o.segments:
        if seg.kind == "road":
            colour = ROAD_RGB
            width = max(2, px // 12)
            mids = [EDGE_MID[e] for e in seg.edges]
            if len(mids) == 2:
                pygame.draw.lines(surf, colour, False, [P(*mids[0]), P(*CENTER), P(*mids[1])], width)
            else:
                end = CENTER
                for m in mids:
                    pygame.draw.line(surf, colour, P(*m), P(*end), width)
                if len(mids) > 2:
                    pygame.draw.circle(surf, (150, 120, 90), P(*CENTER), px // 9)
    for seg in o.segments:
        if seg.kind != "city":
            continue
        pts: list[tuple[float, float]] = []
        if len(seg.edges) == 1:
            e = seg.edges[0]
            a, b = corners[e], corners[(e + 1) % 4]
            mid = EDGE_MID[e]
            inner = (mid[0] + (0.5 - mid[0]) * 0.6, mid[1] + (0.5 - mid[1]) * 0.6)
            pts = [a, b, ((b[0] + inner[0]) / 2 + (0.5 - b[0]) * .05, (b[1] + inner[1]) / 2 + (0.5 - b[1]) * .05),
                   inner, ((a[0] + inner[0]) / 2 + (0.5 - a[0]) * .05, (a[1] + inner[1]) / 2 + (0.5 - a[1]) * .05)]
        else:
            for e in range(4):
                if e in seg.edges:
                    pts += [corners[e], corners[(e + 1) % 4]]
                else:
                    mid = EDGE_MID[e]
                    pts.append((mid[0] + (0.5 - mid[0]) * 0.45, mid[1] + (0.5 - mid[1]) * 0.45))
        poly = [P(*p) for p in pts]
        pygame.draw.polygon(surf, CITY_RGB, poly)
        pygame.draw.polygon(surf, CITY_WALL, poly, max(2, px // 40))
        if seg.pennant:
            from .spots import anchors
            idx = o.segments.index(seg)
            ax, ay = anchors(o)[idx]
            cx, cy = P(ax, ay)
            r = px // 14
            shield = [(cx - r, cy - r + r // 2), (cx + r, cy - r + r // 2), (cx + r, cy + r // 3),
                      (cx, cy + r + r // 2), (cx - r, cy + r // 3)]
            shield = [(x + px // 8 if ax < 0.5 else x - px // 8, y) for x, y in shield]
            pygame.draw.polygon(surf, (40, 80, 170), shield)
            pygame.draw.polygon(surf, (240, 240, 240), shield, max(1, px // 80))
    for seg in o.segments:
        if seg.kind == "cloister":
            c = P(*CENTER)
            w = px // 4
            body = pygame.Rect(0, 0, w, w)
            body.center = (c[0], c[1] + w // 6)
            pygame.draw.rect(surf, (226, 214, 190), body)
            pygame.draw.polygon(surf, (180, 60, 50), [(body.left - w // 8, body.top), (body.right + w // 8, body.top),
                                                      (body.centerx, body.top - w // 2)])
            pygame.draw.rect(surf, (90, 60, 40), body, max(1, px // 80))
    pygame.draw.rect(surf, (70, 90, 50), surf.get_rect(), max(1, px // 64))
    return surf


MEEPLE_SHAPE = ((0.5, 0.02), (0.66, 0.08), (0.7, 0.24), (0.64, 0.34), (0.98, 0.46), (0.98, 0.58),
                (0.68, 0.56), (0.82, 0.98), (0.56, 0.98), (0.5, 0.78), (0.44, 0.98), (0.18, 0.98),
                (0.32, 0.56), (0.02, 0.58), (0.02, 0.46), (0.36, 0.34), (0.3, 0.24), (0.34, 0.08))


def draw_meeple(color: str, px: int, lying: bool = False) -> pygame.Surface:
    """A meeple outline in the player's colour (stand-in until the artwork exists)."""
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    rgb = PLAYER_RGB.get(color, (200, 200, 200))
    pts = [(round(x * (px - 1)), round(y * (px - 1))) for x, y in MEEPLE_SHAPE]
    pygame.draw.polygon(surf, rgb, pts)
    outline = (250, 250, 250) if color == "black" else (20, 20, 20)
    pygame.draw.polygon(surf, outline, pts, max(1, px // 16))
    if lying:
        surf = pygame.transform.rotate(surf, 90)
    return surf


class Pieces:
    """Figure images per kind, colour and size (artwork if present, else a follower drawn);
    each kind's look (:class:`~carcassonne.app.art.expansion_ui.FigureLook`) comes from its
    expansion's package."""

    def __init__(self) -> None:
        self._base: dict[tuple[str, bool, str], pygame.Surface] = {}
        self._sized: PictureCache[tuple[str, bool, str, int]] = PictureCache(windows=0.25)
        self.missing: list[str] = []
        #: The set of pieces drawn (a folder of ``resources/pieces``; "" the default one).
        self.set = ""

    def use(self, piece_set: str) -> None:
        """Draw the pieces of ``piece_set`` from now on (their colours too: :data:`PLAYER_RGB`)."""
        piece_set = piece_set if piece_set in PIECE_COLOURS else ""
        PLAYER_RGB.update(PIECE_COLOURS[piece_set])
        if piece_set != self.set:
            self.set = piece_set
            self._base.clear()
            self._sized.clear()

    def base(self, color: str, lying: bool = False, kind: str = FOLLOWER.name) -> pygame.Surface:
        shape = look(kind)
        lying = lying and shape.lies
        key = (color, lying, shape.image)
        img = self._base.get(key)
        if img is None:
            name = (f"{shape.image}-{color}{'-lying' if lying else ''}.png" if shape.coloured
                    else f"{shape.image}.png")
            path = resources.path("pieces", self.set, name) if self.set else resources.path("pieces", name)
            if self.set and not path.is_file():  # (a figure no set redraws: a neutral one)
                path = resources.path("pieces", name)
            if path.is_file():
                try:
                    img = pygame.image.load(str(path)).convert_alpha()
                except pygame.error:
                    img = None
            if img is None:
                self.missing.append(name)
                img = draw_meeple(color, 128, lying)
            self._base[key] = img
        return img

    def get(self, color: str, px: int, lying: bool = False, kind: str = FOLLOWER.name) -> pygame.Surface:
        """The figure of ``kind`` for a follower ``px`` tall (a stronger kind comes out taller:
        its look's scale, so it reads as big at every zoom)."""
        shape = look(kind)
        px = max(6, int(px * shape.scale if shape.scale != 1 else px))
        key = (color, lying, kind, px)
        img = self._sized.get(key)
        if img is None:
            base = self.base(color, lying, kind)
            w, h = base.get_size()
            scale = px / max(w, h)
            img = self._sized.put(key, with_halo(pygame.transform.smoothscale(
                base, (max(1, round(w * scale)), max(1, round(h * scale)))), shape.rim, shape.rim_width))
        return img


def with_halo(img: pygame.Surface, rim: tuple[int, int, int, int] = HALO, rim_width: int = 28) -> pygame.Surface:
    """The image with a rim round its silhouette (same size: the art leaves a margin), its
    width the image's size over ``rim_width``."""
    width = max(1, round(max(img.get_size()) / rim_width))
    silhouette = pygame.mask.from_surface(img, 96).to_surface(setcolor=rim, unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if (dx or dy) and dx * dx + dy * dy <= width * width + 1:
                out.blit(silhouette, (dx, dy))
    out.blit(img, (0, 0))
    return out


class Icons:
    """Small UI icons from resources/ui/icons (optional: buttons fall back to text)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, int], pygame.Surface | None] = {}

    def get(self, name: str, px: int) -> pygame.Surface | None:
        key = (name, int(px))
        if key not in self._cache:
            img = None
            path = resources.path("ui", "icons", f"{name}.png")
            if path.is_file():
                try:
                    raw = pygame.image.load(str(path)).convert_alpha()
                    img = pygame.transform.smoothscale(raw, (int(px), int(px)))
                except pygame.error:
                    img = None
            self._cache[key] = img
        return self._cache[key]

    def available(self) -> list[str]:
        folder = resources.path("ui", "icons")
        return sorted(p.stem for p in folder.glob("*.png")) if folder.is_dir() else []


class Assets:
    """Everything scenes draw with; created once the display exists (``convert`` needs it)."""

    def __init__(self, tiles: TileSet) -> None:
        self.fonts = Fonts()
        self.tiles = TileImages(tiles)
        self.pieces = Pieces()
        self.icons = Icons()

    def use_pieces(self, piece_set: str) -> None:
        """The players' pieces and colours of ``piece_set`` (Settings)."""
        self.pieces.use(piece_set)

    def load_all(self) -> list[str]:
        """Load every resource now (``--smoke``); returns what fell back to drawing."""
        for tile in self.tiles.sources:  # every kind of the set, and the twins rule modules make
            for r in (0, 90, 180, 270):
                self.tiles.rotated(tile, r)
        from ...engine import COLORS
        for c in COLORS:
            self.pieces.base(c)
            self.pieces.base(c, True)
            for kind in {k for ui in uis() for k in ui.looks}:
                self.pieces.base(c, kind=kind)
        for name in self.icons.available():
            self.icons.get(name, 32)
        for role in ("ui", "bold", "title"):
            self.fonts.get(20, role)
        return self.tiles.missing + self.pieces.missing


@lru_cache(maxsize=1)
def app_icon() -> pygame.Surface | None:
    path = resources.path("icon", "carcassonne.png")
    if path.is_file():
        try:
            return pygame.image.load(str(path))
        except pygame.error:
            return None
    return None
