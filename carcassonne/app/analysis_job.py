"""A post-game analysis running beside the window: progress, cancelling, and the session's results.

The analysis is half a minute of pure-Python search, so it runs in a separate process
(on the other core, never taking the window's interpreter lock): the window polls
its progress each frame and never waits. Leaving the screen cancels it between two
turns (:class:`~carcassonne.ai.analysis.AnalysisCancelled`); a finished analysis is
kept for the session, so opening it again shows it at once.

``IN_PROCESS`` runs it in a thread instead (tests that swap in a fast analysis).
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable

from ..ai import analysis
from ..ai.analysis import AnalysisCancelled, TurnAnalysis
from ..engine import CarcassonneError
from ..engine.record import GameRecord, Seat

#: Run the analysis in a thread of this process rather than in a process of its own.
IN_PROCESS = False
#: A cancelled worker gets this long to stop between two turns before it is ended.
STOP_WAIT = 0.3

#: Finished analyses of this session: (record as JSON, players analysed) -> the turns.
_finished: dict[tuple[str, tuple[int, ...]], list[TurnAnalysis]] = {}


def analysed_players(seats: list[Seat]) -> set[int]:
    """Whose turns the analysis looks at: the people at the table, or everyone in a game of computers."""
    people = {i for i, s in enumerate(seats) if not s.is_ai}
    return people or set(range(len(seats)))


def _work(record_json: str, players: list[int], budget: float | None, out: Any, stop: Any) -> None:
    """The worker: analyse, telling progress and the result (or the reason it failed) through ``out``."""
    from ..tileset import standard_tiles

    try:
        record = GameRecord.from_json(record_json)
        turns = analysis.analyse(record, standard_tiles(), progress=lambda done, total: out.put(("progress", done, total)),
                                 budget=budget, players=set(players), cancelled=stop.is_set)
    except AnalysisCancelled:
        out.put(("cancelled",))
    except CarcassonneError as exc:
        out.put(("error", str(exc)))
    else:
        out.put(("done", turns))


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
        self._worker: Any = None
        if self.turns is not None:
            return
        if IN_PROCESS:
            self._out: Any = queue.Queue()
            self._stop: Any = threading.Event()
            self._worker = threading.Thread(target=_work, name="analysis", daemon=True,
                                            args=(self.key[0], list(players), budget, self._out, self._stop))
        else:
            ctx = multiprocessing.get_context("spawn")
            self._out = ctx.Queue()
            self._stop = ctx.Event()
            self._worker = ctx.Process(target=_work, name="analysis", daemon=True,
                                       args=(self.key[0], list(players), budget, self._out, self._stop))
        self._worker.start()

    @property
    def running(self) -> bool:
        return self.turns is None and not self.error and not self.cancelled

    def poll(self) -> None:
        """Take in what the worker said since the last frame (never waits)."""
        while self.running:
            try:
                message = self._out.get_nowait()
            except queue.Empty:
                if self._worker is not None and not self._worker.is_alive() and self._out.empty():
                    self.error = self.error or "the analysis stopped unexpectedly"
                return
            if message[0] == "progress":
                self.progress = Progress(message[1], message[2])
            elif message[0] == "done":
                self.turns = message[1]
                self.progress = Progress(self.progress.total, self.progress.total)
                _finished[self.key] = self.turns
            elif message[0] == "error":
                self.error = message[1]
            else:
                self.cancelled = True

    def cancel(self) -> None:
        """Stop the worker between two turns (the screen showing it was left)."""
        if not self.running:
            return
        self.cancelled = True
        self._stop.set()
        worker = self._worker
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
