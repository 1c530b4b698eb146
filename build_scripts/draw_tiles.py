"""Draw the artwork of every land tile from the tilesets' own definitions.

    .venv/bin/python build_scripts/draw_tiles.py          # all tiles
    .venv/bin/python build_scripts/draw_tiles.py D R4     # some tiles

Nothing here is a per-tile picture: the layout of a tile (city walls, roads, the
river, a cloister, a village at a crossing) is derived from its edges and segments
as read from ``resources/tilesets`` (via :mod:`carcassonne.tileset`). A handful
of layout variants (deeper city, cloister moved off the river, ...) are tried in
order, and the first whose *drawn* topology agrees with the definition is used:
each edge shows its terrain, each road/city segment is one connected piece, the
fields split exactly as the segments' half-edges say, and each field touches
exactly the cities it is said to border. A tile whose drawing cannot be made to
agree stops the script, so the art can never silently disagree with the rules.

Output: the PNG each tile's ``<image source=...>`` names (256 × 256), drawn at
4× and downscaled; beside it ``<id>.segments.png``, which pixels belong to which
segment, and for all tiles ``resources/tiles/segments.json``, where each
segment's follower stands and where the tile shows its symbols (goods, the princess,
a dragon, a magic portal, a volcano; see ``segment_masks.py``: both come from the same
painting as the art). The symbols themselves are drawn by ``artlib.py``, shared with the
figures and the goods tokens. Build-time dependencies: numpy, Pillow (``pip install -e .[art]``).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections import deque
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw

try:
    from . import artlib as A  # type: ignore
    from . import segment_masks as SM  # type: ignore
except ImportError:  # run as a script
    import artlib as A  # type: ignore
    import segment_masks as SM  # type: ignore

from carcassonne.engine.tiles import TileKind  # noqa: E402
from carcassonne.expansions.abbot.rules import GARDEN, TWINS, garden_twin  # noqa: E402
from carcassonne.tileset import image_sources, read_tilesets  # noqa: E402

#: The garden twins of Traders & Builders and The Princess & the Dragon (tiles.md, their
#: "Gardens" paragraphs: TB8G, TB11G, PD2G, PD10G), drawn beside their plain twins like the
#: Abbot's own; their rule modules name them to the game.

OUT_SIZE = 256
SCALE = 4
S = OUT_SIZE * SCALE  # drawing resolution
CHECK_RES = 128  # resolution of the topology check

# --- geometry (tile units: 0..1, x east, y south) -------------------------------------
MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
OUTWARD = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
CORNER = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # edge e runs CORNER[e] -> CORNER[e+1]
#: Where a field that touches no edge lies (Inns & Cathedrals IC3: walled in by four cities).
INNER_POINT = (0.5, 0.5)
#: A point on each half-edge (NW NE EN ES SE SW WS WN), a little inside the tile.
HALF_POINT = ((0.25, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.75),
              (0.75, 1.0), (0.25, 1.0), (0.0, 0.75), (0.0, 0.25))

ROAD_W = 0.095  # dirt
ROAD_EDGE = 0.013  # dark verge on each side
RIVER_W = 0.135  # water
BANK = 0.022  # sandy bank on each side
WALL_W = 0.042
CAP_DEPTH = 0.29  # a one-edge city
DEEP_CAP = 0.47  # a one-edge city that reaches the river/road in the middle
MEETING_CAP = 0.53  # two one-edge cities whose walls meet in the middle (IC5)
FIELD_CAP = 0.27  # a field bay cut into a bigger city
DIAG_BOW = 0.07
CLOISTER_R = 0.22
VILLAGE_R = 0.075
HEDGE_W = 0.045
INN_R = 0.07  # half the inn's footprint
#: The radius of the inn's sign (a tankard on a golden disc) over its roof.
INN_SIGN_R = 0.065
#: Half the side of a garden's fence (The Abbot): big enough to read at a glance, small
#: enough to leave its field room for a farmer.
GARDEN_R = 0.1
POND_R = 0.06
#: Where a cathedral stands in its city (x0, y0, x1, y1, tile units).
CATHEDRAL_BOX = (0.18, 0.27, 0.82, 0.73)
#: The radius of a symbol's plaque (a city's goods or princess, a tile's dragon or portal):
#: about 25 px across at the board's normal zoom (112 px a tile), enough to tell each apart.
PLAQUE_R = 0.115
#: ...and in a one-edge city, beside the knight's place in its middle (PD1's princess).
SMALL_PLAQUE_R = 0.1
#: The volcano's radius (The Princess & the Dragon): as big as its field allows, within these;
#: its rocky foot wanders out to this share beyond it.
VOLCANO_R = (0.19, 0.13)
VOLCANO_WOBBLE = 0.07
#: The marks drawn in their city: the goods of Traders & Builders and the princess.
MARK_SYMBOLS = ("wine", "grain", "cloth", "princess")
#: The symbols a tile shows of its own, drawn on a plaque or a ring of their own.
TILE_SYMBOLS = ("dragon", "portal")
#: Two cities walling a field in between them (Traders & Builders TB6, TB14): the diagonal
#: wall of a two-edge city bows back towards its own corner by this much.
LENS_BOW = 0.05
#: A field bay of a bigger city deep enough to hold a one-edge city and a field round it (TB3).
DEEP_BAY = 0.56
#: ...and its other bays shallower, so that the city between them has room for a knight.
SHALLOW_BAY = 0.2
#: A road under the city (PD17) dives into its tunnel this far in from the tile's edge.
TUNNEL_MOUTH = 0.08
TUNNEL_R = 0.065
#: A cloister inside a city (PD15): its place and the half side of its walled close.
CITY_CLOISTER = (0.5, 0.44)
CITY_CLOISTER_R = 0.17
#: The bridge of TB24: its stone parapets' width, and how far past the road below it reaches.
BRIDGE_PARAPET = 0.03
BRIDGE_ABUTMENT = 0.05
#: The road's own stonework (TB24's bridge, PD17's tunnel mouths): warm sandstone, apart from
#: the grey of city walls, so a road's pixels still read as road.
SANDSTONE, SANDSTONE_DARK, SANDSTONE_LIGHT = (200, 164, 108), (112, 80, 46), (232, 208, 158)

# --- palette (chosen so the terrain classes stay far apart in hue/saturation) -------
GRASS_DARK = (70, 118, 44)
GRASS = (104, 152, 60)
GRASS_LIGHT = (146, 178, 78)
DIRT = (204, 166, 104)
DIRT_DARK = (170, 132, 82)
VERGE = (112, 88, 54)
COBBLE = (152, 148, 142)
COBBLE_LIGHT = (178, 174, 166)
STONE = (204, 198, 186)
STONE_DARK = (84, 78, 72)
ROOF = (188, 72, 46)
ROOFS = ((192, 74, 48), (178, 62, 42), (204, 92, 58), (168, 78, 52), (196, 84, 44))
PLASTER = (232, 218, 190)
WATER = (62, 126, 190)
WATER_DEEP = (40, 96, 160)
WATER_LIGHT = (140, 190, 228)
SAND = (196, 182, 128)
BLUE_SHIELD = (36, 72, 168)
WHITE = (246, 244, 236)


def rot(p, k: int):
    """Turn a point ``k`` quarter turns clockwise about the tile centre."""
    x, y = p
    for _ in range(k % 4):
        x, y = 1.0 - y, x
    return (x, y)


def add(p, q, f=1.0):
    return (p[0] + q[0] * f, p[1] + q[1] * f)


def norm(v):
    d = math.hypot(*v) or 1.0
    return (v[0] / d, v[1] / d)


def cap_profile(t: float, flat: bool = False) -> float:
    s = max(0.0, math.sin(math.pi * t))
    if flat:
        return min(1.0, 1.7 * s ** 0.9)
    return s ** 1.15


def cap_curve(edge: int, depth: float, reverse: bool = False, flat: bool = False, n: int = 48):
    """A curve from corner to corner of ``edge`` bulging ``depth`` into the tile."""
    pts = [rot((t, depth * cap_profile(t, flat)), edge) for t in np.linspace(0, 1, n)]
    return pts[::-1] if reverse else pts


def diag_curve(start_edge: int, bow: float, n: int = 48):
    """From the first corner of ``start_edge`` to the far corner of the next edge,
    bowing towards the corner between them (the city's wall on an N+W city)."""
    a, k, b = CORNER[start_edge], CORNER[(start_edge + 1) % 4], CORNER[(start_edge + 3) % 4 + 0]
    b = CORNER[(start_edge + 2) % 4]
    m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    d = norm((k[0] - m[0], k[1] - m[1]))
    return [add((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), d, bow * math.sin(math.pi * t))
            for t in np.linspace(0, 1, n)]


def through_path(a: int, b: int, wiggle: float = 0.0, bend: float = 0.0, n: int = 64):
    """A road or river from edge ``a`` to edge ``b`` (straight-ish or a quarter circle)."""
    pa, pb = MID[a], MID[b]
    if (a - b) % 2 == 0:  # opposite edges
        d = norm((pb[0] - pa[0], pb[1] - pa[1]))
        perp = (-d[1], d[0])
        pts = []
        for t in np.linspace(0, 1, n):
            off = wiggle * math.sin(2 * math.pi * t) * math.sin(math.pi * t) ** 2
            off += bend * math.sin(math.pi * t) ** 2
            pts.append(add((pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t), perp, off))
    else:
        # the corner both edges share
        shared = [c for c in CORNER if _on_edge(c, a) and _on_edge(c, b)][0]
        a0 = math.atan2(pa[1] - shared[1], pa[0] - shared[0])
        a1 = math.atan2(pb[1] - shared[1], pb[0] - shared[0])
        if a1 - a0 > math.pi:
            a1 -= 2 * math.pi
        if a0 - a1 > math.pi:
            a1 += 2 * math.pi
        pts = []
        for t in np.linspace(0, 1, n):
            ang = a0 + (a1 - a0) * t
            r = 0.5 + wiggle * math.sin(2 * math.pi * t) * math.sin(math.pi * t) ** 2
            pts.append((shared[0] + r * math.cos(ang), shared[1] + r * math.sin(ang)))
    return [add(pts[0], OUTWARD[a], 0.06)] + pts + [add(pts[-1], OUTWARD[b], 0.06)]


def _on_edge(p, e: int) -> bool:
    return {0: p[1] == 0.0, 1: p[0] == 1.0, 2: p[1] == 1.0, 3: p[0] == 0.0}[e]


# --- the plan of a tile -------------------------------------------------------------------

@dataclass
class City:
    seg: int
    poly: list
    walls: list  # polylines (field on one side, city on the other)
    pennant: bool


@dataclass
class Road:
    seg: int
    path: list
    end: str = ""  # "", "village", "cloister", "gate", "bank", "house"


@dataclass
class River:
    path: list
    end: str = ""  # "", "spring", "lake"
    end_point: tuple = (0.5, 0.5)


@dataclass
class Plan:
    kind: TileKind
    variant: dict
    cities: list = field(default_factory=list)
    roads: list = field(default_factory=list)
    rivers: list = field(default_factory=list)
    cloister: tuple | None = None
    cloister_r: float = CLOISTER_R
    village: tuple | None = None
    lake: list | None = None  # polygon
    spring: tuple | None = None
    #: Inns & Cathedrals: (road segment, centre of the inn, centre of its pond) per inn
    inns: list = field(default_factory=list)
    #: hedges that part two fields meeting at a corner with nothing else between them:
    #: (field segment on the first side, polyline)
    hedges: list = field(default_factory=list)
    #: The Abbot: the centre of the garden, in the tile's largest field
    garden: tuple | None = None
    #: The symbols drawn on the tile: (symbol, centre, radius, city segment or None), a city's
    #: goods or princess (its mark), or the tile's own dragon or magic portal
    symbols: list = field(default_factory=list)
    #: The Princess & the Dragon: the volcano, (x, y, radius), where the dragon comes down
    volcano: tuple | None = None
    #: Traders & Builders TB24: (the road on the bridge, the road under it)
    bridge: tuple | None = None
    #: The cloister stands inside the city, in a walled close of its own (PD15)
    cloister_in_city: bool = False


def city_shape(edges: tuple[int, ...], depth: float, flat: bool, lens: bool = False,
               bays: dict[int, float] | None = None):
    """Polygon and wall curves of a city touching ``edges``; ``lens``: a diagonal wall bows
    back towards the city's corner, ``bays``: a field bay deeper than usual on those edges."""
    es = set(edges)
    if len(es) == 4:
        return [c for c in CORNER], []
    if len(es) == 1:
        (e,) = es
        curve = cap_curve(e, depth, reverse=True, flat=flat)
        return [CORNER[e], CORNER[(e + 1) % 4]] + curve, [curve]
    pts, walls = [], []
    for e in range(4):
        if e in es:
            pts += [CORNER[e], CORNER[(e + 1) % 4]]
        elif (e - 1) % 4 in es:  # first missing edge of a run
            if (e + 1) % 4 in es:  # a bay of field on one edge
                curve = cap_curve(e, (bays or {}).get(e, FIELD_CAP))
            else:  # two missing edges in a row: a diagonal wall
                curve = diag_curve(e, -LENS_BOW if lens else DIAG_BOW * (1 if not flat else 0.4))
            pts += curve
            walls.append(curve)
    return pts, walls


def make_plan(kind: TileKind, variant: dict) -> Plan:
    plan = Plan(kind, variant)
    segs = kind.segments
    # cities
    one_edge_cities = [s for s in segs if s.kind == "city" and len(s.edges) == 1]
    bays = None
    if variant.get("deep_bay"):
        bays = {e: SHALLOW_BAY for e in range(4)} | {s.edges[0]: DEEP_BAY for s in one_edge_cities}
    for i, s in enumerate(segs):
        if s.kind == "city":
            deep = variant["deep"] and len(s.edges) == 1 and (
                len(one_edge_cities) == 1 or variant.get("deep_all", False))
            depth = (MEETING_CAP if len(one_edge_cities) > 1 else DEEP_CAP) if deep else CAP_DEPTH
            poly, walls = city_shape(s.edges, depth, flat=deep, lens=variant.get("lens", False), bays=bays)
            plan.cities.append(City(i, poly, walls, s.pennant))
    # river
    for s in segs:
        if s.kind == "river":
            if len(s.edges) == 2:
                a, b = s.edges
                plan.rivers.append(River(through_path(a, b, wiggle=0.035, bend=variant["bend"])))
            else:
                (e,) = s.edges
                if kind.role == "lake":
                    c = add((0.5, 0.5), OUTWARD[e], -0.06)
                    plan.lake = lake_polygon(c, A.seed_of(kind.id, "lake"))
                else:
                    c = add((0.5, 0.5), OUTWARD[e], -0.04)
                    plan.spring = c
                plan.rivers.append(River([add(MID[e], OUTWARD[e], 0.06), MID[e], c],
                                         "lake" if kind.role == "lake" else "spring", c))
    if any(s.kind == "cloister" for s in segs):
        plan.cloister = variant["cloister"]
        plan.cloister_r = CLOISTER_R if plan.cloister == (0.5, 0.5) else CLOISTER_R * 0.75
        if variant.get("cloister_in_city"):
            plan.cloister, plan.cloister_r, plan.cloister_in_city = CITY_CLOISTER, CITY_CLOISTER_R, True
    dead_ends = [(i, s) for i, s in enumerate(segs) if s.kind == "road" and len(s.edges) == 1]
    if len(dead_ends) >= 3 and plan.cloister is None:  # (with a cloister, the roads end at it)
        plan.village = (0.5, 0.5)
    through = {i: through_path(*s.edges, wiggle=0.02) for i, s in enumerate(segs)
               if s.kind == "road" and len(s.edges) == 2}
    if kind.symbol == "volcano":  # the volcano first: a road that ends on the tile ends at it (PD24)
        plan.volcano = _volcano_spot(plan, [Road(i, path) for i, path in through.items()])
    # obstacles for roads that end on the tile
    blocked = _obstacles(plan, CHECK_RES * 2)
    for i, s in enumerate(segs):
        if s.kind != "road":
            continue
        if len(s.edges) == 2:
            plan.roads.append(Road(i, through[i], "tunnel" if "tunnel" in s.marks else ""))
        else:
            plan.roads.append(_dead_end(plan, i, s.edges[0], blocked, variant.get("gate")))
    crossing = [r.seg for r in plan.roads if len(segs[r.seg].edges) == 2 and not r.end
                and (segs[r.seg].edges[0] - segs[r.seg].edges[1]) % 2 == 0]
    if len(crossing) == 2:  # two straight roads across each other: the first goes over on a bridge
        plan.bridge = (crossing[0], crossing[1])
    if variant.get("hedges"):
        plan.hedges = _hedges(plan)
    if variant.get("corner_hedges"):
        plan.hedges += _corner_hedges(plan)
    if variant.get("yard_hedges"):
        plan.hedges += _yard_hedges(plan)
    plan.inns = [inn for r in plan.roads if "inn" in segs[r.seg].marks for inn in [_inn_spot(plan, r)] if inn]
    if any(m in MARK_SYMBOLS for s in segs for m in s.marks) or kind.symbol in TILE_SYMBOLS:
        plan.symbols = _symbol_spots(plan)
    if any(s.kind == GARDEN for s in segs):
        plan.garden = _garden_spot(plan)
    return plan


def _garden_spot(plan: Plan, res: int = CHECK_RES):
    """Where a garden tile's garden lies (tiles.md: inside the tile's largest field): the
    point of that field's grass farthest from its roads, cities and river, kept off the
    tile's border so the fence stays whole and the field reaches round it."""
    kinds, _ = rasterize(plan, res)
    lab = components(kinds == FIELD_L)
    sizes = np.bincount(lab.ravel())
    sizes[0] = 0
    region = lab == int(np.argmax(sizes))
    depth = SM._depth(region, tile_edge=False).astype(np.float32)
    yy, xx = (np.mgrid[0:res, 0:res] + 0.5) / res
    lo, hi = GARDEN_R + 0.08, 1 - GARDEN_R - 0.08
    inside = (xx >= lo) & (xx <= hi) & (yy >= lo) & (yy <= hi)
    # deep in the grass first, then near the middle of the tile (rounded depth: ties go to the middle)
    if any(seg.kind == "field" and not seg.halves for seg in plan.kind.segments):
        # an inner field is found from its middle (INNER_POINT): the garden leaves that free
        inside &= np.hypot(xx - INNER_POINT[0], yy - INNER_POINT[1]) > GARDEN_R * 1.5 + 0.02
    # and first of all where the fence with room round it lies wholly in the grass (the erosion's
    # depth runs long across a diagonal city wall: NG's garden stood on the wall)
    half = int(round((GARDEN_R + 0.03) * res))
    square = np.ones((2 * half + 1, 2 * half + 1))
    fits = SM._correlate((~region).astype(np.float64), square) < 0.5
    score = np.where(region & inside, np.minimum(depth, (GARDEN_R + 0.06) * res) * 100
                     - np.hypot(xx - 0.5, yy - 0.5) * res + fits * 1e6, -np.inf)
    y, x = np.unravel_index(np.argmax(score), score.shape)
    return (round((x + 0.5) / res, 3), round((y + 0.5) / res, 3))


def _hedges(plan: Plan) -> list:
    """A hedge from each point of the border where two fields meet with nothing between them
    (a corner, or the middle of a field edge), run towards the tile's centre until it meets a
    city, a road or another hedge: the fields on either side stay apart."""
    kind = plan.kind
    field_of = {h: i for i, s in enumerate(kind.segments) if s.kind == "field" for h in s.halves}
    hedges = []
    for h in range(8):
        a, b = field_of.get(h), field_of.get((h + 1) % 8)
        if a is None or b is None or a == b:
            continue
        e = h // 2
        start = CORNER[(e + 1) % 4] if h % 2 else MID[e]
        blocked = _obstacles(plan, CHECK_RES * 2)
        res = blocked.shape[0]
        middles = [(sum(x for x, _ in c.poly) / len(c.poly), sum(y for _, y in c.poly) / len(c.poly))
                   for c in plan.cities]
        target = min(middles, key=lambda m: math.dist(m, start), default=(0.5, 0.5))
        d = norm((target[0] - start[0], target[1] - start[1]))
        path = [start]
        for k in range(1, 400):
            p = add(start, d, k * 0.004)
            if not (0 <= p[0] < 1 and 0 <= p[1] < 1):
                break
            path = [start, p]
            if blocked[int(p[1] * res), int(p[0] * res)]:
                path = [start, add(p, d, 0.03)]
                break
        hedges.append((a, path))
    return hedges


def _inn_spot(plan: Plan, road: Road):
    """Where an inn stands beside ``road``, with its pond: the first place along the road
    (from its middle out, the outer side of a bend first) with room in the grass, in a field
    big enough that the inn stays a small part of it; where no field has room for a pond
    too, the inn alone in the biggest field beside the road."""
    kinds, _ = rasterize(plan, CHECK_RES)
    res = CHECK_RES
    fields = components(kinds == FIELD_L)
    sizes = np.bincount(fields.ravel())
    pts = resample(road.path, 0.01)
    for with_pond, least in ((True, 0.3), (False, 0.12)):
        for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85):
            i = min(len(pts) - 2, int(t * (len(pts) - 1)))
            p, q = pts[i], pts[i + 1]
            tan = norm((q[0] - p[0], q[1] - p[1]))
            outer = 1 if (-tan[1]) * (0.5 - p[0]) + tan[0] * (0.5 - p[1]) >= 0 else -1
            for side, along, away in itertools.product((outer, -outer), (1, -1), (0.175, 0.15)):
                nrm = (-tan[1] * side, tan[0] * side)
                inn = add(p, nrm, away)
                pond = add(add(p, nrm, away + 0.015), tan, 0.17 * along) if with_pond else None
                if not _grass_around(kinds, res, inn, INN_R + 0.01):
                    continue
                if pond is not None and not _grass_around(kinds, res, pond, POND_R + 0.01):
                    continue
                y, x = _sample_point(inn, res)
                if sizes[fields[y, x]] >= least * res * res:
                    return (road.seg, inn, pond)
    return None


