"""Which pixels of a tile belong to which segment, at any size and rotation (pygame-ce).

The masks are drawn with the art (``<art>.segments.png`` beside each tile's PNG:
palette index ``i + 1`` is segment ``i``, 0 is no segment), so a
highlight covers exactly the road, city, field or cloister the player sees, and
the picture under the pointer tells which place it is.

Everything is cached per (tile, rotation, size): the board is drawn at several
zoom levels, and a hover asks for the same masks every frame. Sizes are pixels
per tile side; points are pixels from the tile's top-left corner. Place names
and rotations are as in :mod:`.tile_anchors` (the tile as it lies).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from ...tileset import image_sources, standard_tiles
from .expansion_ui import with_twins
from .tile_anchors import anchor, segment_data, segment_index, spot_name, tile_segments

Outline = list[tuple[int, int]]
#: Specks smaller than this (pixels at mask resolution) get no outline of their own.
MIN_PIECE = 6


class _Turned:
    """The label image of one tile at one rotation (mask resolution), and its outlines."""

    def __init__(self, tile: str, rotation: int) -> None:
        self.tile = tile
        self.labels = pygame.transform.rotate(_labels(tile), -rotation)  # pygame turns anticlockwise
        self.size = self.labels.get_width()
        self._outlines: dict[int, list[Outline]] = {}

    def outlines(self, index: int) -> list[Outline]:
        found = self._outlines.get(index)
        if found is None:
            m = _mask_of(self.labels, index)
            found = [piece.outline() for piece in m.connected_components(MIN_PIECE)]
            # the rims of holes too: a field round a cloister is outlined on both sides
            around = m.copy()
            around.invert()
            inner = pygame.Rect(1, 1, self.size - 2, self.size - 2)
            found += [hole.outline() for hole in around.connected_components(MIN_PIECE)
                      if inner.contains(hole.get_bounding_rects()[0])]
            self._outlines[index] = found
        return found


class _Sized:
    """The label image scaled to one size, with its masks made as they are asked for."""

    def __init__(self, turned: _Turned, size: int) -> None:
        self.turned = turned
        self.size = size
        self.labels = (turned.labels if size == turned.size
                       else pygame.transform.scale(turned.labels, (size, size)))  # nearest: labels stay labels
        self._masks: dict[int, pygame.Mask] = {}

    def mask(self, index: int) -> pygame.Mask:
        found = self._masks.get(index)
        if found is None:
            found = self._masks[index] = _mask_of(self.labels, index)
        return found


@lru_cache(maxsize=1)
def _art_files() -> dict[str, Path]:
    return with_twins(image_sources(), standard_tiles())  # (the twins' lie beside their plain twins')


def mask_file(tile: str) -> Path:
    """``<art>.segments.png``: the masks lie beside the art the tileset names for the tile."""
    art = _art_files().get(tile)
    if art is None:
        raise KeyError(f"the tile set names no artwork for tile {tile!r}")
    return art.with_name(art.stem + ".segments.png")


@lru_cache(maxsize=64)
def _labels(tile: str) -> pygame.Surface:
    """The tile's mask PNG, its palette replaced so that entry ``v`` is the colour (v, 0, 0)."""
    tile_segments(tile)  # KeyError for a tile without segment data
    path = mask_file(tile)
    try:
        surface = pygame.image.load(str(path))
    except (pygame.error, OSError) as exc:
        raise FileNotFoundError(f"cannot read the segment masks of tile {tile}: {path}: {exc}") from None
    size = segment_data().mask_size
    if surface.get_bitsize() != 8 or surface.get_size() != (size, size):
        raise ValueError(f"{path} is not a {size} px palette image")
    surface.set_palette([(v, 0, 0) for v in range(len(surface.get_palette()))])
    return surface


def _mask_of(labels: pygame.Surface, index: int) -> pygame.Mask:
    surface = labels.copy()
    surface.set_colorkey((index + 1, 0, 0))
    m = pygame.mask.from_surface(surface)  # every pixel but the key...
    m.invert()  # ...turned round: the pixels of segment ``index``
    return m


@lru_cache(maxsize=256)
def _turned(tile: str, rotation: int) -> _Turned:
    return _Turned(tile, rotation % 360)


@lru_cache(maxsize=256)  # a few zoom levels of every kind and rotation on the board
def _sized(tile: str, rotation: int, size: int) -> _Sized:
    return _Sized(_turned(tile, rotation % 360), size)


def _check_size(size: int) -> int:
    size = int(size)
    if size < 1:
        raise ValueError(f"a tile of {size} px has no pixels")
    return size


def segment_mask(tile: str, rotation: int, spot: str, size: int) -> pygame.Mask:
    """The pixels of place ``spot`` on the tile turned ``rotation``° clockwise, at ``size`` px.

    Shared with the cache: copy it before changing it."""
    return _sized(tile, rotation, _check_size(size)).mask(segment_index(tile, rotation, spot))


def segment_outlines(tile: str, rotation: int, spot: str, size: int) -> list[Outline]:
    """Closed polygons around the segment, at ``size`` px, ready for
    ``pygame.draw.lines(surface, colour, True, points, width)``: one round each piece
    (most segments are one) and one round each hole (a field round a cloister).
    They follow the tile's border where the segment meets it."""
    size = _check_size(size)
    turned = _turned(tile, rotation % 360)
    k = size / turned.size
    return [[(round((x + 0.5) * k - 0.5), round((y + 0.5) * k - 0.5)) for x, y in poly]
            for poly in turned.outlines(segment_index(tile, rotation, spot))]


def spot_at(tile: str, rotation: int, size: int, pos: tuple[int, int]) -> str | None:
    """The follower place under pixel ``pos`` of the tile (its record name), or None on
    an edge kind that is no segment, on nothing, or outside the tile."""
    sized = _sized(tile, rotation, _check_size(size))
    x, y = int(pos[0]), int(pos[1])
    if not (0 <= x < sized.size and 0 <= y < sized.size):
        return None
    value = sized.labels.get_at_mapped((x, y))
    if value == 0:
        return None
    index = value - 1
    names = tile_segments(tile).names
    if index >= len(names) or names[index][0] not in tile_segments(tile).anchors:
        return None  # (an edge kind that is no segment: drawn as none anyway)
    return spot_name(tile, rotation % 360, index)


def anchor_px(tile: str, rotation: int, spot: str, size: int) -> tuple[int, int]:
    """Where the follower on ``spot`` stands, in pixels of a tile of ``size`` px."""
    x, y = anchor(tile, rotation, spot)
    size = _check_size(size)
    return (min(size - 1, int(x * size)), min(size - 1, int(y * size)))


def tint(tile: str, rotation: int, spot: str, size: int, fill: tuple[int, int, int, int],
         line: tuple[int, int, int, int] | None = None, width: int = 2) -> pygame.Surface:
    """A ``size`` × ``size`` transparent surface with the segment painted in ``fill`` and,
    if ``line`` is given, outlined ``width`` px wide: a highlight to blit over the tile.
    Not cached: keep it while the highlight lasts."""
    m = segment_mask(tile, rotation, spot, size)
    surface = m.to_surface(setcolor=fill, unsetcolor=(0, 0, 0, 0))
    if line is not None:
        for poly in segment_outlines(tile, rotation, spot, size):
            if len(poly) > 1:
                pygame.draw.lines(surface, line, True, poly, width)
    return surface
