"""The Abbot's garden twins and the abbot figure are drawn, and drawn to be told apart.

The twins (tiles.md, "Gardens") are made by the Abbot rule module, not the tilesets;
``build_scripts/draw_tiles.py`` draws each from its plain twin's layout with a garden in
its largest field, and writes its masks and the abbot's anchor from that same drawing.
"""

from __future__ import annotations

import colorsys

import pygame
import pytest

from carcassonne import resources
from carcassonne.app.art import tile_anchors, tile_masks
from carcassonne.app.art.expansion_ui import with_twins
from carcassonne.expansions.abbot.rules import GARDEN, TWINS, garden_twin
from carcassonne.tileset import image_sources, read_tilesets

TILES = read_tilesets()
SOURCES = image_sources()
GARDENS = {k: v for k, v in with_twins(SOURCES, TILES).items() if k not in SOURCES}
COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
#: Every garden twin: the Abbot's eight base tiles and R10, and the expansions' (IC3, IC15,
#: TB8, TB11, PD2, PD10).
ALL_TWINS = TWINS


def test_every_garden_twin_has_its_own_art_beside_its_plain_twin():
    assert set(GARDENS) == {t + "G" for t in ALL_TWINS}
    for twin, path in GARDENS.items():
        assert path.is_file(), twin
        assert path.parent == SOURCES[twin.removesuffix("G")].parent
        assert tile_masks.mask_file(twin).is_file(), twin


@pytest.mark.parametrize("plain", ALL_TWINS)
def test_a_garden_twin_has_its_plain_twins_segments_and_a_garden_with_the_abbots_anchor(plain):
    twin = garden_twin(TILES[plain])
    data = tile_anchors.tile_segments(twin.id)
    assert data.names == tuple(seg.spot_names() for seg in TILES[plain].segments) + ((GARDEN,),)
    assert GARDEN in data.anchors
    for rotation in (0, 90, 180, 270):
        x, y = tile_masks.anchor_px(twin.id, rotation, GARDEN, 256)
        assert tile_masks.spot_at(twin.id, rotation, 256, (x, y)) == GARDEN, rotation


@pytest.mark.parametrize("plain", ALL_TWINS)
def test_a_garden_reads_at_a_glance_bright_flowerbeds_and_paths_not_meadow(plain):
    """Most of a garden's pixels are no meadow green: its beds, paths and fence stand out."""
    twin = plain + "G"
    art = pygame.image.load(str(GARDENS[twin]))
    mask = tile_masks.segment_mask(twin, 0, GARDEN, 256)
    share = mask.count() / (256 * 256)
    assert 0.02 < share < 0.08, share  # a small patch of the field, not the field
    not_grass = 0
    for x, y in mask.outline(every=1) + [mask.centroid()]:
        c = art.get_at((x, y))
        h, s, v = colorsys.rgb_to_hsv(c.r / 255, c.g / 255, c.b / 255)
        if not (70 <= h * 360 < 150 and s > 0.3):
            not_grass += 1
    assert not_grass > 0.5 * (len(mask.outline(every=1)) + 1)


def test_the_plain_twins_art_is_unchanged_by_its_garden_twin():
    """The twin is drawn from the same seed: outside its garden most pixels are the plain tile's."""
    for plain in ALL_TWINS:
        a = pygame.image.load(str(SOURCES[plain]))
        b = pygame.image.load(str(GARDENS[plain + "G"]))
        garden = tile_masks.segment_mask(plain + "G", 0, GARDEN, 256)
        same = total = 0
        for y in range(0, 256, 4):
            for x in range(0, 256, 4):
                if not garden.get_at((x, y)):
                    total += 1
                    same += a.get_at((x, y)) == b.get_at((x, y))
        assert same / total > 0.8, plain


@pytest.mark.parametrize("colour", COLOURS)
def test_the_abbot_is_a_figure_of_its_own_not_a_follower(colour):
    """Hooded and robed: its silhouette differs from a follower's (no round head, no legs)."""
    abbot = pygame.mask.from_surface(pygame.image.load(str(resources.path("pieces", f"abbot-{colour}.png"))), 127)
    meeple = pygame.mask.from_surface(pygame.image.load(str(resources.path("pieces", f"meeple-{colour}.png"))), 127)
    both = abbot.overlap_area(meeple, (0, 0))
    union = abbot.count() + meeple.count() - both
    assert both / union < 0.9
    w, h = abbot.get_size()
    assert not meeple.get_at((w // 2, h - 8)) and abbot.get_at((w // 2, h - 8)), (
        "the robe reaches the ground where a follower's legs part")