def _grass_around(kinds, res: int, c, r: float) -> bool:
    x0, x1 = int((c[0] - r) * res), int((c[0] + r) * res)
    y0, y1 = int((c[1] - r) * res), int((c[1] + r) * res)
    if x0 < 2 or y0 < 2 or x1 > res - 3 or y1 > res - 3:
        return False
    return bool((kinds[y0:y1, x0:x1] == FIELD_L).all())


def lake_polygon(c, seed: int, n: int = 64):
    rng = random.Random(seed)
    phases = [rng.random() * 6.28 for _ in range(3)]
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        r = (1 + 0.06 * math.sin(3 * a + phases[0]) + 0.04 * math.sin(5 * a + phases[1])
             + 0.03 * math.sin(2 * a + phases[2]))
        pts.append((c[0] + 0.27 * r * math.cos(a), c[1] + 0.23 * r * math.sin(a)))
    return pts


def _obstacles(plan: Plan, res: int) -> np.ndarray:
    """Where a dead-end road must stop: cities, water, the cloister, the village (labels)."""
    img = Image.new("L", (res, res), 0)
    d = ImageDraw.Draw(img)
    for c in plan.cities:
        d.polygon([(x * res, y * res) for x, y in c.poly], fill=1)
    for r in plan.rivers:
        A.stroke(d, [(x * res, y * res) for x, y in r.path], (RIVER_W + 2 * BANK) * res, 2)
    if plan.lake:
        d.polygon([(x * res, y * res) for x, y in plan.lake], fill=2)
    if plan.spring:
        x, y = plan.spring
        rr = 0.1 * res
        d.ellipse((x * res - rr, y * res - rr, x * res + rr, y * res + rr), fill=2)
    if plan.cloister:
        x, y = plan.cloister
        rr = plan.cloister_r * res
        d.rectangle((x * res - rr, y * res - rr, x * res + rr, y * res + rr), fill=3)
    if plan.village:
        x, y = plan.village
        rr = VILLAGE_R * res
        d.ellipse((x * res - rr, y * res - rr, x * res + rr, y * res + rr), fill=4)
    if plan.volcano:
        x, y, rv = plan.volcano
        rr = rv * 0.8 * res  # (its foot: the road runs up the slope a little)
        d.ellipse((x * res - rr, y * res - rr, x * res + rr, y * res + rr), fill=5)
    return np.asarray(img)


def _gate_target(plan: Plan, start, aim: str):
    """A point inside the city a dead-end road heads for from ``start`` (see :func:`_dead_end`)."""
    def middle(c: City):
        return (sum(x for x, _ in c.poly) / len(c.poly), sum(y for _, y in c.poly) / len(c.poly))

    if aim == "centroid":
        return middle(min(plan.cities, key=lambda c: math.dist(middle(c), start)))
    points = [(p, c) for c in plan.cities for w in c.walls for p in resample(w, 0.01)
              if 0.05 < p[0] < 0.95 and 0.05 < p[1] < 0.95]
    if not points:
        return middle(plan.cities[0])
    p, c = min(points, key=lambda pc: math.dist(pc[0], start))
    d = norm((p[0] - start[0], p[1] - start[1]))
    return add(p, d, 0.1)


def _corner_hedges(plan: Plan) -> list:
    """A hedge from each corner where a field meets a city it must not border (PD6: the west
    field and the south-east city meet at the south-west corner), run towards a city the
    field does border until it meets that city: the field keeps clear of the other city."""
    kind = plan.kind
    hedges = []
    middles = {c.seg: (sum(x for x, _ in c.poly) / len(c.poly), sum(y for _, y in c.poly) / len(c.poly))
               for c in plan.cities}
    city_at = {e: i for i, s in enumerate(kind.segments) if s.kind == "city" for e in s.edges}
    blocked = _obstacles(plan, CHECK_RES * 2)
    res = blocked.shape[0]
    for i, s in enumerate(kind.segments):
        if s.kind != "field" or not s.cities:
            continue
        for h in s.halves:
            e = h // 2
            corner, other = (CORNER[e], (e - 1) % 4) if h % 2 == 0 else (CORNER[(e + 1) % 4], (e + 1) % 4)
            if other not in city_at or city_at[other] in s.cities:
                continue
            target = middles[s.cities[0]]
            d = norm((target[0] - corner[0], target[1] - corner[1]))
            path = [corner]
            for k in range(15, 400):  # (past the corner itself, where the other city's wall starts)
                p = add(corner, d, k * 0.004)
                if not (0 <= p[0] < 1 and 0 <= p[1] < 1):
                    break
                path = [corner, p]
                if blocked[int(p[1] * res), int(p[0] * res)] == 1:
                    path = [corner, add(p, d, 0.03)]
                    break
            hedges.append((i, path))
    return hedges


def _yard_hedges(plan: Plan) -> list:
    """A hedge from the farmhouse at the end of a road to the nearest other road (TB23: the
    south road ends at a farm whose hedge meets the west road): the fields on either side of
    the road stay apart beyond its end, and the two roads do not meet."""
    hedges = []
    kind = plan.kind
    for r in plan.roads:
        if r.end != "house":
            continue
        end = r.path[-1]
        others = [p for o in plan.roads if o.seg != r.seg for p in resample(o.path, 0.01)
                  if 0.03 < p[0] < 0.97 and 0.03 < p[1] < 0.97
                  and not any(_inside(p, c.poly) for c in plan.cities)]
        if not others:
            continue
        q = min(others, key=lambda p: math.dist(p, end))
        d = norm((q[0] - end[0], q[1] - end[1]))
        side = next(i for i, s in enumerate(kind.segments) if s.kind == "field")  # (either side will do)
        hedges.append((side, [add(end, d, 0.04), q]))
    return hedges


def _inside(p, poly) -> bool:
    """Whether point ``p`` lies inside polygon ``poly`` (even-odd rule)."""
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _disc_spot(region: np.ndarray, r: float, prefer, avoid=(), tolerance: float = 0.0,
               margin: float = 0.02, far: bool = False):
    """The centre of a disc of radius ``r`` (tile units) lying in ``region`` (a boolean grid
    over the tile; at most ``tolerance`` of it outside), inside the tile by ``margin``, clear of
    the middle of every edge (where the artwork shows each edge's terrain) and of ``avoid``
    ((x, y, radius) discs); the one nearest ``prefer`` (``far``: farthest from it), or None."""
    res = region.shape[0]
    rp = max(1, int(round(r * res)))
    yy, xx = (np.mgrid[-rp:rp + 1, -rp:rp + 1])
    kernel = (xx * xx + yy * yy <= rp * rp).astype(np.float64)
    outside = SM._correlate((~region).astype(np.float64), kernel) / kernel.sum()
    gy, gx = (np.mgrid[0:res, 0:res] + 0.5) / res
    ok = (outside <= tolerance + 1e-6) & (np.minimum(np.minimum(gx, gy), np.minimum(1 - gx, 1 - gy)) >= r + margin)
    for m in MID:
        ok &= np.hypot(gx - m[0], gy - m[1]) >= r + 0.07
    for ax, ay, ar in avoid:
        ok &= np.hypot(gx - ax, gy - ay) >= r + ar + 0.02
    if not ok.any():
        return None
    cost = np.where(ok, np.hypot(gx - prefer[0], gy - prefer[1]) * (-1 if far else 1) + outside, np.inf)
    y, x = np.unravel_index(np.argmin(cost), cost.shape)
    return (round((x + 0.5) / res, 3), round((y + 0.5) / res, 3))


def _volcano_spot(plan: Plan, roads: list, res: int = CHECK_RES):
    """The volcano (The Princess & the Dragon): as big as it can be in the tile's largest
    field, clear of its roads, cities and the edges' middles, near the field's middle."""
    kinds, _ = rasterize(Plan(plan.kind, plan.variant, plan.cities, roads, plan.rivers), res)
    lab = components(kinds == FIELD_L)
    sizes = np.bincount(lab.ravel())
    sizes[0] = 0
    region = lab == int(np.argmax(sizes))
    ys, xs = np.nonzero(region)
    middle = ((xs.mean() + 0.5) / res, (ys.mean() + 0.5) / res)
    if region.all():
        middle = (0.5, 0.5)
    for r in np.arange(VOLCANO_R[0], VOLCANO_R[1] - 1e-6, -0.01):
        spot = _disc_spot(region, float(r) * (1 + VOLCANO_WOBBLE) + 0.01, middle, margin=0.04)
        if spot:
            return (spot[0], spot[1], round(float(r), 3))
    raise SystemExit(f"tile {plan.kind.id}: no room for the volcano")


def _symbol_spots(plan: Plan, res: int = CHECK_RES) -> list:
    """Where the tile's symbols go: each goods or princess mark in its own city (deep in it,
    near its middle), then the tile's dragon or portal in a field with room, else in a city
    clear of its pennant; none over the middle of an edge, none over another."""
    kind = plan.kind
    kinds, segs = rasterize(plan, res)
    placed: list = []
    avoid: list = []
    if any(s.kind == "field" and not s.halves for s in kind.segments):
        avoid.append((INNER_POINT[0], INNER_POINT[1], 0.04))  # the inner field's own point
    for r in plan.roads:  # a tunnel's course stays in sight (PD17)
        if r.end == "tunnel":
            avoid += [(x, y, 0.03) for x, y in resample(r.path[1:-1], 0.03)]
    for c in plan.cities:  # a pennant stands in the middle of its city: keep its place
        if c.pennant:
            region = (segs == c.seg) & (kinds == CITY_L)
            depth = SM._depth(region, tile_edge=False)
            y, x = np.unravel_index(np.argmax(depth), depth.shape)
            avoid.append(((x + 0.5) / res, (y + 0.5) / res, 0.09))
    for i, s in enumerate(kind.segments):
        mark = next((m for m in MARK_SYMBOLS if m in s.marks), None)
        if s.kind != "city" or mark is None:
            continue
        region = segs == i
        ys, xs = np.nonzero(region)
        prefer = ((xs.mean() + 0.5) / res, (ys.mean() + 0.5) / res)  # the middle of the city
        sizes = ((PLAQUE_R, 0.0), (PLAQUE_R, 0.12), (PLAQUE_R * 0.85, 0.2))
        if len(s.edges) == 1:  # a small city: its middle is its knight's, the plaque stands aside
            along = norm((CORNER[(s.edges[0] + 1) % 4][0] - CORNER[s.edges[0]][0],
                          CORNER[(s.edges[0] + 1) % 4][1] - CORNER[s.edges[0]][1]))
            prefer = add(prefer, along, -0.3)
            sizes = ((SMALL_PLAQUE_R, 0.1), (SMALL_PLAQUE_R, 0.25))
        for r, tolerance in sizes:
            spot = _disc_spot(region, r, prefer, avoid, tolerance, margin=0.015)
            if spot:
                break
        else:
            raise SystemExit(f"tile {kind.id}: no room for the {mark} in city {i}")
        placed.append((mark, spot, r, i))
        avoid.append((spot[0], spot[1], r))
    if kind.symbol in TILE_SYMBOLS:
        field_l = kinds == FIELD_L
        city_l = kinds == CITY_L
        # in a field, near the middle; in a city, away from its middle: that is its knight's
        for region, tolerance, far in ((field_l, 0.0, False), (city_l, 0.0, True), (field_l | city_l, 0.05, True)):
            spot = _disc_spot(region, PLAQUE_R + 0.04, (0.5, 0.5), avoid, tolerance, margin=0.0, far=far)
            if spot:
                break
        else:
            raise SystemExit(f"tile {kind.id}: no room for its {kind.symbol}")
        placed.append((kind.symbol, spot, PLAQUE_R, None))
    return placed


