"""Segment masks and follower anchors, taken from the same drawing as a tile's art.

``draw_tiles.py`` paints a tile layer by layer; as each layer covers pixels it
*claims* them for the segment it draws (:class:`Claims`): the city's streets,
walls, towers and gates for that city, each road's dirt and verge (and its share
of a village square, its bridge and its jetty) for that road, the abbey for the
cloister. The river claims its water and banks for no segment: it is not a
feature (The River rules). The grass left over is split into the tile's fields
by flood-filling from each field's half-edges, so a field mask is exactly the
grass the roads, cities and river leave it.

Each follower segment then gets an **anchor**, where its meeple stands: for a
city, a field or a cloister, the place where a follower of the game's size
(:data:`FOLLOWER_SIZE`, its silhouette from ``resources/pieces``) overhangs its
segment least (so a knight never stands over the wall), close to the middle of
the segment and clear of the tile's other followers and of a pennant; for a
road, the point of its centre line nearest the road's middle. Beyond the tile's
border a segment counts as continuing (the neighbour's city goes on past a city
edge), but an anchor keeps :data:`MARGIN` inside the tile.

Outputs (see :func:`write`): ``<art>.segments.png`` beside each tile's art, an
8-bit palette PNG where index ``i + 1`` is the tile's segment ``i`` and ``0`` no
segment, and ``resources/tiles/segments.json`` with each tile's segments (their
follower place names, as game records name them) and anchors in tile units.
Build time only: numpy + Pillow.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from carcassonne.engine.geometry import EDGE_NAMES, HALF_NAMES
from carcassonne.engine.tiles import CITY, CLOISTER, FIELD, ROAD, SPOT_PREFIX, TileKind
from carcassonne.expansions.abbot.rules import GARDEN

#: Pixel value of grass no field has claimed yet, at drawing resolution.
UNCLAIMED = 255
#: Pixel value of "no segment" in a mask: the river, its banks, the spring and the lake.
NO_SEGMENT = 0
MASK_SIZE = 256
#: Height of a follower on the board as a fraction of the tile (``app/sprites.py``).
FOLLOWER_SIZE = 0.34
#: An anchor stays this far inside the tile, so a follower stands mostly on its own tile.
MARGIN = 0.1
#: An anchor lies at least this many mask pixels inside its segment (where it can).
DEEP = 6
#: Followers closer than this on one tile crowd each other.
CROWD = 0.3
FORMAT = 1
#: A point a little inside each half-edge (NW NE EN ES SE SW WS WN), as in ``check_plan``.
HALF_POINT = ((0.25, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.75),
              (0.75, 1.0), (0.25, 1.0), (0.0, 0.75), (0.0, 0.25))
#: Tints of the mask PNGs' palette: only there so a person can look at a mask file.
PALETTE = ((0, 0, 0), (230, 25, 75), (60, 180, 75), (255, 225, 25), (0, 130, 200),
           (245, 130, 48), (145, 30, 180), (70, 240, 240), (240, 50, 230), (210, 245, 60),
           (250, 190, 212), (0, 128, 128), (220, 190, 255), (170, 110, 40))

Point = tuple[float, float]
#: Where a field that touches no edge is filled from (``draw_tiles.INNER_POINT``).
INNER_POINT: Point = (0.5, 0.5)


class Claims:
    """Which segment each pixel of the drawing belongs to, updated as layers are painted."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.owner = np.full((size, size), UNCLAIMED, np.uint8)

    def claim(self, coverage: np.ndarray, segment: int | None) -> None:
        """Pixels a layer covers (``coverage`` > 0.5) now show ``segment`` (None: the river)."""
        self.owner[coverage > 0.5] = NO_SEGMENT if segment is None else segment + 1

    def release(self, coverage: np.ndarray) -> None:
        """Pixels a layer covers go back to the grass, for the field round them to take (the
        mound over a tunnel: the road runs under it, the field over it)."""
        self.owner[coverage > 0.5] = UNCLAIMED

    def claim_where(self, where: np.ndarray, label: np.ndarray) -> None:
        """Per-pixel claims (``label`` already a pixel value) where ``where`` is set."""
        self.owner[where] = label[where]


def closing(mask: np.ndarray, blur, radius: float) -> np.ndarray:
    """``mask`` with the gaps narrower than about ``radius`` filled (grow, then shrink back)."""
    grown = (blur(mask, radius) > 0.1).astype(np.float32)
    return (blur(1.0 - grown, radius) <= 0.1).astype(np.float32)


