"""Build test positions turn by turn in the notation of game records.

``play(game, "U 1 0 90 road:E")`` plays tile U at (1, 0) turned 90 degrees with a
follower on its east road, checked by the rules, for whoever's turn it is.
"""

from __future__ import annotations

import random

from carcassonne.engine import Game, Move, Rules, ScoreEvent, TileSet
from carcassonne.tileset import standard_tiles

from figures import step


def new_game(players: int = 2, **rules: object) -> Game:
    return Game(standard_tiles(), Rules(**rules), players, seed=0)  # type: ignore[arg-type]


def move(text: str) -> Move:
    tile, x, y, rotation, *spot = text.split()
    return Move(tile, int(x), int(y), int(rotation), step(spot[0] if spot else None))


def play(game: Game, *turns: str) -> list[ScoreEvent]:
    """Play each turn (checked); returns the score events of the last one."""
    events: list[ScoreEvent] = []
    for text in turns:
        events = game.play(move(text))
    return events


def midgame(tiles: TileSet, seed: int, turns: int = 20, players: int = 2) -> Game:
    """A game ``turns`` random turns in (followers on 40 % of them), its next tile drawn."""
    game = Game(tiles, Rules(), players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        placement = rng.choice(game.legal_placements(game.draw()))
        spots = game.follower_spots(placement)
        game.push(placement.with_figure(step(rng.choice(spots) if spots and rng.random() < 0.4 else None)))
    game.draw()
    return game
