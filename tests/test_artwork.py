"""The artwork agrees with the tile definitions, and every resource the game ships loads.

For every tile kind and every rotation, the PNG is turned the way the game turns it
(``pygame.transform.rotate(img, -rotation)``, clockwise) and a small patch just inside
the middle of each edge is classified by colour as city, road, field or river; it must
be the terrain the rotated definition gives that edge. The palette of
``build_scripts/draw_tiles.py`` keeps the classes far apart: fields are green, roads
ochre dirt, rivers blue, cities grey cobbles/stone and red roofs.
"""

from __future__ import annotations

import colorsys
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne import resources  # noqa: E402
from carcassonne.tileset import image_sources, read_tilesets  # noqa: E402

TILES = list(read_tilesets())
SOURCES = image_sources()
ROTATIONS = (0, 90, 180, 270)
COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
ICONS = ("rotate", "confirm", "skip", "undo", "save", "hint", "settings", "deck")
EDGE_TERRAIN = {"c": "city", "r": "road", "f": "field", "s": "river"}

INSET = 9  # pixels in from the border, at 256 px
HALF = 3  # the patch is (2 * HALF + 1)² pixels


def test_pygame_is_ce():
    assert getattr(pygame, "IS_CE", False), "plain pygame is installed; the game needs pygame-ce"


def classify(rgb: tuple[float, float, float]) -> str:
    """Terrain class of an average colour."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    hue = h * 360
    if s < 0.2:
        return "city"  # grey cobbles and stone
    if 170 <= hue < 260:
        return "river"
    if 60 <= hue < 170:
        return "field"
    if 24 <= hue < 60:
        return "road"
    return "city"  # red roofs


def patch_mean(surface: pygame.Surface, x: int, y: int) -> tuple[float, float, float]:
    total = [0, 0, 0]
    n = 0
    for dy in range(-HALF, HALF + 1):
        for dx in range(-HALF, HALF + 1):
            c = surface.get_at((x + dx, y + dy))
            total[0] += c.r
            total[1] += c.g
            total[2] += c.b
            n += 1
    return (total[0] / n, total[1] / n, total[2] / n)


def edge_points(size: int):
    """Patch centres just inside the middle of N, E, S, W."""
    k = round(INSET * size / 256)
    m = size // 2
    return ((m, k), (size - 1 - k, m), (m, size - 1 - k), (k, m))


@pytest.fixture(scope="module")
def images():
    return {kind.id: pygame.image.load(str(SOURCES[kind.id])) for kind in TILES}


def test_every_tile_has_artwork_of_at_least_256_px(images):
    assert len(TILES) == 104  # the base game 24, The River 10, Inns & Cathedrals 17, T&B 24, P&D 29
    for kind in TILES:
        path = SOURCES[kind.id]
        assert path.is_file(), f"missing artwork {path}"
        w, h = images[kind.id].get_size()
        assert w == h >= 256, f"{kind.id}: {w}x{h}"


@pytest.mark.parametrize("kind", TILES, ids=lambda k: k.id)
def test_edges_show_their_terrain_in_every_rotation(kind, images):
    img = images[kind.id]
    for rotation in ROTATIONS:
        turned = pygame.transform.rotate(img, -rotation)  # pygame turns anticlockwise
        orientation = kind.orientation(rotation)
        seen = [classify(patch_mean(turned, x, y)) for x, y in edge_points(turned.get_width())]
        want = [EDGE_TERRAIN[e] for e in orientation.edges]
        assert seen == want, f"{kind.id} at {rotation}°: artwork shows N E S W = {seen}, definition says {want}"


def test_classifier_tells_the_terrains_apart(images):
    """Guards the test itself: a tile drawn for another definition must be caught."""
    seen_classes = set()
    for kind in TILES:
        img = images[kind.id]
        seen_classes.update(classify(patch_mean(img, x, y)) for x, y in edge_points(img.get_width()))
    assert seen_classes == {"city", "road", "field", "river"}
    # U (road E-W) turned a quarter is not V (a curve) nor itself unturned
    u = images["U"]
    turned = pygame.transform.rotate(u, -90)
    seen = [classify(patch_mean(turned, x, y)) for x, y in edge_points(256)]
    assert seen == ["road", "field", "road", "field"]
    assert seen != [EDGE_TERRAIN[e] for e in next(k for k in TILES if k.id == "U").edges]


def test_meeples_load_with_transparency():
    for colour in COLOURS:
        for suffix in ("", "-lying"):
            path = resources.path("pieces", f"meeple-{colour}{suffix}.png")
            assert path.is_file(), path
            img = pygame.image.load(str(path))
            w, h = img.get_size()
            assert 64 <= h <= 160 and 64 <= w <= 160
            assert img.get_at((0, 0)).a == 0, f"{path.name} has no transparent background"
            assert img.get_at((w // 2, h // 2)).a == 255, f"{path.name} is empty in the middle"


def test_ui_images_and_icons_load():
    names = [("ui", "score-track.png"), ("ui", "lap-50.png"), ("ui", "lap-100.png"),
             ("icon", "carcassonne.png"), ("icon", "carcassonne.ico")]
    names += [("ui", "icons", f"{n}.png") for n in ICONS]
    for parts in names:
        path = resources.path(*parts)
        assert path.is_file(), path
        if path.suffix == ".png":
            assert pygame.image.load(str(path)).get_width() >= 32
    assert resources.path("ui", "score-track.json").is_file()


def test_bundled_fonts_load_with_their_licences():
    pygame.font.init()
    fonts = sorted(resources.path("fonts").glob("*.ttf"))
    assert fonts, "no TTF font is bundled"
    for path in fonts:
        f = pygame.font.Font(str(path), 20)
        assert f.render("Carcassonne 0123", True, (0, 0, 0)).get_width() > 50
    licences = [p.name for p in resources.path("fonts").iterdir()
                if p.suffix in (".txt", ".md") or "LICENSE" in p.name.upper()]
    assert licences, "the fonts' licence texts are missing"
    assert resources.path("LICENSES.md").is_file()
