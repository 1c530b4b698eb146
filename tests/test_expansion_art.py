"""Traders & Builders and The Princess & the Dragon: their tiles show their goods and symbols
where the masks say, readable at the board's normal zoom; their garden twins, figures and
goods tokens are drawn, and drawn to be told apart.

``build_scripts/draw_tiles.py`` records in ``resources/tiles/segments.json`` where each tile
shows its symbols ([x, y, radius] in tile units): a city's goods (``wine``, ``grain``,
``cloth``) or ``princess``, the tile's own ``dragon``, ``portal`` or ``volcano``. The tests
read the pictures the way the board shows them: scaled to the normal zoom's tile size.
"""

from __future__ import annotations

import colorsys
import json
import math
from collections import Counter
from pathlib import Path

import pygame
import pytest

from carcassonne import resources
from carcassonne.app.art import tile_masks
from carcassonne.app.art.assets import PLAYER_RGB
from carcassonne.app.board.camera import DEFAULT_SIZE_INDEX, ZOOM_SIZES
from carcassonne.engine.tiles import FEATURE_KINDS
from carcassonne.tileset import image_sources, read_tilesets

TILES = read_tilesets()
SOURCES = image_sources()
EXPANSIONS = ("traders_builders", "princess_dragon")
KINDS = [k for k in TILES if k.expansion in EXPANSIONS]
#: The tile's size on screen at the default zoom (camera.py): what "readable" is judged at.
NORMAL = ZOOM_SIZES[DEFAULT_SIZE_INDEX]
GOODS = ("wine", "grain", "cloth")
MARKS = (*GOODS, "princess")
OWN = ("volcano", "dragon", "portal")
#: The garden twins of the two expansions (tiles.md, their "Gardens" paragraphs).
TWINS = ("TB8", "TB11", "PD2", "PD10")
COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
FULL = 256


def entry(tile: str) -> dict:
    return json.loads(resources.path("tiles", "segments.json").read_text())["tiles"][tile]


def symbols(tile: str) -> dict[str, tuple[float, float, float]]:
    return {k: tuple(v) for k, v in entry(tile).get("symbols", {}).items()}


def at_normal_zoom(tile: str) -> pygame.Surface:
    """The tile as the board draws it at the default zoom (a smooth scale of the art)."""
    return pygame.transform.smoothscale(pygame.image.load(str(SOURCES[tile])), (NORMAL, NORMAL))


def disc_pixels(img: pygame.Surface, x: float, y: float, r: float) -> list[tuple[int, int, int]]:
    size = img.get_width()
    out = []
    for py in range(int((y - r) * size), int((y + r) * size) + 1):
        for px in range(int((x - r) * size), int((x + r) * size) + 1):
            if 0 <= px < size and 0 <= py < size and math.hypot((px + 0.5) / size - x, (py + 0.5) / size - y) <= r:
                c = img.get_at((px, py))
                out.append((c.r, c.g, c.b))
    return out


def mean(colours) -> tuple[float, float, float]:
    n = len(colours)
    return (sum(c[0] for c in colours) / n, sum(c[1] for c in colours) / n, sum(c[2] for c in colours) / n)