def spot_names(kind: TileKind) -> list[list[str]]:
    """Every follower place name of each segment, its record name first (``Segment.spot``)."""
    out = []
    for seg in kind.segments:
        prefix = SPOT_PREFIX.get(seg.kind, seg.kind)
        if seg.kind == CLOISTER:
            names = [CLOISTER]
        elif seg.kind == GARDEN:  # (the Abbot's place: only ever named "garden")
            out.append([GARDEN])
            continue
        elif seg.kind == FIELD:
            names = [f"{prefix}:{HALF_NAMES[h]}" for h in sorted(seg.halves)] or [seg.spot]
        else:
            names = [f"{prefix}:{EDGE_NAMES[e]}" for e in sorted(seg.edges)]
        assert names[0] == seg.spot
        out.append(names)
    return out


def block_mode(owner: np.ndarray, size: int) -> np.ndarray:
    """Downscale a label image: each output pixel takes the label most of its block shows."""
    f = owner.shape[0] // size
    blocks = owner.reshape(size, f, size, f)
    labels = np.unique(owner)
    counts = np.stack([(blocks == v).sum(axis=(1, 3)) for v in labels])
    return labels[np.argmax(counts, axis=0)].astype(np.uint8)


def _pixel(p: Point, size: int, inset: int) -> tuple[int, int]:
    x = min(size - 1 - inset, max(inset, int(p[0] * size)))
    y = min(size - 1 - inset, max(inset, int(p[1] * size)))
    return x, y


def split_fields(labels: np.ndarray, kind: TileKind) -> tuple[np.ndarray, list[str]]:
    """Give the unclaimed grass to the fields whose half-edges reach it.

    Returns the finished labels and any disagreement with the definition (a field
    whose half-edges land in two patches of grass, two fields sharing one patch).
    """
    size = labels.shape[0]
    img = Image.fromarray(labels, "L").copy()  # (a view of the array would not take the fill)
    problems: list[str] = []
    for i, seg in enumerate(kind.segments):
        if seg.kind != FIELD:
            continue
        for point in [HALF_POINT[h] for h in seg.halves] or [INNER_POINT]:
            xy = _pixel(point, size, 3)
            here = img.getpixel(xy)
            assert isinstance(here, int)
            if here == UNCLAIMED:
                ImageDraw.floodfill(img, xy, i + 1, thresh=0)
            elif here != i + 1:
                problems.append(f"field {i}: its point {point} lies on segment {here - 1}")
    out = np.asarray(img).copy()
    pockets = out == UNCLAIMED
    # Grass cut off from every half-edge (a sliver between a gate tower and a road):
    # it goes to the segment around it, by growing the labels into it.
    for _ in range(size):
        if not pockets.any():
            break
        grown = out.copy()
        for shifted, valid in _neighbours(out):
            take = pockets & valid & (shifted != UNCLAIMED) & (shifted != NO_SEGMENT) & (grown == UNCLAIMED)
            grown[take] = shifted[take]
        if (grown == out).all():
            break
        out = grown
        pockets = out == UNCLAIMED
    out[out == UNCLAIMED] = NO_SEGMENT
    return out, problems


def _neighbours(a: np.ndarray):
    """The 4 neighbours of every pixel (shifted copies) and where they exist."""
    h, w = a.shape
    for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        s = np.full_like(a, UNCLAIMED)
        valid = np.zeros((h, w), bool)
        ys = slice(max(0, -dy), h - max(0, dy))
        xs = slice(max(0, -dx), w - max(0, dx))
        yd = slice(max(0, dy), h - max(0, -dy))
        xd = slice(max(0, dx), w - max(0, -dx))
        s[ys, xs] = a[yd, xd]
        valid[ys, xs] = True
        yield s, valid


# --- anchors ----------------------------------------------------------------------------------

def silhouette(path: Path, size: int) -> np.ndarray:
    """A follower's shape (alpha > half) at ``size`` × ``size`` pixels."""
    img = Image.open(path).convert("RGBA").getchannel("A").resize((size, size), Image.Resampling.BILINEAR)
    return np.asarray(img) > 127


