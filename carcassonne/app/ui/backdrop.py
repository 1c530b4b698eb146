"""A decorative board behind the menus: a seeded random game, drawn once per window size."""

from __future__ import annotations

import random

import pygame

from ...engine import Game, TileSet
from ..art.assets import Assets

_cache: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def make_backdrop(assets: Assets, size: tuple[int, int], tiles: TileSet, seed: int = 11) -> pygame.Surface:
    key = ((size[0], size[1]), seed)
    if key in _cache:
        return _cache[key]
    if len(_cache) > 4:
        _cache.clear()
    surf = pygame.Surface(size).convert()
    surf.fill((40, 48, 40))
    game = Game(tiles, seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        tile = game.draw()
        if tile is None:
            break
        game.push(rng.choice(game.legal_placements(tile)).with_follower(None))
    px = max(64, int(min(size) / 7))
    cx, cy = size[0] // 2, size[1] // 2
    for x, y, o in game.placed_tiles():
        surf.blit(assets.tiles.sized(o.kind.id, o.rotation, px), (cx + (x - 0.5) * px, cy + (y - 0.5) * px))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((14, 12, 10, 150))
    surf.blit(shade, (0, 0))
    _cache[key] = surf
    return surf


def draw_backdrop(surface: pygame.Surface, backdrop: pygame.Surface | None) -> None:
    """The menus' board behind everything, or a plain fill until one is made for this size."""
    if backdrop is not None and backdrop.get_size() == surface.get_size():
        surface.blit(backdrop, (0, 0))
    else:
        surface.fill((40, 48, 40))