def luminance(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


# --- the tiles' symbols ------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.id)
def test_each_mark_and_symbol_of_the_definition_is_drawn_once_where_segments_json_says(kind):
    """A city's goods or princess in that city's pixels; the tile's own symbol in no segment's."""
    want = {m for s in kind.segments for m in s.marks if m in MARKS} | ({kind.symbol} & set(OWN))
    found = symbols(kind.id)
    assert set(found) == want, kind.id
    for what, (x, y, r) in found.items():
        assert 0.09 <= r <= 0.22, (kind.id, what, r)
        for rotation in (0, 90, 180, 270):
            cx, cy = (x, y)
            for _ in range(rotation // 90):
                cx, cy = 1 - cy, cx
            spot = tile_masks.spot_at(kind.id, rotation, FULL, (int(cx * FULL), int(cy * FULL)))
            if what in MARKS:
                city = next(s for s in kind.orientation(rotation).segments if what in s.marks)
                assert spot in city.spot_names(), (kind.id, what, rotation, spot)
            else:
                assert spot is None, (kind.id, what, rotation, spot)


def symbol_colours() -> dict[tuple[str, str], tuple[float, float, float]]:
    """(tile, symbol) -> the mean colour of the middle of the symbol at the normal zoom."""
    out = {}
    for kind in KINDS:
        img = at_normal_zoom(kind.id)
        for what, (x, y, r) in symbols(kind.id).items():
            out[(kind.id, what)] = mean(disc_pixels(img, x, y, r * 0.55))
    return out


@pytest.mark.parametrize("group", [GOODS, ("princess", "dragon", "portal", "volcano")], ids=("goods", "symbols"))
def test_symbols_are_told_apart_at_the_normal_zoom(group):
    """At the board's normal zoom every tile's symbol is nearer in colour to its own kind's
    usual look than to any other kind's, by a clear margin: wine is never taken for cloth,
    the dragon never for the portal."""
    colours = {k: c for k, c in symbol_colours().items() if k[1] in group}
    centres = {what: mean([c for (_, w), c in colours.items() if w == what]) for what in group}
    assert all(any(w == what for (_, w) in colours) for what in group)
    for (tile, what), c in colours.items():
        own = math.dist(c, centres[what])
        other = min(math.dist(c, centres[w]) for w in group if w != what)
        assert own * 1.5 < other, f"{tile}: its {what} looks like another symbol ({own:.0f} vs {other:.0f})"


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.id)
def test_a_symbol_is_no_smudge_at_the_normal_zoom(kind):
    """At least 20 px across, and drawn with light and dark parts (its outline, its ground)."""
    img = at_normal_zoom(kind.id)
    for what, (x, y, r) in symbols(kind.id).items():
        assert 2 * r * NORMAL >= 20, (kind.id, what)
        lum = [luminance(c) for c in disc_pixels(img, x, y, r * 0.9)]
        m = sum(lum) / len(lum)
        spread = math.sqrt(sum((v - m) ** 2 for v in lum) / len(lum))
        assert spread > 30 and max(lum) - min(lum) > 120, (kind.id, what, spread)


def test_the_goods_and_princess_read_on_their_plaque_and_the_volcano_glows():
    """The parts that name a symbol survive the scaling: purple grapes, golden wheat, blue
    cloth, the princess's violet gown, the volcano's lava."""
    def share(tile, what, test):
        x, y, r = symbols(tile)[what]
        px = disc_pixels(at_normal_zoom(tile), x, y, r * 0.7)
        return sum(test(*colorsys.rgb_to_hsv(*(v / 255 for v in c))) for c in px) / len(px)

    hue = {"wine": (260, 320), "grain": (30, 55), "cloth": (200, 235), "princess": (255, 300),
           "dragon": (255, 300), "portal": (200, 290)}
    for kind in KINDS:
        for what in symbols(kind.id):
            if what == "volcano":
                assert share(kind.id, what, lambda h, s, v: (h * 360 < 45 or h * 360 > 345) and s > 0.6
                             and v > 0.6) > 0.05, kind.id
                continue
            lo, hi = hue[what]
            assert share(kind.id, what, lambda h, s, v, lo=lo, hi=hi: lo <= h * 360 <= hi and s > 0.35) > 0.12, (
                kind.id, what)


def test_the_bridge_carries_one_road_over_the_other_and_parts_four_fields():
    """TB24: the north-south road runs on the bridge, the east-west road under it (one road,
    seen on both sides, darker beneath), and the four fields stay apart."""
    kind = TILES["TB24"]
    assert tile_masks.spot_at("TB24", 0, FULL, (FULL // 2, FULL // 2)) == "road:N"
    under = tile_masks.segment_mask("TB24", 0, "road:E", FULL)
    assert len(under.connected_components(20)) == 2
    art = pygame.image.load(str(SOURCES["TB24"]))
    near, far = [], []
    for x in range(0, FULL, 2):
        for y in range(FULL // 2 - 8, FULL // 2 + 8):
            if under.get_at((x, y)):
                c = art.get_at((x, y))
                (near if abs(x - FULL / 2) < 0.2 * FULL else far).append(luminance((c.r, c.g, c.b)))
    assert sum(near) / len(near) < 0.85 * sum(far) / len(far), "the road under the bridge is not in its shade"
    fields = [s for s in kind.segments if s.kind == "field"]
    assert len(fields) == 4
    masks = [tile_masks.segment_mask("TB24", 0, s.spot, FULL) for s in fields]
    assert all(a.overlap_area(b, (0, 0)) == 0 for i, a in enumerate(masks) for b in masks[i + 1:])


def test_the_tunnel_road_passes_under_the_city():
    """PD17: the road shows only from each edge to its tunnel's mouth; between them is the city."""
    road = tile_masks.segment_mask("PD17", 0, "road:N", FULL)
    pieces = road.connected_components(20)
    assert len(pieces) == 2
    for piece in pieces:
        top, bottom = piece.get_bounding_rects()[0].top, piece.get_bounding_rects()[0].bottom
        assert top == 0 or bottom == FULL, "a piece of the road reaches no edge"
        assert bottom - top < 0.2 * FULL
    for y in range(int(0.25 * FULL), int(0.75 * FULL), 4):
        assert tile_masks.spot_at("PD17", 0, FULL, (FULL // 2, y)) != "road:N"
    assert tile_masks.spot_at("PD17", 0, FULL, (FULL // 2, FULL // 2)) == "city:E"


def test_the_cloister_stands_inside_its_city():
    """PD15: the cloister is walled in by the city on every side; it touches no field."""
    cloister = tile_masks.segment_mask("PD15", 0, "cloister", FULL)
    around = Counter()
    rect = cloister.get_bounding_rects()[0]
    for x in range(rect.left - 6, rect.right + 6, 2):
        for y in range(rect.top - 6, rect.bottom + 6, 2):
            if not cloister.get_at((x, y)):
                around[tile_masks.spot_at("PD15", 0, FULL, (x, y))] += 1
    assert set(around) == {"city:N"}, around
    assert 0.15 * FULL < rect.width < 0.5 * FULL


def test_the_road_ends_at_the_volcano():
    """PD24: the road runs from the south edge up to the volcano's foot and ends under it."""
    x, y, r = symbols("PD24")["volcano"]
    road = tile_masks.segment_mask("PD24", 0, "road:S", FULL)
    rect = road.get_bounding_rects()[0]
    assert rect.bottom == FULL
    assert y * FULL < rect.top < (y + r) * FULL, "the road stops short of the volcano"


# --- garden twins ---------------------------------------------------------------------------------

def garden_art(plain: str) -> Path:
    """A garden twin's art lies beside its plain twin's, the same name with ``G``."""
    return SOURCES[plain].with_name(SOURCES[plain].stem + "G.png")


@pytest.mark.parametrize("plain", TWINS)
def test_a_garden_twin_of_the_expansions_has_its_art_masks_and_the_abbots_anchor(plain):
    art, twin = garden_art(plain), plain + "G"
    assert art.is_file() and art.with_name(twin + ".segments.png").is_file()
    data = entry(twin)
    plain_names = [list(s.spot_names()) for s in TILES[plain].segments]
    assert data["segments"] == plain_names + [["garden"]]
    assert symbols(twin) == symbols(plain), "the twin shows the plain twin's symbols"
    labels = pygame.image.load(str(art.with_name(twin + ".segments.png")))
    x, y = data["anchors"]["garden"]
    assert labels.get_at_mapped((int(x * FULL), int(y * FULL))) == len(plain_names) + 1  # (index + 1)
    garden = sum(labels.get_at_mapped((px, py)) == len(plain_names) + 1
                 for px in range(0, FULL, 2) for py in range(0, FULL, 2)) / (FULL // 2) ** 2
    assert 0.02 < garden < 0.08, garden


@pytest.mark.parametrize("plain", TWINS)
def test_a_garden_twin_is_its_plain_twin_with_a_garden(plain):
    a = pygame.image.load(str(SOURCES[plain]))
    b = pygame.image.load(str(garden_art(plain)))
    same = total = 0
    for y in range(0, FULL, 4):
        for x in range(0, FULL, 4):
            total += 1
            same += a.get_at((x, y)) == b.get_at((x, y))
    assert same / total > 0.8, plain


# --- figures and tokens ---------------------------------------------------------------------------

def figure(name: str) -> pygame.Surface:
    path = resources.path("pieces", f"{name}.png")
    assert path.is_file(), path
    return pygame.image.load(str(path))


def shape(name: str) -> pygame.mask.Mask:
    return pygame.mask.from_surface(figure(name), 127)


def overlap(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    both = a.overlap_area(b, (0, 0))
    return both / (a.count() + b.count() - both)


@pytest.mark.parametrize("name", [f"{f}-{c}" for f in ("builder", "pig") for c in COLOURS] + ["dragon", "fairy"])
def test_every_figure_is_drawn_at_the_followers_size_on_a_clear_ground(name):
    img = figure(name)
    assert img.get_size() == figure("meeple-red").get_size() == (96, 96)
    w, h = img.get_size()
    assert all(img.get_at(p).a == 0 for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)))
    assert 0.15 < shape(name).count() / (w * h) < 0.7


@pytest.mark.parametrize("colour", COLOURS)
def test_the_builder_is_told_from_a_follower_by_its_outline(colour):
    """Its hat brim and the hammer raised on one side: not the meeple's symmetric outline."""
    builder, meeple = shape(f"builder-{colour}"), shape(f"meeple-{colour}")
    assert overlap(builder, meeple) < 0.8
    mirrored = pygame.mask.from_surface(pygame.transform.flip(figure(f"builder-{colour}"), True, False), 127)
    assert overlap(builder, mirrored) < 0.85 < overlap(meeple, pygame.mask.from_surface(
        pygame.transform.flip(figure(f"meeple-{colour}"), True, False), 127))
    for other in ("abbot", "meeple"):
        assert overlap(builder, shape(f"{other}-{colour}")) < 0.8


@pytest.mark.parametrize("colour", COLOURS)
def test_the_pig_is_told_from_a_follower_by_its_outline(colour):
    """On four legs, wider than tall: nothing like a standing or a lying follower."""
    pig = shape(f"pig-{colour}")
    box = pig.get_bounding_rects()[0]
    assert box.width > 1.4 * box.height
    for other in ("meeple", "abbot", "builder"):
        assert overlap(pig, shape(f"{other}-{colour}")) < 0.6, other
    assert overlap(pig, shape(f"meeple-{colour}-lying")) < 0.7  # (a farmer lies wide too, but...)
    assert feet(f"pig-{colour}") >= 3 > max(feet(f"meeple-{colour}-lying"), feet(f"meeple-{colour}")), (
        "the pig stands on four legs")


def feet(name: str) -> int:
    """How many separate parts of the figure reach down to its lowest rows (legs on the ground)."""
    body = shape(name)
    box = body.get_bounding_rects()[0]
    row = [x for x in range(box.left, box.right) if body.get_at((x, box.bottom - 3))]
    return sum(1 for x in row if x - 1 not in row)


@pytest.mark.parametrize("name", ["dragon", "fairy"])
def test_the_neutral_figures_wear_no_players_colour(name):
    img = figure(name)
    body = [c for c in (img.get_at((x, y)) for x in range(96) for y in range(96))
            if c.a > 200 and luminance((c.r, c.g, c.b)) > 60]  # (not its dark outline: every figure has one)
    counts = Counter((c.r // 24, c.g // 24, c.b // 24) for c in body)
    main = [k for k, _ in counts.most_common(3)]
    for r, g, b in main:
        c = (r * 24 + 12, g * 24 + 12, b * 24 + 12)
        assert min(math.dist(c, p) for p in PLAYER_RGB.values()) > 45, (name, c)


def test_the_goods_tokens_are_drawn_and_told_apart():
    means = {}
    for good in GOODS:
        path = resources.path("ui", "icons", f"{good}.png")
        assert path.is_file(), path
        img = pygame.image.load(str(path))
        assert img.get_size() == (64, 64) and img.get_at((0, 0)).a == 0
        small = pygame.transform.smoothscale(img, (20, 20))
        px = [small.get_at((x, y)) for x in range(5, 15) for y in range(5, 15)]
        means[good] = mean([(c.r, c.g, c.b) for c in px])
    for a in GOODS:
        for b in GOODS:
            if a < b:
                assert math.dist(means[a], means[b]) > 40, (a, b)


def test_every_feature_place_of_the_new_tiles_has_an_anchor():
    for kind in KINDS:
        anchors = entry(kind.id)["anchors"]
        assert set(anchors) == {s.spot for s in kind.segments if s.kind in FEATURE_KINDS}, kind.id


def test_a_cathedral_is_never_hidden_under_its_citys_follower():
    """Issue 42: the cathedral disappeared under a follower: the city's follower stands beside it."""
    import re

    source = (Path(__file__).resolve().parents[1] / "build_scripts" / "draw_tiles.py").read_text(encoding="utf-8")
    found = re.search(r"^CATHEDRAL_BOX = \(([^)]*)\)", source, re.M)
    assert found, "draw_tiles.py says where a cathedral stands"
    x0, y0, x1, y1 = (float(v) for v in found.group(1).split(","))
    entries = json.loads(resources.path("tiles", "segments.json").read_text(encoding="utf-8"))
    tiles = entries.get("tiles", entries)
    cathedrals = [k.id for k in read_tilesets() if any("cathedral" in s.marks for s in k.segments)]
    assert cathedrals
    for tile in cathedrals:
        for place, (ax, ay) in tiles[tile]["anchors"].items():
            if place.startswith("city"):
                assert not (x0 + 0.05 < ax < x1 - 0.05 and y0 + 0.07 < ay < y1 - 0.07), (tile, place, ax, ay)