def _dead_end(plan: Plan, seg: int, e: int, blocked: np.ndarray, aim: str | None = None) -> Road:
    """A road from edge ``e`` that ends on the tile: at the village, the cloister or the
    volcano it heads for, at the first city wall in its way (a gate), at the river bank, or
    at a farmhouse. ``aim``: head for a city, at its middle (``centroid``) or the nearest
    stretch of its wall (``nearest``), so the fields on either side of the road stay apart."""
    res = blocked.shape[0]
    target = plan.village or plan.cloister or (plan.volcano[:2] if plan.volcano else None) or (0.5, 0.5)
    if aim == "first":  # (only the first road that ends on the tile heads for the city)
        first = min(i for i, s in enumerate(plan.kind.segments) if s.kind == "road" and len(s.edges) == 1)
        aim = "centroid" if seg == first else None
    if aim and plan.cities and not (plan.village or plan.cloister or plan.volcano):
        target = _gate_target(plan, MID[e], aim)
    start = MID[e]
    d = (target[0] - start[0], target[1] - start[1])
    length = math.hypot(*d)
    d = norm(d)
    half = (ROAD_W / 2 + ROAD_EDGE)
    end, what = target, "house"
    steps = int(length / 0.004)
    for k in range(4, steps + 1):
        p = add(start, d, k * 0.004)
        tip = add(p, d, half * 0.6)
        x, y = int(tip[0] * res), int(tip[1] * res)
        if 0 <= x < res and 0 <= y < res and blocked[y, x]:
            label = blocked[y, x]
            what = {1: "gate", 2: "bank", 3: "cloister", 4: "village", 5: "volcano"}[int(label)]
            if what in ("cloister", "village", "volcano"):
                end = add(p, d, half)  # tuck the end under the building
            elif what == "gate":
                end = add(p, d, half * 0.5)
            else:
                end = p
            break
    path = [add(start, OUTWARD[e], 0.06), start, end]
    return Road(seg, path, what)


# --- checking a plan against the definition ------------------------------------------------

FIELD_L, ROAD_L, CITY_L, RIVER_L, BLOCK_L = 0, 1, 2, 3, 4
#: The segment raster's value for a symbol of the tile's own (a dragon, a portal, a volcano):
#: it belongs to no segment.
SYMBOL_SEG = 251


def drawn_roads(plan: Plan) -> list:
    """The roads as they are drawn: a road under the city (a tunnel) as its two stubs, each
    from its edge to its tunnel's mouth; the road under a bridge before the road on it."""
    out = []
    for r in plan.roads:
        out += tunnel_stubs(plan, r) if r.end == "tunnel" else [r]
    if plan.bridge:
        out.sort(key=lambda r: r.seg == plan.bridge[0])  # (a stable sort: the rest keep their order)
    return out


def tunnel_stubs(plan: Plan, road: Road) -> list:
    """The two ends of a road that passes under the city (PD17), from its edges to the mouths
    of its tunnel, just inside the tile: the field beyond a mouth runs over the tunnel."""
    out = []
    for e in plan.kind.segments[road.seg].edges:
        mouth = add(MID[e], OUTWARD[e], -TUNNEL_MOUTH)
        out.append(Road(road.seg, [add(MID[e], OUTWARD[e], 0.06), MID[e], mouth], "tunnel"))
    return out


def tunnel_mound(road: Road):
    """The mound a tunnel's mouth opens in: its centre (just past the road's end) and radius."""
    a, b = road.path[-2], road.path[-1]
    d = norm((b[0] - a[0], b[1] - a[1]))
    return add(b, d, TUNNEL_R), TUNNEL_R


def rasterize(plan: Plan, res: int):
    """Terrain class and segment index per pixel, in drawing order."""
    kind_img = Image.new("L", (res, res), FIELD_L)
    seg_img = Image.new("L", (res, res), 255)
    dk, ds = ImageDraw.Draw(kind_img), ImageDraw.Draw(seg_img)

    def px(pts):
        return [(x * res, y * res) for x, y in pts]

    for _side, path in plan.hedges:
        A.stroke(dk, px(path), HEDGE_W * res, BLOCK_L)
        A.stroke(ds, px(path), HEDGE_W * res, 252)
    for c in plan.cities:
        dk.polygon(px(c.poly), fill=CITY_L)
        ds.polygon(px(c.poly), fill=c.seg)
    for r in plan.rivers:
        A.stroke(dk, px(r.path), (RIVER_W + 2 * BANK) * res, RIVER_L, caps=False)
        A.stroke(ds, px(r.path), (RIVER_W + 2 * BANK) * res, 254, caps=False)
    for shape in [plan.lake] if plan.lake else []:
        dk.polygon(px(shape), fill=RIVER_L)
        ds.polygon(px(shape), fill=254)
    if plan.spring:
        x, y = plan.spring
        rr = 0.09
        dk.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=RIVER_L)
    for r in drawn_roads(plan):
        A.stroke(dk, px(r.path), (ROAD_W + 2 * ROAD_EDGE) * res, ROAD_L)
        A.stroke(ds, px(r.path), (ROAD_W + 2 * ROAD_EDGE) * res, r.seg)
        if r.end == "tunnel":
            (x, y), rr = tunnel_mound(r)
            dk.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=BLOCK_L)
            ds.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=SYMBOL_SEG)
    if plan.volcano:
        x, y, rr = plan.volcano
        rr *= 1 + VOLCANO_WOBBLE
        dk.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=BLOCK_L)
        ds.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=SYMBOL_SEG)
    for what, (x, y), rr, _seg in plan.symbols:
        if what in TILE_SYMBOLS:  # (a city's mark is part of its city)
            dk.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=BLOCK_L)
            ds.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=SYMBOL_SEG)
    if plan.cloister:
        x, y = plan.cloister
        rr = plan.cloister_r + (0.03 if plan.cloister_in_city else 0.0)  # (its close, walled in)
        dk.rectangle(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=BLOCK_L)
        ds.rectangle(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=253)
    if plan.village:
        x, y = plan.village
        rr = VILLAGE_R
        dk.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=BLOCK_L)
        ds.ellipse(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=253)
    for _seg, (x, y), pond in plan.inns:
        dk.rectangle(px([(x - INN_R, y - INN_R), (x + INN_R, y + INN_R)]), fill=BLOCK_L)
        if pond is not None:
            wx, wy = pond
            dk.ellipse(px([(wx - POND_R, wy - POND_R), (wx + POND_R, wy + POND_R)]), fill=BLOCK_L)
    if plan.garden:
        x, y = plan.garden
        rr = GARDEN_R + 0.015
        dk.rectangle(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=BLOCK_L)
        ds.rectangle(px([(x - rr, y - rr), (x + rr, y + rr)]), fill=253)
    return np.asarray(kind_img).copy(), np.asarray(seg_img).copy()


def components(mask: np.ndarray) -> np.ndarray:
    """4-connected component labels of a boolean mask (0 = background)."""
    h, w = mask.shape
    labels = np.zeros((h, w), np.int32)
    flat = mask.ravel()
    lab = labels.ravel()
    current = 0
    for start in np.flatnonzero(flat):
        if lab[start]:
            continue
        current += 1
        lab[start] = current
        queue = deque([start])
        while queue:
            p = queue.popleft()
            y, x = divmod(p, w)
            for q, ok in ((p - 1, x > 0), (p + 1, x < w - 1), (p - w, y > 0), (p + w, y < h - 1)):
                if ok and flat[q] and not lab[q]:
                    lab[q] = current
                    queue.append(q)
    return labels


def _sample_point(p, res: int, inset: int = 2):
    x = min(res - 1 - inset, max(inset, int(p[0] * res)))
    y = min(res - 1 - inset, max(inset, int(p[1] * res)))
    return y, x


def check_plan(plan: Plan, res: int = CHECK_RES) -> list[str]:
    """Ways in which the drawn tile would disagree with its definition (empty = agrees)."""
    kind = plan.kind
    problems: list[str] = []
    kinds, segs = rasterize(plan, res)
    want = {"c": CITY_L, "r": ROAD_L, "f": FIELD_L, "s": RIVER_L}
    for e, letter in enumerate(kind.edges):
        y, x = _sample_point(MID[e], res, 3)
        if kinds[y, x] != want[letter]:
            problems.append(f"edge {e} shows {kinds[y, x]}, wants {letter}")
    for i, s in enumerate(kind.segments):
        if s.kind in ("city", "road"):
            piece = segs == i
            if plan.bridge and i == plan.bridge[1]:  # the road under the bridge goes on beneath it
                under = Image.new("L", (res, res), 0)
                road = next(r for r in plan.roads if r.seg == i)
                A.stroke(ImageDraw.Draw(under), [(x * res, y * res) for x, y in road.path],
                         (ROAD_W + 2 * ROAD_EDGE) * res, 1)
                piece = piece | (np.asarray(under) > 0)
            lab = components(piece)
            ids = {lab[_sample_point(MID[e], res, 3)] for e in s.edges}
            if "tunnel" in s.marks:  # two ends, each from its edge into the tunnel under the city
                ids = {0} if 0 in ids else {1}
            if len(ids) != 1 or 0 in ids:
                problems.append(f"{s.kind} {i} is not one piece")
    field_lab = components(kinds == FIELD_L)
    comp_of_seg = {}
    for i, s in enumerate(kind.segments):
        if s.kind != "field":
            continue
        points = [HALF_POINT[h] for h in s.halves] or [INNER_POINT]
        ids = {field_lab[_sample_point(p, res, 2)] for p in points}
        if len(ids) != 1 or 0 in ids:
            problems.append(f"field {i} is split or missing: {ids}")
            continue
        comp = ids.pop()
        if comp in comp_of_seg.values():
            problems.append(f"field {i} is joined to another field")
        comp_of_seg[i] = comp
        # which cities does it touch?
        m = field_lab == comp
        grown = m.copy()
        grown[1:] |= m[:-1]
        grown[:-1] |= m[1:]
        grown[:, 1:] |= m[:, :-1]
        grown[:, :-1] |= m[:, 1:]
        touched = {int(v) for v in np.unique(segs[grown & (kinds == CITY_L)])}
        if touched != set(s.cities):
            problems.append(f"field {i} borders cities {sorted(touched)}, wants {sorted(s.cities)}")
    # a road must not run through a city (except where it ends at a gate)
    city_only = np.zeros_like(kinds, bool)
    img = Image.new("L", (res, res), 0)
    d = ImageDraw.Draw(img)
    for c in plan.cities:
        d.polygon([(x * res, y * res) for x, y in c.poly], fill=1)
    city_only = np.asarray(img).astype(bool)
    overlap = np.count_nonzero(city_only & (kinds == ROAD_L))
    gates = max(1, sum(1 for r in plan.roads if r.end == "gate"))
    if overlap > res * res * 0.008 * gates:
        problems.append(f"a road runs over a city ({overlap} px)")
    # two roads that end on the tile must not end at one place: they would read as one road
    ends = [r for r in plan.roads if r.end == "house"]
    for a, b in itertools.combinations(ends, 2):
        if math.dist(a.path[-1], b.path[-1]) < 0.2:
            problems.append(f"roads {a.seg} and {b.seg} end at one place")
    if plan.cloister and not plan.cloister_in_city:
        x, y = plan.cloister
        rr = plan.cloister_r + 0.02
        img = Image.new("L", (res, res), 0)
        ImageDraw.Draw(img).rectangle((int((x - rr) * res), int((y - rr) * res),
                                       int((x + rr) * res), int((y + rr) * res)), fill=1)
        foot = np.asarray(img).astype(bool)
        _, plain = rasterize(Plan(kind, plan.variant, plan.cities, [], plan.rivers), res)
        k2, _ = rasterize(Plan(kind, plan.variant, plan.cities, [], plan.rivers, lake=plan.lake), res)
        if np.count_nonzero(foot & (k2 != FIELD_L)):
            problems.append("the cloister stands on a city or the river")
    return problems


VARIANTS = [
    dict(deep=deep, cloister=cl, bend=bend, deep_all=False, hedges=False)
    for deep, cl, bend in itertools.product(
        (False, True), ((0.5, 0.5), (0.5, 0.25), (0.5, 0.75), (0.25, 0.5), (0.75, 0.5)),
        (0.0, 0.08, -0.08))
] + [
    # Inns & Cathedrals: every one-edge city deep (two cities walling roads in: IC5), and
    # hedges between fields that only a hedge can part (IC7)
    dict(deep=True, cloister=(0.5, 0.5), bend=0.0, deep_all=True, hedges=False),
    dict(deep=False, cloister=(0.5, 0.5), bend=0.0, deep_all=False, hedges=True),
] + [
    # Traders & Builders and The Princess & the Dragon: two cities walling a field in (TB6,
    # TB14), a bay deep enough for a city inside it (TB3), roads into the city gate so that
    # a hedge can part the fields between them (TB7, TB12, TB22), a hedge keeping a field off a
    # city it must not border (PD6), the cloister inside its city (PD15)
    {**dict(deep=False, cloister=(0.5, 0.5), bend=0.0, deep_all=False, hedges=False), **extra}
    for extra in (
        dict(lens=True), dict(deep_bay=True), dict(gate="centroid"), dict(gate="nearest"),
        dict(gate="centroid", hedges=True), dict(gate="nearest", hedges=True),
        dict(lens=True, corner_hedges=True), dict(cloister_in_city=True), dict(gate="first", yard_hedges=True),
    )
]


def plan_tile(kind: TileKind) -> Plan:
    tried = []
    for variant in VARIANTS:
        plan = make_plan(kind, variant)
        problems = check_plan(plan)
        if not problems:
            return plan
        tried.append((variant, problems))
    msg = "\n".join(f"  {v}: {p}" for v, p in tried[:6])
    raise SystemExit(f"tile {kind.id}: no layout agrees with its definition:\n{msg}")


# --- painting -----------------------------------------------------------------------------------

