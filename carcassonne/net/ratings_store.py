"""Where a server keeps its players' names, its rated games and their ratings.

:class:`RatingsStore` is what the server asks (from its event loop); :class:`LocalRatings`
keeps it in an SQLite file beside the lobby (``ratings.sqlite3`` in the data folder, or in
memory without one), :class:`~.shared_ratings.SharedRatings` in the Redis that the nodes of
one server share. Both order the leaderboard alike (best ordinal first, then the name
folded, byte by byte) and keep the ratings as the same binary floats, so one process and a
cluster give the same numbers for the same games.

A rated game's result is applied once (:meth:`RatingsStore.record` remembers the games it
rated): a finish told twice, by two nodes or after a restart, rates nothing twice.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .ratings import Before, Standing, first_rating, places
from .store import StoreUnavailable

T = TypeVar("T")
#: How a game's result becomes ratings: (before, scores) -> (mu, sigma, ordinal) per seat.
Rate = Callable[[list[Before], list[int]], list[tuple[float, float, float]]]
#: Rated games kept in a player's history (the newest).
HISTORY_KEPT = 200
FILE_NAME = "ratings.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    folded TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rated_games (game TEXT PRIMARY KEY, rated REAL);
CREATE TABLE IF NOT EXISTS rated_seats (
    game TEXT NOT NULL, seat INTEGER NOT NULL, account TEXT NOT NULL, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS ratings (
    account TEXT PRIMARY KEY, mu REAL NOT NULL, sigma REAL NOT NULL, ordinal REAL NOT NULL,
    games INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS history (
    account TEXT NOT NULL, at REAL NOT NULL, entry TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS history_of ON history (account, at);
"""


class RatingsStore(Protocol):
    """Names, rated games and ratings, asked from the server's event loop; a write that did
    not happen raises :class:`StoreUnavailable`."""

    async def register(self, folded: str, name: str, key_hash: str, now: float) -> bool:
        """A new name with its key's hash; False if the name (folded) is taken."""

    async def account(self, folded: str) -> tuple[str, str] | None:
        """The name as registered and its key's hash, or None."""

    async def open_table(self, game: str, seats: dict[int, str]) -> None:
        """A new rated game and the accounts at its seats so far (by seat)."""

    async def seat(self, game: str, seat: int, folded: str) -> None:
        """An account sat down at a rated game."""

    async def table(self, game: str) -> dict[int, str] | None:
        """The accounts at a rated game's seats, or None if the game is not rated."""

    async def record(self, game: str, seats: list[str], scores: list[int], now: float, rate: Rate) -> bool:
        """A finished rated game's result applied to its players' ratings; False if it was already."""

    async def leaderboard(self, first: int, count: int) -> tuple[int, list[Standing]]:
        """How many players are rated, and the ``count`` from place ``first`` (0: the best)."""

    async def history(self, folded: str, count: int) -> list[dict[str, Any]]:
        """A player's rated games, the newest first."""

    async def close(self) -> None:
        """Let go of the store."""


def history_entry(game: str, now: float, seat: int, place: int, scores: list[int],
                  before: float, after: tuple[float, float, float]) -> dict[str, Any]:
    """One rated game of a player's history: where they finished and what it did to their rating."""
    return {"game": game, "at": round(now, 3), "seat": seat, "place": place, "players": len(scores),
            "score": scores[seat], "mu": after[0], "sigma": after[1], "ordinal": after[2],
            "change": after[2] - before}


