"""What the nodes of one server share, kept in Redis: the lobby, every game's moves and
chat, the limits' counts, which node owns which game, and the nodes' inboxes.

Every key this module writes and every command it sends are here, so the rest of the
server knows Redis only as a :class:`~.store.GameStore` (:class:`SharedStore`), the
limits' :class:`~.limits.Counts` (:class:`SharedCounts`) and the few calls a node makes
(:mod:`.cluster`). The client is redis-py's asyncio API, an optional dependency
(``carcassonne[server]``): nothing in the game itself imports this module.

**Ownership.** Each node holds a lease, ``node:<id>``, with a deadline it renews
(:data:`LEASE_MS`); each game under way names its owner in ``owner:<game>``. A game is a
node's while that node's lease lives: every write of a game's steps is a script that checks
both first (a node that lost its lease, or whose game another took over, writes nothing),
and a node takes a game over only from a node whose lease has lapsed (:meth:`Nodes.claim`).
So a killed node's games are free again within :data:`LEASE_MS`, and never two owners write.

**Storing before telling.** A turn is appended to ``turns:<game>`` by a script that checks
the number of turns already kept: the same turns sent again (an answer lost when Redis went
away) are taken as stored, different ones are a conflict (:class:`~.store.StoreConflict`).
Redis with its append-only file (``appendfsync always``) keeps what it acknowledged.

**Redis going away.** A command that finds no Redis is tried again for a moment
(:data:`RETRY_FOR`); then the step is refused as not stored (``storage``) and the player
sends it again. The first failure of an outage is logged in one line, and so is the return.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from ..engine import CarcassonneError, Rules, TileSet
from ..engine.record import GameRecord, Seat
from .hands import stored_turns
from .protocol import ProtocolError
from .room import CHATS_KEPT, Room, SeatInfo, chat_of
from .store import StoreConflict, StoreError, StoreUnavailable

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Every key starts with this: one Redis database may hold other things beside.
PREFIX = "carcassonne:"
#: A node's lease: gone this long after its last renewal (a killed node's games are free then).
LEASE_MS = 2000
#: How often a node renews its lease: eight renewals fit in one lease, so a live node loses it
#: only if it stands still for 1.75 s (none did under 1,500 games and a node killed among them).
RENEW_EVERY = 0.25
#: Seconds a command is tried again while Redis cannot be reached (a restart takes about one).
RETRY_FOR = 2.0
#: Entries an inbox keeps at most (a node reads its own within milliseconds).
INBOX_KEPT = 100_000
#: Games anyone may watch read for one list at most, oldest first (ten pages of the list).
WATCHABLE_READ = 200
#: Connections a node opens to Redis for its games at most. More commands at once wait for
#: one of them (redis-py's own pool refused a command beyond 100, "Too many connections",
#: taken for Redis gone: moves refused, the lease lost under a burst of players coming back).
#: Many, as Redis writes its append-only file once for all the commands it read together:
#: a burst (a dead node's players coming back) is served faster with more of them in flight.
POOL_SIZE = 256
#: Seconds a command waits for one of those connections before Redis is taken for away.
POOL_WAIT = 5.0
#: Redis's own errors that mean "not now" rather than "never": its connection, its start.
GONE = (RedisConnectionError, RedisTimeoutError, OSError)


def _key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


# ------------------------------------------------------------------ scripts
# Each script's first check is the fence: this node's lease lives (-1: it lapsed, and the node
# renews it before it writes again) and the game is its own (-3: another node took it over).
_FENCE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local owner = redis.call('GET', KEYS[2])
if owner ~= ARGV[1] then return -3 end
"""
# KEYS: node, owner, game, code, owned, waiting, lobby, watchable; ARGV: node, game, code, info, seats, listing,
# open, created, clock (when the turn in progress began: a correspondence game's timer survives a takeover),
# watchable (its host lets anyone watch: '1')
_ADD = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local owner = redis.call('GET', KEYS[2])
if owner and owner ~= ARGV[1] then return -3 end
local held = redis.call('GET', KEYS[4])
if held and held ~= ARGV[2] then return -2 end
redis.call('SET', KEYS[4], ARGV[2])
redis.call('HSET', KEYS[3], 'info', ARGV[4], 'seats', ARGV[5], 'listing', ARGV[6], 'finished', '0',
           'clock', ARGV[9])
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[5], ARGV[2])
if ARGV[7] == '1' then redis.call('ZADD', KEYS[6], ARGV[8], ARGV[2]) end
if ARGV[10] == '1' then redis.call('ZADD', KEYS[8], ARGV[8], ARGV[2]) end
redis.call('INCR', KEYS[7])
return 1
"""
# KEYS: node, owner, game, waiting, lobby; ARGV: node, game, seats, listing, open, created, clock
_SEATS = _FENCE + """
redis.call('HSET', KEYS[3], 'seats', ARGV[3], 'listing', ARGV[4], 'clock', ARGV[7])
if ARGV[5] == '1' then redis.call('ZADD', KEYS[4], ARGV[6], ARGV[2]) else redis.call('ZREM', KEYS[4], ARGV[2]) end
redis.call('INCR', KEYS[5])
return 1
"""
# KEYS: node, owner, turns, game; ARGV: node, since, finished, clock (when the next turn began), turn...
_TURNS = _FENCE + """
local since = tonumber(ARGV[2])
local count = #ARGV - 4
local have = redis.call('LLEN', KEYS[3])
if have == since then
  for i = 5, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