class Painter:
    """Paints one tile plan at S × S pixels."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.kind = plan.kind
        # a garden twin is its plain twin's drawing with a garden: the same seed
        seed = A.seed_of("tile", plan.kind.id.removesuffix("G") if plan.garden else plan.kind.id)
        self.rng = np.random.default_rng(seed)
        self.prng = random.Random(seed)
        self.img = np.zeros((S, S, 3), np.float32)
        #: which segment each painted pixel shows (see segment_masks.py)
        self.claims = SM.Claims(S)
        #: boxes (tile units) a follower should leave visible: the pennants
        self.keep_clear: list[tuple[float, float, float, float]] = []

    # helpers
    def px(self, pts):
        return [(x * S, y * S) for x, y in pts]

    def mask(self, fn) -> np.ndarray:
        m = A.new_mask(S)
        fn(ImageDraw.Draw(m))
        return A.to_arr(m)

    def stroke_mask(self, pts, width, caps=True):
        return self.mask(lambda d: A.stroke(d, self.px(pts), width * S, 255, caps))

    def poly_mask(self, pts):
        return self.mask(lambda d: d.polygon(self.px(pts), fill=255))

    def footprint(self, draw_fn) -> np.ndarray:
        """The pixels a drawing covers, drawn alone on a clear sheet."""
        sheet = Image.new("RGBA", (S, S), (0, 0, 0, 0))
        draw_fn(ImageDraw.Draw(sheet))
        return np.asarray(sheet.getchannel("A"), dtype=np.float32) / 255.0

    def paint_sprites(self, draw_fn, shadow_fn=None, shadow_offset=(10, 12), shadow_blur=6, shadow=0.45):
        """Draw objects (with an optional cast shadow) straight onto the image."""
        if shadow_fn is not None:
            sm = self.mask(shadow_fn)
            sm = A.shift(A.blur(sm, shadow_blur), *shadow_offset)
            self.img = A.shade(self.img, sm * shadow)
        im = A.to_image(self.img)
        draw_fn(ImageDraw.Draw(im))
        self.img = A.from_image(im)

    # layers
    def paint(self) -> Image.Image:
        self.meadow()
        self.hedges()
        self.city_masks = [self.poly_mask(c.poly) for c in self.plan.cities]
        self.any_city = np.clip(sum(self.city_masks, np.zeros((S, S), np.float32)), 0, 1)
        for c, m in zip(self.plan.cities, self.city_masks):
            self.city(c, m)
        self.water()
        self.tunnel_course()
        self.roads()
        for c in self.plan.cities:
            self.city_towers(c)
        self.ends()
        self.inns()
        if self.plan.volcano:
            self.volcano()
        if self.plan.garden:
            self.garden()
        if self.plan.cloister:
            self.cloister()
        if self.plan.village:
            self.village()
        self.symbols()
        self.trees()
        return self.finish()

    def meadow(self):
        n = A.fbm(S, self.rng)
        n2 = A.fbm(S, self.rng, octaves=((16, 0.5), (48, 0.5)))
        base = np.where(n[..., None] < 0.5,
                        A.mix(np.broadcast_to(np.float32(GRASS_DARK), (S, S, 3)), GRASS, n * 2),
                        A.mix(np.broadcast_to(np.float32(GRASS), (S, S, 3)), GRASS_LIGHT, (n - 0.5) * 2))
        base = base * (0.93 + 0.14 * n2[..., None])
        self.img = base.astype(np.float32)
        im = A.to_image(self.img)
        d = ImageDraw.Draw(im, "RGBA")
        r = self.prng
        for _ in range(4200):  # grass strokes
            x, y = r.uniform(0, S), r.uniform(0, S)
            ln = r.uniform(8, 20)
            ang = -math.pi / 2 + r.uniform(-0.5, 0.5)
            dark = r.random() < 0.6
            col = (52, 96, 34, r.randint(50, 110)) if dark else (178, 206, 110, r.randint(40, 90))
            d.line((x, y, x + ln * math.cos(ang), y + ln * math.sin(ang)), fill=col, width=2)
        for _ in range(70):  # flowers
            x, y = r.uniform(20, S - 20), r.uniform(20, S - 20)
            col = r.choice(((250, 246, 220, 220), (250, 220, 80, 220), (236, 150, 190, 200)))
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=col)
        self.img = A.from_image(im)

    def city(self, c: City, m: np.ndarray):
        self.claims.claim(m, c.seg)
        # shadow of the walls on the field
        sh = A.shift(A.blur(m, 10), 10, 14) * (1 - m)
        self.img = A.shade(self.img, sh * 0.5)
        # cobbled streets: cell noise with dark joints
        if not hasattr(self, "_cobbles"):
            f1, f2, v = A.worley(S, 13, self.rng)
            n = A.fbm(S, self.rng, octaves=((5, 0.6), (16, 0.4)))
            cob = A.mix(np.broadcast_to(np.float32(COBBLE), (S, S, 3)), COBBLE_LIGHT, v * 0.7 + n * 0.3)
            joint = np.clip(1 - (f2 - f1) / 2.5, 0, 1)
            cob = A.shade(cob, joint * 0.32 + (f1 / 13) * 0.12)
            self._cobbles = cob
        self.img = A.mix(self.img, self._cobbles, m)
        self.houses(c, m)
        if "cathedral" in self.kind.segments[c.seg].marks:
            self.cathedral()
        self.walls(c)
        if c.pennant:
            self.pennant(c, m)

    def _wall_mask(self, c: City, width: float):
        return self.mask(lambda d: [A.stroke(d, self.px(w), width * S, 255) for w in c.walls])

    def _deep_points(self, m: np.ndarray, margin: float):
        """Pixel centres of the city at least ``margin`` from its walls and the tile border."""
        res = 128
        small = np.asarray(Image.fromarray((m * 255).astype(np.uint8)).resize((res, res), Image.BILINEAR)) > 128
        # distance (in pixels) to the non-city part by repeated erosion; the tile border counts
        dist = np.zeros((res, res), np.int32)
        cur = small.copy()
        k = 0
        while cur.any() and k < res:
            k += 1
            dist[cur] = k
            nxt = cur.copy()
            nxt[1:] &= cur[:-1]
            nxt[:-1] &= cur[1:]
            nxt[:, 1:] &= cur[:, :-1]
            nxt[:, :-1] &= cur[:, 1:]
            cur = nxt
        return dist / res

    def pennant_spot(self, c: City, m: np.ndarray):
        # the point of the city farthest from its walls (not from the tile border) near its middle
        res = 128
        wall = self._wall_mask(c, 0.01)
        small = np.asarray(Image.fromarray((m * 255).astype(np.uint8)).resize((res, res))) > 128
        wsmall = np.asarray(Image.fromarray((wall * 255).astype(np.uint8)).resize((res, res))) > 20
        ys, xs = np.nonzero(small)
        wy, wx = np.nonzero(wsmall)
        if len(wy) == 0:
            return (0.5, 0.5)
        cy, cx = ys.mean(), xs.mean()
        best, best_score = (0.5, 0.5), -1e9
        for y, x in zip(ys[::7], xs[::7]):
            if any(math.hypot(x / res - sx, y / res - sy) < sr + 0.1 for _w, (sx, sy), sr, _s in self.plan.symbols):
                continue  # (the shield stands clear of the tile's symbols)
            dw = np.min(np.hypot(wy - y, wx - x)) / res
            db = min(x, y, res - 1 - x, res - 1 - y) / res
            score = min(dw, 0.17) - 0.5 * math.hypot(x - cx, y - cy) / res + 0.3 * min(db, 0.1)
            if score > best_score:
                best, best_score = (x / res, y / res), score
        return best

    def houses(self, c: City, m: np.ndarray):
        """Rows of houses along the walls, then the streets between filled in."""
        r = self.prng
        G = 256  # occupancy grid
        wall = self._wall_mask(c, WALL_W + 0.05)
        room_full = (m > 0.5) & (wall < 0.05)
        room = np.asarray(Image.fromarray(room_full.astype(np.uint8) * 255).resize((G, G), Image.BILINEAR)) > 250
        border = int(0.018 * G)
        room[:border] = room[-border:] = False
        room[:, :border] = room[:, -border:] = False
        occ = np.zeros((G, G), bool)
        if "cathedral" in self.kind.segments[c.seg].marks:  # the cathedral's square, kept for it
            x0, y0, x1, y1 = CATHEDRAL_BOX
            occ[int(y0 * G):int(y1 * G), int(x0 * G):int(x1 * G)] = True
        if c.pennant:
            self.pennant_at = self.pennant_spot(c, m)
            x, y = self.pennant_at
            occ[int((y - 0.095) * G):int((y + 0.1) * G), int((x - 0.08) * G):int((x + 0.08) * G)] = True
        # a symbol's plaque and a cloister's close stand on an open square of their own
        keep = [(x, y, rr + 0.012) for _what, (x, y), rr, _seg in self.plan.symbols]
        for road in self.plan.roads:  # the lane over a tunnel (PD17)
            if road.end == "tunnel":
                keep += [(x, y, 0.045) for x, y in resample(road.path[1:-1], 0.02)]
        if self.plan.cloister_in_city:
            keep.append((*self.plan.cloister, self.plan.cloister_r + 0.04))
        for x, y, rr in keep:
            y0, y1, x0, x1 = (max(0, int(v * G)) for v in (y - rr, y + rr, x - rr, x + rr))
            occ[y0:y1, x0:x1] = True
        placed = []

        def try_place(cx, cy, L, W, ang, pad=1.5):
            poly = A.rotated_rect(cx, cy, L, W, ang)
            xs, ys = [q[0] for q in poly], [q[1] for q in poly]
            x0, x1 = int(min(xs) * G) - 1, int(max(xs) * G) + 2
            y0, y1 = int(min(ys) * G) - 1, int(max(ys) * G) + 2
            if x0 < 0 or y0 < 0 or x1 > G or y1 > G:
                return False
            yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32) / G
            ca, sa = math.cos(ang), math.sin(ang)
            u = (xx - cx) * ca + (yy - cy) * sa
            v = -(xx - cx) * sa + (yy - cy) * ca
            inside = (np.abs(u) <= L / 2 + pad / G) & (np.abs(v) <= W / 2 + pad / G)
            if (inside & ~room[y0:y1, x0:x1]).any() or (inside & occ[y0:y1, x0:x1]).any():
                return False
            occ[y0:y1, x0:x1] |= inside
            placed.append((cx, cy, L, W, ang, r.choice(ROOFS), r.random() < 0.3, r.random()))
            return True

        # along each wall, facing it
        inside_mask = m
        for w in c.walls:
            pts = w
            length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
            t = 0.0
            while t < 1:
                L = r.uniform(0.08, 0.13)
                W = r.uniform(0.055, 0.075)
                p = point_at(pts, t)
                q = point_at(pts, min(1, t + 0.01))
                tan = norm((q[0] - p[0], q[1] - p[1])) if q != p else (1, 0)
                nrm = (-tan[1], tan[0])
                probe = add(p, nrm, 0.08)
                if (not (0 <= probe[0] < 1 and 0 <= probe[1] < 1)
                        or inside_mask[int(probe[1] * S), int(probe[0] * S)] < 0.5):
                    nrm = (-nrm[0], -nrm[1])
                cpos = add(p, nrm, WALL_W / 2 + 0.05 / 2 + W / 2 + 0.004)
                ang = math.atan2(tan[1], tan[0])
                try_place(cpos[0], cpos[1], L, W, ang)
                t += (L + 0.012) / max(length, 1e-6)
        # a bigger building for big cities
        area = m.mean()
        if area > 0.45 and "cathedral" not in self.kind.segments[c.seg].marks:
            for _ in range(60):
                cx, cy = r.uniform(0.3, 0.7), r.uniform(0.3, 0.7)
                if try_place(cx, cy, 0.2, 0.1, r.choice((0, math.pi / 2)) + r.uniform(-0.1, 0.1), pad=4):
                    placed[-1] = placed[-1][:5] + ((150, 60, 46), False, -1.0)  # a hall
                    break
        # fill the rest, aligned with the nearest wall (or the tile)
        wall_pts = [q for w in c.walls for q in resample(w, 0.02)]
        for _ in range(900):
            cx, cy = r.uniform(0.03, 0.97), r.uniform(0.03, 0.97)
            if not room[int(cy * G), int(cx * G)] or occ[int(cy * G), int(cx * G)]:
                continue
            if wall_pts:
                j = min(range(len(wall_pts)), key=lambda i: (wall_pts[i][0] - cx) ** 2 + (wall_pts[i][1] - cy) ** 2)
                a, b = wall_pts[max(0, j - 1)], wall_pts[min(len(wall_pts) - 1, j + 1)]
                ang = math.atan2(b[1] - a[1], b[0] - a[0])
            else:
                ang = 0.0
            ang += r.choice((0, 0, math.pi / 2)) + r.uniform(-0.08, 0.08)
            for L, W in ((r.uniform(0.09, 0.14), r.uniform(0.06, 0.08)),
                         (r.uniform(0.06, 0.09), r.uniform(0.045, 0.06))):
                if try_place(cx, cy, L, W, ang):
                    break
        placed.sort(key=lambda p: p[1])
        shapes = [(A.rotated_rect(cx * S, cy * S, L * S, W * S, ang), p)
                  for p in placed for cx, cy, L, W, ang, *_ in [p]]

        def shadows(d):
            for poly, _ in shapes:
                d.polygon(poly, fill=255)

        def draw(d):
            for _, (cx, cy, L, W, ang, col, hip, var) in shapes:
                draw_roof(d, cx * S, cy * S, L * S, W * S, ang, col, hip, var)

        self.paint_sprites(draw, shadows, (10, 10), 5, 0.55)

    def walls(self, c: City):
        if not c.walls:
            return
        wall_w = WALL_W * S
        inside = self.city_masks[self.plan.cities.index(c)]
        walls = []
        for w in c.walls:
            pts = resample(self.px(w), 0.006 * S)
            # a unit normal at each point, pointing into the field
            nrms = []
            for i in range(len(pts)):
                a, b = pts[max(0, i - 1)], pts[min(len(pts) - 1, i + 1)]
                t = norm((b[0] - a[0], b[1] - a[1]))
                nrms.append((-t[1], t[0]))
            mid = len(pts) // 2
            probe = add(pts[mid], nrms[mid], wall_w * 1.5)
            x, y = int(min(S - 1, max(0, probe[0]))), int(min(S - 1, max(0, probe[1])))
            if inside[y, x] > 0.5:
                nrms = [(-n[0], -n[1]) for n in nrms]
            walls.append((pts, nrms))

        def off(pts, nrms, k):
            return [add(p, n, k) for p, n in zip(pts, nrms)]

        def shadow(d):
            for pts, _ in walls:
                A.stroke(d, pts, wall_w + 10, 255)

        def draw(d):
            for pts, _ in walls:
                A.stroke(d, pts, wall_w + 8, STONE_DARK)
            for pts, _ in walls:
                A.stroke(d, pts, wall_w, STONE)
            for pts, nrms in walls:
                # the wall walk (inner half) and the parapet (outer half) with merlons
                A.stroke(d, off(pts, nrms, -wall_w * 0.2), wall_w * 0.42, (172, 164, 150))
                A.stroke(d, off(pts, nrms, wall_w * 0.27), wall_w * 0.36, (118, 110, 100))
                spacing = 0.026 * S
                ps = resample(pts, spacing / 2)
                for i in range(1, len(ps) - 1, 2):
                    p = ps[i]
                    if min(p[0], p[1], S - p[0], S - p[1]) < 6:
                        continue
                    a, b = ps[i - 1], ps[i + 1]
                    t = norm((b[0] - a[0], b[1] - a[1]))
                    n = (-t[1], t[0])
                    j = min(range(len(pts)), key=lambda k: (pts[k][0] - p[0]) ** 2 + (pts[k][1] - p[1]) ** 2)
                    if n[0] * nrms[j][0] + n[1] * nrms[j][1] < 0:
                        n = (-n[0], -n[1])
                    cpt = add(p, n, wall_w * 0.27)
                    hl, hw = spacing * 0.28, wall_w * 0.22
                    quad = [add(add(cpt, t, -hl), n, -hw), add(add(cpt, t, hl), n, -hw),
                            add(add(cpt, t, hl), n, hw), add(add(cpt, t, -hl), n, hw)]
                    d.polygon(quad, fill=(222, 216, 204), outline=(104, 96, 88), width=2)

        self.paint_sprites(draw, shadow, (8, 11), 6, 0.35)
        self.claims.claim(self.mask(lambda d: [A.stroke(d, pts, wall_w + 8, 255) for pts, _ in walls]), c.seg)

    def city_towers(self, c: City):
        towers = []
        for w in c.walls:
            pts = self.px(w)
            length = sum(math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)) / S
            n = max(1, round(length / 0.5))
            for k in range(n):
                t = (k + 0.5) / n
                p = point_at(pts, t)
                water = getattr(self, "water_mask", None)
                wet = water is not None and A.blur(water, 12)[int(p[1]), int(p[0])] > 0.01
                if min(p[0], p[1], S - p[0], S - p[1]) > 0.1 * S and not wet:
                    towers.append(p)
        if not towers:
            return
        rr = 0.042 * S

        def shadow(d):
            for x, y in towers:
                d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=255)

        def draw(d):
            for x, y in towers:
                draw_tower(d, x, y, rr)

        self.paint_sprites(draw, shadow, (12, 14), 6, 0.45)
        self.claims.claim(self.mask(shadow), c.seg)

    def pennant(self, c: City, m: np.ndarray):
        x, y = getattr(self, "pennant_at", None) or self.pennant_spot(c, m)
        self.pennant_at = None
        cx, cy = x * S, y * S
        w, h = 0.12 * S, 0.145 * S

        def shadow(d):
            d.polygon(shield_points(cx, cy, w, h), fill=255)

        def draw(d):
            draw_shield(d, cx, cy, w, h)

        self.paint_sprites(draw, shadow, (8, 10), 5, 0.5)
        hw, hh = (w + 10) / 2 / S, (h + 10) / 2 / S
        self.keep_clear.append((x - hw, y - hh, x + hw, y + hh))

    def water(self):
        p = self.plan
        if not p.rivers:
            return
        bank = np.zeros((S, S), np.float32)
        water = np.zeros((S, S), np.float32)
        for r in p.rivers:
            bank = np.maximum(bank, self.stroke_mask(r.path, RIVER_W + 2 * BANK, caps=False))
            water = np.maximum(water, self.stroke_mask(r.path, RIVER_W, caps=False))
        if p.lake:
            lm = self.poly_mask(p.lake)
            grown = A.blur(lm, BANK * S * 0.8) > 0.05
            bank = np.maximum(bank, grown.astype(np.float32))
            water = np.maximum(water, lm)
        if p.spring:
            x, y = p.spring
            sm = self.mask(lambda d: d.ellipse(self.px([(x - 0.09, y - 0.08), (x + 0.09, y + 0.08)]), fill=255))
            bank = np.maximum(bank, A.blur(sm, BANK * S * 0.8) > 0.05)
            water = np.maximum(water, sm)
            # the spring head: a rocky hollow on the far side
        bank = A.blur(bank, 2)
        water = A.blur(water, 1.5)
        self.img = A.shade(self.img, A.shift(A.blur(bank, 6), 4, 6) * (1 - bank) * 0.25)
        nb = A.fbm(S, self.rng, octaves=((12, 0.5), (40, 0.5)))
        sand = A.mix(np.broadcast_to(np.float32(SAND), (S, S, 3)), (150, 150, 96), nb)
        self.img = A.mix(self.img, sand, bank)
        nw = A.fbm(S, self.rng, octaves=((5, 0.5), (14, 0.35), (40, 0.15)))
        # deeper in the middle: distance from the bank by blurring
        depth = A.blur(water, RIVER_W * S * 0.25)
        wcol = A.mix(np.broadcast_to(np.float32(WATER), (S, S, 3)), WATER_DEEP, np.clip(depth * 1.2 - 0.3, 0, 1) * 0.7)
        wcol = wcol * (0.92 + 0.16 * nw[..., None])
        self.img = A.mix(self.img, wcol, water)
        self.img = A.mix(self.img, (70, 70, 44), np.clip(water - A.blur(water, 3), 0, 1) * 0.0)
        # a dark rim where water meets the bank
        rim = np.clip(A.blur(water, 3) - water, 0, 1) * 1.6
        self.img = A.shade(self.img, np.clip(rim, 0, 0.5))
        # ripples along the flow
        im = A.to_image(self.img)
        d = ImageDraw.Draw(im, "RGBA")
        r = self.prng
        for riv in p.rivers:
            pts = self.px(riv.path)
            for _ in range(26):
                t0 = r.uniform(0.05, 0.9)
                off = r.uniform(-0.4, 0.4) * RIVER_W * S
                seg = [offset_point(pts, t0 + k * 0.012, off) for k in range(r.randint(3, 6))]
                seg = [q for q in seg if water[int(min(S - 1, max(0, q[1]))), int(min(S - 1, max(0, q[0])))] > 0.9]
                if len(seg) >= 2:
                    d.line(seg, fill=WATER_LIGHT + (150,), width=3, joint="curve")
        if p.lake:
            cx = sum(q[0] for q in p.lake) / len(p.lake)
            cy = sum(q[1] for q in p.lake) / len(p.lake)
            for _ in range(22):
                a = r.uniform(0, 2 * math.pi)
                rad = r.uniform(0.05, 0.19)
                x, y = (cx + rad * math.cos(a)) * S, (cy + rad * 0.85 * math.sin(a)) * S
                ln = r.uniform(14, 30)
                d.arc((x - ln, y - ln / 3, x + ln, y + ln / 3), 200, 340, fill=WATER_LIGHT + (140,), width=3)
            # lily pads and reeds
            for _ in range(9):
                a = r.uniform(0, 2 * math.pi)
                x, y = (cx + 0.2 * math.cos(a)) * S, (cy + 0.16 * math.sin(a)) * S
                rr = r.uniform(7, 11)
                d.pieslice((x - rr, y - rr, x + rr, y + rr), r.uniform(0, 360), 0, fill=(70, 130, 56, 255),
                           outline=(40, 80, 30, 255))
            self.reeds(d, p.lake, 60)
        if p.spring:
            x, y = p.spring
            cx, cy = x * S, y * S
            for k in range(3):
                rr = (0.02 + 0.018 * k) * S
                d.ellipse((cx - rr, cy - rr * 0.8, cx + rr, cy + rr * 0.8), outline=WATER_LIGHT + (170 - 40 * k,),
                          width=3)
            # rocks around the far side of the spring
            ang0 = math.atan2(p.rivers[0].path[1][1] - y, p.rivers[0].path[1][0] - x)
            for k in range(9):
                a = ang0 + math.pi * (0.45 + 1.1 * k / 8) + r.uniform(-0.1, 0.1)
                rx, ry = cx + math.cos(a) * 0.1 * S, cy + math.sin(a) * 0.09 * S
                rr = r.uniform(0.018, 0.03) * S
                d.ellipse((rx - rr + 4, ry - rr * 0.8 + 5, rx + rr + 4, ry + rr * 0.8 + 5), fill=(0, 0, 0, 70))
                d.ellipse((rx - rr, ry - rr * 0.8, rx + rr, ry + rr * 0.8), fill=(150, 146, 138, 255),
                          outline=(84, 80, 74, 255), width=3)
                d.ellipse((rx - rr * 0.6, ry - rr * 0.6, rx, ry - rr * 0.1), fill=(190, 186, 176, 255))
        self.img = A.from_image(im)
        self.water_mask = water
        self.claims.claim(bank, None)  # the river is no feature: its pixels are no segment's

    def reeds(self, d, poly, n):
        r = self.prng
        for _ in range(n):
            q = r.choice(poly)
            x, y = q[0] * S + r.uniform(-8, 8), q[1] * S + r.uniform(-8, 8)
            for k in range(3):
                ln = r.uniform(12, 22)
                a = -math.pi / 2 + r.uniform(-0.5, 0.5)
                d.line((x + k * 3, y, x + k * 3 + ln * math.cos(a), y + ln * math.sin(a)), fill=(58, 92, 40, 230),
                       width=3)

    def roads(self):
        p = self.plan
        roads = drawn_roads(p)
        if p.bridge:  # the road under the bridge, then the road on it, over a stone arch (TB24)
            upper = [r for r in roads if r.seg == p.bridge[0]]
            self._roads([r for r in roads if r.seg != p.bridge[0]])
            lower = next(r for r in roads if r.seg == p.bridge[1])
            span = self.stroke_mask(lower.path, ROAD_W + 2 * ROAD_EDGE + 2 * BRIDGE_ABUTMENT)
            self._overpass(upper[0], span)
            return
        self._roads(roads)

    def _overpass(self, road: Road, span: np.ndarray):
        """The road on the bridge (TB24): the road below darkens in the arch's shade on both
        sides, the deck is walled by stone parapets with a post at each end, and its shadow
        falls on the road below, so that one road plainly runs over the other."""
        deck = self.stroke_mask(road.path, ROAD_W + 2 * BRIDGE_PARAPET, caps=False) * span
        pts = self.px(road.path)
        # the road below dims as it runs in under the arch
        along = norm((pts[-1][0] - pts[0][0], pts[-1][1] - pts[0][1]))
        yy, xx = np.mgrid[0:S, 0:S].astype(np.float32)
        away = np.abs((xx - pts[0][0]) * -along[1] + (yy - pts[0][1]) * along[0]) / S - ROAD_W / 2
        self.img = A.shade(self.img, np.clip(1 - away / 0.3, 0, 1) ** 1.3 * A.blur(span, 3) * 0.6)
        self.img = A.shade(self.img, A.shift(A.blur(deck, 8), int(0.03 * S), int(0.035 * S)) * 0.7)
        self._roads([road], over=span > 0.5, stone=(SANDSTONE_DARK, SANDSTONE))
        ys, xs = np.nonzero(deck > 0.5)
        t = (xs - pts[0][0]) * along[0] + (ys - pts[0][1]) * along[1]
        t0, t1 = t.min(), t.max()
        side = (-along[1], along[0])
        off = (ROAD_W / 2 + BRIDGE_PARAPET * 0.45) * S
        walls = [[add(add(pts[0], along, t0), side, k * off), add(add(pts[0], along, t1), side, k * off)]
                 for k in (-1, 1)]

        def draw(d):
            for a, b in walls:
                A.stroke(d, [a, b], BRIDGE_PARAPET * S + 8, SANDSTONE_DARK)
                A.stroke(d, [a, b], BRIDGE_PARAPET * S, SANDSTONE)
                A.stroke(d, [add(a, side, -4), add(b, side, -4)], BRIDGE_PARAPET * S * 0.35, SANDSTONE_LIGHT)
                for q in (a, b):  # the posts at the ends of the parapets
                    rr = BRIDGE_PARAPET * S * 0.95
                    d.rectangle((q[0] - rr, q[1] - rr, q[0] + rr, q[1] + rr), fill=SANDSTONE_LIGHT,
                                outline=SANDSTONE_DARK, width=4)

        self.paint_sprites(draw, lambda d: [A.stroke(d, w, BRIDGE_PARAPET * S + 8, 255) for w in walls],
                           (10, 14), 6, 0.5)
        self.claims.claim(self.footprint(draw), road.seg)

    def _roads(self, roads: list, over: np.ndarray | None = None, stone=(STONE_DARK, STONE)):
        """Paint ``roads``; where a road runs over ``over`` (the water, or the road under a
        bridge) it crosses on a bridge of ``stone`` (its edge and its face)."""
        p = self.plan
        if not roads:
            return
        outer = np.zeros((S, S), np.float32)
        inner = np.zeros((S, S), np.float32)
        for r in roads:
            road = self.stroke_mask(r.path, ROAD_W + 2 * ROAD_EDGE)
            self.claims.claim(road, r.seg)
            outer = np.maximum(outer, road)
            inner = np.maximum(inner, self.stroke_mask(r.path, ROAD_W))
        if p.village:
            x, y = p.village
            pl = self.mask(lambda d: d.ellipse(self.px([(x - VILLAGE_R - 0.02, y - VILLAGE_R - 0.02),
                                                          (x + VILLAGE_R + 0.02, y + VILLAGE_R + 0.02)]), fill=255))
            pi = self.mask(lambda d: d.ellipse(self.px([(x - VILLAGE_R - 0.005, y - VILLAGE_R - 0.005),
                                                          (x + VILLAGE_R + 0.005, y + VILLAGE_R + 0.005)]), fill=255))
            outer = np.maximum(outer, pl)
            inner = np.maximum(inner, pi)
            # the square is shared by the roads that end there, each taking the side it comes from
            ways = {r.seg: SM.unit((r.path[1][0] - x, r.path[1][1] - y)) for r in roads if r.end == "village"}
            if ways:
                self.claims.claim_where(pl > 0.5, SM.angle_split((S, S), (x, y), ways))
        outer, inner = A.blur(outer, 1.5), A.blur(inner, 1.5)
        # bridge: stone parapets where the road crosses water
        water = getattr(self, "water_mask", None)
        if over is None and water is not None:
            over = A.blur(water, 22) > 0.05
        if over is not None:
            bridge_outer = np.zeros((S, S), np.float32)
            for r in roads:
                if r.end:
                    continue
                deck = self.stroke_mask(r.path, ROAD_W + 0.075, caps=False)
                self.claims.claim(deck * over, r.seg)
                bridge_outer = np.maximum(bridge_outer, deck)
            bridge = bridge_outer * over
            if bridge.any():
                self.img = A.shade(self.img, A.shift(A.blur(bridge, 8), 8, 14) * 0.55)
                self.img = A.mix(self.img, stone[0], A.blur(bridge, 1))
                shrunk = A.blur(bridge, 4) > 0.92
                self.img = A.mix(self.img, stone[1], A.blur(shrunk.astype(np.float32), 1))
                # keep the road's verge off the bridge: the deck is dirt right up to the parapets
                inner = np.maximum(inner, A.blur(self.stroke_mask(roads[0].path, ROAD_W + 0.012), 1) * bridge)
        # grass verge darkening, then dirt
        self.img = A.shade(self.img, np.clip(A.blur(outer, 6) - outer, 0, 1) * 0.35)
        self.img = A.mix(self.img, VERGE, outer)
        n = A.fbm(S, self.rng, octaves=((8, 0.5), (30, 0.3), (100, 0.2)))
        dirt = A.mix(np.broadcast_to(np.float32(DIRT), (S, S, 3)), DIRT_DARK, n * 0.8)
        self.img = A.mix(self.img, dirt, inner)
        # ruts and pebbles
        im = A.to_image(self.img)
        d = ImageDraw.Draw(im, "RGBA")
        rr = self.prng
        for r in roads:
            pts = self.px(r.path)
            for off in (-0.022, 0.022):
                line = [offset_point(pts, t, off * S) for t in np.linspace(0.02, 0.98, 40)]
                d.line(line, fill=(150, 114, 70, 90), width=4, joint="curve")
            for _ in range(26):
                q = offset_point(pts, rr.uniform(0.05, 0.95), rr.uniform(-0.04, 0.04) * S)
                rad = rr.uniform(2, 4.5)
                col = rr.choice(((150, 140, 126, 200), (120, 98, 70, 200), (226, 206, 160, 200)))
                d.ellipse((q[0] - rad, q[1] - rad, q[0] + rad, q[1] + rad), fill=col)
        self.img = A.from_image(im)

    def ends(self):
        """Gates where roads meet a city, jetties where they meet the river, a house if nothing,
        a tunnel's mouth where the road goes under the city."""
        for r in drawn_roads(self.plan):
            if r.end == "tunnel":
                self.tunnel_mouth(r)
                continue
            if r.end not in ("gate", "bank", "house"):
                continue
            a, b = r.path[-2], r.path[-1]
            d = norm((b[0] - a[0], b[1] - a[1]))
            perp = (-d[1], d[0])
            end = (b[0] * S, b[1] * S)
            if r.end == "gate":
                rr = 0.032 * S
                off = (ROAD_W / 2 + 0.022) * S
                towers = [add(end, perp, off), add(end, perp, -off)]
                arch = [add(add(end, perp, off * 0.75), d, -4), add(add(end, perp, -off * 0.75), d, -4),
                        add(add(end, perp, -off * 0.75), d, 0.05 * S), add(add(end, perp, off * 0.75), d, 0.05 * S)]

                def draw(dr, towers=towers, arch=arch, rr=rr):
                    dr.polygon(arch, fill=STONE, outline=STONE_DARK, width=4)
                    cx = sum(q[0] for q in arch) / 4
                    cy = sum(q[1] for q in arch) / 4
                    dr.polygon([((q[0] - cx) * 0.55 + cx, (q[1] - cy) * 0.55 + cy) for q in arch], fill=(60, 44, 34))
                    for x, y in towers:
                        draw_tower(dr, x, y, rr)

                def shadow(dr, towers=towers, rr=rr):
                    for x, y in towers:
                        dr.ellipse((x - rr, y - rr, x + rr, y + rr), fill=255)

                self.paint_sprites(draw, shadow, (10, 12), 5, 0.45)
                # the gate is part of the wall: it belongs to the city behind it
                gx, gy = add(end, d, 0.05 * S)
                behind = [c.seg for c, m in zip(self.plan.cities, self.city_masks) if m[int(gy), int(gx)] > 0.5]
                if not behind:
                    raise SystemExit(f"tile {self.kind.id}: the gate of road {r.seg} opens on no city")
                self.claims.claim(self.footprint(draw), behind[0])
            elif r.end == "bank":
                L, W = 0.075 * S, 0.06 * S
                base = add(end, d, -0.01 * S)
                quad = [add(base, perp, W / 2), add(base, perp, -W / 2),
                        add(add(base, perp, -W / 2), d, L), add(add(base, perp, W / 2), d, L)]

                def draw(dr, quad=quad, base=base, d=d, perp=perp, L=L, W=W):
                    dr.polygon(quad, fill=(140, 98, 58), outline=(72, 48, 28), width=3)
                    for k in range(1, 6):
                        q = add(base, d, L * k / 6)
                        dr.line([add(q, perp, W / 2), add(q, perp, -W / 2)], fill=(92, 62, 36), width=3)

                self.paint_sprites(draw, lambda dr, quad=quad: dr.polygon(quad, fill=255), (5, 7), 4, 0.4)
                self.claims.claim(self.footprint(draw), r.seg)  # the jetty ends the road
            else:  # a farmhouse at the end of the road
                x, y = end
                w = 0.11 * S
                def farmhouse(dr, x=x, y=y, w=w):
                    draw_roof(dr, x, y, w, w * 0.7, 0.0, ROOF, False, 0.5)

                def farmhouse_base(dr, x=x, y=y, w=w):
                    dr.rectangle((x - w / 2, y - w * 0.4, x + w / 2, y + w * 0.3), fill=255)

                self.paint_sprites(farmhouse, farmhouse_base)
                self.claims.claim(self.footprint(farmhouse), r.seg)

    def hedges(self):
        """Hedgerows parting two fields: a line of bushes, drawn before the cities so a
        city wall covers its end; each belongs to the field on its first side."""
        r = self.prng
        for side, path in self.plan.hedges:
            pts = resample(path, 0.018)
            bushes = [(x * S + r.uniform(-4, 4), y * S + r.uniform(-4, 4), r.uniform(0.021, 0.027) * S)
                      for x, y in pts]

            def shadow(d, bushes=bushes):
                for x, y, rad in bushes:
                    d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=255)

            def draw(d, bushes=bushes):
                for x, y, rad in sorted(bushes, key=lambda b: b[1]):
                    d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=(46, 86, 34), outline=(30, 58, 24), width=3)
                    d.ellipse((x - rad * 0.6, y - rad * 0.7, x + rad * 0.2, y + rad * 0.1), fill=(78, 124, 52))

            self.paint_sprites(draw, shadow, (8, 10), 5, 0.45)
            self.claims.claim(self.stroke_mask(path, HEDGE_W), side)

    def cathedral(self):
        """The cathedral in the middle of its city (Inns & Cathedrals): a cross-shaped church
        with slate roofs, a crossing tower and two west towers, far bigger than any house."""
        x0, y0, x1, y1 = CATHEDRAL_BOX
        cx, cy = (x0 + x1) / 2 * S, (y0 + y1) / 2 * S
        u = S * 1.4  # the drawing's unit: the cathedral spans half the tile

        def shadow(d):
            d.rectangle((cx - 0.22 * u, cy - 0.06 * u, cx + 0.2 * u, cy + 0.06 * u), fill=255)
            d.rectangle((cx - 0.05 * u, cy - 0.15 * u, cx + 0.05 * u, cy + 0.15 * u), fill=255)

        self.paint_sprites(lambda d: draw_cathedral(d, cx, cy, u), shadow, (14, 16), 8, 0.55)
        # the city's follower stands beside the cathedral, never over it
        self.keep_clear.append((x0 + 0.05, y0 + 0.07, x1 - 0.05, y1 - 0.07))

    def inns(self):
        """Each inn by its road, with a pond beside it (Inns & Cathedrals)."""
        for _seg, (x, y), pond_at in self.plan.inns:
            pr = POND_R * S

            def pond(d, wx, wy, pr=pr):
                d.ellipse((wx - pr * 1.15, wy - pr * 0.85, wx + pr * 1.15, wy + pr * 0.85), fill=SAND)
                d.ellipse((wx - pr, wy - pr * 0.72, wx + pr, wy + pr * 0.72), fill=WATER, outline=WATER_DEEP, width=4)
                d.ellipse((wx - pr * 0.55, wy - pr * 0.45, wx + pr * 0.1, wy - pr * 0.05), fill=WATER_LIGHT)
                for k in range(6):
                    a = math.pi * (0.9 + 0.25 * k)
                    rx, ry = wx + pr * 1.05 * math.cos(a), wy + pr * 0.78 * math.sin(a)
                    d.line((rx, ry, rx + 3, ry - 16), fill=(70, 110, 40), width=4)

            if pond_at is not None:
                wx, wy = pond_at
                self.paint_sprites(lambda d, wx=wx * S, wy=wy * S: pond(d, wx, wy))
            self.paint_sprites(lambda d, x=x * S, y=y * S: draw_inn(d, x, y, S),
                               lambda d, x=x * S, y=y * S: d.rectangle(
                                   (x - INN_R * S, y - INN_R * 0.7 * S, x + INN_R * S, y + INN_R * 0.75 * S), fill=255),
                               (10, 12), 5, 0.5)

    def cloister(self):
        x, y = self.plan.cloister
        k = self.plan.cloister_r / CLOISTER_R
        cx, cy = x * S, y * S
        u = S * k * 1.1  # local unit
        if self.plan.cloister_in_city:
            self.close()

        # trampled ground and a garden around the cloister
        def ground(d):
            rr = (CLOISTER_R + 0.02) * u
            d.rounded_rectangle((cx - rr, cy - rr * 0.9, cx + rr, cy + rr), radius=0.05 * u, fill=255)

        def shadow(d):
            d.rectangle((cx - 0.2 * u, cy - 0.2 * u, cx + 0.14 * u, cy - 0.06 * u), fill=255)
            d.rectangle((cx - 0.13 * u, cy - 0.06 * u, cx + 0.13 * u, cy + 0.17 * u), fill=255)

        def draw(d):
            draw_cloister(d, cx, cy, u)

        self.paint_sprites(draw, shadow, (12, 12), 7, 0.5)
        abbey = next(i for i, s in enumerate(self.kind.segments) if s.kind == "cloister")
        # church, cloister walk and kitchen garden, with the paths between them: one piece
        self.claims.claim(SM.closing(self.footprint(draw), A.blur, 0.02 * S), abbey)

    def close(self):
        """The walled close of a cloister inside a city (PD15): a lawn inside a low wall with a
        gate, apart from the streets round it; the cloister and the city are two features."""
        x, y = self.plan.cloister
        rr = (self.plan.cloister_r + 0.03) * S
        cx, cy = x * S, y * S
        box = (cx - rr, cy - rr, cx + rr, cy + rr)

        def draw(d):
            d.rounded_rectangle(box, radius=rr * 0.08, fill=(96, 146, 62))
            for k in range(40):
                t = k / 40
                d.line((box[0] + 10, box[1] + 12 + t * (2 * rr - 24), box[2] - 10, box[1] + 12 + t * (2 * rr - 24)),
                       fill=(104, 156, 66) if k % 2 else (90, 138, 58), width=3)
            d.rounded_rectangle(box, radius=rr * 0.08, outline=STONE_DARK, width=int(0.03 * S))
            d.rounded_rectangle(box, radius=rr * 0.08, outline=STONE, width=int(0.018 * S))
            gx0, gx1 = cx - 0.035 * S, cx + 0.035 * S  # the gate, to the street on the south
            d.rectangle((gx0, box[3] - 0.02 * S, gx1, box[3] + 0.02 * S), fill=(150, 120, 84), outline=STONE_DARK,
                        width=3)

        self.paint_sprites(draw, lambda d: d.rectangle(box, fill=255), (8, 10), 6, 0.45)
        abbey = next(i for i, s in enumerate(self.kind.segments) if s.kind == "cloister")
        self.claims.claim(self.footprint(draw), abbey)

    def tunnel_course(self):
        """Where a road runs under the city (PD17): its tunnel's course from mouth to mouth,
        dashed over the grass, the wall and a lane the houses leave open, as a map draws a tunnel."""
        for r in self.plan.roads:
            if r.end != "tunnel":
                continue
            im = A.to_image(self.img)
            d = ImageDraw.Draw(im, "RGBA")
            a, b = (stub.path[-1] for stub in tunnel_stubs(self.plan, r))
            pts = resample(self.px([a, b]), 0.04 * S)
            for p, q in zip(pts[::2], pts[1::2]):
                d.line((p, q), fill=(58, 46, 34, 200), width=int(0.036 * S))
                d.line((p, q), fill=(196, 168, 116, 220), width=int(0.018 * S))
            self.img = A.from_image(im)

    def tunnel_mouth(self, road: Road):
        """A tunnel's mouth: a grassy mound with a stone arch, the road running into its dark."""
        (x, y), rr = tunnel_mound(road)
        a, b = road.path[-2], road.path[-1]
        d = norm((b[0] - a[0], b[1] - a[1]))
        perp = (-d[1], d[0])
        cx, cy, R = x * S, y * S, rr * S
        end = (b[0] * S, b[1] * S)

        def mound(dr):
            dr.ellipse((cx - R * 1.25, cy - R, cx + R * 1.25, cy + R), fill=(88, 132, 56), outline=(52, 84, 34),
                       width=4)
            dr.ellipse((cx - R * 0.9 - R * 0.2, cy - R * 0.75 - R * 0.2, cx + R * 0.5, cy + R * 0.3),
                       fill=(118, 164, 72))

        def draw(dr):
            w = (ROAD_W / 2 + 0.018) * S
            arch = [add(end, perp, w), add(end, perp, -w), add(add(end, perp, -w), d, 0.035 * S),
                    add(add(end, perp, w), d, 0.035 * S)]
            dr.polygon(arch, fill=SANDSTONE, outline=SANDSTONE_DARK, width=4)
            hole = [add(add(end, perp, w * 0.62), d, -2), add(add(end, perp, -w * 0.62), d, -2),
                    add(add(end, perp, -w * 0.62), d, 0.025 * S), add(add(end, perp, w * 0.62), d, 0.025 * S)]
            dr.polygon(hole, fill=(30, 24, 20))
            for f in (-0.8, 0.0, 0.8):  # voussoirs over the opening
                q = add(add(end, perp, w * f), d, 0.03 * S)
                dr.ellipse((q[0] - 7, q[1] - 7, q[0] + 7, q[1] + 7), fill=SANDSTONE_LIGHT, outline=SANDSTONE_DARK,
                           width=2)

        self.paint_sprites(mound, lambda dr: dr.ellipse((cx - R * 1.25, cy - R, cx + R * 1.25, cy + R), fill=255),
                           (8, 10), 5, 0.4)
        self.claims.release(self.footprint(mound))
        self.paint_sprites(draw)
        # the arch ends the road; the mound over the tunnel is the field's, like the grass round it
        self.claims.claim(self.footprint(draw), road.seg)

    def volcano(self):
        """The volcano (The Princess & the Dragon): a cone of dark rock lit from the north-west,
        ridges running down from a crater of glowing lava, lava streams and a plume of smoke."""
        x, y, r = self.plan.volcano
        cx, cy, R = x * S, y * S, r * S
        yy, xx = np.mgrid[0:S, 0:S].astype(np.float32)
        dx, dy = xx - cx, yy - cy
        dist = np.hypot(dx, dy)
        ang = np.arctan2(dy, dx)
        wob = 1 + VOLCANO_WOBBLE * (0.6 * np.sin(5 * ang + 1.3) + 0.4 * np.sin(9 * ang + 0.4))
        rn = dist / (R * wob)
        cone = np.clip((1 - rn) * 8, 0, 1)  # soft foot
        # shadow cast to the south-east, then the rock, shaded by its slope facing the sun
        self.img = A.shade(self.img, A.shift(A.blur(cone, 10), int(0.02 * S), int(0.026 * S)) * (1 - cone) * 0.55)
        facing = -(dx * LIGHT[0] + dy * LIGHT[1]) / np.maximum(dist, 1)
        ridges = 0.5 + 0.5 * np.sin(ang * 14 + 2 * np.sin(ang * 3)) * np.clip(rn * 1.5 - 0.25, 0, 1)
        n = A.fbm(S, self.rng, octaves=((12, 0.5), (40, 0.5)))
        rock = np.stack([np.full((S, S), c, np.float32) for c in (104, 88, 78)], -1)
        ash = np.float32((150, 140, 130))
        col = A.mix(rock, ash, np.clip(1 - rn * 1.3, 0, 1) * 0.7)
        col = col * (0.78 + 0.3 * facing[..., None] * np.clip(rn, 0.2, 1)[..., None])
        col = col * (0.86 + 0.14 * ridges[..., None]) * (0.92 + 0.12 * n[..., None])
        self.img = A.mix(self.img, col, cone)
        rim = np.clip(1 - np.abs(rn - 1) * 30, 0, 1) * (dist < R * 1.2)
        self.img = A.shade(self.img, rim * 0.35)
        im = A.to_image(self.img)
        d = ImageDraw.Draw(im, "RGBA")
        # lava streams from the crater down the slopes
        r_ = self.prng
        for k, a0 in enumerate((0.5, 2.3, 4.2)):
            pts = []
            for t in np.linspace(0.22, 0.92, 16):
                a = a0 + 0.25 * math.sin(t * 7 + k) * t
                pts.append((cx + math.cos(a) * R * t, cy + math.sin(a) * R * t))
            d.line(pts, fill=(120, 30, 14, 255), width=int(0.034 * S), joint="curve")
            d.line(pts, fill=(240, 100, 24, 255), width=int(0.02 * S), joint="curve")
            d.line(pts[:10], fill=(255, 200, 70, 255), width=int(0.008 * S), joint="curve")
        # the crater: a dark rim round a pool of glowing lava
        cr = R * 0.3
        d.ellipse((cx - cr * 1.25, cy - cr * 1.2, cx + cr * 1.25, cy + cr * 1.2), fill=(58, 44, 40))
        for k, c in enumerate(((150, 30, 16), (226, 74, 20), (250, 140, 30), (255, 214, 90))):
            f = 1 - k * 0.22
            d.ellipse((cx - cr * f, cy - cr * f * 0.95, cx + cr * f, cy + cr * f * 0.95), fill=c)
        # smoke drifting east
        for k in range(6):
            t = k / 5
            px_, py_ = cx + R * (0.1 + 0.55 * t) + r_.uniform(-4, 4), cy - R * (0.25 + 0.45 * t)
            pr = R * (0.12 + 0.1 * t)
            d.ellipse((px_ - pr, py_ - pr, px_ + pr, py_ + pr), fill=(84, 80, 78, 90))
            d.ellipse((px_ - pr * 0.8, py_ - pr * 0.9, px_ + pr * 0.6, py_ + pr * 0.5), fill=(214, 210, 204, 130))
        self.img = A.from_image(im)
        # the volcano belongs to no segment: no follower stands on it
        self.claims.claim(np.clip(1 - rn, 0, 1) > 0.02, None)

    def symbols(self):
        """The tile's symbols: a city's goods or princess (part of that city, kept clear of its
        followers like a pennant), the tile's own dragon or magic portal (part of no segment)."""
        for what, (x, y), r, seg in self.plan.symbols:
            cx, cy, R = x * S, y * S, r * S

            def draw(d, what=what, cx=cx, cy=cy, R=R):
                A.draw_symbol(d, what, cx, cy, R)

            self.paint_sprites(draw, lambda d, cx=cx, cy=cy, R=R: d.ellipse((cx - R, cy - R, cx + R, cy + R),
                                                                            fill=255), (8, 10), 5, 0.5)
            self.claims.claim(self.footprint(draw), seg)
            if seg is not None:
                self.keep_clear.append((x - r, y - r, x + r, y + r))

    def garden(self):
        """The Abbot's garden: beds of flowers and herbs parted by a cross of paths, inside a
        wattle fence; bright against the meadow so it reads at a glance on the board."""
        x, y = self.plan.garden
        self.paint_sprites(lambda d: draw_garden(d, x * S, y * S, GARDEN_R * S),
                           lambda d: d.rectangle(((x - GARDEN_R) * S, (y - GARDEN_R) * S,
                                                  (x + GARDEN_R) * S, (y + GARDEN_R) * S), fill=255),
                           (9, 10), 5, 0.45)
        index = next(i for i, s in enumerate(self.kind.segments) if s.kind == GARDEN)
        self.claims.claim(self.footprint(lambda d: draw_garden(d, x * S, y * S, GARDEN_R * S)), index)

    def village(self):
        x, y = self.plan.village
        cx, cy = x * S, y * S
        # a well in the middle of the square
        rr = 0.03 * S

        def draw_well(d):
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=STONE, outline=STONE_DARK, width=4)
            d.ellipse((cx - rr * 0.55, cy - rr * 0.55, cx + rr * 0.55, cy + rr * 0.55), fill=(40, 70, 110))
            d.line((cx - rr * 1.2, cy - rr * 1.1, cx + rr * 1.2, cy - rr * 1.1), fill=(90, 60, 34), width=6)

        self.paint_sprites(draw_well, lambda d: d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=255),
                           (6, 7), 4, 0.4)
        # houses in the corners between the roads
        kinds, _ = rasterize(self.plan, 128)
        spots = []
        for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            for dist in (0.2, 0.24, 0.28):
                hx, hy = x + dx * dist * 0.72, y + dy * dist * 0.72
                w, h = 0.12, 0.085
                box = kinds[int((hy - h / 2 - 0.02) * 128):int((hy + h / 2 + 0.04) * 128),
                            int((hx - w / 2 - 0.02) * 128):int((hx + w / 2 + 0.02) * 128)]
                if box.size and (box == FIELD_L).all():
                    spots.append((hx, hy, w, h, dx))
                    break
        r = self.prng
        houses = []
        for hx, hy, w, h, _dx in spots:
            ang = r.choice((0.0, math.pi / 2)) + r.uniform(-0.15, 0.15)
            houses.append((hx, hy, w, h * 0.85, ang, r.choice(ROOFS), r.random() < 0.5, r.random() * 0.7))
        houses.sort(key=lambda p: p[1])
        polys = [A.rotated_rect(hx * S, hy * S, w * S, h * S, ang) for hx, hy, w, h, ang, *_ in houses]

        def shadows(d):
            for poly in polys:
                d.polygon(poly, fill=255)

        def draw(d):
            for hx, hy, w, h, ang, col, hip, var in houses:
                draw_roof(d, hx * S, hy * S, w * S, h * S, ang, col, hip, var)

        self.paint_sprites(draw, shadows, (10, 9), 5, 0.5)

    def trees(self):
        kinds, _ = rasterize(self.plan, 128)
        free = kinds == FIELD_L
        # distance from anything that is not field, in tile units
        dist = np.zeros((128, 128), np.float32)
        cur = free.copy()
        k = 0
        while cur.any() and k < 40:
            k += 1
            dist[cur] = k / 128
            nxt = cur.copy()
            nxt[1:] &= cur[:-1]
            nxt[:-1] &= cur[1:]
            nxt[:, 1:] &= cur[:, :-1]
            nxt[:, :-1] &= cur[:, 1:]
            cur = nxt
        r = self.prng
        trees = []
        want = r.randint(1, 3) if self.kind.edges.count("f") >= 2 else r.randint(0, 2)
        for _ in range(600):
            if len(trees) >= want + 4:
                break
            x, y = r.uniform(0.1, 0.9), r.uniform(0.1, 0.9)
            big = len(trees) < want
            rad = r.uniform(0.045, 0.06) if big else r.uniform(0.022, 0.03)
            need = rad + 0.04
            if dist[int(y * 128), int(x * 128)] < need:
                continue
            # keep the middle of every edge clear (where neighbours meet) and the tile's centre for followers
            if any(math.hypot(x - m[0], y - m[1]) < 0.2 for m in MID):
                continue
            if any(math.hypot(x - t[0], y - t[1]) < t[2] + rad + 0.03 for t in trees):
                continue
            trees.append((x, y, rad))
        px = [(x * S, y * S, rad * S) for x, y, rad in trees]

        def shadow(d):
            for x, y, rad in px:
                d.ellipse((x - rad, y - rad * 0.9, x + rad, y + rad * 0.9), fill=255)

        def draw(d):
            for x, y, rad in sorted(px, key=lambda t: t[1]):
                draw_tree(d, x, y, rad, r)

        self.paint_sprites(draw, shadow, (14, 14), 7, 0.5)

    def finish(self) -> Image.Image:
        im = A.to_image(self.img).resize((OUT_SIZE, OUT_SIZE), Image.LANCZOS)
        arr = A.from_image(im)
        yy, xx = np.mgrid[0:OUT_SIZE, 0:OUT_SIZE].astype(np.float32)
        c = (OUT_SIZE - 1) / 2
        # a gentle vignette and a bevel so neighbouring tiles read apart
        r2 = ((xx - c) ** 2 + (yy - c) ** 2) / (c * c * 2)
        arr = arr * (1 - 0.12 * r2[..., None] ** 1.5)
        edge = np.minimum(np.minimum(xx, yy), np.minimum(OUT_SIZE - 1 - xx, OUT_SIZE - 1 - yy))
        arr = arr * (1 - 0.28 * (edge == 0)[..., None] - 0.1 * (edge == 1)[..., None])
        hi = ((xx <= 1) | (yy <= 1)) & (edge >= 1)
        arr = A.mix(arr, (255, 255, 255), hi.astype(np.float32) * 0.08)
        return A.to_image(arr)


