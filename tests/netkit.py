"""Test kit for network play: a real server on 127.0.0.1 (port 0) in a thread of its own,
clients played by bots, and a bound on every wait.

Only loopback is ever used; every loop that waits on the network has a deadline.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
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


class ServerThread:
    """A :class:`Server` served on 127.0.0.1 from a thread with its own event loop."""

    def __init__(self, tiles: Any, folder: Path | None = None, allow_seeds: bool = True,
                 hand_over_after: float = 30.0, trusted_proxies: frozenset[str] = frozenset(),
                 **options: Any) -> None:
        self.tiles, self.folder = tiles, folder
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

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _start(self) -> None:
        options = dict(self.options)
        store = options.pop("store", None) or (Store(self.folder) if self.folder else None)
        self.server = Server(self.tiles, store, allow_seeds=self.allow_seeds,
                             hand_over_after=self.hand_over_after, trusted_proxies=self.trusted_proxies, **options)
        self.ws_server = await self.server.listen("127.0.0.1", 0, close_timeout=0.5)
        self.port = next(iter(self.ws_server.sockets)).getsockname()[1]
        self.server.resume_all()

    async def _stop(self) -> None:
        self.ws_server.close()
        await self.ws_server.wait_closed()
        if self.server:
            await self.server.close()
        if self.server and self.server.store:
            self.server.store.close()

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` in the server's thread (to look at its rooms safely)."""
        async def inside() -> T:
            return fn()
        return asyncio.run_coroutine_threadsafe(inside(), self.loop).result(15)


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
            await conn.send(play_message(move, asked))
        await conn.receive()


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
