"""The names, rated games and ratings of a server of several nodes, kept in their Redis.

The same :class:`~.ratings_store.RatingsStore` as the SQLite one, so one process and a
cluster rate the same games the same way. Keys (after ``carcassonne:``): ``account:<name
folded>`` (the name and its key's hash, set once: ``SET NX``), ``rated:<game>`` (a rated
game's accounts by seat, ``_`` marks it rated), ``rating:<name folded>`` (mu, sigma, ordinal,
games), ``ratings`` (a sorted set, the ordinal negated: best first, equal ordinals by name),
``history:<name folded>`` (the newest rated games first) and ``rated-done`` (the games rated).

A result is applied in one transaction that watches the players' ratings and ``rated-done``:
two nodes finishing games with a player in common at the same moment each apply theirs on
the ratings the other left, and a game told twice is rated once.
"""

from __future__ import annotations

import json
from typing import Any

from redis.exceptions import WatchError

from .ratings import Before, Standing, first_rating, places
from .ratings_store import HISTORY_KEPT, Rate, history_entry
from .shared_store import PREFIX, Shared


def _key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


BOARD = _key("ratings")
DONE = _key("rated-done")


class SharedRatings:
    """The ratings in the Redis the nodes share."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared

    @property
    def redis(self) -> Any:
        return self.shared.redis

    async def register(self, folded: str, name: str, key_hash: str, now: float) -> bool:
        value = json.dumps({"name": name, "key": key_hash, "created": now})
        return bool(await self.shared.call(lambda: self.redis.set(_key("account", folded), value, nx=True)))

    async def account(self, folded: str) -> tuple[str, str] | None:
        raw = await self.shared.call(lambda: self.redis.get(_key("account", folded)))
        if raw is None:
            return None
        data = json.loads(raw)
        return str(data["name"]), str(data["key"])

    async def open_table(self, game: str, seats: dict[int, str]) -> None:
        mapping = {"_": "1", **{str(seat): folded for seat, folded in seats.items()}}
        await self.shared.call(lambda: self.redis.hset(_key("rated", game), mapping=mapping))

    async def seat(self, game: str, seat: int, folded: str) -> None:
        await self.shared.call(lambda: self.redis.hset(_key("rated", game), str(seat), folded))

    async def table(self, game: str) -> dict[int, str] | None:
        raw = await self.shared.call(lambda: self.redis.hgetall(_key("rated", game)))
        if not raw:
            return None
        return {int(seat): str(folded) for seat, folded in raw.items() if seat != "_"}

    async def record(self, game: str, seats: list[str], scores: list[int], now: float, rate: Rate) -> bool:
        keys = [_key("rating", folded) for folded in seats]

        async def work() -> bool:
            async with self.redis.pipeline(transaction=True) as pipe:
                while True:
                    try:
                        await pipe.watch(DONE, *keys)
                        if await pipe.sismember(DONE, game):
                            return False
                        kept = [await pipe.hgetall(key) for key in keys]
                        before: list[Before] = [(float(k["mu"]), float(k["sigma"])) if k else None for k in kept]
                        after = rate(before, scores)
                        placed = places(scores)
                        pipe.multi()
                        for seat, (folded, key, k, new) in enumerate(zip(seats, keys, kept, after)):
                            games = 1 + (int(k["games"]) if k else 0)
                            old = float(k["ordinal"]) if k else first_rating()[2]
                            pipe.hset(key, mapping={"mu": repr(new[0]), "sigma": repr(new[1]),
                                                    "ordinal": repr(new[2]), "games": str(games)})
                            pipe.zadd(BOARD, {folded: -new[2]})
                            entry = history_entry(game, now, seat, placed[seat], scores, old, new)
                            pipe.lpush(_key("history", folded), json.dumps(entry))
                            pipe.ltrim(_key("history", folded), 0, HISTORY_KEPT - 1)
                        pipe.sadd(DONE, game)
                        await pipe.execute()
                        return True
                    except WatchError:
                        continue
        return bool(await self.shared.call(work))

    async def leaderboard(self, first: int, count: int) -> tuple[int, list[Standing]]:
        return await standings(self.shared, first, count)

    async def history(self, folded: str, count: int) -> list[dict[str, Any]]:
        raw = await self.shared.call(lambda: self.redis.lrange(_key("history", folded), 0,
                                                               min(count, HISTORY_KEPT) - 1))
        return [json.loads(entry) for entry in raw]

    async def close(self) -> None:
        """(The connection is the node's: the cluster closes it.)"""


async def standings(shared: Shared, first: int, count: int) -> tuple[int, list[Standing]]:
    """How many players are rated and ``count`` of them from place ``first`` (-1: all)."""
    redis = shared.redis
    last = -1 if count < 0 else first + count - 1

    async def read() -> tuple[int, list[Any]]:
        total = int(await redis.zcard(BOARD))
        members = await redis.zrange(BOARD, first, last)
        rows = []
        for folded in members:
            async with redis.pipeline(transaction=False) as pipe:
                pipe.hgetall(_key("rating", folded))
                pipe.get(_key("account", folded))
                rating, account = await pipe.execute()
            rows.append((folded, rating, account))
        return total, rows

    total, rows = await shared.call(read)
    found = []
    for folded, rating, account in rows:
        if not rating:
            continue
        name = json.loads(account)["name"] if account else folded
        found.append(Standing(str(name), int(rating["games"]), float(rating["mu"]), float(rating["sigma"]),
                              float(rating["ordinal"])))
    return total, found


async def read_history(url: str, folded: str) -> tuple[str, list[dict[str, Any]]] | None:
    """A player's name as registered and rated games, the newest first (None: no such name)."""
    shared = Shared(url)
    try:
        ratings = SharedRatings(shared)
        found = await ratings.account(folded)
        return None if found is None else (found[0], await ratings.history(folded, HISTORY_KEPT))
    finally:
        await shared.close()


async def read_standings(url: str) -> list[Standing]:
    """Every rated player of the server whose nodes share the Redis at ``url``, best first."""
    shared = Shared(url)
    try:
        return (await standings(shared, 0, -1))[1]
    finally:
        await shared.close()

