"""Computer players for AI seats, run in a worker thread so the frame loop never waits.

Uses ``carcassonne.ai`` (``get_bot(level, seed).choose(game) -> Move``) when it is
installed; otherwise a random legal move, so AI seats always work.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

from ..engine import Game, Move

FALLBACK_LEVELS = {"easy": "plays a random legal move", "normal": "plays a sensible move",
                   "hard": "searches ahead (slow)"}


class Bot(Protocol):
    def choose(self, game: Game) -> Move: ...


class RandomBot:
    """A legal move at random (stands in when ``carcassonne.ai`` is missing)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        tile = game.draw()
        assert tile is not None
        placement = self.rng.choice(game.legal_placements(tile))
        spots = game.follower_spots(placement)
        spot = self.rng.choice(spots) if spots and self.rng.random() < 0.4 else None
        return placement.with_follower(spot)


def levels() -> dict[str, str]:
    """Level name -> one-line description, for the levels a person may pick."""
    try:
        from ..ai import LEVELS  # type: ignore[import-not-found]
        found = {name: str(getattr(v, "description", v)) for name, v in LEVELS.items()
                 if name in FALLBACK_LEVELS}
        return found or dict(FALLBACK_LEVELS)
    except Exception:  # noqa: BLE001 - any failure in an optional module means: fall back
        return dict(FALLBACK_LEVELS)


def make_bot(level: str, seed: int | None) -> Bot:
    try:
        from ..ai import get_bot  # type: ignore[import-not-found]
        return get_bot(level, seed)
    except Exception:  # noqa: BLE001
        return RandomBot(seed)


class Thinker:
    """One worker thread that asks bots for moves on copies of the game."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")

    def ask(self, bot: Bot, game: Game) -> "Future[Move]":
        snapshot = game.copy()  # the bot may push/pop freely; the real game is never touched
        return self._pool.submit(bot.choose, snapshot)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