elseif have == since + count then
  local kept = redis.call('LRANGE', KEYS[3], since, since + count - 1)
  for i = 1, count do if kept[i] ~= ARGV[i + 4] then return -2 end end
else
  return -2
end
if ARGV[3] == '1' then redis.call('HSET', KEYS[4], 'finished', '1') end
redis.call('HSET', KEYS[4], 'clock', ARGV[4])
return 1
"""
# KEYS: node, owner, chat; ARGV: node, line, kept
_CHAT = _FENCE + """
if redis.call('LINDEX', KEYS[3], -1) ~= ARGV[2] then
  redis.call('RPUSH', KEYS[3], ARGV[2])
  redis.call('LTRIM', KEYS[3], -tonumber(ARGV[3]), -1)
end
return 1
"""
# KEYS: node, owner, game, turns, chat, code, waiting, lobby, owned, watchable, watcher chat; ARGV: node, game
_REMOVE = _FENCE + """
redis.call('DEL', KEYS[3], KEYS[4], KEYS[5], KEYS[11], KEYS[2])
if redis.call('GET', KEYS[6]) == ARGV[2] then redis.call('DEL', KEYS[6]) end
redis.call('ZREM', KEYS[7], ARGV[2])
redis.call('ZREM', KEYS[10], ARGV[2])
redis.call('SREM', KEYS[9], ARGV[2])
redis.call('INCR', KEYS[8])
return 1
"""
# KEYS: owner, my node, my owned; ARGV: node, game, prefix. The owner (this node, or a live
# other node), or nothing when this node's own lease has lapsed.
_CLAIM = """
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then return owner end
if owner and redis.call('EXISTS', ARGV[3] .. 'node:' .. owner) == 1 then return owner end
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
if owner then redis.call('SREM', ARGV[3] .. 'owned:' .. owner, ARGV[2]) end
return ARGV[1]
"""
# KEYS: owner, owned; ARGV: node, game
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('SREM', KEYS[2], ARGV[2])
return 1
"""
# KEYS: node, nodes; ARGV: node, lease ms, now. Whether the lease was still there.
_RENEW = """
local had = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return had
"""


class Health:
    """Whether Redis answers. An outage is logged once, when it has lasted :data:`GRACE`
    seconds (a pooled connection that Redis closed fails once and is opened again: no
    outage), and once when it ends."""

    GRACE = 0.25

    def __init__(self, url: str) -> None:
        self.url = url
        self.down_since: float | None = None
        self.logged = False
        #: Seconds of each Redis round trip (set by the server's meters when it has them).
        self.observe: Callable[[float], None] = lambda seconds: None

    def failed(self, exc: BaseException) -> None:
        now = time.monotonic()
        if self.down_since is None:
            self.down_since = now
        elif not self.logged and now - self.down_since >= self.GRACE:
            self.logged = True
            log.warning("Redis at %s cannot be reached (%s): retrying", self.url, _reason(exc))

    def ok(self) -> None:
        if self.down_since is not None:
            if self.logged:
                log.warning("Redis at %s is back after %.1f s", self.url, time.monotonic() - self.down_since)
            self.down_since, self.logged = None, False

    @property
    def up(self) -> bool:
        return not self.logged


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