# --- sprites ----------------------------------------------------------------------------------

def resample(pts, spacing):
    out = [pts[0]]
    acc = 0.0
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        pos = spacing - acc
        while pos <= seg:
            t = pos / seg
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            pos += spacing
        acc = (acc + seg) % spacing
    out.append(pts[-1])
    return out


def point_at(pts, t):
    lengths = [math.dist(a, b) for a, b in zip(pts, pts[1:])]
    target = sum(lengths) * max(0.0, min(1.0, t))
    for (a, b), ln in zip(zip(pts, pts[1:]), lengths):
        if target <= ln and ln > 0:
            f = target / ln
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        target -= ln
    return pts[-1]


def offset_point(pts, t, off):
    p = point_at(pts, t)
    q = point_at(pts, min(1.0, t + 0.01))
    if q == p:
        q2 = point_at(pts, max(0.0, t - 0.01))
        d = norm((p[0] - q2[0], p[1] - q2[1]))
    else:
        d = norm((q[0] - p[0], q[1] - p[1]))
    return (p[0] - d[1] * off, p[1] + d[0] * off)


def draw_house(d, x0, y0, x1, y1, hf, vertical, roof, r):
    """A house seen from above and a little from the south: roof, then the front wall."""
    dark = A.scale_color(roof, 0.62)
    light = A.scale_color(roof, 1.12)
    # front wall
    d.rectangle((x0, y1, x1, y1 + hf), fill=PLASTER, outline=(96, 80, 64), width=3)
    wdt = x1 - x0
    door = max(6, wdt // 7)
    dx = x0 + int(wdt * (0.25 + 0.5 * r))
    d.rectangle((dx - door // 2, y1 + hf * 0.35, dx + door // 2, y1 + hf), fill=(96, 62, 38))
    for wx in (x0 + wdt * 0.2, x1 - wdt * 0.2):
        if abs(wx - dx) > door * 1.5:
            d.rectangle((wx - 3, y1 + hf * 0.3, wx + 3, y1 + hf * 0.6), fill=(70, 60, 60))
    # roof
    if not vertical:
        mid = y0 + (y1 - y0) * 0.42
        d.rectangle((x0, y0, x1, mid), fill=light)
        d.rectangle((x0, mid, x1, y1), fill=roof)
        d.line((x0, mid, x1, mid), fill=A.scale_color(roof, 1.3), width=3)
    else:
        mid = (x0 + x1) / 2
        d.rectangle((x0, y0, mid, y1), fill=light)
        d.rectangle((mid, y0, x1, y1), fill=dark)
        d.line((mid, y0, mid, y1), fill=A.scale_color(roof, 1.3), width=3)
        d.polygon([(x0, y1), (x1, y1), (mid, y1 - (x1 - x0) * 0.35)], fill=roof)
    # tile courses
    step = 7
    for yy in range(int(y0) + step, int(y1), step):
        d.line((x0 + 2, yy, x1 - 2, yy), fill=A.scale_color(roof, 0.82) + (255,), width=1)
    d.rectangle((x0, y0, x1, y1), outline=(84, 40, 28), width=3)


LIGHT = norm((-1.0, -1.3))  # towards the sun (north-west, high)


def draw_roof(d, cx, cy, L, W, ang, col, hip, var):
    """A roof seen from above: gable (two slopes) or hipped (four), lit from the north-west."""
    if var < 0:  # a hall with a tower
        draw_roof(d, cx, cy, L, W, ang, col, True, 0.5)
        u = (math.cos(ang), math.sin(ang))
        tx, ty = add((cx, cy), u, -L * 0.42)
        draw_tower(d, tx, ty, W * 0.45)
        return
    col = A.scale_color(col, 0.9 + 0.2 * var)
    u = (math.cos(ang), math.sin(ang))
    v = (-math.sin(ang), math.cos(ang))

    def p(a, b):
        return (cx + u[0] * a * L / 2 + v[0] * b * W / 2, cy + u[1] * a * L / 2 + v[1] * b * W / 2)

    def tone(nrm):
        f = 0.8 + 0.36 * (nrm[0] * LIGHT[0] + nrm[1] * LIGHT[1])
        return A.scale_color(col, f)

    outline = A.scale_color(col, 0.42)
    if hip:
        k = max(0.0, 1 - W / L)
        r0, r1 = p(-k, 0), p(k, 0)
        faces = [([r0, r1, p(1, 1), p(-1, 1)], v), ([r0, r1, p(1, -1), p(-1, -1)], (-v[0], -v[1])),
                 ([r1, p(1, -1), p(1, 1)], u), ([r0, p(-1, -1), p(-1, 1)], (-u[0], -u[1]))]
    else:
        r0, r1 = p(-1, 0), p(1, 0)
        faces = [([r0, r1, p(1, 1), p(-1, 1)], v), ([r0, r1, p(1, -1), p(-1, -1)], (-v[0], -v[1]))]
    for poly, nrm in faces:
        d.polygon(poly, fill=tone(nrm))
    # tile courses parallel to the ridge
    for b in (-0.66, -0.33, 0.33, 0.66):
        ka = 1 - (abs(b) * W / L if hip else 0) - 0.04
        d.line([p(-ka, b), p(ka, b)], fill=A.scale_color(tone(v if b > 0 else (-v[0], -v[1])), 0.82), width=2)
    for poly, _ in faces:
        d.polygon(poly, outline=A.scale_color(col, 0.6), width=2)
    d.line([r0, r1], fill=A.scale_color(col, 1.3), width=3)
    d.polygon([p(-1, -1), p(1, -1), p(1, 1), p(-1, 1)], outline=outline, width=3)
    if var > 0.7:  # a chimney
        q = p(0.45, -0.45)
        s = W * 0.12
        d.rectangle((q[0] - s, q[1] - s, q[0] + s, q[1] + s), fill=(120, 104, 92), outline=(60, 50, 44), width=2)


def draw_tower(d, x, y, rr):
    d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=STONE, outline=STONE_DARK, width=4)
    r2 = rr * 0.8
    d.ellipse((x - r2, y - r2, x + r2, y + r2), fill=(150, 56, 38))
    for k in range(6):  # a lit cone
        f = 1 - k / 6
        rk = r2 * f
        ox, oy = -r2 * 0.25 * (1 - f), -r2 * 0.25 * (1 - f)
        col = A.lerp_color((150, 56, 38), (226, 118, 80), k / 6)
        d.ellipse((x + ox - rk, y + oy - rk, x + ox + rk, y + oy + rk), fill=col)
    d.ellipse((x - r2, y - r2, x + r2, y + r2), outline=(90, 34, 24), width=3)
    d.ellipse((x - 3 - r2 * 0.25, y - 3 - r2 * 0.25, x + 3 - r2 * 0.25, y + 3 - r2 * 0.25), fill=(100, 40, 26))


def shield_points(cx, cy, w, h, n=24):
    top = cy - h / 2
    pts = [(cx - w / 2, top), (cx + w / 2, top)]
    # right side straight down, then a curve to the point
    pts.append((cx + w / 2, top + h * 0.45))
    for k in range(1, n + 1):
        t = k / n
        pts.append((cx + w / 2 * math.cos(t * math.pi / 2), top + h * 0.45 + h * 0.55 * math.sin(t * math.pi / 2)))
    for k in range(n, -1, -1):
        t = k / n
        pts.append((cx - w / 2 * math.cos(t * math.pi / 2), top + h * 0.45 + h * 0.55 * math.sin(t * math.pi / 2)))
    return pts


def draw_shield(d, cx, cy, w, h):
    d.polygon(shield_points(cx, cy, w + 10, h + 10), fill=(40, 34, 30))
    d.polygon(shield_points(cx, cy, w + 2, h + 2), fill=WHITE)
    inner = shield_points(cx, cy + 0.5, w - 12, h - 12)
    d.polygon(inner, fill=BLUE_SHIELD)
    # a white chevron and three small white dots: simple heraldry
    top = cy - (h - 12) / 2
    cw = w * 0.09
    d.line([(cx - w * 0.42, cy + h * 0.18), (cx, cy - h * 0.12), (cx + w * 0.42, cy + h * 0.18)], fill=WHITE,
           width=int(cw * 2), joint="curve")
    for px_, py_ in ((cx - w * 0.22, top + h * 0.14), (cx + w * 0.22, top + h * 0.14), (cx, cy + h * 0.3)):
        rr = w * 0.07
        d.ellipse((px_ - rr, py_ - rr, px_ + rr, py_ + rr), fill=WHITE)
    # a highlight
    d.line([(cx - w * 0.36, top + 8), (cx - w * 0.36, cy + h * 0.05)], fill=(120, 150, 220), width=4)


def draw_tree(d, x, y, rad, r):
    trunk = (96, 66, 40)
    d.rectangle((x - rad * 0.12, y, x + rad * 0.12, y + rad * 0.9), fill=trunk)
    blobs = [(x + r.uniform(-0.45, 0.45) * rad, y + r.uniform(-0.4, 0.3) * rad, rad * r.uniform(0.55, 0.75))
             for _ in range(5)]
    for bx, by, br in blobs:
        d.ellipse((bx - br - 3, by - br - 3, bx + br + 3, by + br + 3), fill=(30, 60, 24))
    for bx, by, br in blobs:
        d.ellipse((bx - br, by - br, bx + br, by + br), fill=(52, 104, 40))
    for bx, by, br in blobs:
        d.ellipse((bx - br * 0.75 - br * 0.2, by - br * 0.75 - br * 0.25,
                   bx + br * 0.55 - br * 0.2, by + br * 0.5 - br * 0.25),
                  fill=(82, 140, 56))
    for bx, by, br in blobs[:3]:
        d.ellipse((bx - br * 0.45, by - br * 0.6, bx, by - br * 0.2), fill=(126, 178, 80))


def draw_cloister(d, cx, cy, u):
    """A small abbey seen from above: the church (nave, apse, bell tower) to the north,
    the cloister walk round a green garth to the south."""
    out = (70, 46, 36)
    roof = (176, 72, 48)
    # cloister walk: a ring of lean-to roofs, each slope lit by its direction
    gx0, gy0, gx1, gy1 = cx - 0.13 * u, cy - 0.03 * u, cx + 0.13 * u, cy + 0.17 * u
    t = 0.045 * u
    ring = [
        ([(gx0, gy0), (gx1, gy0), (gx1 - t, gy0 + t), (gx0 + t, gy0 + t)], (0, 1)),  # north range slopes south
        ([(gx1, gy0), (gx1, gy1), (gx1 - t, gy1 - t), (gx1 - t, gy0 + t)], (-1, 0)),
        ([(gx0, gy1), (gx1, gy1), (gx1 - t, gy1 - t), (gx0 + t, gy1 - t)], (0, -1)),
        ([(gx0, gy0), (gx0, gy1), (gx0 + t, gy1 - t), (gx0 + t, gy0 + t)], (1, 0)),
    ]
    d.rectangle((gx0 + t, gy0 + t, gx1 - t, gy1 - t), fill=(92, 148, 60))
    wx, wy = (gx0 + gx1) / 2, (gy0 + gy1) / 2
    d.line((gx0 + t, wy, gx1 - t, wy), fill=(222, 208, 170), width=6)
    d.line((wx, gy0 + t, wx, gy1 - t), fill=(222, 208, 170), width=6)
    rr = 0.02 * u
    d.ellipse((wx - rr, wy - rr, wx + rr, wy + rr), fill=STONE, outline=out, width=3)
    d.ellipse((wx - rr * 0.5, wy - rr * 0.5, wx + rr * 0.5, wy + rr * 0.5), fill=(40, 70, 110))
    for poly, nrm in ring:
        f = 0.8 + 0.36 * (nrm[0] * LIGHT[0] + nrm[1] * LIGHT[1])
        d.polygon(poly, fill=A.scale_color(roof, f), outline=A.scale_color(roof, 0.6), width=2)
    d.rectangle((gx0, gy0, gx1, gy1), outline=out, width=3)
    d.rectangle((gx0 + t, gy0 + t, gx1 - t, gy1 - t), outline=out, width=3)
    # arcade: little arches on the inner side
    for k in range(1, 6):
        x = gx0 + t + (gx1 - gx0 - 2 * t) * k / 6
        d.line((x, gy1 - t - 6, x, gy1 - t), fill=(236, 224, 198), width=4)
    # the church: a long gable roof east-west with a rounded apse to the east
    nx0, nx1 = cx - 0.2 * u, cx + 0.1 * u
    ny0, ny1 = cy - 0.2 * u, cy - 0.06 * u
    ay = (ny0 + ny1) / 2
    ar = (ny1 - ny0) * 0.42
    for k in range(7):  # apse: a half cone, lit from the north-west
        f = k / 7
        col = A.lerp_color(A.scale_color(roof, 0.7), A.scale_color(roof, 1.15), f)
        rk = ar * (1 - f * 0.85)
        d.pieslice((nx1 - rk - ar * 0.3 * f, ay - rk - ar * 0.2 * f, nx1 + rk - ar * 0.3 * f, ay + rk - ar * 0.2 * f),
                   -90, 90, fill=col)
    d.arc((nx1 - ar, ay - ar, nx1 + ar, ay + ar), -90, 90, fill=out, width=3)
    draw_roof(d, (nx0 + nx1) / 2, ay, nx1 - nx0, ny1 - ny0, 0.0, roof, False, 0.55)
    # bell tower at the west front: a square with a pyramid roof and a gilded cross
    bs = 0.1 * u
    bx, by = nx0 + bs * 0.3, ay
    x0, y0, x1, y1 = bx - bs / 2, by - bs / 2, bx + bs / 2, by + bs / 2
    d.rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=(196, 188, 172), outline=out, width=3)
    c = (bx, by)
    for poly, nrm in (([(x0, y0), (x1, y0), c], (0, -1)), ([(x1, y0), (x1, y1), c], (1, 0)),
                      ([(x0, y1), (x1, y1), c], (0, 1)), ([(x0, y0), (x0, y1), c], (-1, 0))):
        f = 0.8 + 0.36 * (nrm[0] * LIGHT[0] + nrm[1] * LIGHT[1])
        d.polygon(poly, fill=A.scale_color((150, 70, 50), f), outline=(90, 40, 28), width=2)
    g = (246, 214, 110)
    d.line((bx, by - 0.028 * u, bx, by + 0.02 * u), fill=(70, 50, 20), width=9)
    d.line((bx - 0.014 * u, by - 0.012 * u, bx + 0.014 * u, by - 0.012 * u), fill=(70, 50, 20), width=9)
    d.line((bx, by - 0.028 * u, bx, by + 0.02 * u), fill=g, width=5)
    d.line((bx - 0.014 * u, by - 0.012 * u, bx + 0.014 * u, by - 0.012 * u), fill=g, width=5)
    # a kitchen garden to the east
    kx0, ky0, kx1, ky1 = gx1 + 0.02 * u, gy0 + 0.01 * u, gx1 + 0.075 * u, gy0 + 0.14 * u
    d.rectangle((kx0, ky0, kx1, ky1), fill=(122, 92, 58), outline=(84, 62, 40), width=3)
    for k in range(5):
        yk = ky0 + (ky1 - ky0) * (k + 0.5) / 5
        for j in range(3):
            xk = kx0 + (kx1 - kx0) * (j + 0.5) / 3
            d.ellipse((xk - 6, yk - 6, xk + 6, yk + 6), fill=(84, 146, 58))


#: The garden's beds: poppies, marigolds, lavender and cabbages.
GARDEN_BEDS = ((212, 52, 46), (244, 196, 48), (150, 104, 200), (120, 188, 74))


def draw_garden(d, cx, cy, r):
    """A walled herb garden seen from above: a wattle fence round four beds in bloom, a
    cross of pale paths between them and a small round basin where they meet."""
    fence, post = (124, 86, 48), (84, 58, 34)
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=r * 0.18, fill=(126, 94, 60))
    path = r * 0.16
    inner = r * 0.86
    for k, (sx, sy) in enumerate(((-1, -1), (1, -1), (-1, 1), (1, 1))):
        x0, x1 = sorted((cx + sx * path, cx + sx * inner))
        y0, y1 = sorted((cy + sy * path, cy + sy * inner))
        d.rectangle((x0, y0, x1, y1), fill=(104, 76, 46))
        colour = GARDEN_BEDS[k]
        rows = 3
        for j in range(rows):
            ry = y0 + (y1 - y0) * (j + 0.5) / rows
            for i in range(3):
                rx = x0 + (x1 - x0) * (i + 0.5) / 3
                rad = (x1 - x0) * 0.15
                d.ellipse((rx - rad, ry - rad, rx + rad, ry + rad), fill=(58, 112, 40))
                d.ellipse((rx - rad * 0.7, ry - rad * 0.8, rx + rad * 0.5, ry + rad * 0.4), fill=colour)
    sand = (226, 212, 170)
    d.rectangle((cx - path, cy - inner, cx + path, cy + inner), fill=sand)
    d.rectangle((cx - inner, cy - path, cx + inner, cy + path), fill=sand)
    basin = path * 1.9
    d.ellipse((cx - basin, cy - basin, cx + basin, cy + basin), fill=STONE, outline=STONE_DARK, width=4)
    d.ellipse((cx - basin * 0.6, cy - basin * 0.6, cx + basin * 0.6, cy + basin * 0.6), fill=WATER)
    # the wattle fence, with a post at every corner and between
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=r * 0.18, outline=fence, width=int(r * 0.11))
    for k in range(5):
        t = -r + 2 * r * k / 4
        for px_, py_ in ((cx + t, cy - r), (cx + t, cy + r), (cx - r, cy + t), (cx + r, cy + t)):
            pr = r * 0.07
            d.ellipse((px_ - pr, py_ - pr, px_ + pr, py_ + pr), fill=post)