class LocalRatings:
    """The ratings in SQLite, asked in a thread of its own (one at a time: each write is a
    transaction, so a result is rated whole or not at all)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = ":memory:" if folder is None else str(folder / FILE_NAME)
        self._io = ThreadPoolExecutor(1, thread_name_prefix="carcassonne-ratings")
        self._lock = threading.Lock()
        self.db: sqlite3.Connection | None = None

    def _open(self) -> sqlite3.Connection:
        if self.db is None:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.executescript(_SCHEMA)
            self.db = db
        return self.db

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        def call() -> T:
            with self._lock:
                try:
                    return work(self._open())
                except (OSError, sqlite3.Error) as exc:
                    raise StoreUnavailable(f"the ratings cannot be read or written: {exc}") from None
        return await asyncio.get_running_loop().run_in_executor(self._io, call)

    async def register(self, folded: str, name: str, key_hash: str, now: float) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute("INSERT OR IGNORE INTO accounts VALUES (?, ?, ?, ?)", (folded, name, key_hash, now))
            return cursor.rowcount == 1
        return await self._run(work)

    async def account(self, folded: str) -> tuple[str, str] | None:
        def work(db: sqlite3.Connection) -> tuple[str, str] | None:
            row = db.execute("SELECT name, key_hash FROM accounts WHERE folded = ?", (folded,)).fetchone()
            return None if row is None else (str(row[0]), str(row[1]))
        return await self._run(work)

    async def open_table(self, game: str, seats: dict[int, str]) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT OR IGNORE INTO rated_games VALUES (?, NULL)", (game,))
                db.executemany("INSERT OR REPLACE INTO rated_seats VALUES (?, ?, ?)",
                               [(game, seat, folded) for seat, folded in seats.items()])
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        await self._run(work)

    async def seat(self, game: str, seat: int, folded: str) -> None:
        await self._run(lambda db: db.execute("INSERT OR REPLACE INTO rated_seats VALUES (?, ?, ?)",
                                              (game, seat, folded)))

    async def table(self, game: str) -> dict[int, str] | None:
        return await self._run(lambda db: self._table(db, game))

    @staticmethod
    def _table(db: sqlite3.Connection, game: str) -> dict[int, str] | None:
        if db.execute("SELECT 1 FROM rated_games WHERE game = ?", (game,)).fetchone() is None:
            return None
        rows = db.execute("SELECT seat, account FROM rated_seats WHERE game = ?", (game,)).fetchall()
        return {int(seat): str(account) for seat, account in rows}

    async def record(self, game: str, seats: list[str], scores: list[int], now: float, rate: Rate) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                done = db.execute("SELECT rated FROM rated_games WHERE game = ?", (game,)).fetchone()
                if done is None or done[0] is not None:
                    db.execute("ROLLBACK")
                    return False
                kept = [db.execute("SELECT mu, sigma, ordinal, games FROM ratings WHERE account = ?",
                                   (folded,)).fetchone() for folded in seats]
                before: list[Before] = [None if k is None else (float(k[0]), float(k[1])) for k in kept]
                after = rate(before, scores)
                placed = places(scores)
                for seat, (folded, k, new) in enumerate(zip(seats, kept, after)):
                    games = 1 + (0 if k is None else int(k[3]))
                    old = first_rating()[2] if k is None else float(k[2])
                    db.execute("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?)", (folded, *new, games))
                    entry = history_entry(game, now, seat, placed[seat], scores, old, new)
                    db.execute("INSERT INTO history VALUES (?, ?, ?)", (folded, now, json.dumps(entry)))
                db.execute("UPDATE rated_games SET rated = ? WHERE game = ?", (now, game))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return True
        return await self._run(work)

    async def leaderboard(self, first: int, count: int) -> tuple[int, list[Standing]]:
        return await self._run(lambda db: self.standings(db, first, count))

    @staticmethod
    def standings(db: sqlite3.Connection, first: int, count: int) -> tuple[int, list[Standing]]:
        total = int(db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0])
        rows = db.execute(
            "SELECT COALESCE(a.name, r.account), r.games, r.mu, r.sigma, r.ordinal FROM ratings r "
            "LEFT JOIN accounts a ON a.folded = r.account ORDER BY r.ordinal DESC, r.account ASC "
            "LIMIT ? OFFSET ?", (count, first)).fetchall()
        return total, [Standing(str(n), int(g), float(m), float(s), float(o)) for n, g, m, s, o in rows]

    async def history(self, folded: str, count: int) -> list[dict[str, Any]]:
        def work(db: sqlite3.Connection) -> list[dict[str, Any]]:
            rows = db.execute("SELECT entry FROM history WHERE account = ? ORDER BY at DESC, rowid DESC LIMIT ?",
                              (folded, min(count, HISTORY_KEPT))).fetchall()
            return [json.loads(row[0]) for row in rows]
        return await self._run(work)

    async def close(self) -> None:
        def shut(db: sqlite3.Connection) -> None:
            db.close()
            self.db = None
        if self.db is not None:
            await self._run(shut)
        self._io.shutdown(wait=False)


def read_standings(folder: Path) -> list[Standing]:
    """Every rated player of a data folder, best first (``carcassonne ratings``), read only.

    Raises :class:`StoreUnavailable` with one line if the folder holds no ratings."""
    return _reading(folder, lambda db: LocalRatings.standings(db, 0, -1)[1])


def read_history(folder: Path, folded: str) -> tuple[str, list[dict[str, Any]]] | None:
    """A player's name as registered and rated games, the newest first (None: no such name)."""
    def read(db: sqlite3.Connection) -> tuple[str, list[dict[str, Any]]] | None:
        row = db.execute("SELECT name FROM accounts WHERE folded = ?", (folded,)).fetchone()
        if row is None:
            return None
        rows = db.execute("SELECT entry FROM history WHERE account = ? ORDER BY at DESC, rowid DESC LIMIT ?",
                          (folded, HISTORY_KEPT)).fetchall()
        return str(row[0]), [json.loads(r[0]) for r in rows]
    return _reading(folder, read)


def _reading(folder: Path, read: Callable[[sqlite3.Connection], T]) -> T:
    path = folder / FILE_NAME
    if not path.is_file():
        raise StoreUnavailable(f"no ratings in {folder} (a server keeps them in {FILE_NAME} once a "
                               f"name is registered)")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return read(db)
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise StoreUnavailable(f"the ratings in {path} cannot be read: {exc}") from None
