"""Image caches stay within a budget however long the game runs (long sessions, issue 13)."""

from __future__ import annotations

import sys

import pygame
import pytest

from carcassonne.app.heap import release_free_memory
from carcassonne.app.textcache import TextCache


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
