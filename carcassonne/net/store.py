"""Where a server keeps its games: a lobby database and one game record per game.

The lobby (games, join codes, seats and the hashes of their tokens, the chat of each game's
players and of its spectators) is an SQLite file,
from the standard library; each game's turns are a ``.carc.json`` record in the game
record format (``docs/game-record.md``), written atomically after every turn as the
autosaves are, so a server killed at any moment loses at most the turn in progress and
anyone can replay a game with ``carcassonne replay``. A restarted server reads both back
and resumes every game still under way; a finished game is read only when one of its
players asks for it again.

A write that fails (a full disk, no file descriptor left) raises :class:`StoreUnavailable`
and leaves what was stored before as it was: the server then takes the step back and says
so, and the game goes on once the data folder can be written again.

:class:`GameStore` is what a server needs of a store, asked from its event loop: this
SQLite :class:`Store` (run in threads by :class:`LocalStore`) is the embedded one, and
:class:`~.shared_store.SharedStore` keeps the same in a Redis that several nodes share.
The server's logic is written once, against the interface.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..engine import CarcassonneError, Rules, TileSet
from ..engine.record import GameRecord, write_atomically
from .room import CHATS_KEPT, Room, SeatInfo, chat_of

log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, code TEXT NOT NULL, name TEXT NOT NULL, created REAL NOT NULL,
    rules TEXT NOT NULL, seed INTEGER NOT NULL, host_hash TEXT NOT NULL,
    turn_seconds INTEGER NOT NULL, hints INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0,
    deal TEXT, turn_started REAL, watchable INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, color TEXT NOT NULL,
    kind TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS chat (
    n INTEGER PRIMARY KEY, game TEXT NOT NULL, kind TEXT NOT NULL, line TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chat_of_game ON chat (game, kind, n);
"""
_COLUMNS = ("id, code, name, created, rules, COALESCE(deal, seed), host_hash, turn_seconds, hints, turn_started, "
            "watchable")
#: The largest seed SQLite's INTEGER holds; a server's deal (128 bits) is kept as text in ``deal``.
_SQLITE_INT = 2**63 - 1

T = TypeVar("T")


#: What a peer is told when the store cannot be reached for a moment (Redis away, say).
STORE_DOWN = "the server cannot reach its store right now: try again in a moment"


class StoreError(RuntimeError):
    """The data folder cannot be used: one line saying why."""


class StoreUnavailable(RuntimeError):
    """A write or a read failed for now (a full disk, no file descriptor left): nothing
    stored before has changed; the same step may succeed later."""


def _failing_softly(method: Callable[..., T]) -> Callable[..., T]:
    """Turn the operating system's and SQLite's failures into :class:`StoreUnavailable`."""
    @functools.wraps(method)
    def wrapped(*args: Any, **kwargs: Any) -> T:
        try:
            return method(*args, **kwargs)
        except (OSError, sqlite3.Error) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise StoreUnavailable(reason or type(exc).__name__) from exc
    return wrapped


class StoreConflict(StoreUnavailable):
    """The stored game is not the one this server holds (another node owns it now, or a
    step taken back here had been stored after all): the server lets the game go and its
    players come back to it as it was stored."""


class GameStore(Protocol):
    """What a server keeps of its games, asked from its event loop. Every write raises
    :class:`StoreUnavailable` when it did not happen (the server then takes the step back);
    a write is stored before anyone is told of it."""

    async def add(self, room: Room) -> None:
        """A new game and its seats (and its start, if no seat waits)."""

    async def save_seats(self, room: Room) -> None:
        """A seat taken (and the game's start, if that was the last open seat)."""

    async def save_turns(self, room: Room, since: int) -> None:
        """The turns played since turn ``since`` (and whether the game is over)."""

    async def save_chat(self, room: Room, line: dict[str, Any]) -> None:
        """A chat line said at the game's table (a store may keep none)."""

    async def remove(self, room: Room) -> None:
        """Forget a game that never started."""

    async def room(self, tiles: TileSet, game_id: str) -> Room | None:
        """One kept game by its id, read back (a finished one too), or None."""

    async def find_code(self, code: str) -> str | None:
        """The game a join code opens, if this store knows it (None: only the games in
        memory have codes, as in the embedded store)."""

    def rooms(self, tiles: TileSet) -> Iterator[Room]:
        """The games to resume when the server starts."""

    async def close(self) -> None:
        """Let go of the store (its connections, its files)."""


