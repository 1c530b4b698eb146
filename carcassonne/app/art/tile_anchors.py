"""Where a follower stands on a tile, read from the tile set (``resources/tiles/segments.json``).

The anchors come from the same drawing as the art (``build_scripts/draw_tiles.py``
writes them with the segment masks): a knight stands inside the city's walls, a
thief on the road, a farmer on its own field. This module reads them without
pygame, so anything that needs a follower's place (the board, the replay, a
test) can ask; :mod:`.tile_masks` adds the masks themselves.

Place names are those of game records (``city:N``, ``road:E``, ``farm:WS``,
``cloister``), any of the segment's edges or half-edges, for the tile *as it
lies*: ``road:E`` of tile U turned 90° clockwise is the road that was ``road:N``.
Points are in tile units (x east, y south, 0..1) of the turned tile.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from ... import resources
from ...engine import Orientation
from ...engine.geometry import EDGE_INDEX, EDGE_NAMES, HALF_INDEX, HALF_NAMES, rotate_edge, rotate_half
from ...engine.tiles import INNER

Point = tuple[float, float]
INDEX_FILE = ("tiles", "segments.json")
FORMAT = 1


class SegmentDataError(ValueError):
    """The tile set's segment data is missing or unreadable (a broken install)."""


@dataclass(frozen=True)
class TileSegments:
    """One tile kind's segments as drawn, in its canonical orientation."""

    tile: str
    #: Per segment (in the tileset's order; mask pixel value = index + 1): every place
    #: name that denotes it, its record name first.
    names: tuple[tuple[str, ...], ...]
    #: Record name of each follower segment -> where its follower stands.
    anchors: dict[str, Point]
    #: Place name -> segment index.
    index: dict[str, int]


@dataclass(frozen=True)
class SegmentData:
    mask_size: int
    follower_size: float
    tiles: dict[str, TileSegments]


@cache
def segment_data() -> SegmentData:
    """The tile set's segments and anchors, read once."""
    path = resources.path(*INDEX_FILE)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("format") != FORMAT:
            raise ValueError(f"format {raw.get('format')!r}, expected {FORMAT}")
        tiles = {}
        for tile, entry in raw["tiles"].items():
            names = tuple(tuple(str(n) for n in seg) for seg in entry["segments"])
            anchors = {str(k): (float(v[0]), float(v[1])) for k, v in entry["anchors"].items()}
            index = {n: i for i, seg in enumerate(names) for n in seg}
            tiles[str(tile)] = TileSegments(str(tile), names, anchors, index)
        return SegmentData(int(raw["mask_size"]), float(raw["follower_size"]), tiles)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as exc:
        raise SegmentDataError(f"cannot read the tile segments {path}: {exc}") from None


def tile_segments(tile: str) -> TileSegments:
    """A tile kind's segment data; ``KeyError`` for a tile the tile set does not draw."""
    found = segment_data().tiles.get(tile)
    if found is None:
        raise KeyError(f"no segment data for tile {tile!r}")
    return found


def turn_point(p: Point, rotation: int) -> Point:
    """A point of the canonical tile, after turning the tile ``rotation`` degrees clockwise."""
    x, y = p
    for _ in range((rotation // 90) % 4):
        x, y = round(1.0 - y, 6), x  # (rounded: 1 - 0.7988 is not 0.2012 in binary)
    return (x, y)


def turn_place(spot: str, rotation: int) -> str:
    """A place name of the canonical tile as it reads after turning the tile clockwise
    (a negative ``rotation`` turns back)."""
    prefix, sep, place = spot.partition(":")
    if not sep or place == INNER:
        return spot  # "cloister", "farm:inner": no edge, the same at every turn
    if place in EDGE_INDEX:
        return f"{prefix}:{EDGE_NAMES[rotate_edge(EDGE_INDEX[place], rotation % 360)]}"
    if place in HALF_INDEX:
        return f"{prefix}:{HALF_NAMES[rotate_half(HALF_INDEX[place], rotation % 360)]}"
    raise KeyError(f"no place {place!r} in {spot!r}")


def segment_index(tile: str, rotation: int, spot: str) -> int:
    """Which of the tile's segments a place name denotes (the mask value is this + 1)."""
    data = tile_segments(tile)
    canonical = turn_place(spot, -rotation)
    if canonical not in data.index:
        raise KeyError(f"tile {tile} has no {spot!r} at {rotation}°")
    return data.index[canonical]


def spot_name(tile: str, rotation: int, index: int) -> str:
    """The record name of segment ``index`` as the tile lies (as ``Segment.spot`` gives it):
    the place with the lowest edge or half-edge number after turning."""
    names = [turn_place(n, rotation) for n in tile_segments(tile).names[index]]
    return min(names, key=_place_order)


def _place_order(spot: str) -> int:
    place = spot.partition(":")[2]
    return EDGE_INDEX.get(place, HALF_INDEX.get(place, 0))


def anchor(tile: str, rotation: int, spot: str) -> Point:
    """Where a follower on place ``spot`` of the tile, turned ``rotation``° clockwise, stands."""
    data = tile_segments(tile)
    i = segment_index(tile, rotation, spot)
    point = data.anchors.get(data.names[i][0])
    if point is None:
        raise KeyError(f"no follower stands on {spot!r} of tile {tile} (an edge kind that is no feature)")
    return turn_point(point, rotation)


def spot_anchor(o: Orientation, spot: str) -> Point:
    """:func:`anchor` for a tile as the engine holds it (the signature of ``spots.spot_anchor``)."""
    return anchor(o.kind.id, o.rotation, spot)


def anchors(tile: str, rotation: int) -> dict[str, Point]:
    """Every follower place name of the tile as it lies -> where the follower stands."""
    data = tile_segments(tile)
    out = {}
    for names in data.names:
        point = data.anchors.get(names[0])
        if point is not None:
            turned = turn_point(point, rotation)
            for n in names:
                out[turn_place(n, rotation)] = turned
    return out


def follower_size() -> float:
    """The follower height (a fraction of the tile) the anchors were fitted for."""
    return segment_data().follower_size
