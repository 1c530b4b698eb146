"""Where a follower stands on a tile: one anchor point per segment, in tile units (0..1).

The anchors come from the drawing (:mod:`.tile_anchors`: the art pipeline writes one
per segment with the segment masks), so a knight stands inside the city's walls and a
farmer on its own field. Which places exist is the tile data's to say
(``Orientation.spots``). A tile the tile set draws no segments for (a future set, a
broken install) falls back to anchors computed from the segment data alone: the
cloister in the middle, roads and cities towards their edges, fields on one of their
half-edges, as far as possible from the road and city anchors.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import hypot

from ...engine import Orientation
from ...engine.tiles import Segment
from . import tile_anchors

Point = tuple[float, float]
CENTER: Point = (0.5, 0.5)
EDGE_MID: tuple[Point, ...] = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
HALF_MID: tuple[Point, ...] = ((0.25, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.75),
                               (0.75, 1.0), (0.25, 1.0), (0.0, 0.75), (0.0, 0.25))


def _towards(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _avg(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _segment_anchor(kind: str, edges: tuple[int, ...], has_cloister: bool) -> Point:
    mids = [EDGE_MID[e] for e in edges]
    if kind == "cloister":
        return CENTER
    if kind == "city":
        if len(edges) == 1:
            return _towards(mids[0], CENTER, 0.3)
        avg = _avg(mids)
        return _towards(CENTER, avg, 0.55) if hypot(avg[0] - .5, avg[1] - .5) > 0.05 else CENTER
    # road (and an edge kind that is no feature, never occupied)
    if len(edges) == 1:
        return _towards(mids[0], CENTER, 0.42 if has_cloister else 0.5)
    if len(edges) == 2:
        avg = _avg(mids)
        if hypot(avg[0] - .5, avg[1] - .5) < 0.05:  # straight road: off the middle a little
            return _towards(CENTER, mids[0], 0.3)
        return _towards(CENTER, avg, 0.6)
    return _towards(mids[0], CENTER, 0.5)


@cache
def _anchors(tile: str, rotation: int, segments: tuple[Segment, ...]) -> tuple[Point, ...]:
    has_cloister = any(s.kind == "cloister" for s in segments)
    fixed: dict[int, Point] = {}
    for i, seg in enumerate(segments):
        if seg.kind != "field":
            fixed[i] = _segment_anchor(seg.kind, seg.edges, has_cloister)
    taken = list(fixed.values())
    out: dict[int, Point] = dict(fixed)
    for i, seg in enumerate(segments):
        if seg.kind != "field":
            continue
        candidates = [_towards(HALF_MID[h], CENTER, 0.3) for h in seg.halves]
        if len(seg.halves) >= 2:
            candidates.append(_towards(CENTER, _avg([HALF_MID[h] for h in seg.halves]), 0.8))
        # a corner between two half-edges of the field is a calm place too
        hs = set(seg.halves)
        for a, b, corner in ((1, 2, (0.82, 0.18)), (3, 4, (0.82, 0.82)), (5, 6, (0.18, 0.82)),
                             (7, 0, (0.18, 0.18))):
            if a in hs and b in hs:
                candidates.append(corner)

        def clearance(p: Point) -> float:
            return min((hypot(p[0] - q[0], p[1] - q[1]) for q in taken), default=1.0)

        best = max(candidates, key=clearance)
        out[i] = best
        taken.append(best)
    return tuple(out[i] for i in range(len(segments)))


def anchors(o: Orientation) -> tuple[Point, ...]:
    """Anchor of each segment of a tile as it lies (after rotation)."""
    return _anchors(o.kind.id, o.rotation, o.segments)


def computed_anchor(o: Orientation, spot: str) -> Point:
    """The anchor computed from the segment data alone (the fallback)."""
    index = o.spots.get(spot)
    if index is None:
        return CENTER
    return anchors(o)[index]


@lru_cache(maxsize=4096)
def _drawn(tile: str, rotation: int, spot: str) -> Point | None:
    try:
        return tile_anchors.anchor(tile, rotation, spot)
    except (KeyError, tile_anchors.SegmentDataError):
        return None


def spot_anchor(o: Orientation, spot: str) -> Point:
    """Where the follower on place ``spot`` (``road:E`` ...) of a tile as it lies stands:
    the drawn anchor, else the computed one; the centre for a place the tile lacks. A
    place no follower takes has its drawn anchor too, where its figure stands."""
    if spot not in o.spots:
        return CENTER
    drawn = _drawn(o.kind.id, o.rotation, spot)
    return drawn if drawn is not None else computed_anchor(o, spot)


def place_index(o: Orientation, spot: str) -> int | None:
    """The segment a place of the tile as it lies names (a follower's place, or one no
    follower takes); None if the tile has no such place."""
    return o.spots.get(spot)
