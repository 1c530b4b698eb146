"""A post-game analysis running beside the window: progress, cancelling, and the session's results.

The analysis is half a minute of pure-Python search, so it runs in worker processes
(never taking the window's interpreter lock), two of them sharing the turns so that a
2-core machine finishes in half the time: the window polls their progress each frame
and never waits. Leaving the screen cancels it between two
turns (:class:`~carcassonne.ai.analysis.AnalysisCancelled`); a finished analysis is
kept for the session, so opening it again shows it at once.

``IN_PROCESS`` runs it in a thread instead (tests that swap in a fast analysis).
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...ai import analysis
from ...ai.analysis import AnalysisCancelled, TurnAnalysis
from ...engine import CarcassonneError
from ...engine.record import GameRecord, Seat

#: Run the analysis in a thread of this process rather than in a process of its own.
IN_PROCESS = False
#: Worker processes sharing one analysis (never more than the machine's cores).
WORKERS = max(1, min(2, os.cpu_count() or 1))
#: A cancelled worker gets this long to stop between two turns before it is ended.
STOP_WAIT = 0.3

#: Finished analyses of this session: (record as JSON, players analysed) -> the turns.
_finished: dict[tuple[str, tuple[int, ...]], list[TurnAnalysis]] = {}


def analysed_players(seats: list[Seat]) -> set[int]:
    """Whose turns the analysis looks at: the people at the table, or everyone in a game of computers."""
    people = {i for i, s in enumerate(seats) if not s.is_ai}
    return people or set(range(len(seats)))


def _work(record_json: str, players: list[int], budget: float | None, part: tuple[int, int], out: Any,
          stop: Any) -> None:
    """One worker: analyse its part of the turns, telling progress and the result (or the
    reason it failed) through ``out``, each message with the part's number first."""
    from ...tileset import standard_tiles

    k = part[0]
    try:
        record = GameRecord.from_json(record_json)
        turns = analysis.analyse(record, standard_tiles(),
                                 progress=lambda done, total: out.put(("progress", k, done, total)),
                                 budget=budget, players=set(players), cancelled=stop.is_set, part=part)
    except AnalysisCancelled:
        out.put(("cancelled", k))
    except CarcassonneError as exc:
        out.put(("error", k, str(exc)))
    else:
        out.put(("done", k, turns))


@dataclass
class Progress:
    done: int = 0
    total: int = 0

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


class AnalysisJob:
    """One record's analysis: started at once (or found finished), polled each frame."""

    def __init__(self, record: GameRecord, players: set[int], budget: float | None = None) -> None:
        self.key = (record.to_json(), tuple(sorted(players)))
        self.progress = Progress(0, len(record.turns))
        self.turns: list[TurnAnalysis] | None = _finished.get(self.key)
        self.error = ""
        self.cancelled = False
        self._workers: list[Any] = []
        if self.turns is not None:
            return
        self._parts: dict[int, list[TurnAnalysis]] = {}
        #: Each worker's progress; what they say; the signal to stop.
        self._done: list[int] = [0]
        self._out: Any = None
        self._stop: Any = None
        if not IN_PROCESS:
            try:
                self._start_processes(players, budget)
                return
            except (OSError, RuntimeError):  # no processes here: the analysis runs in a thread
                for worker in self._workers:
                    if worker.is_alive():
                        worker.terminate()
        self._done = [0]
        self._out = queue.Queue()
        self._stop = threading.Event()
        self._workers = [threading.Thread(target=_work, name="analysis", daemon=True,
                                          args=(self.key[0], list(players), budget, (0, 1), self._out, self._stop))]
        self._workers[0].start()

    def _start_processes(self, players: set[int], budget: float | None) -> None:
        ctx = multiprocessing.get_context("spawn")
        n = WORKERS
        self._done = [0] * n
        self._out = ctx.Queue()
        self._stop = ctx.Event()
        self._workers = [ctx.Process(target=_work, name=f"analysis-{k}", daemon=True,
                                     args=(self.key[0], list(players), budget, (k, n), self._out, self._stop))
                         for k in range(n)]
        for worker in self._workers:
            worker.start()

    @property
    def running(self) -> bool:
        return self.turns is None and not self.error and not self.cancelled

    def poll(self) -> None:
        """Take in what the workers said since the last frame (never waits)."""
        while self.running:
            try:
                message = self._out.get_nowait()
            except queue.Empty:
                if not any(w.is_alive() for w in self._workers) and self._out.empty():
                    self.error = self.error or "the analysis stopped unexpectedly"
                return
            kind, k = message[0], message[1]
            if kind == "progress":
                self._done[k] = message[2]
                self.progress = Progress(sum(self._done) // len(self._done), message[3])
            elif kind == "done":
                self._parts[k] = message[2]
                self._done[k] = self.progress.total
                self.progress = Progress(sum(self._done) // len(self._done), self.progress.total)
                if len(self._parts) == len(self._workers):
                    self.turns = sorted((t for part in self._parts.values() for t in part), key=lambda t: t.turn)
                    _finished[self.key] = self.turns
            elif kind == "error":
                self.error = message[2]
            else:
                self.cancelled = True

    def cancel(self) -> None:
        """Stop the workers between two turns (the screen showing the analysis was left)."""
        if not self.running:
            return
        self.cancelled = True
        self._stop.set()
        for worker in self._workers:
            worker.join(STOP_WAIT)
            if worker.is_alive() and isinstance(worker, multiprocessing.process.BaseProcess):
                worker.terminate()  # a turn of an unusually wide search: no need to wait for it

    def wait(self, seconds: float, tick: Callable[[], None] | None = None) -> None:
        """Poll until done or ``seconds`` pass (tests and measurements; the window never calls it)."""
        import time

        end = time.monotonic() + seconds
        while self.running and time.monotonic() < end:
            self.poll()
            if tick is not None:
                tick()
            time.sleep(0.01)


def forget_finished() -> None:
    """Drop the session's finished analyses (tests)."""
    _finished.clear()
