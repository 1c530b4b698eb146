"""Computer opponents: pure game logic, no pygame.

Used by the application like a player at the table::

    bot = get_bot("normal", seed=7)
    tile = game.draw()          # the app draws, as for a human
    move = bot.choose(game)     # a legal Move for that tile; ``game`` is not changed
    game.play(move)

``choose`` blocks for up to a second or two on Expert: run it in a worker thread on
``game.copy()`` and show that the computer is thinking meanwhile. A bot sees only
what a player sees (never the order of the draw pile) and is reproducible: the
same seed in the same position gives the same move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .base import Bot, imagined, moves_of, tile_in_hand
from .expert import EXPERT_WEIGHTS, ExpertBot, ExpertWeights
from .heuristics import Evaluator, Weights
from .search import SearchBot
from .simple import GreedyBot, RandomBot, SloppyBot


@dataclass(frozen=True)
class Level:
    """A level a player can pick for a computer seat."""

    name: str
    title: str
    description: str
    make: Callable[[int | None], Bot]


#: The levels, easiest first; ``random`` is for testing and simulations.
LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("easy", "Easy", "Plays sensible tiles but often misses the best one; good for learning.",
          lambda seed: SloppyBot(seed)),
    Level("normal", "Normal", "Takes the best move it sees this turn: points now, features it can "
          "finish, followers kept.", lambda seed: GreedyBot(seed)),
    Level("hard", "Hard", "Thinks ahead: tries its best moves against many possible draws of "
          "the tiles left, and how you might answer.", lambda seed: SearchBot(seed)),
    Level("expert", "Expert", "Thinks deeper and keeps followers in hand for the right moment; "
          "plays to win.", lambda seed: ExpertBot(seed)),
    Level("random", "Random", "Places tiles and followers at random (for testing).",
          lambda seed: RandomBot(seed)),
)}


def get_bot(level: str, seed: int | None = None) -> Bot:
    """A new computer player of ``level`` (a key of :data:`LEVELS`)."""
    try:
        return LEVELS[level].make(seed)
    except KeyError:
        raise ValueError(f"no computer level {level!r}; choose one of {', '.join(LEVELS)}") from None


__all__ = ["EXPERT_WEIGHTS", "LEVELS", "Bot", "Evaluator", "ExpertBot", "ExpertWeights", "GreedyBot", "Level",
           "RandomBot", "SearchBot", "SloppyBot", "Weights", "get_bot", "imagined", "moves_of", "tile_in_hand"]