def connect(url: str, timeout: float | None = 5.0, connections: int = POOL_SIZE, name: str | None = None) -> Redis:
    """A client of the Redis at ``url`` that never retries by itself: the server decides what
    may be sent again (its scripts may, an inbox entry may not). At most ``connections`` at
    once; a command beyond them waits for one (:data:`POOL_WAIT`). Each connection is given
    ``name`` (``CLIENT SETNAME``, again on every reconnection)."""
    try:
        pool = BlockingConnectionPool.from_url(
            url, max_connections=connections, timeout=POOL_WAIT, decode_responses=True, socket_timeout=timeout,
            socket_connect_timeout=2.0, retry=Retry(NoBackoff(), 0), retry_on_error=[], health_check_interval=0,
            client_name=name)
    except ValueError as exc:
        raise StoreError(f"--redis {url}: {exc}") from None
    client = Redis(connection_pool=pool)
    client.auto_close_connection_pool = True  # (closed with the client)
    return client


def connection_name(node: str) -> str:
    """The name each of ``node``'s Redis connections carries (``CLIENT LIST`` shows them), in
    the letters a connection's name may hold."""
    return "carcassonne-node-" + "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_.:") else "_"
                                         for ch in node)


class Shared:
    """One node's connection to the shared Redis: every command goes through :meth:`call`."""

    def __init__(self, url: str, node: str | None = None) -> None:
        """(Nothing is sent yet: the first command connects.)"""
        self.url = url
        self.node = node or secrets.token_hex(6)
        self.health = Health(url)
        #: Whether this node's connections carry its name (:meth:`name_connections`).
        self.named = False
        self._connect(None)

    def _connect(self, name: str | None) -> None:
        url = self.url
        #: (redis-py's answers are typed loosely: each is read and checked where it is used.)
        self.redis: Any = connect(url, name=name)
        #: The inbox is read with a blocking read: a client of its own, with a longer timeout.
        #: (Always open while the node lives: what tells the others a killed node is gone.)
        self.reader: Any = connect(url, timeout=10.0, connections=1, name=name)
        #: The lease is renewed, and the other nodes' looked at, on a connection of their own:
        #: never behind the games' commands, however many wait (a live node keeps its lease).
        self.lease: Any = connect(url, connections=2, name=name)
        self._scripts = {script: self.redis.register_script(text) for script, text in (
            ("add", _ADD), ("seats", _SEATS), ("turns", _TURNS), ("chat", _CHAT), ("remove", _REMOVE),
            ("claim", _CLAIM), ("release", _RELEASE))}
        self._scripts["renew"] = self.lease.register_script(_RENEW)

    async def name_connections(self) -> bool:
        """Give this node's connections its name (:func:`connection_name`) when Redis lets a
        client name itself and list the others (an ACL may refuse ``CLIENT``): the other nodes
        then see at once when this node's process is gone. Before any other command; False
        (the connections left unnamed) when refused; StoreUnavailable when Redis is away."""
        name = connection_name(self.node)
        probe = connect(self.url, connections=1)

        try:
            await probe.client_setname(name)
            await probe.client_list(_type="pubsub")  # (the kind of client no node is: a short answer)
        except GONE as exc:
            raise StoreUnavailable(f"Redis cannot be reached: {_reason(exc)}") from None
        except RedisError:
            return False
        finally:
            try:
                await probe.aclose()
            except (RedisError, OSError):
                pass
        await self.close()
        self._connect(name)
        self.named = True
        return True

    async def call(self, work: Callable[[], Awaitable[T]], again: bool = True) -> T:
        """Run ``work`` (one or a few Redis commands). Redis not answering: tried again for
        :data:`RETRY_FOR` seconds when ``again`` (the work may be sent twice), then
        :class:`StoreUnavailable`; a command Redis refuses (out of memory...) likewise."""
        deadline = time.monotonic() + RETRY_FOR
        while True:
            started = time.perf_counter()
            try:
                result = await work()
            except GONE as exc:
                self.health.failed(exc)
                if not again or time.monotonic() >= deadline:
                    raise StoreUnavailable(f"Redis cannot be reached: {_reason(exc)}") from None
                await asyncio.sleep(0.1)
                continue
            except RedisError as exc:
                raise StoreUnavailable(f"Redis refused: {_reason(exc)}") from None
            self.health.ok()
            self.health.observe(time.perf_counter() - started)
            return result

    async def script(self, name: str, keys: list[str], args: list[Any]) -> Any:
        """One of the scripts above (each may be sent twice: they check what is stored)."""
        script = self._scripts[name]
        return await self.call(lambda: script(keys=keys, args=args))

    async def close(self) -> None:
        for client in (self.redis, self.reader, self.lease):
            try:
                await client.aclose()
            except (RedisError, OSError):
                pass


