"""Test kit for network play: a real server on 127.0.0.1 (port 0) in a thread of its own,
clients played by bots, and a bound on every wait.

Only loopback is ever used; every loop that waits on the network has a deadline.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from carcassonne.ai import get_bot
from carcassonne.engine import COLORS
from carcassonne.net.client import Connection
from carcassonne.net.protocol import play_message
from carcassonne.net.server import Server
from carcassonne.net.store import Store

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]


def run(coro: Awaitable[T], timeout: float = 120.0) -> T:
    """Run a coroutine to its end, or fail the test after ``timeout`` seconds."""
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(bounded())


#: Why the tests of a server of several nodes do not run here, or None.
NO_REDIS = None if shutil.which("redis-server") else "redis-server is not installed (apt-get install -y redis-server)"


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (for a Redis, which cannot be asked for port 0's answer)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisServer:
    """A real ``redis-server`` on a free loopback port with its own folder and its append-only
    file written at every command (``--appendfsync always``): a write it acknowledged is there
    after it is killed and started again (:meth:`kill`, :meth:`start`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Path(tempfile.mkdtemp(prefix="carcassonne-redis-"))
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no",
             "--protected-mode", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode}")
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer within 10 s")

    def kill(self) -> None:
        """SIGKILL: what a crash or a power cut leaves behind."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None

    def command(self, *words: str) -> str:
        """One command through ``redis-cli`` (what an operator would type)."""
        return subprocess.run(["redis-cli", "-p", str(self.port), *words], capture_output=True, text=True,
                              timeout=10).stdout.strip()


class ServerThread:
    """A :class:`Server` served on 127.0.0.1 from a thread with its own event loop; with
    ``redis``, a node of a server of several nodes sharing that Redis."""

    def __init__(self, tiles: Any, folder: Path | None = None, allow_seeds: bool = True,
                 hand_over_after: float = 30.0, trusted_proxies: frozenset[str] = frozenset(),
                 redis: str | None = None, **options: Any) -> None:
        self.tiles, self.folder = tiles, folder
        self.redis = redis
        self.trusted_proxies = trusted_proxies
        #: More of the Server's options (limits, thinkers, gate, store).
        self.options = options
        self.allow_seeds, self.hand_over_after = allow_seeds, hand_over_after
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: Server | None = None
        self.port = 0

    def __enter__(self) -> ServerThread:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(15)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(15)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        # Work left pending (never run) when the loop stops would be a coroutine never awaited.
        left = [task.get_coro() for task in asyncio.all_tasks(self.loop)]
        self.loop.close()
        assert not left, f"the stopped server left work pending: {left}"

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _start(self) -> None:
        options = dict(self.options)
        if self.redis is not None:
            from carcassonne.net.cluster import Cluster
            from carcassonne.net.limits import Limits

            cluster = Cluster(self.redis)
            given = options.pop("limits", None)
            options.update(store=cluster.store, cluster=cluster,
                           limits=Limits(counts=cluster.counts, policy=given.policy if given else None))
        store = options.pop("store", None) or (Store(self.folder) if self.folder else None)
        self.server = Server(self.tiles, store, allow_seeds=self.allow_seeds,
                             hand_over_after=self.hand_over_after, trusted_proxies=self.trusted_proxies, **options)
        if self.server.cluster is not None:
            await self.server.cluster.start(self.server)
        self.ws_server = await self.server.listen("127.0.0.1", 0, close_timeout=0.5)
        self.port = next(iter(self.ws_server.sockets)).getsockname()[1]
        self.server.resume_all()

    async def _stop(self) -> None:
        self.ws_server.close()
        await self.ws_server.wait_closed()
        if self.server:
            await self.server.close()
        if self.server and isinstance(self.server.store, Store):
            self.server.store.close()

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` in the server's thread (to look at its rooms safely)."""
        async def inside() -> T:
            return fn()
        return asyncio.run_coroutine_threadsafe(inside(), self.loop).result(15)


class ClusterThreads:
    """Several nodes (:class:`ServerThread`) sharing one Redis, seen by a test as one server:
    :attr:`url` names the nodes in turn, so the connections a test opens one after another
    sit on different nodes and every game has players on a node that does not own it."""

    def __init__(self, tiles: Any, redis: str, nodes: int = 2, **options: Any) -> None:
        self.nodes = [ServerThread(tiles, redis=redis, **self._own(options, i)) for i in range(nodes)]
        self._next = 0

    @staticmethod
    def _own(options: dict[str, Any], node: int) -> dict[str, Any]:
        """Each node its own computer players and its own gate (as each process has), alike."""
        from carcassonne.net.limits import ConnectionGate
        from carcassonne.net.thinking import Thinkers

        mine = dict(options)
        if node and isinstance(mine.get("thinkers"), Thinkers):
            mine["thinkers"] = Thinkers(workers=mine["thinkers"].workers)
        if node and isinstance(mine.get("gate"), ConnectionGate):
            given = mine["gate"]
            mine["gate"] = ConnectionGate(given.total, given.per_address, given.per_network)
        return mine

    @property
    def server(self) -> Any:
        """The first node's server (a test that looks at one node's own things: its gate...)."""
        return self.nodes[0].server

    def call(self, fn: Callable[[], T]) -> T:
        return self.nodes[0].call(fn)

    def __enter__(self) -> ClusterThreads:
        for node in self.nodes:
            node.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        for node in reversed(self.nodes):
            node.__exit__(*exc)

    @property
    def url(self) -> str:
        url = self.nodes[self._next % len(self.nodes)].url
        self._next += 1
        return url

    @property
    def urls(self) -> list[str]:
        return [node.url for node in self.nodes]

    def rooms(self) -> dict[str, Any]:
        """Every game the nodes hold, by id."""
        found: dict[str, Any] = {}
        for node in self.nodes:
            found.update(node.call(lambda n=node: dict(n.server.rooms)))
        return found


