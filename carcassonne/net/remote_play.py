"""``carcassonne simulate --server URL``: the same games as a local ``simulate``, played
through a server, each seat a separate network client.

``--server URL1,URL2,...`` names the nodes of one server (nodes sharing a Redis): seat
``i`` of game ``g`` connects to node ``(g + i) mod n`` (the game is created on node
``g mod n``), so every game has players on several nodes, and a seat whose connection
drops comes back through the next node in the list.

Game ``i`` is created with the deal a local run uses (``seed + i``; the server must
allow seeds) and the same seats in the same order, every seat a person's with its own
token; each seat's client then takes its seat with its own connection and token, and its
bot, seeded as locally, chooses from the client's copy of the game: what that seat was
sent, never the bag. So the scores, the wins and the turns of the records are those of
the local run.

A server that goes away is waited for, at every step: a game whose ``created`` never
came is created again, a seat comes back with its token (:meth:`Connection.reconnect`),
a move the server could not store is sent again. Each game is handed back the moment it
ends (``on_result``: its record is written then, not at the end of the run). Every wait
has a deadline and every message is checked, so a broken or hostile server ends the run
with one line (:class:`NetError`), never a traceback or a hang.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from ..ai import Bot
from ..engine import COLORS, Decision, Game, Move, RecordError, Rules, Turn
from ..engine.record import read_figure
from . import client
from .client import Connection, NetError
from .protocol import play_message

__all__ = ["NetError", "play_games", "run"]

#: One game's index, seat order, scores, turns and timing per listed bot (as ``simulate``'s).
Result = tuple[int, list[int], list[int], list[Turn], list[tuple[int, float, float, float, float]]]
#: ``simulate.seating``: a game's seat order, names and bots, from the levels, game, seed, budget.
Seating = Callable[[list[str], int, int, "float | None"], tuple[list[int], list[str], list[Bot]]]
#: Seconds a seat waits for anything from the server while its game is under way (every
#: player is a computer here: a table silent this long has stopped).
TURN_WITHIN = 120.0
#: Seconds of silence after which a seat comes back to its game (rejoins it): a game that
#: moved to another node while Redis was away, its news lost on the way, is sent whole again.
QUIET = 15.0
#: A move refused this many times in a row (the server cannot store it, or disagrees) ends the run.
MOVE_TRIES = 60
#: What a dropped connection or a server starting again looks like from here.
GONE = ("closed", "unreachable")


async def _seat_client(conn: Connection, seat: int, bot: Bot, timing: list[float]) -> None:
    """Play one seat to the end of its game: think when the copy says it is this seat's turn.

    ``timing`` gathers (moves, seconds, slowest, processor seconds, most processor seconds)."""
    table = conn.table
    asked: int | None = None
    refused = 0
    heard = time.monotonic()
    while not table.finished:
        game = table.game
        if game is not None and table.current == seat and asked != game.turn_number:
            asked = game.turn_number
            start = time.perf_counter()
            move, cpu = await asyncio.to_thread(_think, bot, game.copy())
            _tally(timing, time.perf_counter() - start, cpu)
            try:
                await conn.send(play_message(move, asked, held=game.holds_tiles))
            except NetError:
                await conn.reconnect()
                asked = None
                continue
        try:
            message = await conn.receive(within=max(0.05, min(QUIET, heard + TURN_WITHIN - time.monotonic())))
        except NetError as exc:
            quiet = exc.code == "no-answer" and time.monotonic() - heard < TURN_WITHIN
            if exc.code == "no-answer" and not quiet:
                raise NetError(f"the server sent nothing for {TURN_WITHIN:.0f} s", "no-answer") from None
            if exc.code not in GONE and not quiet:
                raise
            await conn.reconnect()
            asked = None
            continue
        heard = time.monotonic()
        if message["type"] in ("turn", "state"):
            refused = 0
        elif message["type"] == "error" and asked is not None and table.current == seat:
            # not played (stale, or not stored: the server said so and changed nothing): again
            refused += 1
            if refused >= MOVE_TRIES:
                raise NetError(f"the server refused this seat's move {refused} times: "
                               f"{message.get('message') or message['code']}", message["code"])
            await asyncio.sleep(min(2.0, 0.05 * refused))
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


async def _create(urls: list[str], tiles: Any, plans: list[dict[str, Any]], rules: Rules, seed: int,
                  name: str) -> tuple[str, list[str]]:
    """Create the game (every seat a person's, so each seat's token comes back here) on the
    first node; a server that goes away meanwhile is waited for and asked again (the next
    node, with several). Returns the game's id and each seat's token."""
    deadline = time.monotonic() + client.RECONNECT_FOR
    delay = 0.2
    tries = 0
    while True:
        creator = Connection(urls[tries % len(urls)], tiles)
        tries += 1
        try:
            await creator.open()
            created = await creator.create(plans, rules=rules.to_record(), seed=seed, name=name)
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            if sorted(tokens) != list(range(len(plans))):
                raise NetError("the server did not give a token for every seat", "bad-server")
            return created["game"], [tokens[s] for s in range(len(plans))]
        except NetError as exc:
            if exc.code not in (*GONE, "storage") or time.monotonic() + delay > deadline:
                raise
        finally:
            await creator.close()
        await asyncio.sleep(delay)
        delay = min(2.0, delay * 2)


def nodes_of(url: str) -> list[str]:
    """The nodes ``--server`` names (one URL, or several separated by commas)."""
    return [u.strip() for u in url.split(",") if u.strip()]


def _turned(urls: list[str], first: int) -> list[str]:
    """The nodes in their order, starting from ``first``."""
    return [urls[(first + i) % len(urls)] for i in range(len(urls))]


async def play_game(url: str, rules: Rules, levels: list[str], game_index: int, seed: int,
                    budget: float | None, seating: Seating) -> Result:
    """One game through the server; returns what a local game returns (see ``simulate``)."""
    from ..tileset import standard_tiles

    tiles = standard_tiles()
    urls = nodes_of(url)
    k = len(levels)
    order, names, bots = seating(levels, game_index, seed, budget)
    plans = [{"kind": "human", "color": COLORS[s], "name": names[s]} for s in range(k)]
    game_id, tokens = await _create(_turned(urls, game_index), tiles, plans, rules, seed + game_index,
                                    f"simulate {game_index + 1}")
    conns = []
    for seat in range(k):
        nodes = _turned(urls, game_index + seat)
        conns.append(Connection(nodes[0], tiles, others=nodes[1:]))
    try:
        for conn, token in zip(conns, tokens, strict=True):
            conn.game_id, conn.tokens = game_id, [token]
            await conn.reconnect(move_on=False)  # (the first time too: it waits for a server starting again)
        timings: list[list[float]] = [[0, 0.0, 0.0, 0.0, 0.0] for _ in range(k)]
        await asyncio.gather(*(_seat_client(conns[s], s, bots[s], timings[s]) for s in range(k)))
        game = conns[0].table.game
        assert game is not None
        return game_result(game_index, order, game, timings, len(levels))
    finally:
        for conn in conns:
            await conn.close()


def game_result(game_index: int, order: list[int], game: Game, timings: list[list[float]], levels: int) -> Result:
    """A finished game's result: its scores and turns, and each level's move times summed over
    the seats it played (moves, time, slowest, and the same for its decisions)."""
    by_level: list[list[float]] = [[0, 0.0, 0.0, 0.0, 0.0] for _ in range(levels)]
    for s, b in enumerate(order):
        t, mine = by_level[b], timings[s]
        t[0] += mine[0]
        t[1] += mine[1]
        t[2] = max(t[2], mine[2])
        t[3] += mine[3]
        t[4] = max(t[4], mine[4])
    return (game_index, order, list(game.scores), list(game.history),
            [(int(a), b, c, d, e) for a, b, c, d, e in by_level])


async def play_games(url: str, rules: Rules, levels: list[str], games: int, seed: int,
                     budget: float | None, jobs: int, seating: Seating,
                     on_result: Callable[[Result], None] | None = None) -> list[Result]:
    """``games`` games, ``jobs`` at a time, in the order of their index; ``on_result`` is
    called with each game as soon as it ends."""
    limit = asyncio.Semaphore(max(1, jobs))

    async def one(i: int) -> Result:
        async with limit:
            result = await play_game(url, rules, levels, i, seed, budget, seating)
        if on_result is not None:
            on_result(result)
        return result

    return list(await asyncio.gather(*(one(i) for i in range(games))))


def run(url: str, rules: Rules, levels: list[str], games: int, seed: int, budget: float | None,
        jobs: int, seating: Seating, on_result: Callable[[Result], None] | None = None) -> list[Result]:
    return asyncio.run(play_games(url, rules, levels, games, seed, budget, jobs, seating, on_result))
