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

from ...engine import Game, RecordError, TileSet
from ...engine.moves import Discard
from ...engine.record import GameRecord
from ...i18n import N_, _
from ...words.score_words import describe
from ..art.assets import Assets
from ..art.expansion_ui import neutral_figures, paths
from ..art.spots import spot_anchor
from .board_view import GRID_RGB, TABLE_EDGE_RGB, TABLE_FLOOR_RGB

#: Over the squares of the features the example scored.
LIT = (255, 236, 120, 60)
#: The rulebook's players are named by their colours; on screen, in the player's language.
COLOUR_PLAYERS = {"Red": N_("Red"), "Blue": N_("Blue"), "Green": N_("Green"), "Yellow": N_("Yellow"),
                  "Black": N_("Black")}


@dataclass(frozen=True)
class Example:
    """A rulebook example replayed: its board, its players' colours and what it scored."""

    game: Game
    colours: tuple[str, ...]
    #: The record's players ("Red", "Blue"): named in the player's language when worded.
    names: tuple[str, ...]
    #: Tiles that fitted nowhere and went back into the bag (house rule ``discard: "bag"``).
    returned: tuple[str, ...] = ()

    def captions(self) -> tuple[str, ...]:
        """What the example scored, the engine's own score events, in the language spoken now."""
        names = [_(COLOUR_PLAYERS[n]) if n in COLOUR_PLAYERS else n for n in self.names]
        return tuple(describe(e, names) + "." for e in self.game.events)


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
    returned = tuple(t.tile for t in record.turns if isinstance(t, Discard) and t.returned)
    return Example(game, tuple(p.color for p in record.players), tuple(p.name for p in record.players), returned)


def board_picture(example: Example, assets: Assets, size: tuple[int, int], max_tile: int) -> pygame.Surface:
    """The board of ``example`` as large as fits in ``size`` (tiles at most ``max_tile`` px): the
    features it scored lit, their followers standing where they scored (they went home after).
    With the ``table`` house rule the whole table is shown, its edge drawn and a strip of the
    floor beyond it; tiles that went back into the bag stand beside the board, dimmed."""
    placed = list(example.game.placed_tiles())
    if not placed:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    table = example.game.bounds
    if table is not None:
        x_lo, x_hi, y_lo, y_hi = table
    else:
        xs, ys = [p[0] for p in placed], [p[1] for p in placed]
        x_lo, x_hi, y_lo, y_hi = min(xs), max(xs), min(ys), max(ys)
    cols, rows = x_hi - x_lo + 1, y_hi - y_lo + 1
    # Room for the floor beyond the table (a third of a square each side), and for the
    # returned tiles (a column of their own, past a gap).
    extra_w = (2 / 3 if table is not None else 0) + (1.25 if example.returned else 0)
    extra_h = 2 / 3 if table is not None else 0
    px = max(8, min(int(size[0] / (cols + extra_w)), int(size[1] / (rows + extra_h)), max_tile))
    if example.returned:
        px = max(8, min(px, size[1] // max(1, len(example.returned))))
    margin = px // 3 if table is not None else 0
    board_w, board_h = cols * px + 2 * margin, rows * px + 2 * margin
    side_w = (px + px // 4) if example.returned else 0
    surface = pygame.Surface((board_w + side_w, max(board_h, px * len(example.returned))), pygame.SRCALPHA)
    ox, oy = margin - x_lo * px, margin - y_lo * px
    if table is not None:
        surface.fill(TABLE_FLOOR_RGB, pygame.Rect(0, 0, board_w, board_h))
        pygame.draw.rect(surface, GRID_RGB, pygame.Rect(margin, margin, cols * px, rows * px))
    for x, y, o in placed:
        surface.blit(assets.tiles.sized(o.kind.id, o.rotation, px), (ox + x * px, oy + y * px))
    lit = pygame.Surface((px, px), pygame.SRCALPHA)
    lit.fill(LIT)
    for cell in {c for e in example.game.events for c in e.tiles}:
        surface.blit(lit, (ox + cell[0] * px, oy + cell[1] * px))
    if table is not None:
        pygame.draw.rect(surface, TABLE_EDGE_RGB, pygame.Rect(margin, margin, cols * px, rows * px).inflate(4, 4),
                         max(2, px // 24))
    game = example.game
    # (those standing, and those that came home during play, each in its kind's look)
    for f in [*game.figures_on_board(), *(f for e in game.events for f in e.figures_returned)]:
        under = game.tile_at(f.x, f.y)
        if under is None:
            continue
        ax, ay = spot_anchor(under, f.place)
        img = assets.pieces.get(example.colours[f.player], max(6, int(px * 0.42)), f.place.startswith("farm"),
                                kind=f.kind)
        surface.blit(img, img.get_rect(center=(round(ox + (f.x + ax) * px), round(oy + (f.y + ay) * px))))
    for path in paths(game):  # (a neutral figure's path of the last move, and the neutral figures)
        pygame.draw.lines(surface, (200, 40, 30), False, [(round(ox + (x + 0.5) * px), round(oy + (y + 0.5) * px))
                                                          for x, y in path], max(2, px // 14))
    for figure in neutral_figures(game):
        img = assets.pieces.get("", max(8, int(px * 0.55)), kind=figure.kind)
        surface.blit(img, img.get_rect(center=(round(ox + figure.at[0] * px), round(oy + figure.at[1] * px))))
    for i, tile in enumerate(example.returned):
        _draw_returned(surface, assets.tiles.sized(tile, 0, px), (board_w + px // 4, i * px))
    return surface


def _draw_returned(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int]) -> None:
    """A tile that went back into the bag: dimmed, in a dashed frame (it is not on the board)."""
    tile = image.copy()
    tile.fill((140, 140, 140, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(tile, at)
    rect = pygame.Rect(at, image.get_size())
    step, width = max(4, rect.w // 8), max(2, rect.w // 24)
    for i in range(0, rect.w, step * 2):
        for y in (rect.top, rect.bottom - width):
            pygame.draw.line(surface, TABLE_EDGE_RGB, (rect.x + i, y), (min(rect.right, rect.x + i + step), y), width)
    for i in range(0, rect.h, step * 2):
        for x in (rect.left, rect.right - width):
            pygame.draw.line(surface, TABLE_EDGE_RGB, (x, rect.y + i), (x, min(rect.bottom, rect.y + i + step)), width)