class Hosting:
    """How a test's server is run: one process (its data folder, SQLite), or two nodes
    sharing a real Redis (:class:`ClusterThreads`). A test written against this runs against
    both; :meth:`storage_fails` makes storing fail as a full disk does (the one process's
    writes raise ``ENOSPC``; Redis refuses writes, out of memory, as a full Redis does)."""

    def __init__(self, redis: RedisServer | None, monkeypatch: Any) -> None:
        self.redis = redis
        self.monkeypatch = monkeypatch
        self.failed = 0
        self._full = False
        if redis is None:
            from carcassonne.net import store as store_module

            real = store_module.write_atomically

            def write(path: Any, text: str, durable: bool = True) -> None:
                if self._full:
                    self.failed += 1
                    raise OSError(28, "No space left on device")
                real(path, text, durable=durable)
            monkeypatch.setattr(store_module, "write_atomically", write)
            real_chat = store_module.Store.save_chat

            def save_chat(store: Any, room: Any, line: dict[str, Any]) -> None:
                if self._full:  # (the lobby's database is on the same full disk)
                    self.failed += 1
                    raise store_module.StoreUnavailable("database or disk is full")
                real_chat(store, room, line)
            monkeypatch.setattr(store_module.Store, "save_chat", save_chat)

    @property
    def cluster(self) -> bool:
        return self.redis is not None

    def __call__(self, tiles: Any, folder: Path | None = None, **options: Any) -> Any:
        if self.redis is None:
            return ServerThread(tiles, folder, **options)
        return ClusterThreads(tiles, self.redis.url, nodes=2, **options)

    def storage_fails(self, full: bool) -> None:
        self._full = full
        if self.redis is not None:
            client = self._client()
            if not full:
                self.failed = int(client.info("errorstats").get("errorstat_OOM", {}).get("count", 0))
            client.config_set("maxmemory", "1" if full else "0")

    def _client(self) -> Any:
        """A client kept open: the switch must be as quick as the server's own steps."""
        from redis import Redis

        assert self.redis is not None
        if getattr(self, "_redis_client", None) is None:
            self._redis_client = Redis(port=self.redis.port, socket_timeout=5)
        return self._redis_client

    def stored_turns(self, folder: Path, game: str) -> int:
        """The turns of a game its store keeps."""
        if self.redis is None:
            return turns_in(folder / "games" / f"{game}.carc.json")
        return int(self.redis.command("LLEN", f"carcassonne:turns:{game}") or 0)

    def rooms(self, server: Any) -> dict[str, Any]:
        """The games in memory, by id (on every node)."""
        if isinstance(server, ClusterThreads):
            return server.rooms()
        return server.call(lambda: dict(server.server.rooms))


async def play_seat(conn: Connection, seat: int, level: str, seed: int,
                    until_turn: int | None = None) -> None:
    """A bot plays ``seat`` on ``conn`` until the game ends (or turn ``until_turn`` is reached)."""
    bot = get_bot(level, seed)
    table = conn.table
    asked = None
    while not table.finished:
        game = table.game
        if until_turn is not None and game is not None and game.turn_number >= until_turn:
            return
        if game is not None and table.current == seat and asked != game.turn_number:
            asked = game.turn_number
            move = bot.choose(game.copy())
            await conn.send(play_message(move, asked, held=game.holds_tiles))
        await conn.receive()


async def stored_pair(shared: Any, tiles: Any) -> tuple[Any, Any]:
    """A two-person game (Ann and Bob) started and stored in a Redis by the node ``shared``
    speaks for, whose lease is renewed first: (the room, the node's store)."""
    from carcassonne.engine import Rules
    from carcassonne.net.room import new_room
    from carcassonne.net.shared_store import Nodes, SharedStore

    await Nodes(shared).renew()
    room, _host, _tokens = new_room(tiles, Rules(), [{"kind": "human", "color": "red", "name": "Ann"},
                                                     {"kind": "human", "color": "blue", "name": "Bob"}], 7)
    room.start(time.time())
    store = SharedStore(shared)
    await store.add(room)
    return room, store


async def seated_pair(url: str, tiles: Any, seed: int | None = 5, **options: Any) -> tuple[Connection, Connection]:
    """Two connections seated at a new two-player game (seat 0 created it, seat 1 joined)."""
    a, b = Connection(url, tiles), Connection(url, tiles)
    await a.open()
    await b.open()
    plans = [{"kind": "human", "color": COLORS[0], "name": "Ann"}, {"kind": "open", "color": COLORS[1]}]
    if seed is not None:
        options["seed"] = seed
    await a.create(plans, **options)
    await b.join(a.code, 1, "Bob", COLORS[1])
    while a.table.game is None or a.table.states < 2:
        await a.receive()
    return a, b


def start_server_process(data: Path, port: int = 0, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """``carcassonne server`` in a process of its own; returns it and the port it listens on."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "carcassonne", "server", "--port", str(port),
                             "--data", str(data), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("listening on ws://127.0.0.1:"), first
    return proc, int(first.rsplit(":", 1)[1])


def wait_for(check: Callable[[], bool], within: float, what: str) -> None:
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {within} s")
        time.sleep(0.05)


def turns_in(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["turns"])
    except (OSError, ValueError, KeyError):
        return 0
