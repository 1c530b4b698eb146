"""The Load list's games, shown at once however many there are, and filled in behind the screen.

A summary replays its record (a few milliseconds), so 5,000 saves replayed before the list
appeared froze the window for 12 to 31 seconds. Instead the list opens with every file's
name and date (one ``stat`` each), the summaries known from the index file, and the first
screenful read at once; a background thread reads the rest, the rows on screen first, and
the dialog shows each as it comes (:meth:`SaveList.poll`).

The index (``save-index.json`` in the data folder) keeps each readable game's summary
with the file's size and modification time: a file written since (or another of the same
name) no longer matches and is read again, so the scores shown are still the engine's.
It is a cache: damaged or missing, it is rebuilt, never trusted over the files.
"""

from __future__ import annotations

import json
import os
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...engine import RecordError, Rules, TileSet
from ...engine.record import write_atomically
from ...engine.untrusted import parse_json, read_text
from .saves import SaveSummary, describe_rules, summarize_with_rules
from .storage import LEGACY_AUTOSAVE, SAVE_SUFFIX, Storage

INDEX_NAME = "save-index.json"
INDEX_VERSION = 1
#: The index of 5,000 games is about a megabyte; one of many more is not read.
MAX_INDEX_BYTES = 64 * 1024 * 1024
#: Rows read before the list is shown (a screenful and a little more).
FIRST_ROWS = 12


class SaveIndex:
    """Summaries of readable games by file name, with the size and time they were read at."""

    def __init__(self, storage: Storage) -> None:
        self.path = storage.root / INDEX_NAME
        self.root = storage.root
        self.entries: dict[str, dict[str, Any]] = {}
        self.changed = False
        try:
            data = parse_json(read_text(self.path, limit=MAX_INDEX_BYTES))
        except RecordError:
            return
        if isinstance(data, dict) and data.get("version") == INDEX_VERSION and isinstance(data.get("files"), dict):
            self.entries = {k: v for k, v in data["files"].items() if isinstance(k, str) and isinstance(v, dict)}

    def _name(self, path: Path) -> str:
        return f"{path.parent.name}/{path.name}" if path.parent != self.root else path.name

    def lookup(self, name: str, path: Path, autosave: bool, size: int, mtime_ns: int,
               when: float) -> SaveSummary | None:
        """The summary kept for the file ``name`` (``saves/x.carc.json``) as it is now on disk, or None."""
        entry = self.entries.get(name)
        if entry is None or entry.get("size") != size or entry.get("mtime_ns") != mtime_ns:
            return None
        try:
            players, scores = entry["players"], entry["scores"]
            turn, finished = entry["turn"], entry["finished"]
            if not (isinstance(players, list) and all(isinstance(p, str) for p in players)
                    and isinstance(scores, list) and all(type(s) is int for s in scores)
                    and type(turn) is int and isinstance(finished, bool)):
                return None
            rules = Rules.from_record(entry["rules"])
        except (KeyError, RecordError, TypeError, ValueError):
            return None
        return SaveSummary(path, autosave, when, players=tuple(players), scores=tuple(scores),
                           turn=turn, finished=finished, rules=describe_rules(rules))

    def keep(self, summary: SaveSummary, size: int, mtime_ns: int, rules: Rules | None) -> None:
        if summary.problem or rules is None:
            return
        self.entries[self._name(summary.path)] = {
            "size": size, "mtime_ns": mtime_ns, "players": list(summary.players), "scores": list(summary.scores),
            "turn": summary.turn, "finished": summary.finished, "rules": rules.to_record()}
        self.changed = True

    def save(self, listed: set[Path]) -> None:
        """Write the index of the games listed (the others are gone); a failure only costs speed."""
        names = {self._name(p) for p in listed}
        kept = {k: v for k, v in self.entries.items() if k in names}
        if not self.changed and len(kept) == len(self.entries):
            return
        try:
            write_atomically(self.path, json.dumps({"version": INDEX_VERSION, "files": kept}), durable=False)
        except OSError:
            pass
        self.changed = False


