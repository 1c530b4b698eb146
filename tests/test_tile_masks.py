"""The segment masks and follower anchors agree with the art and with the tile definitions.

``build_scripts/draw_tiles.py`` writes, with each tile's art, which pixels show
which segment and where each segment's follower stands. These tests read them the
way the game does (:mod:`carcassonne.app.art.tile_masks`, :mod:`carcassonne.app.art.tile_anchors`)
and hold them to the art (the terrain colour under each mask, as ``test_artwork``
classifies it) and to the rules' tile definitions (``docs/tiles.md``: edges,
half-edges, follower places, clockwise rotation).
"""

from __future__ import annotations

import json
import math
from collections import Counter

import pygame
import pytest
from test_artwork import classify

from carcassonne import resources
from carcassonne.app.art import tile_anchors, tile_masks
from carcassonne.engine.tiles import FEATURE_KINDS
from carcassonne.expansions.river.rules import is_river
from carcassonne.tileset import image_sources, read_tilesets

TILES = list(read_tilesets())
SOURCES = image_sources()
ROTATIONS = (0, 90, 180, 270)
FULL = 256
#: Sampled every STRIDE pixels: enough to judge a mask, fast enough to run on every tile.
STRIDE = 4
#: Terrain class of each segment kind's pixels; cloisters are buildings (roofs and
#: stone, which the classifier calls "city"); the river and its banks are no segment.
TERRAIN = {"city": "city", "road": "road", "field": "field", "cloister": "city"}
#: Least share of a segment's sampled pixels that must show its terrain: roads have
#: grass in their ruts and at the village square, a cloister its garth and garden.
AGREEMENT = {"city": 0.95, "road": 0.85, "field": 0.9, "cloister": 0.55}
MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
HALF_POINT = ((0.25, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.75),
              (0.75, 1.0), (0.25, 1.0), (0.0, 0.75), (0.0, 0.25))


#: The symbols a tile shows of its own (The Princess & the Dragon): they belong to the tile, not
#: to a segment (tiles.md), so their pixels are no follower place, like the river's.
OWN_SYMBOLS = ("volcano", "dragon", "portal")


def own_symbols(tile: str) -> list[tuple[float, float, float]]:
    """Where the tile draws its own symbols, (x, y, radius) in tile units, from ``segments.json``."""
    entry = json.loads(resources.path("tiles", "segments.json").read_text())["tiles"][tile]
    return [tuple(xyr) for what, xyr in entry.get("symbols", {}).items() if what in OWN_SYMBOLS]


def in_discs(x: float, y: float, discs, slack: float) -> bool:
    return any(math.hypot(x - cx, y - cy) <= r + slack for cx, cy, r in discs)


def follower_spots(o) -> dict[str, int]:
    """Record name -> segment index of every place a follower may stand on, as the tile lies."""
    return {seg.spot: i for i, seg in enumerate(o.segments) if seg.kind in FEATURE_KINDS}


def point_px(p, size: int, inset: int = 2) -> tuple[int, int]:
    return (min(size - 1 - inset, max(inset, int(p[0] * size))),
            min(size - 1 - inset, max(inset, int(p[1] * size))))


def terrain_shares(art: pygame.Surface, mask: pygame.Mask) -> tuple[Counter[str], int]:
    seen: Counter[str] = Counter()
    for y in range(1, FULL, STRIDE):
        for x in range(1, FULL, STRIDE):
            if mask.get_at((x, y)):
                c = art.get_at((x, y))
                seen[classify((c.r, c.g, c.b))] += 1
    return seen, sum(seen.values())


@pytest.fixture(scope="module")
def art():
    return {kind.id: pygame.image.load(str(SOURCES[kind.id])) for kind in TILES}


def test_every_tile_kind_has_masks_and_anchors_for_its_segments():
    for kind in TILES:
        assert tile_masks.mask_file(kind.id).is_file(), kind.id
        data = tile_anchors.tile_segments(kind.id)
        assert data.names == tuple(seg.spot_names() for seg in kind.segments), (
            f"{kind.id}: segments.json lists other segments than the tileset; rerun draw_tiles.py")
        want = {seg.spot for seg in kind.segments if seg.kind in FEATURE_KINDS}
        assert set(data.anchors) == want, kind.id


