"""The server's computer players think in worker processes, in turn, people first.

A computer's move can take a second of a processor (Expert); thinking in threads of the
server's own process would hold the interpreter's lock the people's moves need, so a
few busy tables of computers would slow every table on the server. Here the moves are
thought out in worker processes (one fewer than the processors, at least one): the
server's loop only hands each one a job and reads the answer.

Jobs wait in a queue that is fair between the addresses that opened the games (one
address with many tables of computers waits its turn behind everybody else's single
move) and puts a person's turn played by a computer first (a turn timer that ran out,
a seat the host handed over): a person is waiting on it.

A job and its answer are plain JSON (the game's record and the move): a worker rebuilds
the game from the record and checks that it draws the tile the server has in hand. The
computer then thinks on what its seat may know (:func:`.hands.seat_view`): its own hand, never
the others' hidden hands nor the bag's order. A
worker that dies fails its job (the server tries the turn again) and is replaced.
Workers ignore Ctrl+C (the server stops them) and end when the server's end of their
pipe closes, so a server killed outright leaves none behind.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import signal
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from ..engine import Move, RecordError
from ..engine.record import read_turn

log = logging.getLogger(__name__)

#: Seconds a worker may take to stop before it is killed.
STOP_WITHIN = 1.0


class ThinkingFailed(RuntimeError):
    """No move came back (the worker died, or the job did not fit its game)."""


@dataclass(frozen=True)
class Job:
    """One computer move to think: the game as its record says, and who is waiting on it."""

    level: str
    bot_seed: int
    rules: dict[str, Any]
    names: list[str]
    deal: int
    turns: list[dict[str, Any]]
    tile: str
    #: The address that opened the game: the queue is fair between addresses.
    address: str = ""
    #: A person's turn played by a computer (the timer ran out, a seat handed over).
    urgent: bool = False
    #: The move in progress (a record's turn) when the job is a decision it asks of this
    #: seat, not a move: the answer is then the seat's choice.
    deciding: dict[str, Any] | None = None


def bot_seed(deal: int, seat: int, turn: int) -> int:
    """A computer's seed for one move: repeatable for a game, and saying nothing of its deal."""
    digest = hashlib.sha256(f"{deal}:{seat}:{turn}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


#: What a worker answers: a whole move, or a choice for the decision the job asked.
Answer = Move | tuple[Any, ...]


def think(job: Job) -> Answer:
    """The move (in the worker): rebuild the game from its record, check the tile, choose;
    or, for a decision, the seat's choice."""
    import random

    from ..ai import get_bot
    from ..engine import Game, Rules
    from ..tileset import standard_tiles
    from .hands import seat_view

    game = Game(standard_tiles(), Rules.from_record(job.rules), len(job.names), job.deal, job.names)
    for number, raw in enumerate(job.turns):
        game.push(read_turn(number, raw))
    drawn = game.draw()
    if drawn != job.tile:
        raise ThinkingFailed(f"the record draws {drawn}, the server holds {job.tile}")
    bot = get_bot(job.level, job.bot_seed)
    unseen = random.Random(job.bot_seed)
    if job.deciding is not None:
        move = read_turn(len(job.turns) + 1, job.deciding)
        decision = game.decision(move) if isinstance(move, Move) else None
        if decision is None or not isinstance(move, Move):
            raise ThinkingFailed("the move in progress asks no decision")
        return tuple(bot.decide(seat_view(game, decision.player, job.tile, unseen), move, decision))
    return bot.choose(seat_view(game, game.current, job.tile, unseen))


def _serve_jobs(conn: Connection) -> None:
    """A worker process: answer jobs until the server's end of the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the whole group: the server stops us
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            raw = json.loads(data)
            found = think(Job(**raw))
            answer: dict[str, Any] = ({"move": found.to_record()} if isinstance(found, Move)
                                      else {"choice": list(found)})
        except Exception as exc:  # noqa: BLE001 - one job's fault is told, the worker goes on
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        try:
            conn.send_bytes(json.dumps(answer).encode())
        except (BrokenPipeError, OSError):
            return


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    busy: asyncio.Future[Answer] | None = None


@dataclass(eq=False)
class _Waiting:
    job: Job
    answer: asyncio.Future[Answer] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Thinkers:
    """Computer players' thinking: ``workers`` processes, or (0) one thread of this process
    for a game's own host, where the players are friends and no process is worth starting."""

    def __init__(self, workers: int | None = None) -> None:
        if workers is None:
            workers = max(1, (os.cpu_count() or 2) - 1)
        self.workers = workers
        self._idle: list[_Worker] = []
        self._running: list[_Worker] = []
        self._urgent: deque[_Waiting] = deque()
        self._queues: dict[str, deque[_Waiting]] = {}
        #: Addresses with jobs waiting, in the order they are served (round robin).
        self._turns: deque[str] = deque()
        self._thread: ThreadPoolExecutor | None = None
        self._closed = False

    @property
    def waiting(self) -> int:
        """Jobs not yet given to a worker."""
        return len(self._urgent) + sum(len(q) for q in self._queues.values())

    async def move(self, job: Job) -> Answer:
        """The move for ``job`` (or its choice, for a decision); :class:`ThinkingFailed` if none came back."""
        if self._closed:
            raise ThinkingFailed("the server is stopping")
        if self.workers <= 0:
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="carcassonne-computer")
            try:
                return await asyncio.get_running_loop().run_in_executor(self._thread, think, job)
            except ThinkingFailed:
                raise
            except Exception as exc:  # noqa: BLE001 - a bad job fails its turn, not the server
                raise ThinkingFailed(f"{type(exc).__name__}: {exc}") from exc
        waiting = _Waiting(job)
        if job.urgent:
            self._urgent.append(waiting)
        else:
            queue = self._queues.get(job.address)
            if queue is None:
                queue = self._queues[job.address] = deque()
                self._turns.append(job.address)
            queue.append(waiting)
        self._pump()
        return await waiting.answer

    def _next(self) -> _Waiting | None:
        while self._urgent:
            waiting = self._urgent.popleft()
            if not waiting.answer.done():
                return waiting
        while self._turns:
            address = self._turns.popleft()
            queue = self._queues[address]
            waiting = queue.popleft()
            if queue:
                self._turns.append(address)  # its next job after everybody else's
            else:
                del self._queues[address]
            if not waiting.answer.done():
                return waiting
        return None

    def _pump(self) -> None:
        """Give waiting jobs to free workers (starting workers up to :attr:`workers`)."""
        while not self._closed:
            if not self._idle and len(self._running) < self.workers and not self._start_worker():
                if not self._running:  # no worker at all: the jobs fail now and are tried again later
                    while (waiting := self._next()) is not None:
                        waiting.answer.set_exception(ThinkingFailed("no computer player's process could start"))
                return
            if not self._idle:
                return
            waiting = self._next()
            if waiting is None:
                return
            worker = self._idle.pop()
            try:
                worker.conn.send_bytes(json.dumps(asdict(waiting.job)).encode())
            except (OSError, ValueError) as exc:
                waiting.answer.set_exception(ThinkingFailed(f"a worker could not be reached: {exc}"))
                self._retire(worker)
                continue
            worker.busy = waiting.answer
            asyncio.get_running_loop().add_reader(worker.conn.fileno(), self._answer, worker)

    def _start_worker(self) -> bool:
        ctx = multiprocessing.get_context("spawn")
        try:
            mine, theirs = ctx.Pipe()
        except OSError as exc:
            log.error("a computer player's process could not start: %s", exc)
            return False
        process = ctx.Process(target=_serve_jobs, args=(theirs,), name="carcassonne-computer", daemon=True)
        try:
            process.start()
        except Exception as exc:  # noqa: BLE001 - no file descriptor, no memory, a frozen program...
            log.error("a computer player's process could not start: %s", str(exc).strip() or type(exc).__name__)
            mine.close()
            theirs.close()
            return False
        theirs.close()
        worker = _Worker(process, mine)
        self._running.append(worker)
        self._idle.append(worker)
        return True

    def _answer(self, worker: _Worker) -> None:
        loop = asyncio.get_running_loop()
        loop.remove_reader(worker.conn.fileno())
        answer, worker.busy = worker.busy, None
        try:
            raw = json.loads(worker.conn.recv_bytes())
        except (EOFError, OSError, ValueError) as exc:
            if answer is not None and not answer.done():
                answer.set_exception(ThinkingFailed(f"a computer player's process stopped ({exc or 'gone'})"))
            self._retire(worker)
            self._pump()
            return
        if answer is not None and not answer.done():
            if "move" in raw:
                try:
                    answer.set_result(read_turn(0, raw["move"]))  # (the worker's own record of it)
                except RecordError as exc:
                    answer.set_exception(ThinkingFailed(str(exc)))
            elif "choice" in raw and isinstance(raw["choice"], list):
                answer.set_result(tuple(raw["choice"]))
            else:
                answer.set_exception(ThinkingFailed(str(raw.get("error", "no move"))))
        self._idle.append(worker)
        self._pump()

    def _retire(self, worker: _Worker) -> None:
        if worker in self._running:
            self._running.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        try:
            worker.conn.close()
        except OSError:
            pass
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(STOP_WITHIN)

    def close(self) -> None:
        """Stop every worker (those thinking are stopped at once) and fail every waiting job."""
        self._closed = True
        for waiting in [*self._urgent, *(w for q in self._queues.values() for w in q)]:
            if not waiting.answer.done():
                waiting.answer.set_exception(ThinkingFailed("the server is stopping"))
        self._urgent.clear()
        self._queues.clear()
        self._turns.clear()
        for worker in self._running:
            if worker.busy is not None:
                try:
                    asyncio.get_running_loop().remove_reader(worker.conn.fileno())
                except (RuntimeError, OSError, ValueError):
                    pass
                if not worker.busy.done():
                    worker.busy.set_exception(ThinkingFailed("the server is stopping"))
            try:
                worker.conn.close()  # an idle worker ends by itself when its pipe closes
            except OSError:
                pass
            worker.process.terminate()
        for worker in self._running:
            worker.process.join(STOP_WITHIN)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(STOP_WITHIN)
        self._running.clear()
        self._idle.clear()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
