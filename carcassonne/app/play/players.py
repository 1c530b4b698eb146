"""Computer players for AI seats, run in a worker thread so the frame loop never waits."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ...ai import LEVELS, Bot, get_bot
from ...engine import Decision, Game, Move

#: Levels a person can pick for a seat (``random`` is for tests and simulations).
PLAYABLE = ("easy", "normal", "hard", "expert")


def levels() -> dict[str, str]:
    """Level name -> one-line description, for the levels a person may pick."""
    return {name: LEVELS[name].description for name in PLAYABLE}


def make_bot(level: str, seed: int | None) -> Bot:
    """The computer player for a seat; ValueError names the levels if ``level`` is unknown."""
    return get_bot(level, seed)


class Thinker:
    """One worker thread that asks bots for moves on copies of the game."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")

    def ask(self, bot: Bot, game: Game) -> Future[Move]:
        snapshot = game.copy()  # the bot may push/pop freely; the real game is never touched
        return self._pool.submit(bot.choose, snapshot)

    def decide(self, bot: Bot, game: Game, move: Move, decision: Decision) -> Future[Any]:
        """``bot``'s answer to ``decision``, asked during ``move`` (perhaps another player's turn)."""
        snapshot = game.copy()
        return self._pool.submit(bot.decide, snapshot, move, decision)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