@pytest.mark.parametrize("kind", TILES, ids=lambda k: k.id)
def test_mask_pixels_show_their_segments_terrain_in_the_art(kind, art):
    img = art[kind.id]
    for seg in kind.segments:
        if seg.kind not in TERRAIN:
            continue
        seen, n = terrain_shares(img, tile_masks.segment_mask(kind.id, 0, seg.spot, FULL))
        assert n > 20, f"{kind.id} {seg.spot}: {n} pixels"
        share = seen[TERRAIN[seg.kind]] / n
        assert share >= AGREEMENT[seg.kind], f"{kind.id} {seg.spot}: only {share:.0%} {TERRAIN[seg.kind]}, {seen}"


def test_pixels_of_no_segment_are_the_river_or_the_tiles_own_symbol():
    """The river is no feature (The River rules): only its water and banks are left out; and
    a volcano, dragon or magic portal, which belong to the tile and not to a segment (tiles.md)."""
    symbols_seen = 0
    for kind in TILES:
        covered = sum(tile_masks.segment_mask(kind.id, 0, s.spot_names()[0], FULL).count()
                      for s in kind.segments if s.kind in FEATURE_KINDS)
        discs = own_symbols(kind.id)
        assert bool(discs) == (kind.symbol in OWN_SYMBOLS), kind.id
        if discs:
            symbols_seen += 1
            mask = pygame.mask.Mask((FULL, FULL), fill=True)
            for s in kind.segments:
                if s.kind in FEATURE_KINDS:
                    mask.erase(tile_masks.segment_mask(kind.id, 0, s.spot, FULL), (0, 0))
            left = [(x, y) for y in range(FULL) for x in range(FULL) if mask.get_at((x, y))]
            assert all(in_discs((x + 0.5) / FULL, (y + 0.5) / FULL, discs, 3 / FULL) for x, y in left), (
                f"{kind.id}: pixels of no segment outside its {kind.symbol}")
            area = sum(math.pi * (r * FULL) ** 2 for _, _, r in discs)
            assert len(left) > 0.6 * area, f"{kind.id}: its {kind.symbol} is a segment's"
            continue
        if not is_river(kind):
            assert covered == FULL * FULL, f"{kind.id}: {FULL * FULL - covered} pixels belong to no segment"
            continue
        mask = pygame.mask.Mask((FULL, FULL), fill=True)
        for s in kind.segments:
            if s.kind in FEATURE_KINDS:
                mask.erase(tile_masks.segment_mask(kind.id, 0, s.spot, FULL), (0, 0))
        seen, n = terrain_shares(pygame.image.load(str(SOURCES[kind.id])), mask)
        assert n > 200, kind.id
        assert seen["river"] / n >= 0.6 and seen["field"] / n <= 0.1, f"{kind.id}: no segment shows {seen}"


@pytest.mark.parametrize("size", (FULL, 97, 40))
def test_masks_of_a_tile_never_overlap_and_cover_it_but_the_river(size):
    for kind in TILES:
        for rotation in (0, 90):
            o = kind.orientation(rotation)
            masks = [tile_masks.segment_mask(kind.id, rotation, spot, size) for spot in follower_spots(o)]
            for i, a in enumerate(masks):
                for b in masks[i + 1:]:
                    assert a.overlap_area(b, (0, 0)) == 0, f"{kind.id} at {rotation}°, {size} px"
            covered = sum(m.count() for m in masks)
            symbols = sum(math.pi * (r * size + 2) ** 2 for _, _, r in own_symbols(kind.id))
            if symbols:  # the tile's own symbol, and nothing else, is no segment's
                assert size * size - symbols <= covered < size * size, f"{kind.id} at {rotation}°, {size} px"
            elif not is_river(kind):
                assert covered == size * size, f"{kind.id} at {rotation}°, {size} px: {size * size - covered} left"
            else:
                assert 0.55 * size * size < covered < 0.9 * size * size, kind.id