def _correlate(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """Sum of ``image`` under ``kernel`` centred on each pixel (FFT; same shape as ``image``)."""
    h, w = image.shape
    kh, kw = kernel.shape
    shape = (h + kh - 1, w + kw - 1)
    full = np.fft.irfft2(np.fft.rfft2(image, shape) * np.fft.rfft2(kernel[::-1, ::-1], shape), shape)
    return full[kh // 2:kh // 2 + h, kw // 2:kw // 2 + w]


def _depth(region: np.ndarray, tile_edge: bool = True) -> np.ndarray:
    """Steps of erosion each pixel survives: a cheap distance from the region's border
    (with ``tile_edge`` the tile's border counts as one, so a segment covering the tile
    still erodes)."""
    depth = np.zeros(region.shape, np.int32)
    cur = region.copy()
    k = 0
    while cur.any():
        k += 1
        depth[cur] = k
        nxt = cur.copy()
        nxt[1:] &= cur[:-1]
        nxt[:-1] &= cur[1:]
        nxt[:, 1:] &= cur[:, :-1]
        nxt[:, :-1] &= cur[:, 1:]
        if tile_edge:
            nxt[0] = nxt[-1] = False
            nxt[:, 0] = nxt[:, -1] = False
        cur = nxt
    return depth


@dataclass
class Shapes:
    """The follower silhouettes at mask resolution."""

    standing: np.ndarray
    lying: np.ndarray


def load_shapes(pieces: Path, size: int = MASK_SIZE) -> Shapes:
    px = round(FOLLOWER_SIZE * size) | 1  # odd, so it has a centre pixel
    return Shapes(silhouette(pieces / "meeple-red.png", px), silhouette(pieces / "meeple-red-lying.png", px))


def place_anchors(labels: np.ndarray, kind: TileKind, shapes: Shapes,
                  keep_clear: Sequence[tuple[float, float, float, float]] = ()) -> dict[int, Point]:
    """Where each follower segment's meeple stands, in tile units.

    ``keep_clear``: boxes (x0, y0, x1, y1, tile units) a follower should not cover,
    such as a city's pennant.
    """
    size = labels.shape[0]
    pad = shapes.standing.shape[0] // 2 + 1
    yy, xx = (np.mgrid[0:size, 0:size] + 0.5) / size
    inside_margin = (xx >= MARGIN) & (xx <= 1 - MARGIN) & (yy >= MARGIN) & (yy <= 1 - MARGIN)
    clear = np.ones((size, size), bool)
    for x0, y0, x1, y1 in keep_clear:
        clear &= ~((xx >= x0) & (xx <= x1) & (yy >= y0) & (yy <= y1))
    kinds = (GARDEN, CLOISTER, CITY, ROAD, FIELD)  # (the abbot in its garden first: the farmer keeps clear)
    order = sorted((i for i, s in enumerate(kind.segments) if s.kind in kinds),
                   key=lambda i: (kinds.index(kind.segments[i].kind), i))
    placed: dict[int, Point] = {}
    for i in order:
        seg = kind.segments[i]
        region = labels == i + 1
        if not region.any():
            raise ValueError(f"segment {i} ({seg.spot}) has no pixels")
        cy, cx = (a.mean() for a in np.nonzero(region))
        pref = np.hypot(xx - (cx + 0.5) / size, yy - (cy + 0.5) / size)
        crowd = np.zeros((size, size))
        for ax, ay in placed.values():
            crowd += np.clip(CROWD - np.hypot(xx - ax, yy - ay), 0, None)
        # well inside the segment, so that it stays inside when the mask is scaled down
        depth = _depth(region)
        candidates = region & inside_margin & (depth >= min(DEEP, depth.max()))
        if not candidates.any():
            candidates = region & (depth >= min(DEEP, depth.max()))
        if seg.kind == ROAD:
            # on the road's centre line, near its middle, away from the other followers
            spine = candidates & (depth >= depth[candidates].max() - 1)
            cost = pref + 2.0 * crowd
            cost[~spine] = np.inf
        else:
            body = shapes.lying if seg.kind == FIELD else shapes.standing
            outside = np.pad(region, pad, mode="edge")
            if seg.kind == CITY:
                outside[pad:-pad, pad:-pad] &= clear
            overhang = _correlate((~outside).astype(np.float64), body.astype(np.float64))
            overhang = overhang[pad:-pad, pad:-pad] / body.sum()
            cost = 4.0 * overhang + 0.3 * pref + 2.0 * crowd
            cost[~candidates] = np.inf
        y, x = np.unravel_index(np.argmin(cost), cost.shape)
        placed[i] = (round((x + 0.5) / size, 4), round((y + 0.5) / size, 4))
    return placed


# --- checks and output -------------------------------------------------------------------------

MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))


