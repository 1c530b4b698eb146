"""The game server: a lobby of games over WebSocket, each game decided by the rules engine.

One asyncio event loop serves every connection (``websockets``' current API). A
connection first says ``hello`` with its protocol version, then may list, create, join
or rejoin games; once seated it sends what its player does and the room
(:mod:`.room`) checks it. Whatever a room decides is written to the data folder before
anyone is told (:mod:`.store`), so what a client has seen is never lost.

A peer is untrusted: frames over the size limit close the connection (``max_size``),
every message is checked field by field (:mod:`.protocol`), a connection that goes on
sending bad messages is closed, join attempts with a wrong code or token are limited per
address, and a seed chosen by a client is refused unless the server was started with
``--allow-seeds``. Computer players run in a worker thread so the loop never waits.
Behind a reverse proxy named with ``--trusted-proxy``, a connection's address is the one the
proxy appends to ``X-Forwarded-For`` (otherwise every player would share the proxy's limits);
from any other address the header is ignored, so nobody escapes the limits by sending it.

Memory holds only games someone may still play: a finished game leaves it when its last
player leaves (a rejoin reads it back from the data folder), a game under way leaves it an
hour after its last player left, and a game still waiting for players a day after it was
opened, with nobody at its table, is closed. While nobody is at a game's table its turn
timer waits: the timer keeps a table moving, it does not play out a game all have left.

``carcassonne server`` (:func:`main`) runs it until SIGTERM or Ctrl+C.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import logging
import signal
import ssl
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from .. import __version__
from ..engine import IllegalMoveError, RecordError, Rules, TileSet
from .protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, ProtocolError, error, read_message
from .room import Room, new_room
from .store import Store, StoreError

log = logging.getLogger(__name__)

DEFAULT_PORT = 7625
#: Bad messages in a row before a connection is closed.
STRIKES = 5
#: Failed joins (wrong code or token) an address may make in :data:`JOIN_WINDOW` seconds.
JOIN_FAILURES = 10
JOIN_WINDOW = 60.0
#: Games waiting for players that one address may have created at once (a flood of
#: ``create`` would otherwise fill the server's memory and disk).
WAITING_PER_ADDRESS = 50
#: Seconds a game may wait for players, nobody at its table, before the server closes it.
WAITING_KEPT = 24 * 3600.0
#: Seconds a game under way stays in memory after its last player left (then a rejoin reads
#: it back from the data folder, as after a restart: without its chat).
AWAY_KEPT = 3600.0
#: Chat lines a connection may send in :data:`CHAT_WINDOW` seconds.
CHAT_LINES = 8
CHAT_WINDOW = 10.0
#: Addresses whose failed joins are remembered at most (the oldest are forgotten first).
REMEMBERED_ADDRESSES = 10_000
#: Seconds a client has to say hello.
HELLO_WITHIN = 10.0
#: Seconds a person must be away before the host may hand their seat to a computer.
HAND_OVER_AFTER = 30.0
#: Heartbeat: a ping every 20 s, and a peer silent for 20 s more is gone.
PING_INTERVAL = 20.0
#: Seconds a closing handshake may take: a vanished peer must not hold up a shutdown.
CLOSE_TIMEOUT = 2.0
# Messages are a few hundred bytes: per-message compression (the default) would cost each
# connection its own zlib state for nothing, so the server serves uncompressed frames.


@dataclass(eq=False)
class Peer:
    """One connection: where it comes from and the seats it holds in one game."""

    ws: ServerConnection
    address: str
    room: Room | None = None
    seats: list[int] = field(default_factory=list)
    host: bool = False
    strikes: int = 0
    chat_times: deque[float] = field(default_factory=deque)


class Server:
    """The lobby and its rooms; :meth:`handle` serves one connection."""

    def __init__(self, tiles: TileSet, store: Store | None = None, allow_seeds: bool = False,
                 hand_over_after: float = HAND_OVER_AFTER, trusted_proxies: frozenset[str] = frozenset()) -> None:
        self.tiles = tiles
        self.store = store
        self.allow_seeds = allow_seeds
        self.trusted_proxies = trusted_proxies
        self.hand_over_after = hand_over_after
        self.rooms: dict[str, Room] = {}
        self.by_code: dict[str, Room] = {}
        self.peers: dict[str, set[Peer]] = {}
        self._failures: dict[str, deque[float]] = {}
        #: Who created each game still waiting for players (addresses are not kept on disk).
        self._creators: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        #: Since when nobody has been at each game's table (server clock).
        self._empty_since: dict[str, float] = {}
        self._computers: set[asyncio.Task[None]] = set()
        if store is not None:
            for room in store.rooms(tiles):
                self._add(room)

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.by_code[room.code] = room
        self.peers.setdefault(room.id, set())
        self._locks[room.id] = asyncio.Lock()
        self._empty_since[room.id] = time.time()

    def _kept(self, room: Room) -> bool:
        """Whether this room is the one in memory (a task may outlive a room sent back to disk)."""
        return self.rooms.get(room.id) is room

    def resume_all(self) -> None:
        """After a restart: computers whose turn it is go on, timers start again."""
        for room in self.rooms.values():
            self._next_turn(room)

    # ------------------------------------------------------------ connections
    async def handle(self, ws: ServerConnection) -> None:
        peer = Peer(ws, self._address(ws))
        try:
            if not await self._hello(peer):
                return
            async for frame in ws:
                await self._receive(peer, frame)
        except ConnectionClosed:
            pass
        finally:
            self._gone(peer)

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
            await self._dispatch(peer, message)
        except ProtocolError as exc:
            peer.strikes += 1
            await self._send(peer, error(str(exc), exc.code))
            if peer.strikes >= STRIKES:
                await peer.ws.close(1008, "too many bad messages")
            return
        except (ConnectionClosed, asyncio.CancelledError):
            raise
        except Exception:  # noqa: BLE001 - a bug must not take the connection or the server down
            log.exception("a message from %s could not be handled", peer.address)
            await self._send(peer, error("the server could not handle that message", "server-error"))
            return
        peer.strikes = 0

    async def _send(self, peer: Peer, message: dict[str, Any]) -> None:
        try:
            await peer.ws.send(json.dumps(message))
        except ConnectionClosed:
            pass

    def _tell(self, room: Room, messages: list[dict[str, Any]]) -> None:
        """Send messages to everyone at a room's table (never waits on a slow peer)."""
        connections = [p.ws for p in self.peers.get(room.id, ())]
        for message in messages:
            broadcast(connections, json.dumps(message))

    def _gone(self, peer: Peer) -> None:
        room = peer.room
        if room is None:
            return
        self.peers[room.id].discard(peer)
        still_held = {s for p in self.peers[room.id] for s in p.seats}
        room.leave([s for s in peer.seats if s not in still_held], time.time())
        self._tell(room, [room.seats_message(time.time())])
        if not self.peers[room.id]:
            self._empty_since[room.id] = time.time()
            self._stop_timer(room)  # (a person's turn timer waits for somebody to come back)
        self._retire_if_done(room)

    def _retire_if_done(self, room: Room) -> None:
        """A finished game nobody is at leaves memory; its record and lobby rows stay in
        the data folder for a rejoin. (Without a data folder it stays: nothing else keeps it.)"""
        if self.store is None or not room.finished or self.peers.get(room.id):
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
        self._creators.pop(room.id, None)
        self._empty_since.pop(room.id, None)
        self._stop_timer(room)

    def _stop_timer(self, room: Room) -> None:
        timer = self._timers.pop(room.id, None)
        if timer is not None:
            timer.cancel()

    async def _sweep(self, now: float) -> None:
        """Close the games still waiting for players :data:`WAITING_KEPT` seconds after they
        were opened, with nobody at their table (their creators have gone); send back to the
        data folder the games under way nobody has been at for :data:`AWAY_KEPT` seconds,
        unless a computer is to move (it plays on, then the game waits for a person)."""
        stale = [room for room in self.rooms.values()
                 if not room.started and not self.peers.get(room.id) and now - room.created > WAITING_KEPT]
        for room in stale:
            self._drop(room)
            if self.store is not None:
                await asyncio.to_thread(self.store.remove, room)
        if stale:
            log.info("%d games closed after waiting %.0f h for players", len(stale), WAITING_KEPT / 3600)
        if self.store is None:
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
        if kind == "list":
            await self._send(peer, {"type": "games", "games": [
                r.listing(now) for r in self.rooms.values() if not r.started and any(s.is_open for s in r.seats)]})
        elif kind == "create":
            await self._create(peer, message, now)
        elif kind == "join":
            await self._join(peer, message, now)
        elif kind == "rejoin":
            await self._rejoin(peer, message, now)
        elif kind == "leave":
            self._gone(peer)
            peer.room, peer.seats, peer.host = None, [], False
            await self._send(peer, {"type": "left"})
        else:
            room = peer.room
            if room is None:
                raise ProtocolError("join a game first", "no-game")
            if kind == "sync":
                await self._send(peer, room.state(now))
            elif kind == "hand_over":
                if not peer.host:
                    raise ProtocolError("only the host may hand a seat to a computer", "not-host")
                room.hand_over(message["seat"], message["level"], now, self.hand_over_after)
                self._tell(room, [room.seats_message(now)])
                self._next_turn(room)
            else:
                if kind == "chat":
                    self._check_chat(peer)
                async with self._locks[room.id]:
                    turn = room.game.turn_number if room.game else 0
                    messages = room.act(peer.seats, message, now)
                    if room.game is not None and room.game.turn_number != turn:
                        await self._save(room)
                self._tell(room, messages)
                if messages and messages[0]["type"] == "turn":
                    self._next_turn(room)

    async def _create(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        if peer.room is not None:
            raise ProtocolError("leave this game before creating another", "in-game")
        seed = message.get("seed")
        waiting = sum(1 for game_id, address in self._creators.items()
                      if address == peer.address and not self.rooms[game_id].started)
        if waiting >= WAITING_PER_ADDRESS:
            raise ProtocolError(f"{waiting} games from this address are waiting for players: start or "
                                "leave some first", "too-many-games")
        if seed is not None and not self.allow_seeds:
            raise ProtocolError("this server chooses the deal itself: a seed is accepted only by a server "
                                "started with --allow-seeds", "no-seeds")
        try:
            rules = Rules.from_record(message.get("rules"))
        except RecordError as exc:
            raise ProtocolError(f"rules: {exc}", "bad-rules") from None
        if rules.holds_tiles:  # each client would have to be told its own tiles, and no more
            raise ProtocolError("rules: tiles held by the players are not played over the network", "bad-rules")
        room, host, tokens = new_room(self.tiles, rules, message["seats"], seed,
                                      name=message.get("name", "")[:40], turn_seconds=message.get("turn_seconds", 0),
                                      hints=message.get("hints", True), taken_codes=set(self.by_code))
        self._add(room)
        if any(s.is_open for s in room.seats):
            self._creators[room.id] = peer.address
        self._seat(peer, room, list(tokens), host=True)
        if not any(s.is_open for s in room.seats):
            room.start(now)
        if self.store is not None:
            async with self._locks[room.id]:
                await asyncio.to_thread(self.store.add, room)
        await self._send(peer, {"type": "created", "game": room.id, "code": room.code, "host_token": host,
                                "seats": [{"seat": s, "token": t} for s, t in tokens.items()]})
        await self._send(peer, room.state(now))
        self._next_turn(room)

    async def _join(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        self._check_attempts(peer)
        room = self.by_code.get(message["code"].strip().upper())
        if room is None:
            self._failed(peer)
            raise ProtocolError("no game has that join code", "bad-code")
        if peer.room is not None and peer.room is not room:
            raise ProtocolError("leave this game before joining another", "in-game")
        async with self._locks[room.id]:
            token = room.take_seat(message["seat"], message["name"], message.get("color"), now)
            if self.store is not None:
                await asyncio.to_thread(self.store.save_seats, room)
        if room.started:
            self._creators.pop(room.id, None)
        self._seat(peer, room, [message["seat"]])
        await self._send(peer, {"type": "joined", "game": room.id, "seats": [message["seat"]], "token": token})
        self._tell(room, [room.state(now)])
        self._next_turn(room)

    async def _rejoin(self, peer: Peer, message: dict[str, Any], now: float) -> None:
        self._check_attempts(peer)
        room = self.rooms.get(message["game"])
        if room is None and self.store is not None:  # a game that left memory, read back for its players
            read = await asyncio.to_thread(self.store.room, self.tiles, message["game"])
            room = self.rooms.get(message["game"], read)  # another player may have read it meanwhile
        token = message["token"]
        seats = room.seats_of(token) if room is not None else []
        host = room is not None and room.is_host_token(token)
        if room is None or not (seats or host):
            self._failed(peer)
            raise ProtocolError("no seat of that game has that token", "bad-token")
        if peer.room is not None and peer.room is not room:
            raise ProtocolError("leave this game before joining another", "in-game")
        if room.id not in self.rooms:
            self._add(room)
        self._seat(peer, room, seats, host=host)
        await self._send(peer, {"type": "joined", "game": room.id, "seats": sorted(peer.seats), "host": peer.host})
        self._tell(room, [room.seats_message(now)])
        await self._send(peer, room.state(now))
        self._next_turn(room)

    def _seat(self, peer: Peer, room: Room, seats: list[int], host: bool = False) -> None:
        peer.room = room
        peer.seats = sorted(set(peer.seats) | set(seats))
        peer.host = peer.host or host
        if not self.peers[room.id] and room.current is not None:
            room.restart_clock(time.time())  # the turn timer waited while the table was empty
        self.peers[room.id].add(peer)
        self._empty_since.pop(room.id, None)
        room.arrive(seats)

    @staticmethod
    def _check_chat(peer: Peer) -> None:
        now, times = time.monotonic(), peer.chat_times
        while times and now - times[0] > CHAT_WINDOW:
            times.popleft()
        if len(times) >= CHAT_LINES:
            raise ProtocolError("slow down: a few chat lines at a time", "chat-flood")
        times.append(now)

    def _check_attempts(self, peer: Peer) -> None:
        times = self._failures.get(peer.address)
        if times is None:
            return
        now = time.monotonic()
        while times and now - times[0] > JOIN_WINDOW:
            times.popleft()
        if len(times) >= JOIN_FAILURES:
            wait = JOIN_WINDOW - (now - times[0])
            raise ProtocolError(f"too many wrong codes or tokens from this address: try again in "
                                f"{wait:.0f} s", "rate-limited")

    def _failed(self, peer: Peer) -> None:
        if peer.address not in self._failures and len(self._failures) >= REMEMBERED_ADDRESSES:
            del self._failures[next(iter(self._failures))]
        self._failures.setdefault(peer.address, deque()).append(time.monotonic())

    async def _save(self, room: Room) -> None:
        if self.store is not None:
            await asyncio.to_thread(self.store.save_turns, room)

    # ------------------------------------------------------------ turns
    def _next_turn(self, room: Room) -> None:
        """After anything that may change whose turn it is: a computer moves, or the timer runs."""
        self._stop_timer(room)
        if room.current is None or not self._kept(room):
            return
        game = room.game
        assert game is not None
        if room.computer_to_move() is not None:
            task = asyncio.get_running_loop().create_task(self._computer_turn(room, game.turn_number))
            self._computers.add(task)
            task.add_done_callback(self._computers.discard)
        elif room.turn_seconds and self.peers.get(room.id):
            left = room.turn_left(time.time()) or 0.0
            self._timers[room.id] = asyncio.get_running_loop().call_later(
                left + 0.05, lambda: self._timeout(room))

    def _timeout(self, room: Room) -> None:
        if self._kept(room) and self.peers.get(room.id) and room.game is not None and room.timed_out(time.time()):
            task = asyncio.get_running_loop().create_task(
                self._computer_turn(room, room.game.turn_number, timed_out=True))
            self._computers.add(task)
            task.add_done_callback(self._computers.discard)

    async def _computer_turn(self, room: Room, turn: int, timed_out: bool = False) -> None:
        """A computer plays the seat to move (an AI seat, a person handed over, or a turn
        whose timer ran out), thinking in a worker thread on a copy of the game."""
        from ..ai import get_bot
        from .room import TIMEOUT_LEVEL

        if not self._kept(room):
            return
        async with self._locks[room.id]:
            game = room.game
            if game is None or room.current is None or game.turn_number != turn:
                return
            found = room.computer_to_move()
            if found is None:
                if not timed_out:
                    return
                seat, bot = room.current, get_bot(TIMEOUT_LEVEL, room.seed * 7 + room.current)
            else:
                seat, bot = found
            try:
                steps = room.steps
                asked = None if steps is None else steps.decision()
                if steps is not None and asked is not None and steps.move is not None:
                    # the move in progress asks this seat to decide (perhaps another's turn)
                    choice = await asyncio.to_thread(bot.decide, game.copy(), steps.move, asked)
                    if not self._kept(room) or game.turn_number != turn:
                        return
                    messages = room.decide([asked.player], choice, time.time())
                else:
                    move = await asyncio.to_thread(bot.choose, game.copy())
                    if not self._kept(room) or game.turn_number != turn:
                        return
                    messages = room.play(move, time.time())
            except (ProtocolError, IllegalMoveError) as exc:
                log.error("the computer for seat %d of game %s failed: %s", seat, room.id, exc)
                return
            await self._save(room)
        if timed_out:
            messages.insert(0, {"type": "timeout", "seat": seat})
        self._tell(room, messages)
        self._next_turn(room)
        self._retire_if_done(room)


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
    folder = Path(args.data) if args.data else _default_folder()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    try:
        return asyncio.run(_serve(standard_tiles(), folder, args.host, args.port, context, args.allow_seeds,
                                  proxies))
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
                 allow_seeds: bool, trusted_proxies: frozenset[str] = frozenset()) -> int:
    store = await asyncio.to_thread(Store, folder)
    server = Server(tiles, store, allow_seeds=allow_seeds, trusted_proxies=trusted_proxies)
    _settle_collector()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C arrives as KeyboardInterrupt
            pass
    async with serve(server.handle, host, port, max_size=MAX_CLIENT_MESSAGE, ssl=context,
                     ping_interval=PING_INTERVAL, ping_timeout=PING_INTERVAL,
                     close_timeout=CLOSE_TIMEOUT, compression=None) as ws_server:
        real_port = next(iter(ws_server.sockets)).getsockname()[1]
        scheme = "wss" if context else "ws"
        shown_host = f"[{host}]" if ":" in host else host  # an IPv6 address in a URL
        print(f"listening on {scheme}://{shown_host}:{real_port}", flush=True)
        log.info("%d games kept in %s", len(server.rooms), folder)
        server.resume_all()
        await stop.wait()
        ws_server.close(close_connections=True)
        try:
            await asyncio.wait_for(ws_server.wait_closed(), 2 * CLOSE_TIMEOUT)
        except TimeoutError:
            log.warning("some connections did not close in time")
    store.close()
    return 0