SLATE = (104, 100, 98)  # lead-grey: kept far from the water's blue
#: The cathedral's roofs: a violet slate no house, field, road or river has, so the cathedral
#: reads at a glance among the red roofs and grey cobbles (still a city's colour: a hue past blue).
CATHEDRAL_ROOF = (112, 72, 150)


def draw_cathedral(d, cx, cy, u):
    """A cathedral seen from above: a long nave east-west with slate roofs, a transept,
    a rounded apse to the east, a crossing tower and two towers at the west front."""
    out = (30, 34, 40)
    wall = (238, 232, 214)
    # a pale stone close round it, so the copper roofs stand on light ground
    d.rounded_rectangle((cx - 0.25 * u, cy - 0.16 * u, cx + 0.25 * u, cy + 0.16 * u), radius=0.03 * u,
                        fill=(226, 218, 196), outline=out, width=4)
    # nave and choir, then the transept across them
    draw_roof(d, cx + 0.01 * u, cy, 0.34 * u, 0.1 * u, 0.0, CATHEDRAL_ROOF, False, 0.5)
    draw_roof(d, cx + 0.04 * u, cy, 0.1 * u, 0.27 * u, 0.0, CATHEDRAL_ROOF, False, 0.5)
    draw_roof(d, cx + 0.04 * u, cy, 0.1 * u, 0.27 * u, math.pi / 2, CATHEDRAL_ROOF, False, 0.5)
    # the apse: a half cone at the east end
    ax, ar = cx + 0.18 * u, 0.05 * u
    for k in range(7):
        f = k / 7
        col = A.lerp_color(A.scale_color(CATHEDRAL_ROOF, 0.7), A.scale_color(CATHEDRAL_ROOF, 1.2), f)
        rk = ar * (1 - f * 0.85)
        d.pieslice((ax - rk - ar * 0.3 * f, cy - rk - ar * 0.2 * f, ax + rk - ar * 0.3 * f, cy + rk - ar * 0.2 * f),
                   -90, 90, fill=col)
    d.arc((ax - ar, cy - ar, ax + ar, cy + ar), -90, 90, fill=out, width=3)
    # flying buttresses along the nave
    for k in range(5):
        bx = cx - 0.13 * u + k * 0.055 * u
        for sgn in (-1, 1):
            d.line((bx, cy + sgn * 0.05 * u, bx, cy + sgn * 0.075 * u), fill=wall, width=9)
            d.line((bx, cy + sgn * 0.05 * u, bx, cy + sgn * 0.075 * u), fill=out, width=2)

    def tower(x, y, half, h):
        x0, y0, x1, y1 = x - half, y - half, x + half, y + half
        d.rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=wall, outline=out, width=3)
        c = (x, y - h)
        for poly, nrm in (([(x0, y0), (x1, y0), c], (0, -1)), ([(x1, y0), (x1, y1), c], (1, 0)),
                          ([(x0, y1), (x1, y1), c], (0, 1)), ([(x0, y0), (x0, y1), c], (-1, 0))):
            f = 0.8 + 0.36 * (nrm[0] * LIGHT[0] + nrm[1] * LIGHT[1])
            d.polygon(poly, fill=A.scale_color(CATHEDRAL_ROOF, f), outline=out, width=2)
        g = (250, 214, 90)
        for colour, width in ((out, 13), (g, 7)):  # a golden cross, outlined, big enough to see
            d.line((c[0], c[1] - 0.05 * u, c[0], c[1] + 0.012 * u), fill=colour, width=width)
            d.line((c[0] - 0.022 * u, c[1] - 0.028 * u, c[0] + 0.022 * u, c[1] - 0.028 * u), fill=colour,
                   width=width)

    tower(cx + 0.04 * u, cy, 0.035 * u, 0.03 * u)  # over the crossing
    for sgn in (-1, 1):  # the west front
        tower(cx - 0.17 * u, cy + sgn * 0.045 * u, 0.032 * u, 0.045 * u)
    # the rose window's porch between the west towers
    d.rectangle((cx - 0.215 * u, cy - 0.018 * u, cx - 0.19 * u, cy + 0.018 * u), fill=(60, 44, 34), outline=out,
                width=3)