def _games(storage: Storage) -> Iterator[tuple[float, str, Path, bool, int, int]]:
    """Each saved game and game in progress as (time, name in the index, path, is an autosave,
    size, time in ns): what :meth:`Storage.list_saves` lists, one ``stat`` each."""
    for folder, autosave in ((storage.saves_dir, False), (storage.autosaves_dir, True)):
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if not entry.name.endswith(SAVE_SUFFIX):
                        continue
                    try:
                        if not entry.is_file():
                            continue
                        info = entry.stat()
                    except OSError:
                        continue
                    yield (info.st_mtime, f"{folder.name}/{entry.name}", Path(entry.path), autosave,
                           info.st_size, info.st_mtime_ns)
        except OSError:
            continue
    legacy = storage.root / LEGACY_AUTOSAVE
    try:
        if legacy.is_file():
            info = legacy.stat()
            yield info.st_mtime, legacy.name, legacy, True, info.st_size, info.st_mtime_ns
    except OSError:
        pass


class SaveList:
    """Every saved game and game in progress, newest first, the unread ones read in the background."""

    def __init__(self, storage: Storage, tiles: TileSet, first: int = FIRST_ROWS) -> None:
        self.storage, self.tiles = storage, tiles
        self.index = SaveIndex(storage)
        found = sorted(_games(storage), reverse=True)
        self._files = {path: (size, mtime_ns) for _when, _name, path, _autosave, size, mtime_ns in found}
        self.summaries: list[SaveSummary] = []
        unread: list[int] = []
        for i, (when, name, path, autosave, size, mtime_ns) in enumerate(found):
            known = self.index.lookup(name, path, autosave, size, mtime_ns, when)
            if known is None:
                known = SaveSummary(path, autosave, when, pending=True)
                unread.append(i)
            self.summaries.append(known)
        for i in unread:
            if i < first:  # the first screenful, before the list is shown
                self.summaries[i] = self._read(self.summaries[i].path)
        self._wanted: queue.Queue[Path] = queue.Queue()
        self._done: queue.Queue[SaveSummary] = queue.Queue()
        self._stop = threading.Event()
        self._unread = [self.summaries[i].path for i in unread if i >= first]
        self._thread: threading.Thread | None = None
        if self._unread:
            self._thread = threading.Thread(target=self._read_all, name="save-list", daemon=True)
            self._thread.start()

    @property
    def reading(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def want(self, rows: range) -> None:
        """Read these rows next (they are on screen)."""
        for i in rows:
            if 0 <= i < len(self.summaries) and self.summaries[i].pending:
                self._wanted.put(self.summaries[i].path)

    def poll(self) -> bool:
        """Take in the summaries read since the last call; True if any."""
        read: dict[Path, SaveSummary] = {}
        while True:
            try:
                summary = self._done.get_nowait()
            except queue.Empty:
                break
            read[summary.path] = summary
        if read:
            self.summaries = [read.get(s.path, s) for s in self.summaries]
        return bool(read)

    def remove(self, path: Path) -> None:
        """A game deleted from the list."""
        self.summaries = [s for s in self.summaries if s.path != path]

    def close(self) -> None:
        """Stop reading and keep what was read for next time."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self.poll()
        self.index.save(set(self._files))

    def _read(self, path: Path) -> SaveSummary:
        size, mtime_ns = self._files.get(path, (-1, -1))
        summary, rules = summarize_with_rules(self.storage, path, self.tiles)
        self.index.keep(summary, size, mtime_ns, rules)
        return summary

    def _read_all(self) -> None:
        pending = list(reversed(self._unread))  # newest last: popped first
        done: set[Path] = set()
        while pending and not self._stop.is_set():
            try:
                path = self._wanted.get_nowait()
            except queue.Empty:
                path = pending.pop()
            if path in done:
                continue
            done.add(path)
            self._done.put(self._read(path))
