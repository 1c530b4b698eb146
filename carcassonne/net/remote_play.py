"""``carcassonne simulate --server URL``: the same games as a local ``simulate``, played
through a server, each seat a separate network client.

Game ``i`` is created with the deal a local run uses (``seed + i``; the server must
allow seeds) and the same seats in the same order; each seat's client joins with its
own connection and token, and its bot, seeded as locally, chooses from the client's
copy of the game: what that seat was sent, never the bag. So the scores, the wins and
the turns of the records are those of the local run. A client whose connection drops
comes back to its seat (:meth:`Connection.reconnect`) and goes on.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from ..ai import Bot
from ..engine import COLORS, Decision, Game, Move, RecordError, Rules, Turn
from ..engine.record import read_figure
from .client import Connection, NetError
from .protocol import play_message

__all__ = ["NetError", "play_games", "run"]

#: One game's index, seat order, scores, turns and timing per listed bot (as ``simulate``'s).
Result = tuple[int, list[int], list[int], list[Turn], list[tuple[int, float, float, float, float]]]
#: ``simulate.seating``: a game's seat order, names and bots, from the levels, game, seed, budget.
Seating = Callable[[list[str], int, int, "float | None"], tuple[list[int], list[str], list[Bot]]]


async def _seat_client(conn: Connection, seat: int, bot: Bot, timing: list[float]) -> None:
    """Play one seat to the end of its game: think when the copy says it is this seat's turn.

    ``timing`` gathers (moves, seconds, slowest, processor seconds, most processor seconds)."""
    table = conn.table
    asked: int | None = None
    while not table.finished:
        game = table.game
        if game is not None and table.current == seat and asked != game.turn_number:
            asked = game.turn_number
            start = time.perf_counter()
            move, cpu = await asyncio.to_thread(_think, bot, game.copy())
            _tally(timing, time.perf_counter() - start, cpu)
            try:
                await conn.send(play_message(move, asked))
            except NetError:
                await conn.reconnect()
                asked = None
                continue
        try:
            message = await conn.receive()
        except NetError:
            await conn.reconnect()
            asked = None
            continue
        if message.get("type") == "error" and message.get("code") == "stale-turn":
            asked = None
        decision = _asked_of(table, seat)
        if decision is not None and game is not None:  # the move in progress asks this seat
            move, asked_now = decision
            choice = await asyncio.to_thread(bot.decide, game.copy(), move, asked_now)
            try:
                await conn.send({"type": "decide", "choice": list(choice)})
            except NetError:
                await conn.reconnect()
                asked = None


def _asked_of(table: Any, seat: int) -> tuple[Move, Decision] | None:
    """The move in progress and the decision it asks of ``seat``, from what the server showed."""
    pending = getattr(table, "pending", None)
    tile = getattr(table, "tile", None)
    if not isinstance(pending, dict) or tile is None or not isinstance(pending.get("decision"), dict):
        return None
    asked = pending["decision"]
    if asked.get("player") != seat:
        return None
    try:
        figure = read_figure("pending", pending["figure"]) if pending.get("figure") else None
        decisions = tuple(tuple(d) for d in pending.get("decisions", []))
        move = Move(tile, pending["x"], pending["y"], pending["rotation"], figure, decisions)
        options = tuple(tuple(o) for o in asked["options"])
        return move, Decision(seat, str(asked["kind"]), options, len(decisions))
    except (KeyError, TypeError, RecordError):
        return None


def _think(bot: Bot, game: Game) -> tuple[Move, float]:
    """The bot's move and the processor time of its thread (the bot may push and pop freely
    on its copy; the table's copy stays as the server sent it)."""
    start = time.thread_time()
    move = bot.choose(game)
    return move, time.thread_time() - start


def _tally(timing: list[float], seconds: float, cpu: float) -> None:
    timing[0] += 1
    timing[1] += seconds
    timing[2] = max(timing[2], seconds)
    timing[3] += cpu
    timing[4] = max(timing[4], cpu)


async def play_game(url: str, rules: Rules, levels: list[str], game_index: int, seed: int,
                    budget: float | None, seating: Seating) -> Result:
    """One game through the server; returns what a local game returns (see ``simulate``)."""
    from ..tileset import standard_tiles

    tiles = standard_tiles()
    k = len(levels)
    order, names, bots = seating(levels, game_index, seed, budget)
    conns = [Connection(url, tiles) for _ in range(k)]
    try:
        for conn in conns:
            await conn.open()
        plans = [{"kind": "human" if s == 0 else "open", "color": COLORS[s], "name": names[s]} for s in range(k)]
        await conns[0].create(plans, rules=rules.to_record(), seed=seed + game_index,
                              name=f"simulate {game_index + 1}")
        for s in range(1, k):
            await conns[s].join(conns[0].code, s, names[s], COLORS[s])
        timings: list[list[float]] = [[0, 0.0, 0.0, 0.0, 0.0] for _ in range(k)]
        await asyncio.gather(*(_seat_client(conns[s], s, bots[s], timings[s]) for s in range(k)))
        game = conns[0].table.game
        assert game is not None
        by_level: list[list[float]] = [[0, 0.0, 0.0, 0.0, 0.0] for _ in levels]
        for s, b in enumerate(order):
            t, mine = by_level[b], timings[s]
            t[0] += mine[0]
            t[1] += mine[1]
            t[2] = max(t[2], mine[2])
            t[3] += mine[3]
            t[4] = max(t[4], mine[4])
        return (game_index, order, list(game.scores), list(game.history),
                [(int(a), b, c, d, e) for a, b, c, d, e in by_level])
    finally:
        for conn in conns:
            await conn.close()


async def play_games(url: str, rules: Rules, levels: list[str], games: int, seed: int,
                     budget: float | None, jobs: int, seating: Seating) -> list[Result]:
    """``games`` games, ``jobs`` at a time, in the order of their index."""
    limit = asyncio.Semaphore(max(1, jobs))

    async def one(i: int) -> Result:
        async with limit:
            return await play_game(url, rules, levels, i, seed, budget, seating)

    return list(await asyncio.gather(*(one(i) for i in range(games))))


def run(url: str, rules: Rules, levels: list[str], games: int, seed: int, budget: float | None,
        jobs: int, seating: Seating) -> list[Result]:
    return asyncio.run(play_games(url, rules, levels, games, seed, budget, jobs, seating))
