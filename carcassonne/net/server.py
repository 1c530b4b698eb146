"""The game server: a lobby of games over WebSocket, each game decided by the rules engine.

One asyncio event loop serves every connection (``websockets``' current API). A
connection first says ``hello`` with its protocol version, then may list, create, join
or rejoin games; once seated it sends what its player does and the room
(:mod:`.room`) checks it. Whatever a room decides is written to the data folder before
anyone is told (:mod:`.store`), so what a client has seen is never lost.

A step is decided, stored and told as one: if its record cannot be written (a full
disk, no file descriptor left) the step is taken back, its sender is told so in one line
(``storage``) and nobody else hears of it; the game goes on once storing works again.

A peer is untrusted: frames over the size limit close the connection (``max_size``),
every message is checked field by field (:mod:`.protocol`), a connection that goes on
sending bad messages is closed, and a seed chosen by a client is refused unless the
server was started with ``--allow-seeds``. What one place may ask (connections, wrong
codes and tokens, games, computer players, chat lines) is limited per address and per
network (:mod:`.limits`). Computer players think in worker processes (:mod:`.thinking`),
in a queue fair between addresses, so the loop and the people's moves never wait on them.
Behind a reverse proxy named with ``--trusted-proxy``, a connection's address is the one the
proxy appends to ``X-Forwarded-For`` (otherwise every player would share the proxy's limits);
from any other address the header is ignored, so nobody escapes the limits by sending it.

Memory holds only games someone may still play: a finished game leaves it when its last
player leaves (a rejoin reads it back from the data folder), a game under way leaves it an
hour after its last player left, and a game still waiting for players a day after it was
opened, with nobody at its table, is closed. While nobody is at a game's table its turn
timer waits: the timer keeps a table moving, it does not play out a game all have left.

Several nodes may share one Redis (``carcassonne server --redis URL``, :mod:`.cluster`):
the lobby, the moves, the chat and the limits' counts are then kept there
(:mod:`.shared_store`), each game is served by the node that owns it, and a connection to
any other node reaches it through Redis. The logic here is the same either way: a store
behind :class:`~.store.GameStore`, counts behind :class:`~.limits.Counts`, and a
connection held by another node is a :class:`Peer` without a socket.

``GET /healthz`` (ready or not) and ``GET /metrics`` (Prometheus's text format, with
``carcassonne[server]``) are answered on the WebSocket's own port (:mod:`.meters`).

``carcassonne server`` (:func:`main`) runs it until SIGTERM or Ctrl+C.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import logging
import os
import signal
import ssl
import sys
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .. import __version__
from ..engine import IllegalMoveError, Move, RecordError, Rules, TileSet
from .limits import ConnectionGate, Limits, Policy, raise_fd_limit
from .meters import Meters
from .my_turns import waiting_games
from .protocol import LIST_PAGE, MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, ProtocolError, error, read_message
from .rated import ACCOUNT_MESSAGES, NAME_REFUSALS, Rated, default_store
from .room import CODE_ALPHABET, Room, new_room
from .spectators import Spectators, code_fits, game_of, watch_code
from .store import STORE_DOWN, GameStore, LocalStore, Store, StoreConflict, StoreError, StoreUnavailable
from .tasks import cancel_all
from .thinking import Job, Thinkers, ThinkingFailed, bot_seed

if TYPE_CHECKING:
    from .cluster import Cluster
    from .ratings_store import RatingsStore

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFAULT_PORT = 7625
#: Bad messages in a row before a connection is closed.
STRIKES = 5
#: Refusals that are no fault of the peer's, never counted as bad messages.
NOT_STRIKES = frozenset({"storage", "server-full", "busy", "rate-limited", "chat-flood", "spectator",
                         *NAME_REFUSALS})
#: Seconds a game may wait for players, nobody at its table, before the server closes it.
WAITING_KEPT = 24 * 3600.0
#: Seconds a game under way stays in memory after its last player left (then a rejoin reads
#: it back from the data folder, as after a restart: without its chat).
AWAY_KEPT = 3600.0
#: Games one server process holds in memory at most (each is tens of KiB).
MAX_GAMES = 10_000
#: Computer moves waiting for a worker beyond which no game with computers is opened.
MAX_THINKING_BACKLOG = 200
#: Seconds between two sweeps of the games nobody needs (a sweep runs on list and create).
SWEEP_EVERY = 1.0
#: Seconds a page of the lobby's list is sent again as it was while no game changed.
LIST_FRESH = 1.0
#: Seconds before a computer's turn or a timeout is tried again when it could not be stored.
RETRY_AFTER = 2.0
#: Seconds a client has to say hello.
HELLO_WITHIN = 10.0
#: Seconds a person must be away before the host may hand their seat to a computer.
HAND_OVER_AFTER = 30.0
#: Heartbeat: a ping every 20 s, and a peer silent for 20 s more is gone.
PING_INTERVAL = 20.0
#: Seconds a closing handshake may take: a vanished peer must not hold up a shutdown.
CLOSE_TIMEOUT = 2.0
#: Seconds a stopping server lets the work going on by itself end before it is cancelled.
CLOSE_GRACE = 0.5
#: Seconds the cancelled work then has to end (longer than a Redis command is tried again).
CLOSE_WAIT = 5.0
#: What a peer is told when a step could not be stored.
NOT_STORED = ("the server cannot save games right now, so nothing was played or changed: "
              "try again in a moment")
# Messages are a few hundred bytes: per-message compression (the default) would cost each
# connection its own zlib state for nothing, so the server serves uncompressed frames.


@dataclass(eq=False)
class Peer:
    """One connection: where it comes from and the seats it holds in one game.

    ``ws`` is None for a connection another node of the cluster holds (``node``, ``conn``):
    what the server sends it goes there through Redis."""

    ws: ServerConnection | None
    address: str
    room: Room | None = None
    seats: list[int] = field(default_factory=list)
    host: bool = False
    strikes: int = 0
    #: The node that holds the connection (remote) and the connection's number on it.
    node: str = ""
    conn: str = ""
    #: A connection here seated at a game another node owns: that game and its owner.
    remote: str | None = None
    owner: str = ""
    #: A join or rejoin asked of another node, not yet answered (asked again if that node dies),
    #: and its frame.
    asked: dict[str, Any] | None = None
    asked_frame: str = ""
    #: When it was asked (monotonic clock).
    asked_at: float = 0.0
    #: The frame being handled, as it came (what is passed on to another node is the
    #: peer's own text, checked again there).
    frame: str = ""
    #: Times a remote join or rejoin was passed on between nodes.
    hops: int = 0
    #: When this connection's last move was received (its turn's round trip is measured).
    moved: float = 0.0
    #: The name this connection signed in with (:mod:`.rated`), "" for none.
    account: str = ""


class Server:
    """The lobby and its rooms; :meth:`handle` serves one connection, :meth:`listen` serves them all."""

    def __init__(self, tiles: TileSet, store: Store | GameStore | None = None, allow_seeds: bool = False,
                 hand_over_after: float = HAND_OVER_AFTER, trusted_proxies: frozenset[str] = frozenset(),
                 limits: Limits | None = None, thinkers: Thinkers | None = None,
                 gate: ConnectionGate | None = None, cluster: Cluster | None = None,
                 meters: Meters | None = None, ratings: RatingsStore | None = None) -> None:
        self.tiles = tiles
        #: The store as given (the embedded :class:`Store`, or a :class:`GameStore`)...
        self.store = store
        #: The data folder is written from threads of its own (as many as asyncio's own pool):
        #: a save never waits behind anything else, such as a computer player's thinking.
        self._io = ThreadPoolExecutor(min(32, (os.cpu_count() or 1) + 4), thread_name_prefix="carcassonne-store")
        #: ... and as the server asks it, from its loop.
        self.games: GameStore | None = LocalStore(store, self._io) if isinstance(store, Store) else store
        #: This node's part in a cluster (None: one process, the default).
        self.cluster = cluster
        self.meters = meters or Meters()
        self.allow_seeds = allow_seeds
        self.trusted_proxies = trusted_proxies
        self.hand_over_after = hand_over_after
        self.limits = limits or Limits()
        #: Computer players: a thread unless a pool of processes is given (``carcassonne server``).
        self.thinkers = thinkers or Thinkers(workers=0)
        self.gate = gate or ConnectionGate()
        self.rooms: dict[str, Room] = {}
        self.by_code: dict[str, Room] = {}
        self.peers: dict[str, set[Peer]] = {}
        #: Who watches each game (no seat, not at the table).
        self.spectators = Spectators()
        #: This node's own connections, by number (what other nodes send them is addressed so).
        self.connections: dict[str, Peer] = {}
        self._numbered = 0
        self._locks: dict[str, asyncio.Lock] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        #: Since when nobody has been at each game's table (server clock).
        self._empty_since: dict[str, float] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Bumped whenever what the lobby lists may have changed; pages of the list are kept until then.
        self._lobby_version = 0
        self._pages: dict[int, tuple[int, float, str]] = {}
        self._waiting: tuple[int, float, list[Room]] = (-1, 0.0, [])
        self._last_sweep = 0.0
        self._refused_logged = 0.0
        if self.games is not None:
            for room in self.games.rooms(tiles):
                self._add(room)
        self.meters.watch(self)
        #: Names, rated games and ratings (:mod:`.rated`), kept where ``ratings`` says, else beside the
        #: lobby in the data folder or in the cluster's Redis.
        self.rated = Rated(self, ratings if ratings is not None else default_store(
            store.folder if isinstance(store, Store) else None, cluster.shared if cluster else None))

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.by_code[room.code] = room
        self.peers.setdefault(room.id, set())
        self._locks[room.id] = asyncio.Lock()
        self._empty_since[room.id] = time.time()
        self._lobby_changed()

    def _kept(self, room: Room) -> bool:
        """Whether this room is the one in memory (a task may outlive a room sent back to disk)."""
        return self.rooms.get(room.id) is room

    def _lobby_changed(self, room: Room | None = None) -> None:
        self._lobby_version += 1
        if room is not None and not room.started and self.cluster is not None and self._kept(room):
            self._background(self.cluster.store.listed(room))  # who is at a waiting game's table

    def adopt(self, room: Room) -> None:
        """A game read back from the store by this node (taken over): served from now on."""
        self._add(room)
        self._next_turn(room)

    def ready(self) -> bool:
        """Whether this server can serve games now (``/healthz``)."""
        return self.cluster is None or self.cluster.ready

    def resume_all(self) -> None:
        """After a restart: computers whose turn it is go on, timers start again."""
        for room in self.rooms.values():
            self._next_turn(room)

    def listen(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None,
               **options: Any) -> Any:
        """``websockets``' server for this lobby (await it, or use it with ``async with``):
        every connection counted and limited before its handshake (:class:`ConnectionGate`)."""
        settings: dict[str, Any] = {"max_size": MAX_CLIENT_MESSAGE, "ping_interval": PING_INTERVAL,
                                    "ping_timeout": PING_INTERVAL, "close_timeout": CLOSE_TIMEOUT,
                                    "compression": None, "ssl": ssl_context, **options}
        return serve(self.handle, host, port, create_connection=self._connection_class(),
                     process_request=self._http, **settings)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """The operators' pages on the WebSocket's port; anything else is a WebSocket handshake."""
        path = request.path.split("?", 1)[0]
        if path == "/healthz":
            if self.ready():
                return connection.respond(HTTPStatus.OK, "ready\n")
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "not ready: the shared store cannot be reached\n")
        if path == "/metrics":
            page = self.meters.page()
            if page is None:
                return connection.respond(HTTPStatus.NOT_IMPLEMENTED,
                                          "metrics need prometheus-client: pip install \"carcassonne[server]\"\n")
            response = connection.respond(HTTPStatus.OK, page[1])
            del response.headers["Content-Type"]
            response.headers["Content-Type"] = page[0]
            return response
        return None

    def _connection_class(self) -> type[ServerConnection]:
        server = self

        class Gated(ServerConnection):
            """A connection let in by the gate, or closed at once (before its handshake)."""

            admitted: str | None = None

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if peer else "?"
                if server.gate.admit(address, exempt=address in server.trusted_proxies):
                    self.admitted = address
                else:
                    if isinstance(transport, asyncio.Transport):
                        transport.abort()
                    else:
                        transport.close()
                    server._note_refused()

            def connection_lost(self, exc: Exception | None) -> None:
                if self.admitted is not None:
                    server.gate.release(self.admitted, exempt=self.admitted in server.trusted_proxies)
                    self.admitted = None
                super().connection_lost(exc)

        return Gated

    def _note_refused(self) -> None:
        """Refused connections are logged once a minute at most (a flood must not fill the log)."""
        now = time.monotonic()
        if now - self._refused_logged >= 60.0:
            self._refused_logged = now
            log.warning("%d connections refused (too many from one address or network, or in all: %d open)",
                        self.gate.refused, self.gate.open)
            self.gate.refused = 0

    async def close(self) -> None:
        """Stop the computer players and the store's threads (the connections are closed by then).
        Work still going on by itself (a game let go, a count) has a moment to end, then is
        cancelled and awaited: none is left pending (never run) when the loop stops."""
        pending = list(self._tasks)
        if pending:
            await asyncio.wait(pending, timeout=CLOSE_GRACE)
            # (bounded: work stuck waiting on Redis must not hold up the stop for ever)
            await cancel_all(pending, CLOSE_WAIT)
        if self.cluster is not None:
            await self.cluster.stop()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self.thinkers.close()
        await self.rated.close()
        await asyncio.get_running_loop().run_in_executor(None, self._io.shutdown)

    # ------------------------------------------------------------ connections
    async def handle(self, ws: ServerConnection) -> None:
        self._numbered += 1
        peer = Peer(ws, self._address(ws), conn=str(self._numbered))
        self.connections[peer.conn] = peer
        forwarded = ws.remote_address is not None and str(ws.remote_address[0]) in self.trusted_proxies
        if forwarded and not self.gate.admit_forwarded(peer.address):
            self._note_refused()
            await ws.close(1013, "too many connections from this network")
            return
        try:
            if not await self._hello(peer):
                return
            async for frame in ws:
                await self._receive(peer, frame)
        except ConnectionClosed:
            pass
        finally:
            if forwarded:
                self.gate.release_forwarded(peer.address)
            self.connections.pop(peer.conn, None)
            self.gone(peer)

    def _address(self, ws: ServerConnection) -> str:
        """Where a connection comes from: a trusted proxy's last ``X-Forwarded-For`` entry (the
        address it saw), else the connection's own address."""
        direct = str(ws.remote_address[0]) if ws.remote_address else "?"
        if direct not in self.trusted_proxies or ws.request is None:
            return direct
        forwarded = ws.request.headers.get_all("X-Forwarded-For")
        last = forwarded[-1].rsplit(",", 1)[-1].strip() if forwarded else ""
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return direct

    async def _hello(self, peer: Peer) -> bool:
        """The first message names the protocol; a mismatch is refused with both versions."""
        assert peer.ws is not None
        try:
            frame = await asyncio.wait_for(peer.ws.recv(), HELLO_WITHIN)
            message = read_message(frame)
        except TimeoutError:
            await peer.ws.close(1008, "no hello")
            return False
        except ProtocolError as exc:
            await self._send(peer, error(str(exc), exc.code))
            await peer.ws.close(1008, "bad hello")
            return False
        if message["type"] != "hello":
            await self._send(peer, error("the first message must be hello", "no-hello"))
            await peer.ws.close(1008, "no hello")
            return False
        if message["protocol"] != PROTOCOL_VERSION:
            text = (f"this server speaks protocol {PROTOCOL_VERSION}; the client speaks protocol "
                    f"{message['protocol']}: update the older one")
            await self._send(peer, error(text, "protocol-version"))
            await peer.ws.close(1002, "protocol version")
            return False
        await self._send(peer, {"type": "welcome", "protocol": PROTOCOL_VERSION,
                                "server": f"carcassonne {__version__}"})
        return True

    async def _receive(self, peer: Peer, frame: str | bytes) -> None:
        try:
            message = read_message(frame)
        except ProtocolError as exc:
            await self._refused(peer, exc)
            return
        if message["type"] in ("play", "confirm", "decide"):
            peer.moved = time.perf_counter()
        peer.frame = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
        await self.act(peer, message)

    async def _refused(self, peer: Peer, exc: ProtocolError) -> None:
        if exc.code not in NOT_STRIKES:
            peer.strikes += 1
        await self._send(peer, error(str(exc), exc.code))
        if peer.strikes >= STRIKES:
            await self._close(peer, 1008, "too many bad messages")

    async def _close(self, peer: Peer, code: int, reason: str) -> None:
        if peer.ws is not None:
            await peer.ws.close(code, reason)
        elif self.cluster is not None:
            self.cluster.close_remote(peer.node, peer.conn, code, reason)

    async def act(self, peer: Peer, message: dict[str, Any]) -> None:
        """A checked message of a connection, this node's or (in a cluster) another's."""
        try:
            await self._dispatch(peer, message)
        except ProtocolError as exc:
            await self._refused(peer, exc)
            return
        except (ConnectionClosed, asyncio.CancelledError):
            raise
        except Exception:  # noqa: BLE001 - a bug must not take the connection or the server down
            log.exception("a message from %s could not be handled", peer.address)
            await self._send(peer, error("the server could not handle that message", "server-error"))
            return
        peer.strikes = 0

    async def _send(self, peer: Peer, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        if peer.ws is None:
            if self.cluster is not None:
                self.cluster.relay(peer.node, [peer.conn], text)
            return
        try:
            await peer.ws.send(text)
        except ConnectionClosed:
            pass

    def _tell(self, room: Room, messages: list[dict[str, Any]]) -> None:
        """Send messages to everyone at a room's table and its spectators, each as they may see
        it (:mod:`.spectators`: a hidden hand only to its holder; never waits on a slow peer);
        connections on other nodes get them through Redis."""
        table = self.peers.get(room.id, set())
        here = [p for p in table if p.ws is not None]
        for message in messages:
            for peers, shown in self.spectators.receivers(room, table, message):
                text = json.dumps(shown)
                broadcast([p.ws for p in peers if p.ws is not None], text)
                elsewhere: dict[str, list[str]] = {}
                for p in peers:
                    if p.ws is None:
                        elsewhere.setdefault(p.node, []).append(p.conn)
                if self.cluster is not None:
                    for node, conns in elsewhere.items():
                        self.cluster.relay(node, conns, text)
            if message["type"] == "turn":
                self._round_trips(here)

    def _state_for(self, peer: Peer, room: Room, now: float) -> dict[str, Any]:
        """The whole game as this connection may see it (its own hand, never another's hidden one)."""
        return self.spectators.shaped(room, room.state(now), peer.seats, self.spectators.is_watching(peer))

    def _round_trips(self, peers: list[Peer]) -> None:
        now = time.perf_counter()
        for p in peers:
            if p.moved:
                self.meters.move_trip(now - p.moved)
                p.moved = 0.0

    def deliver(self, peer: Peer, text: str, sender: str) -> None:
        """A message another node's server sent this node's connection: sent on, and what it
        says of the connection's seat kept (seated there, or not any more)."""
        if text.startswith('{"type": "turn"'):
            self._round_trips([peer])
        elif text.startswith(('{"type": "joined"', '{"type": "watching"')):
            peer.remote, peer.owner, peer.asked = json.loads(text)["game"], sender, None
        elif text.startswith('{"type": "left"'):
            peer.remote, peer.owner = None, ""
        elif text.startswith('{"type": "error"') and peer.asked is not None and peer.remote is None:
            peer.asked, peer.owner = None, ""
        if peer.ws is not None:
            broadcast([peer.ws], text)

    def gone(self, peer: Peer) -> None:
        """A connection closed (or left its game): its seats are away."""
        if (peer.remote is not None or peer.asked is not None) and self.cluster is not None:
            self.cluster.gone(peer)
            peer.remote, peer.owner, peer.asked = None, "", None
        self._gone(peer)

    def _gone(self, peer: Peer) -> None:
        if self.spectators.gone(peer) is not None and peer.room is not None:
            self._tell(peer.room, [{"type": "watchers", "count": self.spectators.count(peer.room)}])
            return
        room = peer.room
        if room is None or room.id not in self.peers:
            return
        self.peers[room.id].discard(peer)
        still_held = {s for p in self.peers[room.id] for s in p.seats}
        room.leave([s for s in peer.seats if s not in still_held], time.time())
        self._tell(room, [room.seats_message(time.time())])
        self._lobby_changed(room)
        if not self.peers[room.id]:
            self._empty_since[room.id] = time.time()
            self._stop_timer(room)  # (a person's turn timer waits for somebody to come back)
        self._retire_if_done(room)

    def _retire_if_done(self, room: Room) -> None:
        """A finished game nobody is at leaves memory; its record and lobby rows stay in
        the data folder for a rejoin. (Without a data folder it stays: nothing else keeps it.)"""
        if self.games is None or not room.finished or self.peers.get(room.id):
            return
        self._drop(room)

    def _drop(self, room: Room) -> None:
        if not self._kept(room):
            return
        self.rooms.pop(room.id, None)
        if self.by_code.get(room.code) is room:
            del self.by_code[room.code]
        self.peers.pop(room.id, None)
        self._locks.pop(room.id, None)
        self._empty_since.pop(room.id, None)
        self._stop_timer(room)
        self._closed(room)
        self.rated.forget(room)
        self.spectators.forget(room)
        self._lobby_changed()
        if self.cluster is not None:
            self._background(self.cluster.nodes.release(room.id))

    def evict(self, room: Room) -> None:
        """This node may no longer serve the game (another node took it over, or it is stored
        otherwise than held here): its table's connections are closed, and come back to it
        wherever it is served now, as it was stored."""
        for peer in [*self.peers.get(room.id, ()), *self.spectators.of(room)]:
            peer.room, peer.seats, peer.host = None, [], False
            if peer.ws is not None:
                self._background(peer.ws.close(1012, "the game moves to another server node: come back"))
            elif self.cluster is not None:
                self.cluster.close_remote(peer.node, peer.conn, 1012, "the game moves to another server node")
        self.peers[room.id] = set()
        self._drop(room)

    def _closed(self, room: Room) -> None:
        """The game no longer counts among its creator's open games (it finished, or left memory)."""
        if room.origin:
            self._background(self.limits.game_closed(room.origin, room.id))

    def background(self, work: Coroutine[Any, Any, Any]) -> None:
        """Work that goes on by itself; what goes wrong in it is one line in the log."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    _background = background

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, (StoreUnavailable, ProtocolError, ConnectionClosed)):
            log.warning("%s", exc)
        elif exc is not None:
            log.error("background work failed", exc_info=exc)

    def _stop_timer(self, room: Room) -> None:
        timer = self._timers.pop(room.id, None)
        if timer is not None:
            timer.cancel()

    async def _sweep(self, now: float) -> None:
        """Close the games still waiting for players :data:`WAITING_KEPT` seconds after they
        were opened, with nobody at their table (their creators have gone); send back to the
        data folder the games under way nobody has been at for :data:`AWAY_KEPT` seconds,
        unless a computer is to move (it plays on, then the game waits for a person).
        At most once every :data:`SWEEP_EVERY` seconds, however often it is asked."""
        if now - self._last_sweep < SWEEP_EVERY:
            return
        self._last_sweep = now
        stale = [room for room in self.rooms.values()
                 if not room.started and not self.peers.get(room.id) and now - room.created > WAITING_KEPT]
        for room in stale:
            if self.games is not None:
                try:
                    await self.games.remove(room)
                except StoreUnavailable as exc:  # its rows wait for the next sweep after a restart
                    log.warning("game %s closed, not yet removed from the data folder: %s", room.id, exc)
            self._drop(room)
        if stale:
            log.info("%d games closed after waiting %.0f h for players", len(stale), WAITING_KEPT / 3600)
        if self.games is None:
            return
        idle = [room for room in self.rooms.values()
                if room.started and not self.peers.get(room.id) and room.computer_to_move() is None
                and now - self._empty_since.get(room.id, now) > AWAY_KEPT]
        for room in idle:
            self._drop(room)
        if idle:
            log.info("%d games nobody was at for %.0f min left memory (kept in the data folder)",
                     len(idle), AWAY_KEPT / 60)

    # ------------------------------------------------------------ messages
    async def _dispatch(self, peer: Peer, message: dict[str, Any]) -> None:
        kind = message["type"]
        now = time.time()
        if kind == "hello":
            raise ProtocolError("hello was said already")
        if kind in ("list", "create"):
            await self._sweep(now)
        if kind in ACCOUNT_MESSAGES:  # names and ratings: answered by the connection's own node
            await self.rated.account_message(peer, message)
            return
        if kind == "my_turns":  # which kept games wait on this player: answered here, from the store
            await self.limits.check_turn_asks(peer.address)
            answer, overdue = await waiting_games(message["games"], self.rooms, self.games, self.tiles, now)
            await self._send(peer, answer)
            for late in overdue:  # (read back: its timer plays the turn whose time ran out)
                await self._take_back(late)
            return
        if (peer.remote is not None and kind not in ("list", "create", "join", "rejoin", "watch", "watchable")
                and self.cluster is not None):
            self.cluster.forward(peer, message)  # seated at a game another node owns
            return
        if kind == "list":
            await self._send(peer, await self._games_page(message.get("page", 0), now))
        elif kind == "create":
            await self._create(peer, message, now)
        elif kind in ("join", "rejoin"):
            if self.spectators.is_watching(peer):
                raise ProtocolError("stop watching (leave) before taking a seat", "in-game")
            if self.cluster is not None and await self.cluster.route(peer, message):
                return  # asked of the node that owns the game: its answer comes back from there
            await (self._join if kind == "join" else self._rejoin)(peer, message, now)
        elif kind in ("watch", "watchable", "watcher_chat"):
            await self._watchers(peer, message, now)
        elif kind == "leave":
            self._gone(peer)
            peer.room, peer.seats, peer.host = None, [], False
            await self._send(peer, {"type": "left"})
        else:
            room = peer.room
            if room is None:
                raise ProtocolError("join a game first", "no-game")
            self.spectators.refuse(peer, kind)
            if kind == "sync":
                await self._send(peer, self._state_for(peer, room, now))
            elif kind == "aid":
                await self._send(peer, await self.rated.aid(peer, room, message))
            elif kind == "hand_over":
                if not peer.host:
                    raise ProtocolError("only the host may hand a seat to a computer", "not-host")
                self.rated.hand_over(room)
                room.hand_over(message["seat"], message["level"], now, self.hand_over_after)
                self._tell(room, [room.seats_message(now)])
                self._next_turn(room)
            else:
                if kind == "chat" and peer.seats:
                    await self.limits.check_chat(peer.address, f"{room.id}:{peer.seats[0]}")
                async with self._locks[room.id]:
                    point = room.checkpoint()
                    turn = room.game.turn_number if room.game else 0
                    messages = room.act(peer.seats, message, now)
                    if room.game is not None and room.game.turn_number != turn:
                        await self._save_or_take_back(room, point)
                    elif kind == "chat" and messages:
                        await self._save_chat(room, messages[0])
                self._tell(room, messages)
                if messages and messages[0]["type"] == "turn":
                    self._after_turn(room)

    async def _save_chat(self, room: Room, line: dict[str, Any]) -> None:
        """A chat line (the players' or the spectators') is kept before it is said (where the
        store keeps chat); one that cannot be is taken back."""
        if self.games is None:
            return
        try:
            await self.games.save_chat(room, line)
        except StoreUnavailable as exc:
            said = room.said_in(line)
            if said and said[-1] is line:
                said.pop()
            log.warning("game %s: a chat line could not be stored: %s", room.id, exc)
            if isinstance(exc, StoreConflict):
                self.evict(room)
            raise ProtocolError(NOT_STORED, "storage") from None

    async def _games_page(self, page: int, now: float) -> str:
        """One page of the games waiting for players, oldest first; the list and each page are
        kept as they were (:data:`LIST_FRESH` seconds at most) while no game was opened, joined
        or left, so asking again and again, for any page, costs the server next to nothing.
        (In a cluster the lobby is Redis's, its version counted there.)"""
        if self.cluster is not None:
            try:
                self._lobby_version = await self.cluster.store.lobby_version()
            except StoreUnavailable:
                raise ProtocolError(STORE_DOWN, "storage") from None
        kept = self._pages.get(page)
        if kept is not None and kept[0] == self._lobby_version and now - kept[1] < LIST_FRESH:
            return kept[2]
        if self.cluster is not None:
            return await self._shared_page(page, now)
        if self._waiting[0] != self._lobby_version or now - self._waiting[1] >= LIST_FRESH:
            self._pages.clear()
            self._waiting = (self._lobby_version, now, [
                r for r in self.rooms.values() if not r.started and any(s.is_open for s in r.seats)])
        waiting = self._waiting[2]
        pages = max(1, -(-len(waiting) // LIST_PAGE))
        shown = waiting[page * LIST_PAGE:(page + 1) * LIST_PAGE]
        text = json.dumps({"type": "games", "games": [r.listing(now) for r in shown], "page": page,
                           "pages": pages, "total": len(waiting)})
        if len(self._pages) >= 64:
            self._pages.clear()
        self._pages[page] = (self._lobby_version, now, text)
        return text

    async def _shared_page(self, page: int, now: float) -> str:
        assert self.cluster is not None
        try:
            total, shown = await self.cluster.store.waiting(page * LIST_PAGE, LIST_PAGE)
        except StoreUnavailable:
            raise ProtocolError(STORE_DOWN, "storage") from None
        text = json.dumps({"type": "games", "games": shown, "page": page,
                           "pages": max(1, -(-total // LIST_PAGE)), "total": total})
        if len(self._pages) >= 64:
            self._pages.clear()
        self._pages[page] = (self._lobby_version, now, text)
        return text

    async def _save_or_take_back(self, room: Room, point: Any) -> None:
        """Store the room's new turns; if that fails, the step did not happen (``storage``)."""
        self.meters.moved()
        if self.games is None:
            return
        try:
            await self.games.save_turns(room, point.turns or 0)
        except StoreUnavailable as exc:
            room.rollback(point)
            log.warning("game %s: a turn could not be stored and was taken back: %s", room.id, exc)
            if isinstance(exc, StoreConflict):
                self.evict(room)
            raise ProtocolError(NOT_STORED, "storage") from None

    async def _create(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        if peer.room is not None or peer.remote is not None:
            raise ProtocolError("leave this game before creating another", "in-game")
        seed = message.get("seed")
        if seed is not None and not self.allow_seeds:
            raise ProtocolError("this server chooses the deal itself: a seed is accepted only by a server "
                                "started with --allow-seeds", "no-seeds")
        try:
            rules = Rules.from_record(message.get("rules"))
        except RecordError as exc:
            raise ProtocolError(f"rules: {exc}", "bad-rules") from None
        computers = any(p["kind"].startswith("ai:") for p in message["seats"])
        if len(self.rooms) >= MAX_GAMES:
            raise ProtocolError("this server holds as many games as it can: try again later", "server-full")
        if computers and self.thinkers.waiting >= MAX_THINKING_BACKLOG:
            raise ProtocolError("the server's computer players are all busy: try again later", "busy")
        if message.get("rated"):
            message = self.rated.creating(peer, message)
        await self.limits.check_create(peer.address, computers)
        room, host, tokens = new_room(self.tiles, rules, message["seats"], seed,
                                      name=message.get("name", ""), turn_seconds=message.get("turn_seconds", 0),
                                      hints=message.get("hints", True), taken_codes=set(self.by_code))
        room.origin = peer.address
        room.watchable = bool(message.get("watchers", False))
        if message.get("rated"):
            await self.rated.opened(room, peer)
        if not any(s.is_open for s in room.seats):
            room.start(now)
        if self.games is not None:
            try:
                await self.games.add(room)
            except StoreUnavailable as exc:  # nothing kept, nothing listed: as if never asked
                log.warning("a game could not be stored and was not opened: %s", exc)
                raise ProtocolError(NOT_STORED, "storage") from None
        self._add(room)
        await self.limits.game_opened(peer.address, room.id, computers)
        self._seat(peer, room, list(tokens), host=True)
        await self._send(peer, {"type": "created", "game": room.id, "code": room.code, "host_token": host,
                                "seats": [{"seat": s, "token": t} for s, t in tokens.items()],
                                "watch_code": watch_code(room)})
        await self._send(peer, self._state_for(peer, room, now))
        self._next_turn(room)

    async def _join(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        await self.limits.check_joins(peer.address)
        code = "".join(ch for ch in message["code"].upper() if ch in CODE_ALPHABET)
        room = self.by_code.get(code)
        if room is None:
            await self.limits.join_failed(peer.address)
            raise ProtocolError("no game has that join code", "bad-code")
        if peer.room is not None and peer.room is not room:
            raise ProtocolError("leave this game before joining another", "in-game")
        async with self._locks[room.id]:
            name = await self.rated.joining(peer, room, message["seat"]) or message["name"]
            point = room.checkpoint()
            token = room.take_seat(message["seat"], name, message.get("color"), now)
            if self.games is not None:
                try:
                    await self.games.save_seats(room)
                except StoreUnavailable as exc:
                    room.rollback(point)
                    log.warning("game %s: a seat taken could not be stored and is free again: %s", room.id, exc)
                    if isinstance(exc, StoreConflict):
                        self.evict(room)
                    raise ProtocolError(NOT_STORED, "storage") from None
        self._lobby_changed()
        self._seat(peer, room, [message["seat"]])
        await self._send(peer, {"type": "joined", "game": room.id, "seats": [message["seat"]], "token": token})
        self._tell(room, [room.state(now)])
        self._next_turn(room)

    async def _take_back(self, room: Room) -> None:
        """A game read back from the store, which no server held, whose turn's time ran out:
        served from now on (on a cluster, by this node if no other took it meanwhile)."""
        if room.id in self.rooms:
            return
        if self.cluster is None:
            self.adopt(room)
            return
        try:
            await self.cluster.take_over(room.id)
        except StoreUnavailable as exc:  # (asked again at the next question)
            log.warning("game %s could not be taken over: %s", room.id, exc)

    async def _rejoin(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        await self.limits.check_joins(peer.address)
        room = self.rooms.get(message["game"])
        if room is None and self.games is not None and self.cluster is None:  # left memory: read back
            try:
                read = await self.games.room(self.tiles, message["game"])
            except StoreUnavailable as exc:
                log.warning("game %s could not be read back: %s", message["game"], exc)
                raise ProtocolError("the server cannot read its games right now: try again in a moment",
                                    "storage") from None
            room = self.rooms.get(message["game"], read)  # another player may have read it meanwhile
        token = message["token"]
        seats = room.seats_of(token) if room is not None else []
        host = room is not None and room.is_host_token(token)
        if room is None or not (seats or host):
            await self.limits.join_failed(peer.address)
            raise ProtocolError("no seat of that game has that token", "bad-token")
        if peer.room is not None and peer.room is not room:
            raise ProtocolError("leave this game before joining another", "in-game")
        await self.rated.rejoining(peer, room, seats, host)
        if room.id not in self.rooms:
            self._add(room)
        self._seat(peer, room, seats, host=host)
        await self._send(peer, {"type": "joined", "game": room.id, "seats": sorted(peer.seats), "host": peer.host})
        self._tell(room, [room.seats_message(now)])
        await self._send(peer, self._state_for(peer, room, now))
        self._next_turn(room)

    # ------------------------------------------------------------ spectators (net/spectators.py)
    async def _watchable(self, now: float) -> list[dict[str, Any]]:
        """The listings of the games anyone may watch: this server's, or every node's."""
        if self.cluster is None:
            return [r.listing(now) for r in self.spectators.watchable(self.rooms.values())]
        try:
            return await self.cluster.store.watchable()
        except StoreUnavailable:
            raise ProtocolError(STORE_DOWN, "storage") from None

    async def _watchers(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        """``watch`` a game (by its watch code, or by its id when its host lets anyone watch),
        list the games anyone may watch (``watchable``), or chat among spectators."""
        kind = message["type"]
        if kind == "watchable":
            page = message.get("page", 0)
            games = await self._watchable(now)
            await self._send(peer, {"type": "watchable", "games": games[page * LIST_PAGE:(page + 1) * LIST_PAGE],
                                    "page": page, "pages": max(1, -(-len(games) // LIST_PAGE)), "total": len(games)})
            return
        if kind == "watcher_chat":
            room = peer.room
            if room is None:
                raise ProtocolError("watch a game first", "no-game")
            await self.limits.check_chat(peer.address, f"{room.id}:watch")
            lock = self._locks.get(room.id)
            if lock is None:  # (the game left memory meanwhile)
                raise ProtocolError("watch a game first", "no-game")
            async with lock:
                line = self.spectators.chat(room, peer, message["text"], now)
                await self._save_chat(room, line)
            self._tell(room, [line])
            return
        if peer.room is not None or peer.remote is not None:
            raise ProtocolError("leave this game before watching another", "in-game")
        await self.limits.check_joins(peer.address)
        code = message.get("code")
        game = game_of(code) if code is not None else message.get("game")
        if game is None:
            await self.limits.join_failed(peer.address)
            raise ProtocolError("watch needs a watch code (or a game from the watchable list)", "bad-code")
        if self.cluster is not None and await self.cluster.route(peer, {**message, "game": game}):
            return  # asked of the node that owns the game
        room = self.rooms.get(game)
        if room is not None and code is None and not room.watchable:
            room = None
        if room is None or (code is not None and not code_fits(room, code)):
            await self.limits.join_failed(peer.address)
            raise ProtocolError("no game has that watch code, or its host does not let anyone watch it",
                                "bad-code")
        self.spectators.add(room, peer, message.get("name") or "Spectator")
        peer.room = room
        await self._send(peer, {"type": "watching", "game": room.id})
        await self._send(peer, self._state_for(peer, room, now))
        self._tell(room, [{"type": "watchers", "count": self.spectators.count(room)}])

    def _seat(self, peer: Peer, room: Room, seats: list[int], host: bool = False) -> None:
        peer.room = room
        peer.seats = sorted(set(peer.seats) | set(seats))
        peer.host = peer.host or host
        if not self.peers[room.id] and room.current is not None and not room.correspondence:
            room.restart_clock(time.time())  # the turn timer waited while the table was empty
        self.peers[room.id].add(peer)
        self._empty_since.pop(room.id, None)
        room.arrive(seats)
        self._lobby_changed(room)

    # ------------------------------------------------------------ turns
    def _after_turn(self, room: Room) -> None:
        if room.finished:
            self._closed(room)
            self.rated.finished(room)
        self._next_turn(room)
        self._retire_if_done(room)

    def _next_turn(self, room: Room) -> None:
        """After anything that may change whose turn it is: a computer moves, or the timer runs."""
        self._stop_timer(room)
        if room.current is None or not self._kept(room):
            return
        game = room.game
        assert game is not None
        if room.computer_to_move() is not None:
            self._background(self._computer_turn(room, game.turn_number))
        elif room.turn_seconds and (self.peers.get(room.id) or room.correspondence):
            left = room.turn_left(time.time()) or 0.0
            self._timers[room.id] = asyncio.get_running_loop().call_later(
                left + 0.05, lambda: self._timeout(room))

    def _timeout(self, room: Room) -> None:
        here = self.peers.get(room.id) or room.correspondence  # (a correspondence game's clock runs regardless)
        if self._kept(room) and here and room.game is not None and room.timed_out(time.time()):
            self._background(self._computer_turn(room, room.game.turn_number, timed_out=True))

    def _try_again(self, room: Room, turn: int, timed_out: bool) -> None:
        """A computer's turn that could not be thought or stored is tried again a little later."""
        def again() -> None:
            self._timers.pop(room.id, None)
            if self._kept(room) and room.game is not None and room.game.turn_number == turn:
                self._background(self._computer_turn(room, turn, timed_out))
        self._stop_timer(room)
        self._timers[room.id] = asyncio.get_running_loop().call_later(RETRY_AFTER, again)

    async def _computer_turn(self, room: Room, turn: int, timed_out: bool = False) -> None:
        """A computer plays the seat to move (an AI seat, a person handed over, or a turn
        whose timer ran out). It thinks in a worker (:mod:`.thinking`) on the game's record,
        then the move is checked, played and stored like a person's."""
        asked = self._computer_job(room, turn, timed_out)
        if asked is None:
            return
        seat, job = asked
        try:
            answer = await self.thinkers.move(job)
        except ThinkingFailed as exc:
            log.error("the computer for seat %d of game %s failed: %s", seat, room.id, exc)
            if self._kept(room):
                self._try_again(room, turn, timed_out)
            return
        async with self._locks[room.id]:
            if not self._still_due(room, turn, seat, timed_out, job.deciding):
                return
            point = room.checkpoint()
            try:
                if isinstance(answer, Move) and timed_out and answer.figure is not None:
                    answer = self._tile_only(room, answer)
                if isinstance(answer, Move):
                    messages = room.play(answer, time.time())
                else:  # the move in progress asked this seat to decide (perhaps another's turn)
                    messages = room.decide([seat], answer, time.time())
            except (ProtocolError, IllegalMoveError) as exc:
                log.error("the computer for seat %d of game %s failed: %s", seat, room.id, exc)
                return
            try:
                await self._save_or_take_back(room, point)
            except ProtocolError:
                self._try_again(room, turn, timed_out)
                return
        if timed_out:
            messages.insert(0, {"type": "timeout", "seat": seat})
        self._tell(room, messages)
        self._after_turn(room)

    @staticmethod
    def _tile_only(room: Room, move: Move) -> Move:
        """A person's turn the timer ran out on: the computer lays the tile and nothing more (no
        follower, no figure, no action: those stay the person's to choose), unless the rules
        refuse the move without its figure step."""
        game = room.game
        bare = move._replace(figure=None)
        if game is None or game.why_not(bare) is None:
            return bare
        return move

    def _computer_job(self, room: Room, turn: int, timed_out: bool) -> tuple[int, Job] | None:
        """The seat a computer plays now and what its worker is given: the game's record and,
        when the move in progress waits for a decision, that move. None: nothing to play."""
        from .room import TIMEOUT_LEVEL

        game = room.game
        if not self._kept(room) or game is None or room.current is None or game.turn_number != turn:
            return None
        found = room.computer_to_move()
        if found is None:
            if not timed_out:
                return None
            seat, level = room.actor if room.actor is not None else room.current, TIMEOUT_LEVEL
        else:
            seat, level = found[0], found[1].level
        tile = room.tile
        assert tile is not None
        steps = room.steps
        asked = None if steps is None else steps.asked()
        pending = None if steps is None else steps.move
        deciding = pending.to_record() if asked is not None and pending is not None else None
        return seat, Job(level, bot_seed(room.seed, seat, turn), room.rules.to_record(), [s.name for s in room.seats],
                         room.seed, [t.to_record() for t in game.history], tile, room.origin,
                         urgent=timed_out or not room.seats[seat].is_ai, deciding=deciding)

    def _still_due(self, room: Room, turn: int, seat: int, timed_out: bool, deciding: dict[str, Any] | None) -> bool:
        """Whether a computer's answer still applies once thought: the same turn, the same seat
        to act, no person back at it, and (for a decision) the same move in progress."""
        game = room.game
        if not self._kept(room) or game is None or game.turn_number != turn or room.actor != seat:
            return False
        if not timed_out and room.computer_to_move() is None:
            return False  # the person came back to the seat meanwhile
        if deciding is not None and (room.steps is None or room.steps.move is None
                                     or room.steps.move.to_record() != deciding):
            return False  # the move in progress changed meanwhile: asked again when it is due
        return True


# ------------------------------------------------------------------ the command
def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..i18n import _

    parser.add_argument("--host", default="127.0.0.1",
                        help=_("address to listen on (default 127.0.0.1; 0.0.0.0 for every network)"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=_("port to listen on (default {port}; 0 picks a free one)").format(port=DEFAULT_PORT))
    parser.add_argument("--data", metavar="DIR", default=None,
                        help=_("folder that keeps every game (default: the server folder in the game's data folder)"))
    parser.add_argument("--allow-seeds", action="store_true",
                        help=_("accept a seed chosen by a client (tests and tournaments only: "
                               "it tells that client the order of the bag)"))
    parser.add_argument("--trusted-proxy", metavar="ADDRESS", action="append", default=[],
                        help=_("a reverse proxy in front of the server (e.g. 127.0.0.1; may be repeated): "
                               "connections from it are limited by the address it forwards"))
    parser.add_argument("--certfile", help=_("TLS certificate (PEM): serve wss:// instead of ws://"))
    parser.add_argument("--keyfile", help=_("TLS private key (PEM), with --certfile"))
    parser.add_argument("--redis", metavar="URL", default=None,
                        help=_("run as one node of several sharing the Redis at URL (redis://HOST:PORT/DB): "
                               "the games live there instead of in --data (needs carcassonne[server])"))


def main(args: argparse.Namespace) -> int:
    """``carcassonne server``: serve until SIGTERM or Ctrl+C, then exit 0."""
    from ..i18n import _
    from ..tileset import standard_tiles

    if not 0 <= args.port <= 65535:
        print(_("--port must be 0 to 65535, not {port}").format(port=args.port), file=sys.stderr)
        return 2
    context = None
    if args.certfile or args.keyfile:
        if not (args.certfile and args.keyfile):
            print(_("--certfile and --keyfile go together"), file=sys.stderr)
            return 2
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as exc:
            print(_("cannot use the TLS certificate: {problem}").format(problem=exc), file=sys.stderr)
            return 2
    try:
        proxies = frozenset(str(ipaddress.ip_address(a)) for a in args.trusted_proxy)
    except ValueError as exc:
        print(_("--trusted-proxy: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    redis = getattr(args, "redis", None)
    if redis is not None:
        try:
            import redis as _redis_py  # noqa: F401 - only to say it is missing, in one line
        except ImportError:
            print(_("--redis needs the server's extra: pip install \"carcassonne[server]\""), file=sys.stderr)
            return 2
        if not redis.startswith(("redis://", "rediss://", "unix://")):
            print(_("--redis takes a URL such as redis://127.0.0.1:6379/0, not {url}").format(url=redis),
                  file=sys.stderr)
            return 2
    folder = Path(args.data) if args.data else _default_folder()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncio").addFilter(_OutOfDescriptors())
    try:
        return asyncio.run(_serve(standard_tiles(), folder, args.host, args.port, context, args.allow_seeds,
                                  proxies, redis=redis))
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 2
    except OSError as exc:
        print(_("cannot listen on {host}:{port}: {problem}").format(
            host=args.host, port=args.port, problem=exc.strerror or exc), file=sys.stderr)
        return 2


def _settle_collector() -> None:
    """Keep the garbage collector's full passes short: hundreds of games in memory are
    millions of objects that live as long as their game, and a full pass over them all
    would stall every table at once. What is loaded at start-up is frozen out of the
    passes, and a full pass waits for more new objects than Python's default."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)


def _default_folder() -> Path:
    """The ``server`` folder in the game's data folder (``CARCASSONNE_DATA_DIR`` overrides it)."""
    import os

    from platformdirs import user_data_path

    override = os.environ.get("CARCASSONNE_DATA_DIR")
    return (Path(override) if override else user_data_path("carcassonne", appauthor=False, roaming=True)) / "server"


async def _serve(tiles: TileSet, folder: Path, host: str, port: int, context: ssl.SSLContext | None,
                 allow_seeds: bool, trusted_proxies: frozenset[str] = frozenset(),
                 policy: Policy | None = None, redis: str | None = None) -> int:
    gate = ConnectionGate(total=raise_fd_limit())
    if policy is None and allow_seeds:  # tests and tournaments: games by the hundred from one address
        policy = Policy.own_server()
    store: Store | None = None
    if redis is None:
        store = await asyncio.to_thread(Store, folder)
        server = Server(tiles, store, allow_seeds=allow_seeds, trusted_proxies=trusted_proxies,
                        limits=Limits(policy=policy), thinkers=Thinkers(), gate=gate, meters=Meters(enabled=True))
    else:
        from .cluster import Cluster

        cluster = Cluster(redis)
        server = Server(tiles, cluster.store, allow_seeds=allow_seeds, trusted_proxies=trusted_proxies,
                        limits=Limits(counts=cluster.counts, policy=policy), thinkers=Thinkers(), gate=gate,
                        cluster=cluster, meters=Meters(enabled=True))
        try:
            await cluster.start(server)
        except StoreError:
            server.cluster = None
            await server.close()
            raise
    _settle_collector()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C arrives as KeyboardInterrupt
            pass
    try:
        async with server.listen(host, port, context) as ws_server:
            real_port = next(iter(ws_server.sockets)).getsockname()[1]
            scheme = "wss" if context else "ws"
            shown_host = f"[{host}]" if ":" in host else host  # an IPv6 address in a URL
            print(f"listening on {scheme}://{shown_host}:{real_port}", flush=True)
            if server.cluster is not None:
                log.info("node %s of the games in Redis at %s; at most %d connections", server.cluster.node,
                         redis, gate.total)
            else:
                log.info("%d games kept in %s; at most %d connections", len(server.rooms), folder, gate.total)
            server.resume_all()
            await stop.wait()
            ws_server.close(close_connections=True)
            try:
                await asyncio.wait_for(ws_server.wait_closed(), 2 * CLOSE_TIMEOUT)
            except TimeoutError:
                log.warning("some connections did not close in time")
    finally:
        await server.close()
        if store is not None:
            store.close()
    return 0


class _OutOfDescriptors(logging.Filter):
    """asyncio logs a whole traceback each time ``accept()`` finds no file descriptor left;
    under a flood of connections that is megabytes a minute. Once a minute, one line."""

    def __init__(self) -> None:
        super().__init__()
        self.last = -60.0
        self.quiet = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if "out of system resource" not in str(record.msg):
            return True
        now = time.monotonic()
        if now - self.last < 60.0:
            self.quiet += 1
            return False
        self.last = now
        record.msg, record.args, record.exc_info = (
            "no file descriptor left to accept a connection (%d more such since the last line)", (self.quiet,), None)
        self.quiet = 0
        return True