def check(labels: np.ndarray, kind: TileKind, anchors: dict[int, Point]) -> list[str]:
    """Ways the masks disagree with the definition: edges, half-edges, anchors."""
    size = labels.shape[0]
    problems: list[str] = []
    edge_seg = {e: i for i, s in enumerate(kind.segments) if s.kind in (CITY, ROAD) for e in s.edges}
    half_seg = {h: i for i, s in enumerate(kind.segments) if s.kind == FIELD for h in s.halves}
    for e, letter in enumerate(kind.edges):
        x, y = _pixel(MID[e], size, 2)
        want = half_seg[2 * e] + 1 if letter == "f" else (NO_SEGMENT if letter == "s" else edge_seg[e] + 1)
        if labels[y, x] != want:
            problems.append(f"edge {EDGE_NAMES[e]} shows segment {labels[y, x] - 1}, wants {want - 1}")
    for h, i in half_seg.items():
        x, y = _pixel(HALF_POINT[h], size, 2)
        if labels[y, x] != i + 1:
            problems.append(f"half-edge {HALF_NAMES[h]} shows segment {labels[y, x] - 1}, wants {i}")
    for i, (ax, ay) in anchors.items():
        if labels[int(ay * size), int(ax * size)] != i + 1:
            problems.append(f"anchor of segment {i} lies outside it")
    return problems


def save_mask(labels: np.ndarray, path: Path) -> None:
    img = Image.fromarray(labels, "P")
    flat = [c for rgb in PALETTE for c in rgb]
    img.putpalette(flat + [0] * (768 - len(flat)))
    img.save(path, "PNG", optimize=True, bits=4 if labels.max() < 16 else 8)


def mask_path(art: Path) -> Path:
    """``D.png`` -> ``D.segments.png``: the masks lie beside the art they come from."""
    return art.with_name(art.stem + ".segments.png")


def tile_entry(kind: TileKind, anchors: dict[int, Point], symbols: dict[str, list[float]] | None = None) -> dict:
    """A tile's entry in ``segments.json``: its segments' place names, their anchors and, for a
    tile that shows symbols (goods, the princess, a dragon, a portal, a volcano), where each is
    drawn as [x, y, radius]: the tile's own symbols are no segment's pixels."""
    names = spot_names(kind)
    entry = {
        "segments": names,
        "anchors": {names[i][0]: list(anchors[i]) for i in sorted(anchors)},
    }
    if symbols:
        entry["symbols"] = symbols
    return entry


def write_index(path: Path, entries: dict[str, dict], order: list[str]) -> None:
    """Merge tile entries into ``segments.json`` (tiles not redrawn keep theirs)."""
    tiles: dict[str, dict] = {}
    if path.is_file():
        old = json.loads(path.read_text())
        if old.get("format") == FORMAT:
            tiles = old.get("tiles", {})
    tiles.update(entries)
    tiles = {t: tiles[t] for t in order if t in tiles}
    lines = ["{", f'  "format": {FORMAT},', f'  "mask_size": {MASK_SIZE},',
             f'  "follower_size": {FOLLOWER_SIZE},', '  "tiles": {']
    for n, (tile, entry) in enumerate(tiles.items()):
        comma = "," if n < len(tiles) - 1 else ""
        lines.append(f"    {json.dumps(tile)}: {json.dumps(entry)}{comma}")
    lines += ["  }", "}", ""]
    path.write_text("\n".join(lines))


def angle_split(shape: tuple[int, int], centre: Point, directions: dict[int, Point]) -> np.ndarray:
    """Pixel values splitting a round square between the roads that meet there:
    each pixel goes to the road whose direction from ``centre`` it lies nearest."""
    h, w = shape
    yy, xx = (np.mgrid[0:h, 0:w] + 0.5) / w
    dx, dy = xx - centre[0], yy - centre[1]
    segs = list(directions)
    dots = np.stack([dx * directions[s][0] + dy * directions[s][1] for s in segs])
    return (np.asarray(segs, np.uint8) + 1)[np.argmax(dots, axis=0)]


def unit(v: Point) -> Point:
    d = math.hypot(*v) or 1.0
    return (v[0] / d, v[1] / d)