# ------------------------------------------------------------------ the games
def _seats_json(room: Room) -> str:
    return json.dumps([[s.name, s.color, s.kind, s.token_hash] for s in room.seats])


def _listing(room: Room) -> str:
    return json.dumps(room.listing(time.time()))


def _clock(room: Room) -> str:
    """When the turn in progress began (wall clock), "0" before the game starts."""
    return f"{room.turn_started:.3f}" if room.started else "0"


class SharedStore:
    """The games in Redis, as a :class:`~.store.GameStore`: written only by the node that owns
    each game (the scripts' fence), read back by any node that takes one over."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.node = shared.node

    def _fenced(self, result: Any, room: Room) -> None:
        if result == -1:
            raise StoreUnavailable("this node's lease lapsed (Redis was away): it is being renewed")
        if result == -3:
            raise StoreConflict(f"game {room.id} belongs to another node now")
        if result == -2:
            raise StoreConflict(f"game {room.id} is stored otherwise than this node holds it")

    async def add(self, room: Room) -> None:
        info = {"code": room.code, "name": room.name, "created": room.created, "rules": room.rules.to_record(),
                "seed": str(room.seed), "host": room.host_hash, "turn_seconds": room.turn_seconds,
                "hints": room.hints, "origin": room.origin, "watchable": room.watchable}
        waiting = not room.started and any(s.is_open for s in room.seats)
        result = await self.shared.script("add", [
            _key("node", self.node), _key("owner", room.id), _key("game", room.id), _key("code", room.code),
            _key("owned", self.node), _key("waiting"), _key("lobby"), _key("watchable")],
            [self.node, room.id, room.code, json.dumps(info), _seats_json(room), _listing(room),
             "1" if waiting else "0", room.created, _clock(room), "1" if room.watchable else "0"])
        if result == -2:
            raise StoreUnavailable("that join code was just given to another game")
        self._fenced(result, room)

    async def save_seats(self, room: Room) -> None:
        waiting = not room.started and any(s.is_open for s in room.seats)
        result = await self.shared.script("seats", [
            _key("node", self.node), _key("owner", room.id), _key("game", room.id), _key("waiting"), _key("lobby")],
            [self.node, room.id, _seats_json(room), _listing(room), "1" if waiting else "0", room.created,
             _clock(room)])
        self._fenced(result, room)

    async def save_turns(self, room: Room, since: int) -> None:
        game = room.game
        assert game is not None
        turns = [json.dumps(t) for t in stored_turns(game, since)]  # (a hand game's with its draws)
        result = await self.shared.script("turns", [
            _key("node", self.node), _key("owner", room.id), _key("turns", room.id), _key("game", room.id)],
            [self.node, since, "1" if game.finished else "0", _clock(room), *turns])
        self._fenced(result, room)

    async def save_chat(self, room: Room, line: dict[str, Any]) -> None:
        """A line of the players' chat, or of the spectators' (a list of its own)."""
        kind = chat_of(line)
        result = await self.shared.script("chat", [
            _key("node", self.node), _key("owner", room.id), _key(kind, room.id)],
            [self.node, json.dumps(line), CHATS_KEPT[kind]])
        self._fenced(result, room)

    async def remove(self, room: Room) -> None:
        result = await self.shared.script("remove", [
            _key("node", self.node), _key("owner", room.id), _key("game", room.id), _key("turns", room.id),
            _key("chat", room.id), _key("code", room.code), _key("waiting"), _key("lobby"),
            _key("owned", self.node), _key("watchable"), _key("watcher_chat", room.id)], [self.node, room.id])
        self._fenced(result, room)

    async def find_code(self, code: str) -> str | None:
        redis = self.shared.redis
        found = await self.shared.call(lambda: redis.get(_key("code", code)))
        return str(found) if found else None

    async def room(self, tiles: TileSet, game_id: str) -> Room | None:
        """The game as stored, its turns replayed by the engine (a node taking it over)."""
        redis = self.shared.redis

        async def read() -> list[Any]:
            async with redis.pipeline(transaction=True) as pipe:
                pipe.hgetall(_key("game", game_id))
                pipe.lrange(_key("turns", game_id), 0, -1)
                pipe.lrange(_key("chat", game_id), 0, -1)
                pipe.lrange(_key("watcher_chat", game_id), 0, -1)
                return list(await pipe.execute())

        fields, turns, chat, watcher_chat = await self.shared.call(read)
        if not fields:
            return None
        try:
            return _room(tiles, game_id, fields, turns, [*chat, *watcher_chat], time.time())
        except (CarcassonneError, ValueError, TypeError, KeyError) as exc:
            log.warning("game %s cannot be read back: %s", game_id, exc)
            return None

    def rooms(self, tiles: TileSet) -> Iterator[Room]:
        """A node starts with no game: each is taken over when somebody comes back to it."""
        return iter(())

    async def close(self) -> None:
        """The connection is the node's (:class:`Shared`), closed with it."""

    # ------------------------------------------------------------ the lobby
    async def lobby_version(self) -> int:
        redis = self.shared.redis
        return int(await self.shared.call(lambda: redis.get(_key("lobby"))) or 0)

    async def waiting(self, first: int, count: int) -> tuple[int, list[dict[str, Any]]]:
        """How many games wait for players, and the listings of ``count`` of them from ``first``, oldest first."""
        redis = self.shared.redis

        async def read() -> tuple[int, list[Any]]:
            async with redis.pipeline(transaction=False) as pipe:
                pipe.zcard(_key("waiting"))
                pipe.zrange(_key("waiting"), first, first + count - 1)
                total, ids = await pipe.execute()
            if not ids:
                return int(total), []
            async with redis.pipeline(transaction=False) as pipe:
                for game in ids:
                    pipe.hget(_key("game", game), "listing")
                return int(total), list(await pipe.execute())

        total, listings = await self.shared.call(read)
        shown = []
        for text in listings:
            try:
                shown.append(json.loads(text))
            except (TypeError, ValueError):
                continue
        return total, shown

    async def watchable(self) -> list[dict[str, Any]]:
        """The listings of the games under way whose host lets anyone watch, on any node, oldest
        first (at most :data:`WATCHABLE_READ`); finished ones leave the index as they are met."""
        redis = self.shared.redis

        async def read() -> tuple[list[Any], list[Any]]:
            ids = await redis.zrange(_key("watchable"), 0, WATCHABLE_READ - 1)
            if not ids:
                return [], []
            async with redis.pipeline(transaction=False) as pipe:
                for game in ids:
                    pipe.hmget(_key("game", game), "listing", "finished")
                return list(ids), list(await pipe.execute())

        ids, rows = await self.shared.call(read)
        shown, ended = [], []
        for game, (text, finished) in zip(ids, rows):
            if text is None or finished == "1":
                ended.append(game)
                continue
            try:
                listing = json.loads(text)
            except ValueError:
                continue
            if isinstance(listing, dict) and listing.get("started"):
                shown.append(listing)
        if ended:
            await self.shared.call(lambda: redis.zrem(_key("watchable"), *ended))
        return shown

    async def listed(self, room: Room) -> None:
        """A waiting game's line in the lobby changed (who is at its table): best effort."""
        redis = self.shared.redis

        async def write() -> None:
            async with redis.pipeline(transaction=True) as pipe:
                pipe.hset(_key("game", room.id), "listing", _listing(room))
                pipe.incr(_key("lobby"))
                await pipe.execute()
        await self.shared.call(write)