@pytest.mark.parametrize("kind", TILES, ids=lambda k: k.id)
def test_every_follower_anchor_lies_in_its_own_segment_in_every_rotation(kind):
    for rotation in ROTATIONS:
        o = kind.orientation(rotation)
        for spot in follower_spots(o):
            for size in (FULL, 128, 64):
                x, y = tile_masks.anchor_px(kind.id, rotation, spot, size)
                assert tile_masks.segment_mask(kind.id, rotation, spot, size).get_at((x, y)), (
                    f"{kind.id} at {rotation}°: the follower on {spot} stands outside it at {size} px")
                assert tile_masks.spot_at(kind.id, rotation, size, (x, y)) == spot


def test_a_knight_never_stands_over_the_city_wall():
    """A follower drawn at its anchor, at the size the anchors were fitted for, covers only
    its city's pixels on the tile (it may reach over the city's own edges onto the next tile)."""
    px = round(tile_anchors.follower_size() * FULL)
    img = pygame.image.load(str(resources.path("pieces", "meeple-red.png")))
    knight = pygame.mask.from_surface(pygame.transform.smoothscale(img, (px, px)), 127)
    whole_tile = pygame.mask.Mask((FULL, FULL), fill=True)
    checked = 0
    for kind in TILES:
        for seg in kind.segments:
            if seg.kind != "city":
                continue
            for rotation in ROTATIONS:
                spot = kind.orientation(rotation).segments[kind.segments.index(seg)].spot
                x, y = tile_masks.anchor_px(kind.id, rotation, spot, FULL)
                at = (x - px // 2, y - px // 2)
                on_tile = whole_tile.overlap_area(knight, at)
                in_city = tile_masks.segment_mask(kind.id, rotation, spot, FULL).overlap_area(knight, at)
                assert on_tile - in_city <= 0.01 * on_tile, (
                    f"{kind.id} {spot} at {rotation}°: {on_tile - in_city} px of the knight over the wall")
                checked += 1
    assert checked == 4 * sum(s.kind == "city" for kind in TILES for s in kind.segments) > 0


@pytest.mark.parametrize("kind", TILES, ids=lambda k: k.id)
def test_masks_agree_with_the_edges_in_every_rotation(kind):
    """The middle of each edge shows the segment the definition puts there; each
    half-edge of a field shows that field; a river edge shows no segment."""
    for rotation in ROTATIONS:
        o = kind.orientation(rotation)
        for e in range(4):
            pos = point_px(MID[e], FULL)
            got = tile_masks.spot_at(kind.id, rotation, FULL, pos)
            if o.edges[e] == "s":
                assert got is None, f"{kind.id} at {rotation}°: river edge {e} shows {got}"
            else:
                i = o.edge_segment[e] if o.edges[e] != "f" else o.half_segment[2 * e]
                assert got == o.segments[i].spot, f"{kind.id} at {rotation}°: edge {e} shows {got}"
        for h in range(8):
            i = o.half_segment[h]
            if i < 0:
                continue  # a city edge has no field halves
            got = tile_masks.spot_at(kind.id, rotation, FULL, point_px(HALF_POINT[h], FULL))
            assert got == o.segments[i].spot, f"{kind.id} at {rotation}°: half-edge {h} shows {got}"


def turned_mask(mask: pygame.Mask, rotation: int) -> pygame.Mask:
    surface = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 255))
    return pygame.mask.from_threshold(pygame.transform.rotate(surface, -rotation),
                                      (255, 255, 255, 255), (1, 1, 1, 255))


