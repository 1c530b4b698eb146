"""``carcassonne bench``: how fast the rules engine plays.

Plays random full 2-player games (uniformly random legal placements and follower
choices, then final scoring) and times listing the legal placements of a tile on
boards of 60 tiles. Medians, because a shared machine has noisy neighbours.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from .engine import Game, Rules, TileSet


def play_random_game(tiles: TileSet, rules: Rules, seed: int, players: int = 2) -> Game:
    """A full game of uniformly random legal turns, with final scoring."""
    game = Game(tiles, rules, players, seed=seed)
    rng = random.Random(seed)
    while (tile := game.draw()) is not None:
        placement = rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(placement)
        game.push(placement.with_follower(rng.choice(spots) if spots and rng.random() < 0.5 else None))
    game.finish()
    return game


def board_of(tiles: TileSet, size: int, seed: int) -> Game:
    """A random game stopped once ``size`` tiles lie on the board."""
    game = Game(tiles, Rules(), 2, seed=seed)
    rng = random.Random(seed)
    while len(game.board) < size and (tile := game.draw()) is not None:
        game.push(rng.choice(game.legal_placements(tile)).with_follower(None))
    return game


def run(tiles: TileSet, games: int = 200, boards: int = 20, seed: int = 1) -> dict[str, Any]:
    per_game = []
    for i in range(games):
        start = time.perf_counter()
        play_random_game(tiles, Rules(), seed + i)
        per_game.append((time.perf_counter() - start) * 1000)
    per_listing = []
    reps = 50
    for i in range(boards):
        game = board_of(tiles, 60, seed + 10_000 + i)
        for tile in sorted(set(game.deck.pile)):
            start = time.perf_counter()
            for _ in range(reps):
                game.legal_placements(tile)
            per_listing.append((time.perf_counter() - start) * 1000 / reps)
    return {
        "ms_per_game_median": round(statistics.median(per_game), 3),
        "legal_placements_ms_median": round(statistics.median(per_listing), 4),
        "games": games,
    }
