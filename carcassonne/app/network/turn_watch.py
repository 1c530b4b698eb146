"""The games waiting on the player's move, over every server they hold seats on: asked at
the start and every few minutes while the app runs, for the title screen's list.

A pygame frame never waits on a socket: the questions (``my_turns``, one connection per
server, the seat tokens kept in ``network-games.json``) run in a thread of their own with its
own event loop; the screen reads :meth:`TurnWatch.snapshot` once a frame. A server that cannot
be reached is counted, never shown as an error; stopping the watch cancels any question in
flight at once (the app quits without waiting on a slow server)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ...engine import TileSet
from ...engine.untrusted import clean_name
from ...net.client import Connection, NetError
from ...net.protocol import MAX_GAME_NAME, MAX_MY_TURNS
from .netplay import KeptGame

log = logging.getLogger(__name__)

#: Seconds between two rounds of questions while the app runs.
CHECK_EVERY = 180.0
#: A round asked again sooner than this (the title screen shown again) waits for the next one.
AGAIN_AFTER = 30.0
#: Seconds one server has to answer before it counts as unreachable this round.
ASK_WITHIN = 15.0


@dataclass(frozen=True)
class WaitingGame:
    """A game whose table waits on this player, as the server said at ``asked`` (monotonic)."""

    kept: KeptGame
    name: str
    players: tuple[str, ...]
    waited: float
    asked: float

    def waited_now(self) -> float:
        """The wait, counted on since the answer came."""
        return self.waited + time.monotonic() - self.asked


@dataclass(frozen=True)
class Snapshot:
    """What the last round found: the games waiting (longest wait first), the servers that
    could not be reached, and how many rounds have ended."""

    games: tuple[WaitingGame, ...] = ()
    unreachable: tuple[str, ...] = ()
    rounds: int = 0


def servers_of(kept: list[KeptGame], local_url: str | None) -> dict[str, list[KeptGame]]:
    """The kept games by the server to ask: a game hosted here only while this copy's server runs."""
    by_url: dict[str, list[KeptGame]] = {}
    for game in kept:
        url = local_url if game.hosted else game.url
        if url is not None:
            by_url.setdefault(url, []).append(game)
    return by_url


async def ask_server(url: str, games: list[KeptGame], tiles: TileSet) -> list[WaitingGame]:
    """One server's games that wait on this player (NetError when it cannot be asked)."""
    conn = Connection(url, tiles)
    try:
        await conn.open()
        asked = [{"game": g.game, "token": t} for g in games for t in g.tokens]
        answers = []
        for first in range(0, len(asked), MAX_MY_TURNS):  # (a question names 20 tokens at most)
            batch = asked[first:first + MAX_MY_TURNS]
            answers += (await conn.request({"type": "my_turns", "games": batch}, "my_turns"))["games"]
    finally:
        await conn.close()
    by_id = {g.game: g for g in games}
    now = time.monotonic()
    found: list[WaitingGame] = []
    for item in answers:
        if any(f.kept.game == item["game"] for f in found):
            continue  # (a game's tokens split over two questions)
        kept = by_id.get(item["game"])
        if kept is not None:  # (a server naming a game not asked about is not believed)
            found.append(WaitingGame(kept, clean_name(item.get("name") or kept.name, kept.name, limit=MAX_GAME_NAME),
                                     tuple(item.get("players", ())), float(item["waited"]), now))
    return found


class TurnWatch:
    """The background questions: :meth:`start` once, :meth:`again` to ask sooner, :meth:`stop` at the end."""

    def __init__(self, kept: Callable[[], list[KeptGame]], local_url: Callable[[], str | None], tiles: TileSet,
                 every: float | None = None) -> None:
        self._kept, self._local_url, self.tiles = kept, local_url, tiles
        self.every = CHECK_EVERY if every is None else every
        self._snapshot = Snapshot()
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._last = 0.0
        self._thread = threading.Thread(target=self._run, name="carcassonne-turns", daemon=True)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def start(self) -> None:
        self._thread.start()

    def snapshot(self) -> Snapshot:
        with self._lock:
            return self._snapshot

    def again(self) -> None:
        """Ask soon (the title screen is shown again), unless a round has just been asked."""
        if self.running and self._wake is not None and time.monotonic() - self._last >= AGAIN_AFTER:
            self._loop.call_soon_threadsafe(self._wake.set)

    def stop(self) -> None:
        """Cancel what is asked and end the thread (it never outlives the app)."""
        if not self.running:
            return
        self._loop.call_soon_threadsafe(lambda: self._task.cancel() if self._task else None)
        self._thread.join(5)

    # ------------------------------------------------------------ the thread
    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.current_task()
        try:
            while True:
                self._last = time.monotonic()
                await self._round()
                self._wake.clear()
                try:
                    await asyncio.wait_for(self._wake.wait(), self.every)
                except TimeoutError:
                    pass
        except asyncio.CancelledError:
            return

    async def _round(self) -> None:
        servers = servers_of(self._kept(), self._local_url())
        answers = await asyncio.gather(*(self._ask(url, games) for url, games in servers.items()))
        games = [g for found in answers if found is not None for g in found]
        games.sort(key=lambda g: -g.waited)
        unreachable = tuple(url for url, found in zip(servers, answers, strict=True) if found is None)
        with self._lock:
            self._snapshot = Snapshot(tuple(games), unreachable, self._snapshot.rounds + 1)

    async def _ask(self, url: str, games: list[KeptGame]) -> list[WaitingGame] | None:
        try:
            return await asyncio.wait_for(ask_server(url, games, self.tiles), ASK_WITHIN)
        except (NetError, TimeoutError, OSError) as exc:
            log.info("cannot ask %s which games wait on this player: %s", url, exc)
            return None