def _room(tiles: TileSet, game_id: str, fields: dict[str, str], turns: list[str], chat: list[str],
          now: float) -> Room:
    info = json.loads(fields["info"])
    seats = [SeatInfo(str(n), str(c), str(k), th if isinstance(th, str) else None)
             for n, c, k, th in json.loads(fields["seats"])]
    room = Room(game_id, str(info["code"]), tiles, Rules.from_record(info["rules"]), seats, int(info["seed"]),
                name=str(info["name"]), host_hash=str(info["host"]), turn_seconds=int(info["turn_seconds"]),
                hints=bool(info["hints"]), created=float(info["created"]), origin=str(info.get("origin", "")),
                watchable=info.get("watchable") is True)
    for seat in seats:
        if seat.kind == "human" and seat.token_hash is not None:
            seat.away_since = now  # nobody is at the table of a game just taken over
    for text in chat:  # (the players' lines, then the spectators')
        line = json.loads(text)
        room.said_in(line).append(line)
    if not any(s.is_open for s in seats):
        record = GameRecord([Seat(s.name, s.color, s.kind) for s in seats], room.rules, room.seed, [])
        data = record.to_data()
        data["turns"] = [json.loads(t) for t in turns]
        room.resume(GameRecord.from_data(data).replay(tiles), now)
        room.resume_clock(float(fields.get("clock") or 0), now)
    return room


