"""A small picture of a whole board: a rulebook example on the Rules screen.

A painter: it draws a game's tiles and followers, as they stand, into a surface of the
size asked, so a scrolling page can blit the picture every frame without rebuilding it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from ..engine import Game, RecordError, TileSet
from ..engine.record import GameRecord
from .assets import Assets
from .spots import spot_anchor

#: Over the squares of the features the example scored.
LIT = (255, 236, 120, 60)


@dataclass(frozen=True)
class Example:
    """A rulebook example replayed: its board, its players' colours and what it scored."""

    game: Game
    colours: tuple[str, ...]
    captions: tuple[str, ...]


def load_example(path: Path, tiles: TileSet, rules: dict[str, Any] | None = None) -> Example:
    """Replay the record at ``path`` (with its final scoring if it asks for one; under its own rule
    options changed by ``rules``); the captions are the engine's own score events. A bad file
    raises :class:`RecordError`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RecordError(f"{path.name}: {exc}") from None
    if rules and isinstance(data, dict):
        data["rules"] = {**(data.get("rules") or {}), **rules}
    record = GameRecord.from_data(data)
    game = record.replay(tiles, final=bool(data.get("final")))
    names = [p.name for p in record.players]
    captions = tuple(e.describe(names) + "." for e in game.events)
    return Example(game, tuple(p.color for p in record.players), captions)


def board_picture(example: Example, assets: Assets, size: tuple[int, int], max_tile: int) -> pygame.Surface:
    """The board of ``example`` as large as fits in ``size`` (tiles at most ``max_tile`` px): the
    features it scored lit, their followers standing where they scored (they went home after)."""
    placed = list(example.game.placed_tiles())
    if not placed:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    px = max(8, min(size[0] // cols, size[1] // rows, max_tile))
    surface = pygame.Surface((cols * px, rows * px), pygame.SRCALPHA)
    ox, oy = -min(xs) * px, -min(ys) * px
    for x, y, o in placed:
        surface.blit(assets.tiles.sized(o.kind.id, o.rotation, px), (ox + x * px, oy + y * px))
    lit = pygame.Surface((px, px), pygame.SRCALPHA)
    lit.fill(LIT)
    for cell in {c for e in example.game.events for c in e.tiles}:
        surface.blit(lit, (ox + cell[0] * px, oy + cell[1] * px))
    followers = [*example.game.followers_on_board(),
                 *(f for e in example.game.events for f in e.followers_returned)]
    for f in followers:
        under = example.game.tile_at(f.x, f.y)
        if under is None:
            continue
        ax, ay = spot_anchor(under, f.spot)
        img = assets.pieces.get(example.colours[f.player], max(6, int(px * 0.42)), f.spot.startswith("farm"))
        surface.blit(img, img.get_rect(center=(round(ox + (f.x + ax) * px), round(oy + (f.y + ay) * px))))
    return surface