def draw_inn(d, x, y, u):
    """An inn seen from above: a long house with a dark timbered roof, a sign on a post and
    a table with a barrel in front."""
    w, h = INN_R * 1.7 * u, INN_R * 1.05 * u
    draw_roof(d, x, y, w, h, 0.0, (122, 66, 40), False, 0.3)
    # timber frame: dark beams across the roof
    for k in range(1, 4):
        bx = x - w / 2 + w * k / 4
        d.line((bx, y - h / 2 + 4, bx, y + h / 2 - 4), fill=(70, 40, 26), width=4)
    # the sign: a post and a golden board
    sx, sy = x + w / 2 + 0.012 * u, y + h / 2
    d.line((sx, sy - 0.05 * u, sx, sy + 0.005 * u), fill=(70, 48, 28), width=6)
    d.rectangle((sx - 0.018 * u, sy - 0.05 * u, sx + 0.018 * u, sy - 0.028 * u), fill=(236, 192, 80),
                outline=(96, 64, 24), width=3)
    # a barrel
    bx, by, br = x - w / 2 - 0.012 * u, y + h / 2 - 0.005 * u, 0.012 * u
    d.ellipse((bx - br, by - br, bx + br, by + br), fill=(150, 100, 56), outline=(70, 48, 28), width=3)
    # the inn's sign on its roof: a tankard on a golden disc in a dark ring, what no farm or
    # scenery shows, big enough to read at the board's normal zoom
    r = INN_SIGN_R * u
    d.ellipse((x - r, y - r, x + r, y + r), fill=(250, 214, 96), outline=(60, 30, 18), width=max(4, round(r * 0.18)))
    mw, mh = r * 0.62, r * 0.9
    mx, my = x - r * 0.12, y
    d.rounded_rectangle((mx - mw / 2, my - mh / 2, mx + mw / 2, my + mh / 2), radius=r * 0.1, fill=(120, 62, 30),
                        outline=(60, 30, 18), width=max(2, round(r * 0.06)))
    d.rectangle((mx - mw / 2, my - mh / 2, mx + mw / 2, my - mh / 2 + mh * 0.22), fill=(252, 248, 236))  # the foam
    d.arc((mx + mw / 2 - r * 0.16, my - mh * 0.28, mx + mw / 2 + r * 0.3, my + mh * 0.22), -90, 90,
          fill=(120, 62, 30), width=max(3, round(r * 0.12)))  # the handle