# ------------------------------------------------------------------ the nodes
class Nodes:
    """A node's lease, the games it owns, and the inboxes through which the nodes talk."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.node = shared.node

    async def renew(self) -> bool:
        """Renew this node's lease; False if it had lapsed (its games may have been taken over)."""
        had = await self.shared.script("renew", [_key("node", self.node), _key("nodes")],
                                       [self.node, LEASE_MS, f"{time.time():.3f}"])
        return bool(had)

    async def claim(self, game: str) -> str | None:
        """The node that owns ``game`` now: this one if nobody (alive) did; None if this
        node's own lease has lapsed (it claims nothing until it has renewed)."""
        owner = await self.shared.script("claim", [_key("owner", game), _key("node", self.node),
                                                   _key("owned", self.node)], [self.node, game, PREFIX])
        return str(owner) if owner else None

    async def release(self, game: str) -> None:
        await self.shared.script("release", [_key("owner", game), _key("owned", self.node)], [self.node, game])

    async def owners(self, games: list[str]) -> list[str | None]:
        redis = self.shared.redis
        if not games:
            return []
        return list(await self.shared.call(lambda: redis.mget([_key("owner", g) for g in games])))

    async def alive(self, nodes: set[str]) -> set[str]:
        """Which of these nodes hold their lease now (asked on the lease's own connection)."""
        redis = self.shared.lease
        ordered = sorted(nodes)
        if not ordered:
            return set()

        async def ask() -> list[Any]:
            async with redis.pipeline(transaction=False) as pipe:
                for node in ordered:
                    pipe.exists(_key("node", node))
                return list(await pipe.execute())
        found = await self.shared.call(ask)
        return {node for node, there in zip(ordered, found) if there}

    async def connected(self, nodes: set[str]) -> set[str]:
        """Which of these nodes have a connection open to Redis now. A node's process that
        ends, killed or crashed, has its connections closed by its system at once, so Redis
        drops them (a machine that vanishes closes nothing: its lease lapses)."""
        redis = self.shared.lease
        ordered = sorted(nodes)
        names = {connection_name(node): node for node in ordered}
        named = await self.shared.call(lambda: redis.smismember(_key("named"), ordered))
        unknown = {node for node, was in zip(ordered, named) if not was}  # (its connections carry no name)
        if len(unknown) == len(ordered):
            return unknown
        clients = await self.shared.call(lambda: redis.client_list(_type="normal"))
        return unknown | {names[c["name"]] for c in clients if c.get("name") in names}

    async def say_named(self) -> None:
        """Tell the other nodes this node's connections carry its name (:meth:`connected`)."""
        redis = self.shared.lease
        await self.shared.call(lambda: redis.sadd(_key("named"), self.node))

    async def bury(self, node: str) -> None:
        """End ``node``'s lease now (its process is gone): its games may be claimed at once, and
        were it to come back it writes nothing before it renews (and gives up what was taken)."""
        redis = self.shared.lease
        await self.shared.call(lambda: redis.delete(_key("node", node)))

    async def orphans(self) -> tuple[dict[str, list[str]], int]:
        """The games of nodes whose lease has lapsed, by node, and how many nodes live (a
        node that owns nothing any more is forgotten, with its inbox)."""
        redis = self.shared.redis
        nodes = set(await self.shared.call(lambda: redis.smembers(_key("nodes")))) - {self.node}
        live = await self.alive(nodes)
        dead = nodes - live
        found: dict[str, list[str]] = {}
        for node in sorted(dead):
            owned = _key("owned", node)
            games = [str(g) for g in await self.shared.call(functools.partial(redis.smembers, owned))]
            if games:
                found[node] = games
            else:
                await self.shared.call(functools.partial(self._forget, node))
        return found, len(live) + 1

    async def _forget(self, node: str) -> None:
        async with self.shared.redis.pipeline(transaction=True) as pipe:
            pipe.srem(_key("nodes"), node)
            pipe.srem(_key("named"), node)
            pipe.delete(_key("inbox", node), _key("owned", node))
            await pipe.execute()

    async def send(self, batches: dict[str, list[dict[str, str]]]) -> None:
        """Entries for other nodes' inboxes, in order, in one round trip."""
        redis = self.shared.redis

        async def write() -> None:
            async with redis.pipeline(transaction=False) as pipe:
                for node, entries in batches.items():
                    for entry in entries:
                        pipe.xadd(_key("inbox", node), entry, maxlen=INBOX_KEPT, approximate=True)
                await pipe.execute()
        await self.shared.call(write, again=False)

    async def receive(self, after: str, block_ms: int) -> list[tuple[str, dict[str, str]]]:
        """This node's inbox entries after ``after``, waiting up to ``block_ms`` for one."""
        reader = self.shared.reader
        answer = await self.shared.call(
            lambda: reader.xread({_key("inbox", self.node): after}, count=1000, block=block_ms), again=False)
        if not answer:
            return []
        return [(str(entry_id), dict(fields)) for entry_id, fields in answer[0][1]]

    async def trim(self, before: str) -> None:
        redis = self.shared.redis
        await self.shared.call(lambda: redis.xtrim(_key("inbox", self.node), minid=before), again=False)

    async def leave(self, games: list[str]) -> None:
        """A node stopping: its games are free at once, its lease and inbox gone."""
        redis = self.shared.redis

        async def write() -> None:
            for game in games:
                await self._scripts_release(game)
            async with redis.pipeline(transaction=True) as pipe:
                pipe.delete(_key("node", self.node), _key("inbox", self.node), _key("owned", self.node))
                pipe.srem(_key("nodes"), self.node)
                pipe.srem(_key("named"), self.node)
                await pipe.execute()
        await self.shared.call(write, again=False)

    async def _scripts_release(self, game: str) -> None:
        script = self.shared._scripts["release"]
        await script(keys=[_key("owner", game), _key("owned", self.node)], args=[self.node, game])