@pytest.mark.parametrize("kind", TILES, ids=lambda k: k.id)
def test_turned_masks_and_anchors_follow_the_turned_definition(kind):
    """Rotation is clockwise (``docs/tiles.md``): the segment the engine calls ``spot`` on
    the turned tile has the canonical segment's pixels and anchor, turned."""
    base = kind.orientation(0)
    for rotation in ROTATIONS[1:]:
        o = kind.orientation(rotation)
        for spot, i in follower_spots(o).items():
            canonical = base.segments[i].spot
            assert tile_anchors.segment_index(kind.id, rotation, spot) == i
            want = turned_mask(tile_masks.segment_mask(kind.id, 0, canonical, FULL), rotation)
            got = tile_masks.segment_mask(kind.id, rotation, spot, FULL)
            assert got.count() == want.count() == got.overlap_area(want, (0, 0)), (
                f"{kind.id} at {rotation}°: {spot} is not {canonical} turned")
            assert tile_anchors.anchor(kind.id, rotation, spot) == pytest.approx(
                tile_anchors.turn_point(tile_anchors.anchor(kind.id, 0, canonical), rotation))
        # every name of every follower place is known, turned
        assert set(tile_anchors.anchors(kind.id, rotation)) == {n for n, i in o.spots.items()
                                                                if o.segments[i].kind in FEATURE_KINDS}


def test_anchors_turn_clockwise():
    # the city of E lies north; turned a quarter clockwise it lies east
    x, y = tile_anchors.anchor("E", 0, "city:N")
    assert y < 0.3 and 0.4 < x < 0.6
    x, y = tile_anchors.anchor("E", 90, "city:E")
    assert x > 0.7 and 0.4 < y < 0.6
    with pytest.raises(KeyError):
        tile_anchors.anchor("E", 90, "city:N")  # there is no city north any more
    e = next(k for k in TILES if k.id == "E")
    assert tile_anchors.spot_anchor(e.orientation(90), "city:E") == (x, y)


def test_the_terrain_check_can_tell_a_wrong_mask():
    """Guards the terrain test: U's road mask turned a quarter lies on grass, not road."""
    img = pygame.image.load(str(SOURCES["U"]))
    right, n = terrain_shares(img, tile_masks.segment_mask("U", 0, "road:E", FULL))
    assert right["road"] / n >= AGREEMENT["road"]
    wrong, n = terrain_shares(img, tile_masks.segment_mask("U", 90, "road:N", FULL))
    assert wrong["road"] / n < 0.5


def test_the_river_and_unknown_places_are_no_follower_places():
    assert tile_masks.spot_at("R7", 0, FULL, (128, 128)) is None  # mid-river
    assert tile_masks.spot_at("D", 0, FULL, (-1, 5)) is None
    assert tile_masks.spot_at("D", 0, FULL, (FULL, 5)) is None
    with pytest.raises(KeyError):
        tile_anchors.anchor("R7", 0, "river:E")
    with pytest.raises(KeyError):
        tile_masks.segment_mask("Z9", 0, "city:N", 64)
    with pytest.raises(ValueError):
        tile_masks.segment_mask("D", 0, "city:N", 0)


def test_outlines_go_round_the_segment_and_its_holes():
    # B: one field round the cloister: its outer rim and the rim of the hole
    field = tile_masks.segment_outlines("B", 0, "farm:NW", FULL)
    assert len(field) == 2
    (cloister,) = tile_masks.segment_outlines("B", 0, "cloister", FULL)
    xs = [x for x, _ in cloister]
    ys = [y for _, y in cloister]
    assert 40 < min(xs) < max(xs) < 216 and 40 < min(ys) < max(ys) < 216
    # scaled: the same shape at half the size
    (half,) = tile_masks.segment_outlines("B", 0, "cloister", FULL // 2)
    assert abs(min(x for x, _ in half) - min(xs) / 2) <= 1


def test_tint_paints_only_the_segment():
    surface = tile_masks.tint("D", 0, "road:E", 100, (255, 0, 0, 120), (255, 255, 0, 255), 2)
    assert surface.get_size() == (100, 100)
    assert surface.get_at((50, 50)).a > 0  # the road through the middle
    assert surface.get_at((50, 90)).a == 0  # the field south of it
    assert surface.get_at((50, 5)).a == 0  # the city north
