"""``carcassonne simulate --server URL --rated``: rated games between computer players, one
after another, each computer under a name of its own on the server.

Each listed bot is a player with a name (the name its game records carry: ``normal``, or
``normal 2`` when a level is listed twice), registered on the server the first time and
kept with its key under that server (``computer-names.json`` beside the settings,
:mod:`.keyring`), so a later run plays on under the same names. Game ``i`` is created by its first seat's player (signed
in, ``rated``, the other seats open) with the deal a local run uses; every other seat's
player signs in and joins at its seat; then each plays as in ``simulate --server``
(:mod:`.remote_play`). The games go one after another: each is rated before the next.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..engine import COLORS, Rules
from .accounts import new_key
from .client import Connection, NetError
from .keyring import ServerName, find, keep
from .remote_play import Result, Seating, _seat_client, _turned, game_result, nodes_of

#: The turn timer of the rated games played (seconds): a computer answers well within it.
TURN_SECONDS = 600


async def _signed_in(conn: Connection, names: dict[str, list[ServerName]], name: str) -> None:
    """Open and sign in as ``name`` (registered now, with a new key, the first time)."""
    await conn.open()
    kept = find(names, conn.url, name)
    if kept is not None:
        try:
            await conn.sign_in(kept.name, kept.key)
            return
        except NetError as exc:
            if exc.code != "bad-key":
                raise
            # (a server started afresh at the same address: the name is registered again)
    key = new_key()
    signed = await conn.sign_in(name, key, register=True)
    keep(names, conn.url, ServerName(signed, key), first=False)


async def play_rated_game(url: str, rules: Rules, levels: list[str], game_index: int, seed: int,
                          budget: float | None, seating: Seating, names: dict[str, list[ServerName]]) -> Result:
    """One rated game through the server; returns what a local game returns (see ``simulate``)."""
    from ..tileset import standard_tiles

    tiles = standard_tiles()
    urls = nodes_of(url)
    k = len(levels)
    order, seat_names, bots = seating(levels, game_index, seed, budget)
    conns = []
    for seat in range(k):
        nodes = _turned(urls, game_index + seat)
        conns.append(Connection(nodes[0], tiles, others=nodes[1:]))
    try:
        for seat, conn in enumerate(conns):
            await _signed_in(conn, names, seat_names[seat])
        plans: list[dict[str, Any]] = [{"kind": "human" if s == 0 else "open", "color": COLORS[s]}
                                       for s in range(k)]
        await conns[0].create(plans, rules=rules.to_record(), seed=seed + game_index, rated=True,
                              name=f"rated {game_index + 1}", turn_seconds=TURN_SECONDS)
        for seat in range(1, k):
            await conns[seat].join(conns[0].code, seat, seat_names[seat], COLORS[seat])
        timings: list[list[float]] = [[0, 0.0, 0.0, 0.0, 0.0] for _ in range(k)]
        await asyncio.gather(*(_seat_client(conns[s], s, bots[s], timings[s]) for s in range(k)))
        game = conns[0].table.game
        if game is None or not conns[0].table.rated:
            raise NetError("the server did not play the game as a rated game", "bad-server")
        return game_result(game_index, order, game, timings, len(levels))
    finally:
        for conn in conns:
            await conn.close()


async def play_rated_games(url: str, rules: Rules, levels: list[str], games: int, seed: int,
                           budget: float | None, seating: Seating, names: dict[str, list[ServerName]],
                           on_result: Callable[[Result], None] | None = None) -> list[Result]:
    """``games`` rated games, one after another (``names``: the kept names, added to)."""
    results = []
    for i in range(games):
        result = await play_rated_game(url, rules, levels, i, seed, budget, seating, names)
        if on_result is not None:
            on_result(result)
        results.append(result)
    return results


def run_rated(url: str, rules: Rules, levels: list[str], games: int, seed: int, budget: float | None,
              seating: Seating, names: dict[str, list[ServerName]],
              on_result: Callable[[Result], None] | None = None) -> list[Result]:
    return asyncio.run(play_rated_games(url, rules, levels, games, seed, budget, seating, names, on_result))