# ------------------------------------------------------------------ the limits
class SharedCounts:
    """The limits' counts (:class:`~.limits.Counts`) in Redis: every node counts the same
    windows (sorted sets of events) and sets (open games). Redis not answering refuses the
    request in one line (``storage``), as a step that cannot be stored is."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared

    async def _call(self, work: Callable[[], Awaitable[T]]) -> T:
        try:
            return await self.shared.call(work)
        except StoreUnavailable:
            raise ProtocolError("the server cannot reach its store right now: try again in a moment",
                                "storage") from None

    async def events(self, key: str, window: float, now: float) -> tuple[int, float]:
        redis, name = self.shared.redis, _key("limit", key)

        async def read() -> list[Any]:
            async with redis.pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(name, "-inf", now - window)
                pipe.zcard(name)
                pipe.zrange(name, 0, 0, withscores=True)
                return list(await pipe.execute())
        _gone, count, oldest = await self._call(read)
        return int(count), (float(oldest[0][1]) if oldest else now)

    async def add_event(self, key: str, window: float, now: float) -> None:
        redis, name = self.shared.redis, _key("limit", key)

        async def write() -> None:
            async with redis.pipeline(transaction=True) as pipe:
                pipe.zadd(name, {f"{now:.6f}:{secrets.token_hex(4)}": now})
                pipe.zremrangebyscore(name, "-inf", now - window)
                pipe.pexpire(name, int(window * 1000) + 1000)
                await pipe.execute()
        await self._call(write)

    async def add_member(self, key: str, member: str) -> None:
        redis = self.shared.redis
        await self._call(lambda: redis.sadd(_key("limit", key), member))

    async def remove_member(self, key: str, member: str) -> None:
        redis = self.shared.redis
        await self._call(lambda: redis.srem(_key("limit", key), member))

    async def members(self, key: str) -> int:
        redis = self.shared.redis
        return int(await self._call(lambda: redis.scard(_key("limit", key))))
