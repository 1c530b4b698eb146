"""Build test positions turn by turn in the notation of game records.

``play(game, "U 1 0 90 road:E")`` plays tile U at (1, 0) turned 90 degrees with a
follower on its east road, checked by the rules, for whoever's turn it is.
"""

from __future__ import annotations

from carcassonne.engine import Game, Move, Rules, ScoreEvent
from carcassonne.tileset import standard_tiles


def new_game(players: int = 2, **rules: object) -> Game:
    return Game(standard_tiles(), Rules(**rules), players, seed=0)  # type: ignore[arg-type]


def move(text: str) -> Move:
    tile, x, y, rotation, *spot = text.split()
    return Move(tile, int(x), int(y), int(rotation), spot[0] if spot else None)


def play(game: Game, *turns: str) -> list[ScoreEvent]:
    """Play each turn (checked); returns the score events of the last one."""
    events: list[ScoreEvent] = []
    for text in turns:
        events = game.play(move(text))
    return events