# --- entry point --------------------------------------------------------------------------------

def render(kind: TileKind) -> Image.Image:
    return Painter(plan_tile(kind)).paint()


def segment_layout(painter: Painter, shapes: SM.Shapes):
    """The painted tile's segment masks (at OUT_SIZE) and follower anchors, checked
    against the definition like the drawing itself."""
    kind = painter.kind
    labels = SM.block_mode(painter.claims.owner, OUT_SIZE)
    labels, problems = SM.split_fields(labels, kind)
    anchors = SM.place_anchors(labels, kind, shapes, painter.keep_clear) if not problems else {}
    problems += SM.check(labels, kind, anchors)
    if problems:
        raise SystemExit(f"tile {kind.id}: the segment masks disagree with the definition: {problems}")
    return labels, anchors


def symbol_places(plan: Plan) -> dict[str, list[float]]:
    """Where the tile shows each of its symbols, [x, y, radius] in tile units (segments.json):
    its goods or princess, its dragon, portal or volcano."""
    places = {what: [x, y, r] for what, (x, y), r, _seg in plan.symbols}
    if plan.volcano:
        x, y, r = plan.volcano
        places["volcano"] = [x, y, r * (1 + VOLCANO_WOBBLE)]  # (its foot, as far as it wanders)
    return {k: [round(float(v), 4) for v in xyr] for k, xyr in places.items()}


def garden_kind(kind: TileKind) -> TileKind:
    """The garden twin of ``kind`` (The Abbot's :func:`garden_twin`: the symbol the plain twin
    shows too, tiles.md: PD10G shows the dragon as PD10 does)."""
    return garden_twin(kind)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    tiles = read_tilesets()
    sources = image_sources()
    # each garden twin's picture lies beside its plain twin's, the same name with G
    sources.update({t + "G": sources[t].with_name(sources[t].stem + "G.png") for t in TWINS if t in sources})
    # the garden twins after every tile of the tilesets: their layouts are appended
    kinds = [*tiles, *(garden_kind(k) for k in tiles if k.id in TWINS)]
    wanted = set(argv) or {k.id for k in kinds}
    shapes = SM.load_shapes(A.RESOURCES / "pieces")
    entries = {}
    for kind in kinds:
        if kind.id not in wanted:
            continue
        plan = plan_tile(kind)
        painter = Painter(plan)
        img = painter.paint()
        A.save_png(img, sources[kind.id])
        labels, anchors = segment_layout(painter, shapes)
        SM.save_mask(labels, SM.mask_path(sources[kind.id]))
        entries[kind.id] = SM.tile_entry(kind, anchors, symbol_places(plan))
        extra = {k: v for k, v in plan.variant.items() if v != VARIANTS[0].get(k, False)}
        print(f"{kind.id:>4} -> {sources[kind.id].relative_to(A.ROOT)}" + (f"  (layout {extra})" if extra else ""))
    SM.write_index(A.RESOURCES / "tiles" / "segments.json", entries, [k.id for k in kinds])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