class LocalStore:
    """The embedded :class:`Store` as a :class:`GameStore`: each call in the store's own
    threads, so a save never waits behind anything else on the event loop."""

    def __init__(self, store: Store, executor: Executor) -> None:
        self.store = store
        self.executor = executor

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.executor, call, *args)

    async def add(self, room: Room) -> None:
        await self._run(self.store.add, room)

    async def save_seats(self, room: Room) -> None:
        await self._run(self.store.save_seats, room)

    async def save_turns(self, room: Room, since: int) -> None:
        await self._run(self.store.save_turns, room)

    async def save_chat(self, room: Room, line: dict[str, Any]) -> None:
        await self._run(self.store.save_chat, room, line)

    async def remove(self, room: Room) -> None:
        await self._run(self.store.remove, room)

    async def room(self, tiles: TileSet, game_id: str) -> Room | None:
        return await self._run(self.store.room, tiles, game_id)

    async def find_code(self, code: str) -> str | None:
        return None

    def rooms(self, tiles: TileSet) -> Iterator[Room]:
        return self.store.rooms(tiles)

    async def close(self) -> None:
        """The :class:`Store` is closed by whoever opened it."""


class Store:
    """A server's data folder: ``lobby.sqlite3`` and ``games/<id>.carc.json``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.games = folder / "games"
        #: The server writes from worker threads: one at a time on the one connection.
        self._lock = threading.Lock()
        try:
            self.games.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(folder / "lobby.sqlite3", check_same_thread=False)
            self.db.executescript(_SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
            if "finished" not in columns:  # a lobby kept by an older server
                self.db.execute("ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0")
            if "deal" not in columns:
                self.db.execute("ALTER TABLE games ADD COLUMN deal TEXT")
            if "turn_started" not in columns:  # (when the turn in progress began: its timer's start)
                self.db.execute("ALTER TABLE games ADD COLUMN turn_started REAL")
            if "watchable" not in columns:  # (the host let anyone watch: the lobby lists it)
                self.db.execute("ALTER TABLE games ADD COLUMN watchable INTEGER NOT NULL DEFAULT 0")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.commit()
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot use the data folder {folder}: {exc}") from None

    def close(self) -> None:
        self.db.close()

    def record_path(self, room: Room) -> Path:
        return self.games / f"{room.id}.carc.json"

    # ------------------------------------------------------------- writing
    @_failing_softly
    def add(self, room: Room) -> None:
        """A new game and its seats, with its record if it has started: all or nothing."""
        if room.started:
            self.save_turns(room)
        seed, deal = (room.seed, None) if room.seed <= _SQLITE_INT else (0, str(room.seed))
        try:
            with self._lock, self.db:
                self.db.execute("INSERT INTO games (id, code, name, created, rules, seed, host_hash, turn_seconds, "
                                "hints, finished, deal, turn_started, watchable) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                                (room.id, room.code, room.name, room.created, json.dumps(room.rules.to_record()),
                                 seed, room.host_hash, room.turn_seconds, int(room.hints), deal,
                                 room.turn_started if room.started else None, int(room.watchable)))
                self._write_seats(room)
        except BaseException:
            self._forget_record(room)
            raise

    @_failing_softly
    def save_seats(self, room: Room) -> None:
        """A player sat down: the seat's name, colour and token hash (and the record of the
        game this made start): all or nothing."""
        new_record = room.started and not self.record_path(room).exists()
        if new_record:
            self.save_turns(room)
        try:
            with self._lock, self.db:
                self._write_seats(room)
        except BaseException:
            if new_record:
                self._forget_record(room)
            raise

    def _forget_record(self, room: Room) -> None:
        try:
            self.record_path(room).unlink(missing_ok=True)
        except OSError as exc:
            log.warning("the record of game %s could not be removed: %s", room.id, exc)

    def _write_seats(self, room: Room) -> None:
        self.db.executemany("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                            [(room.id, i, s.name, s.color, s.kind, s.token_hash)
                             for i, s in enumerate(room.seats)])

    @_failing_softly
    def save_turns(self, room: Room) -> None:
        """The game's record, atomically: the old file stays whole if this is cut short.

        Not flushed to the disk on every turn (hundreds of games write several times a
        second): a killed server loses nothing the operating system was given; a power cut
        may lose the last turns, never a whole record. (A finished game whose lobby row
        cannot be marked is marked when the server next starts: its record says it ended.)"""
        write_atomically(self.record_path(room), room.record().to_json(), durable=False)
        try:
            self._mark_turn(room.id, room.turn_started, room.finished)
        except sqlite3.Error as exc:  # the record holds the turn: its clock is what is lost
            log.warning("game %s: when its turn began is not kept in the lobby: %s", room.id, exc)

    def _mark_turn(self, game_id: str, started: float, finished: bool) -> None:
        """When the turn in progress began (a correspondence game's clock), and whether it ended."""
        with self._lock, self.db:
            self.db.execute("UPDATE games SET turn_started = ?, finished = MAX(finished, ?) WHERE id = ?",
                            (started, int(finished), game_id))

    def _mark_finished(self, game_id: str) -> None:
        with self._lock, self.db:
            self.db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))

    @_failing_softly
    def save_chat(self, room: Room, line: dict[str, Any]) -> None:
        """A line of the players' chat or of the spectators' (``line["type"]``), the oldest
        beyond as many as a game keeps let go: a restarted server's tables remember them."""
        kind = chat_of(line)
        with self._lock, self.db:
            self.db.execute("INSERT INTO chat (game, kind, line) VALUES (?, ?, ?)", (room.id, kind, json.dumps(line)))
            self.db.execute("DELETE FROM chat WHERE game = ? AND kind = ? AND n <= (SELECT n FROM chat WHERE game = ? "
                            "AND kind = ? ORDER BY n DESC LIMIT 1 OFFSET ?)",
                            (room.id, kind, room.id, kind, CHATS_KEPT[kind]))

    @_failing_softly
    def remove(self, room: Room) -> None:
        """Forget a game that never started (its seats waited too long): its lobby rows and
        any record."""
        with self._lock, self.db:
            self.db.execute("DELETE FROM chat WHERE game = ?", (room.id,))
            self.db.execute("DELETE FROM seats WHERE game = ?", (room.id,))
            self.db.execute("DELETE FROM games WHERE id = ?", (room.id,))
        self.record_path(room).unlink(missing_ok=True)

    # ------------------------------------------------------------- reading
    def rooms(self, tiles: TileSet) -> Iterator[Room]:
        """Every game still under way, resumed from its record; a game that cannot be read
        is logged with one line and left where it is."""
        try:
            rows = self.db.execute(f"SELECT {_COLUMNS} FROM games WHERE finished = 0 ORDER BY created").fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"the lobby database in {self.folder} is damaged: {exc}") from None
        for row in rows:
            room = self._read(tiles, row)
            if room is None:
                continue
            if room.finished:  # finished under an older server, which did not mark it
                self._mark_finished(room.id)
                continue
            yield room

    @_failing_softly
    def room(self, tiles: TileSet, game_id: str) -> Room | None:
        """One kept game by its id (a finished one too), or None if there is none to read;
        :class:`StoreUnavailable` if the data folder cannot be read now.
        Called from a worker thread while others may write: one at a time on the connection."""
        with self._lock:
            row = self.db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            return None if row is None else self._read(tiles, row)

    def _read(self, tiles: TileSet, row: Any) -> Room | None:
        game_id, code, name, created, rules, seed, host_hash, turn_seconds, hints, started, watchable = row
        try:
            room = self._room(tiles, str(game_id), str(code), str(name), float(created), str(rules),
                              int(seed), str(host_hash), int(turn_seconds), bool(hints), time.time())
            room.watchable = bool(watchable)
            if room.started:
                room.resume_clock(float(started) if isinstance(started, (int, float)) else None, time.time())
            return room
        except (CarcassonneError, ValueError, TypeError, sqlite3.Error) as exc:
            log.warning("game %s is not resumed: %s", game_id, exc)
            return None

    def _room(self, tiles: TileSet, game_id: str, code: str, name: str, created: float, rules: str,
              seed: int, host_hash: str, turn_seconds: int, hints: bool, now: float) -> Room:
        seats = [SeatInfo(str(n), str(c), str(k), th) for n, c, k, th in self.db.execute(
            "SELECT name, color, kind, token_hash FROM seats WHERE game = ? ORDER BY seat", (game_id,))]
        room = Room(game_id, code, tiles, Rules.from_record(json.loads(rules)), seats, seed, name=name,
                    host_hash=host_hash, turn_seconds=turn_seconds, hints=hints, created=created)
        for seat in seats:
            if seat.kind == "human" and seat.token_hash is not None:
                seat.away_since = now  # nobody is connected to a server that has just started
        self._read_chat(room)
        path = self.record_path(room)
        if path.exists():
            record = GameRecord.load(path)
            if record.seed != seed or len(record.players) != len(seats):
                raise CarcassonneError(f"{path.name} does not belong to this game")
            room.resume(record.replay(tiles), now)
        elif not any(s.is_open for s in seats):
            room.start(now)
        return room

    def _read_chat(self, room: Room) -> None:
        """The game's chat as kept, oldest first; a line that is not one is left out."""
        for (text,) in self.db.execute("SELECT line FROM chat WHERE game = ? ORDER BY n", (room.id,)):
            try:
                line = json.loads(text)
            except (ValueError, TypeError):
                continue
            if isinstance(line, dict):
                room.said_in(line).append(line)
