"""Image caches stay within a budget however long the game runs (long sessions, issue 13)."""

from __future__ import annotations

import sys

import pygame
import pytest

from carcassonne.app.heap import release_free_memory
from carcassonne.app.ui.textcache import TextCache


def test_the_text_cache_keeps_within_its_budget_dropping_the_least_recently_drawn(make_app):
    make_app()
    font = pygame.font.Font(None, 24)
    cache = TextCache(budget=200_000)
    first = cache.render(font, "Ann scores 12", (255, 255, 255))
    for n in range(2000):
        cache.render(font, f"turn {n}", (255, 255, 255))
        assert cache.render(font, "Ann scores 12", (255, 255, 255)) is first  # drawn every frame: kept
        assert cache.bytes <= 200_000
    assert 0 < len(cache) < 2000


def test_the_text_cache_follows_the_window_size(make_app):
    app = make_app(size=(1024, 768))
    cache = TextCache()
    font = app.assets.fonts.get(20)
    for n in range(5000):
        cache.render(font, f"line {n} of a long event log", (255, 255, 255))
    assert cache.bytes <= max(4 * 2**20, 1024 * 768 * 4)


def test_tiles_turned_after_scaling_look_as_if_scaled_after_turning(make_app):
    app = make_app()
    tiles = app.assets.tiles
    for rotation in (90, 180, 270):
        small = tiles.sized("V", rotation, 64)
        reference = pygame.transform.smoothscale(tiles.rotated("V", rotation), (64, 64))
        diff = sum(abs(a - b) for y in range(0, 64, 3) for x in range(0, 64, 3)
                   for a, b in zip(small.get_at((x, y)), reference.get_at((x, y))))
        assert diff / (22 * 22 * 4) < 4  # mean difference per channel: resampling noise only


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator only")
def test_free_memory_goes_back_to_the_system_between_screens(make_app):
    app = make_app()
    assert release_free_memory()
    app.replace_scene("title")  # each screen change trims; it must not disturb the scenes
    assert app.top is not None and len(app.scenes) == 1


def test_every_picture_cache_keeps_within_its_windows_worth(make_app):
    """Zooming through every size with the farm owners shown, at 1920×1080: the tiles, tints,
    panels and text held stay within their budgets (before, the tints alone could reach 96 MiB)."""
    from carcassonne.app.art.picture_cache import held_bytes, window_bytes
    from carcassonne.app.board import feature_paint
    from carcassonne.app.board.camera import ZOOM_SIZES
    from carcassonne.app.driver import Driver, random_game
    from carcassonne.app.session import play
    from carcassonne.app.ui import widgets
    from carcassonne.engine.record import Seat

    app = make_app(size=(1920, 1080))
    game = random_game(app.tiles, 60, seed=4)
    play(app, game, [Seat("Ann", "red"), Seat("Bob", "blue", "ai:easy")])
    d = Driver(app)
    d.key(pygame.K_o)  # the farm owners: a tint per farm and size
    window = window_bytes()
    for _sweep in range(2):
        for key in [pygame.K_PLUS] * len(ZOOM_SIZES) + [pygame.K_MINUS] * len(ZOOM_SIZES):
            d.key(key)
            d.frames(2)
            assert app.assets.tiles._sized.bytes <= 2 * window + 256 * 1024
            assert feature_paint._cache.bytes <= 3 * window + 256 * 1024
            assert widgets._panels.bytes <= window + 8 * 2**20
    assert held_bytes() <= 8 * window
    assert len(app.assets.fonts._cache) <= 40


def test_a_new_game_starts_with_empty_picture_caches(make_app):
    from carcassonne.app.art.picture_cache import held_bytes
    from carcassonne.app.driver import Driver, random_game
    from carcassonne.app.session import play
    from carcassonne.engine.record import Seat

    app = make_app(size=(1600, 900))
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    play(app, random_game(app.tiles, 40, seed=4), seats)
    d = Driver(app)
    d.key(pygame.K_o)
    d.frames(5)
    from carcassonne.app.board import feature_paint

    before = held_bytes()
    assert feature_paint._cache.bytes > 0
    play(app, random_game(app.tiles, 1, seed=5), seats)  # the last board's pictures go before the next is drawn
    assert feature_paint._cache.bytes == 0 and held_bytes() < before / 4


def test_the_fonts_kept_open_are_few_however_many_sizes_are_asked_for(make_app):
    app = make_app()
    fonts = app.assets.fonts
    for size in range(8, 300):
        fonts.get(size, "bold")
    assert len(fonts._cache) <= 40
    assert fonts.get(20) is fonts.get(20)  # the sizes in use stay open
