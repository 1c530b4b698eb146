"""The play screen's line to a game server: a :class:`~.client.Connection` in a thread of its own.

A pygame frame must never wait on a socket, and an asyncio loop does not share a thread
with pygame's loop; so the connection runs in its own thread with its own event loop.
The screen gives it messages with :meth:`Link.send` (thread-safe, never blocks) and
takes what arrived with :meth:`Link.poll` once a frame, applying it to a table of its own
(the connection's :class:`~.table.TableState` stays in the connection's thread).

A dropped connection is not a lost game: the link comes back to its seats by itself
(:meth:`Connection.reconnect`) and says so meanwhile (:attr:`Link.status`).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from ..engine import TileSet
from ..engine.untrusted import clean_name
from .client import Connection, NetError
from .protocol import MAX_ERROR_TEXT

log = logging.getLogger(__name__)

#: What the link is doing, for the screen to show.
CONNECTING, OPEN, RECONNECTING, CLOSED, FAILED = "connecting", "open", "reconnecting", "closed", "failed"

MAX_SEATS = 6

Start = Callable[[Connection], Coroutine[Any, Any, Any]]


class _Feeding(Connection):
    """A connection that passes every message it receives to the screen as well."""

    def __init__(self, url: str, tiles: TileSet, out: Callable[[dict[str, Any]], None]) -> None:
        super().__init__(url, tiles)
        self._out = out

    async def receive(self, within: float | None = None) -> dict[str, Any]:
        message = await super().receive(within)
        self._out(message)
        return message


async def _first_free_seat(conn: Connection, code: str, name: str, color: str | None) -> None:
    """Sit down at the first seat still free (a seat taken meanwhile is skipped)."""
    for seat in range(MAX_SEATS):
        try:
            await conn.join(code, seat, name, color)
            return
        except NetError as exc:
            if exc.code != "seat-taken":
                if exc.code == "no-such-seat":
                    raise NetError("every seat of this game is taken", "full") from None
                raise
    raise NetError("every seat of this game is taken", "full")


class Link:
    """One connection to a server, run in a background thread; the screen polls it each frame."""

    def __init__(self, url: str, tiles: TileSet) -> None:
        self.url = url
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.conn = _Feeding(url, tiles, self._inbox.put)
        self.status = CONNECTING
        #: Why the link failed or closed (one line), once it has.
        self.problem = ""
        self._loop = asyncio.new_event_loop()
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="carcassonne-link", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ starting
    def create(self, seats: list[dict[str, Any]], **options: Any) -> None:
        """Open the connection and create a game (this connection is its host)."""
        self._begin(lambda c: c.create(seats, **options))

    def join(self, code: str, seat: int | None, name: str, color: str | None = None) -> None:
        """Open the connection and sit down at a friend's game (``seat`` None: the first free one)."""
        if seat is not None:
            self._begin(lambda c: c.join(code, seat, name, color))
        else:
            self._begin(lambda c: _first_free_seat(c, code, name, color))

    def rejoin(self, game_id: str, tokens: list[str]) -> None:
        self._begin(lambda c: c.rejoin(game_id, tokens))

    def watch(self, code: str | None, game: str | None, name: str) -> None:
        """Open the connection and watch a game (by its watch code, or from the watchable list)."""
        self._begin(lambda c: c.watch(code, game, name))

    def watchable(self) -> None:
        """Open the connection and ask for the games anyone may watch."""
        self._begin(lambda c: c.send({"type": "watchable"}))

    def lobby(self) -> None:
        """Open the connection and ask for the list of games waiting for players."""
        self._begin(lambda c: c.send({"type": "list"}))

    def ask(self, start: Start) -> None:
        """Open the connection and run ``start`` on it (register a name, ask for the leaderboard):
        its answers arrive through :meth:`poll` as every message does."""
        self._begin(start)

    def _begin(self, start: Start) -> None:
        def launch() -> None:
            self._task = self._loop.create_task(self._run(start))
        self._loop.call_soon_threadsafe(launch)

    async def _run(self, start: Start) -> None:
        """The connection's life; whatever ends it is told to the screen as one line (a
        fault of this program's as much as a refusal: the screen never waits on a dead task)."""
        try:
            await self._serve(start)
        except asyncio.CancelledError:
            raise
        except NetError as exc:
            self._fail(str(exc), exc.code)
        except Exception as exc:  # noqa: BLE001 - told, not swallowed: the screen shows it
            log.exception("the connection to %s failed", self.url)
            self._fail(f"the connection failed: {type(exc).__name__}: {exc}", "failed")

    async def _serve(self, start: Start) -> None:
        conn = self.conn
        await conn.open()
        await start(conn)
        self.status = OPEN
        while True:
            try:
                await conn.receive()
            except NetError as exc:
                if exc.code not in ("closed", "bad-server") or not conn.game_id:
                    raise
                self.status = RECONNECTING
                await self._close_quietly()
                await conn.reconnect()
                self.status = OPEN

    def _fail(self, text: str, code: str = "") -> None:
        text = clean_name(text, code or "failed", limit=MAX_ERROR_TEXT)
        self.problem = text
        self.status = FAILED
        self._inbox.put({"type": "link", "status": FAILED, "message": text, "code": code})

    async def _close_quietly(self) -> None:
        try:
            await self.conn.close()
        except Exception:  # noqa: BLE001 - a connection already gone has nothing to close
            pass

    # ------------------------------------------------------------ facts
    @property
    def seats(self) -> list[int]:
        """The seats this connection holds (set by the server's answer to create, join, rejoin)."""
        return list(self.conn.seats)

    @property
    def tokens(self) -> list[str]:
        return list(self.conn.tokens)

    @property
    def game_id(self) -> str:
        return self.conn.game_id

    @property
    def code(self) -> str:
        return self.conn.code

    # ------------------------------------------------------------ traffic
    def send(self, message: dict[str, Any]) -> bool:
        """Send a message (never waits); False if the link is not open now."""
        if self.status != OPEN or self._loop.is_closed():
            return False

        async def deliver() -> None:
            try:
                await self.conn.send(message)
            except NetError:
                pass  # the receiving side notices the drop and reconnects
        self._loop.call_soon_threadsafe(lambda: self._loop.create_task(deliver()))
        return True

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call (the frame applies them itself)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def stop(self, wait: float = 3.0) -> None:
        """Close the connection and end the thread (the seats stay the player's: a link
        made later with the same tokens takes them back)."""
        if self._loop.is_closed():
            return

        async def finish() -> None:
            if self._task is not None:
                self._task.cancel()
            await self._close_quietly()
        try:
            asyncio.run_coroutine_threadsafe(finish(), self._loop).result(wait)
        except Exception:  # noqa: BLE001 - a stuck close must not keep the game from quitting
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(wait)
        if not self._thread.is_alive():
            self._loop.close()
        if self.status != FAILED:
            self.status = CLOSED
