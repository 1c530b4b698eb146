"""The user's data folder: settings, the last new-game setup, the autosave and saved games.

Everything here is written atomically (temporary file + rename, the engine's
``write_atomically``), so a crash or kill mid-write leaves the previous file whole;
the temporary files such a kill leaves behind are swept at the next start.
Reading is forgiving: a damaged settings file falls back to defaults, a damaged
save raises :class:`RecordError` with one clear line for the UI to show. Writing never
stops the game: a data folder that cannot be written (read-only, a file in its place,
a full disk) is noted once in :attr:`Storage.problem` for the UI to tell the player.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import secrets
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ...engine import COLORS, FARM_SCORINGS, RecordError, Rules
from ...engine.record import GameRecord, write_atomically
from ...engine.rules import RANDOM
from ...engine.untrusted import clean_name, parse_json, read_text, shown_path
from ...expansions import declared
from ...i18n import LANGUAGES
from ...net.keyring import names_data, read_names
from . import gamelock
from .folders import APP_NAME, ENV_DIR, config_dir, data_dir, log_dir, move_old_settings  # noqa: F401

SAVE_SUFFIX = ".carc.json"
#: What ``write_atomically`` names its temporary files (``tempfile.mkstemp``: 8 random characters).
_TEMPORARY = re.compile(r"\..+\.json\.[a-z0-9_]{8}")
#: Where a single autosave was kept before each game had its own; still continued.
LEGACY_AUTOSAVE = "autosave" + SAVE_SUFFIX


ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 0.0}
#: The sizes of text and panels a player may choose, in percent (0: from the screen's size).
UI_SCALES = (0, 100, 125, 150, 175, 200)
#: The sets of pieces (their folder under ``resources/pieces``; "" the default one).
PIECE_SETS = ("", "colour-vision")
#: The smallest window the game lays out (a 1280 × 720 laptop screen fits).
SMALLEST_WINDOW = (1024, 720)
WINDOW_SIZES = ((1024, 768), (1280, 720), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


@dataclass
class Settings:
    """What the Settings scene changes; kept between runs."""

    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    animation: str = "normal"
    sound: bool = True
    hints: bool = True
    #: Tournament play: hides every aid (hints, why-not, dead spots, projected score, tiles that fit).
    purist: bool = False
    #: The language spoken (a key of ``carcassonne.i18n.LANGUAGES``); "" follows the system's.
    language: str = ""
    #: Tutorial lessons completed (their ids), so the Tutorial screen can tick them.
    lessons_done: list[str] = field(default_factory=list)
    #: The size of text and panels in percent of the size on a 1920 × 1080 screen (a key of
    #: ``UI_SCALES``); 0 follows the screen's size.
    ui_scale: int = 0
    #: The players' pieces (a key of ``PIECE_SETS``): "colour-vision" keeps the colours apart for
    #: players with a colour vision deficiency.
    pieces: str = ""
    #: Reduced motion: nothing glides or rises (tiles, followers, points, the camera); scores
    #: and tiles appear where they go at once.
    reduced_motion: bool = False
    #: The name and colour this player last joined a network game with (Join); "" colour: the
    #: colour the host planned for the seat.
    join_name: str = ""
    join_color: str = ""
    #: The names registered on game servers and their keys, per server (``net.keyring``):
    #: each key is sent only to its own server.
    server_names: dict[str, list[dict[str, str]]] = field(default_factory=dict)

    @property
    def aids(self) -> bool:
        """Whether the player aids are shown (all of them, or none in purist mode)."""
        return not self.purist

    @property
    def speed(self) -> float:
        """Animation speed factor; 0 means no animation at all."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    @property
    def motion(self) -> float:
        """The speed of what moves across the screen (a tile or follower gliding, points rising,
        the camera): 0, at once, with reduced motion."""
        return 0.0 if self.reduced_motion else self.speed

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        s = cls()
        if not isinstance(data, dict):
            return s
        if isinstance(data.get("fullscreen"), bool):
            s.fullscreen = data["fullscreen"]
        size = data.get("window_size")
        if (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) for v in size)
                and size[0] >= SMALLEST_WINDOW[0] and size[1] >= SMALLEST_WINDOW[1]):
            s.window_size = (min(size[0], 7680), min(size[1], 4320))
        if isinstance(data.get("animation"), str) and data["animation"] in ANIMATION_SPEEDS:
            s.animation = data["animation"]
        if data.get("ui_scale") in UI_SCALES and isinstance(data.get("ui_scale"), int):
            s.ui_scale = data["ui_scale"]
        if data.get("pieces") in PIECE_SETS:
            s.pieces = str(data["pieces"])
        s.join_name = clean_name(data.get("join_name"), "", limit=14)
        if data.get("join_color") in COLORS:
            s.join_color = str(data["join_color"])
        for key in ("sound", "hints", "purist", "reduced_motion"):
            if isinstance(data.get(key), bool):
                setattr(s, key, data[key])
        if isinstance(data.get("language"), str) and data["language"] in LANGUAGES:
            s.language = data["language"]
        s.server_names = names_data(read_names(data.get("server_names")))
        done = data.get("lessons_done")
        if isinstance(done, list):
            s.lessons_done = [d for d in done if isinstance(d, str)]
        return s


SEAT_KINDS = ("human", "ai:easy", "ai:normal", "ai:hard", "ai:expert")
DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dora", "Eve", "Finn")


@dataclass
class SeatSetup:
    name: str
    color: str
    kind: str = "human"


@dataclass
class Setup:
    """The New game form, remembered between runs: the seats, the rules (the base game's, the
    expansions', the house rules), the seed, and whether the first player is drawn."""

    seats: list[SeatSetup] = field(default_factory=lambda: [
        SeatSetup("Ann", "red", "human"), SeatSetup("Bob", "blue", "ai:normal")])
    rules: Rules = field(default_factory=Rules)
    seed: str = ""
    random_first: bool = False

    @classmethod
    def from_data(cls, data: Any) -> Setup:
        """The set-up a settings file holds; what is missing or unusable is left at its default
        (a file of an older version, which kept each option apart, is read too)."""
        s = cls()
        if not isinstance(data, dict):
            return s
        seats = data.get("seats")
        if isinstance(seats, list) and 2 <= len(seats) <= 6:
            parsed = []
            for i, raw in enumerate(seats):
                if not isinstance(raw, dict):
                    break
                name = clean_name(raw.get("name"), DEFAULT_NAMES[i], limit=16)
                color = str(raw["color"]) if raw.get("color") in COLORS else COLORS[i]
                kind = str(raw["kind"]) if raw.get("kind") in SEAT_KINDS else "human"
                parsed.append(SeatSetup(name, color, kind))
            if len(parsed) == len(seats) and len({p.color for p in parsed}) == len(parsed):
                s.seats = parsed
        if isinstance(data.get("random_first"), bool):
            s.random_first = data["random_first"]
        rules = data.get("rules")
        if isinstance(rules, dict):
            try:  # checked as a record's rules are; bad rules are the book's
                s.rules = Rules.from_record(rules)
            except (RecordError, TypeError):
                pass
        else:
            s.rules = combine(_older_options(data))[0]
        if isinstance(data.get("seed"), str) and data["seed"].isascii() and data["seed"].isdigit():
            s.seed = data["seed"][:12]
        return s

    def to_data(self) -> dict[str, Any]:
        return {"seats": [asdict(seat) for seat in self.seats], "rules": self.rules.to_record(),
                "seed": self.seed, "random_first": self.random_first}


def combine(changes: Iterable[dict[str, Any]], rules: Rules | None = None) -> tuple[Rules, list[bool]]:
    """``rules`` (default: the book's) with each of ``changes`` (rules keys) applied in turn;
    one that cannot be played with those before it is left out (a random start tile after
    an expansion's own start tile). Returns the rules and, per change, whether it was applied."""
    rules = rules or Rules()
    applied = []
    for change in changes:
        try:
            rules = rules.replace(**change)
        except (RecordError, TypeError):
            applied.append(False)
        else:
            applied.append(True)
    return rules, applied


def _older_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options a settings file of an older version kept one by one (``farmers``, each
    expansion's rules keys by their names, ``house``, ``random_start``), as rules keys, in
    the form's order."""
    changes: list[dict[str, Any]] = []
    for key in ("farmers", "small_city"):
        if isinstance(data.get(key), bool):
            changes.append({key: data[key]})
    if data.get("farm_scoring") in FARM_SCORINGS:
        changes.append({"farm_scoring": data["farm_scoring"]})
    for expansion in declared():
        try:
            found = {key.name: expansion.read_key(key.name, data[key.name]) for key in expansion.keys
                     if key.name in data}
        except RecordError:
            continue
        if found:
            changes.append(found)
    house = data.get("house")
    if isinstance(house, dict):
        try:  # checked as a record's rules are; a bad value drops them all
            changes.append(Rules.from_record(house).house_rules)
        except (RecordError, TypeError):
            pass
    if data.get("random_start") is True:
        changes.append({"start": RANDOM})
    return changes


class Storage:
    """The files in one data folder (tests point it at a temporary folder)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root else data_dir()
        #: Settings and the last set-up: the platform's config folder (or ``root`` when given).
        self.config_root = Path(root) if root else config_dir()
        #: The error log (see :mod:`carcassonne.app.files.errorlog`).
        self.log_root = Path(root) / "logs" if root else log_dir()
        #: The autosave of the game being played: each game has its own.
        self._autosave: Path | None = None
        #: Why the last write failed (None while every write works).
        self.problem: str | None = None
        self._told = False
        if root is None:
            move_old_settings(self.root, self.config_root)

    @property
    def settings_path(self) -> Path:
        return self.config_root / "settings.json"

    @property
    def setup_path(self) -> Path:
        return self.config_root / "last-setup.json"

    @property
    def autosave_path(self) -> Path:
        """The autosave of the game being played (see :meth:`start_autosave`)."""
        return self._autosave or self.root / LEGACY_AUTOSAVE

    @property
    def autosaves_dir(self) -> Path:
        return self.root / "autosaves"

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def replays_dir(self) -> Path:
        return self.root / "replays"

    # ---------------------------------------------------------------- json
    def _read_json(self, path: Path) -> Any:
        """The file's JSON, or None if it is missing or unusable (then defaults apply)."""
        try:
            return parse_json(read_text(path))
        except RecordError:
            return None

    def _write(self, path: Path, text: str) -> bool:
        """Write atomically; a failure is noted, never raised: the game goes on unsaved."""
        try:
            write_atomically(path, text)
        except OSError as exc:
            self.problem = f"{shown_path(path.name)}: {exc.strerror or exc}"
            return False
        self.problem = None
        return True

    def _write_json(self, path: Path, data: Any) -> None:
        self._write(path, json.dumps(data, indent=2) + "\n")

    def notice(self) -> str | None:
        """Once per run, the first time saving failed: one sentence for the player."""
        if self.problem is None or self._told:
            return None
        self._told = True
        return (f"The game cannot write to its data folder ({self.problem}), so this game "
                f"cannot be continued later. You can keep playing. Data folder: {shown_path(self.root)}")

    def sweep(self, older_than: float = 60.0) -> int:
        """Delete temporary files a kill mid-write left behind; returns how many.

        They are named ``.<file>.<random>`` beside their file (``write_atomically``); one
        younger than ``older_than`` seconds may be another running game's write.
        """
        swept = 0
        now = time.time()
        folders = {self.root, self.config_root, self.autosaves_dir, self.saves_dir, self.replays_dir}
        for folder in folders:
            if folder not in (self.root, self.config_root) and folder.is_symlink():
                continue  # a link to a folder elsewhere: what is there is not ours to delete
            try:
                found = [p for p in folder.glob(".*.json.*") if _TEMPORARY.fullmatch(p.name)]
            except OSError:
                continue
            for path in found:
                try:
                    info = path.lstat()
                    if path.is_file() and not path.is_symlink() and now - info.st_mtime >= older_than:
                        path.unlink()
                        swept += 1
                except OSError:
                    pass
        return swept

    def load_settings(self) -> Settings:
        return Settings.from_data(self._read_json(self.settings_path))

    def save_settings(self, settings: Settings) -> None:
        data = asdict(settings)
        data["window_size"] = list(settings.window_size)
        self._write_json(self.settings_path, data)

    def load_setup(self) -> Setup:
        return Setup.from_data(self._read_json(self.setup_path))

    def save_setup(self, setup: Setup) -> None:
        self._write_json(self.setup_path, setup.to_data())

    # --------------------------------------------------------------- games
    def has_autosave(self) -> bool:
        """Whether any game is in progress (Continue); cheap enough for every frame."""
        return (self.root / LEGACY_AUTOSAVE).is_file() or any(
            p.is_file() for p in self.autosaves_dir.glob("*" + SAVE_SUFFIX))

    def start_autosave(self) -> Path:
        """A fresh autosave for a new game: it never overwrites another game in progress, even
        one another copy of the game starts in the same second (the name is claimed, see
        :mod:`~carcassonne.app.files.gamelock`)."""
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
        for path in itertools.islice(_names(self.autosaves_dir, f"game_{stamp}"), 100):
            if path == self._autosave or path.exists() or not gamelock.claim(path):
                continue
            if path.exists():  # written between the look and the claim
                gamelock.release(path)
                continue
            self._follow(path)
            return path
        # a folder full of claims that cannot be checked: a name nobody else can have picked
        path = self.autosaves_dir / f"game_{stamp}_{secrets.token_hex(4)}{SAVE_SUFFIX}"
        self._follow(path)
        return path

    def continue_autosave(self, path: Path) -> bool:
        """Go on writing a game's own autosave (Continue, or loading an autosave); False if
        another running copy of the game plays it (then nothing changes)."""
        if not gamelock.claim(path):
            return False
        self._follow(path)
        return True

    def open_elsewhere(self, path: Path) -> bool:
        """Whether another running copy of the game plays the game in progress ``path``."""
        holder = gamelock.holder_of(path)
        return holder is not None and holder != os.getpid()

    def let_go(self) -> None:
        """This copy no longer plays its game (it left the board): another copy may continue it."""
        if self._autosave is not None:
            gamelock.release(self._autosave)

    def _follow(self, path: Path) -> None:
        if self._autosave is not None and self._autosave != path:
            gamelock.release(self._autosave)
        self._autosave = path

    def autosaves(self) -> list[Path]:
        """Every game in progress, newest first."""
        found = [p for p in self.autosaves_dir.glob("*" + SAVE_SUFFIX) if p.is_file()]
        if (self.root / LEGACY_AUTOSAVE).is_file():
            found.append(self.root / LEGACY_AUTOSAVE)
        return sorted(found, key=_mtime, reverse=True)

    def latest_autosave(self) -> Path | None:
        """The game Continue resumes: the one played most recently."""
        found = self.autosaves()
        return found[0] if found else None

    def is_autosave(self, path: Path) -> bool:
        return path.parent == self.autosaves_dir or path == self.root / LEGACY_AUTOSAVE

    def delete_save(self, path: Path) -> None:
        """Delete a saved game, an autosave or a finished game's replay (only ever one of ours)."""
        ours = (path.parent in (self.saves_dir, self.autosaves_dir, self.replays_dir)
                or path == self.root / LEGACY_AUTOSAVE)
        if not ours or not path.name.endswith(SAVE_SUFFIX):
            raise ValueError(f"not a saved game: {path}")
        path.unlink(missing_ok=True)
        gamelock.release(path)
        if path == self._autosave:
            self._autosave = None

    def write_autosave(self, record: GameRecord) -> None:
        """Called after every turn: a crash then loses at most the turn in progress."""
        self._write(self.autosave_path, record.to_json())

    def clear_autosave(self) -> None:
        try:
            if self.autosave_path.is_file():
                self.autosave_path.unlink()
        except OSError:
            pass  # a stale autosave only offers Continue on a finished game
        gamelock.release(self.autosave_path)

    def load(self, path: Path) -> GameRecord:
        """A record, or RecordError with a one-line reason."""
        return GameRecord.load(path)

    def keep_finished(self, record: GameRecord) -> Path | None:
        """A finished game kept among the replays (its autosave goes: it is no longer in progress);
        None if it cannot be written (noted as any failed write is, never raised)."""
        try:
            path = self.save_game(record, self.replays_dir)
        except OSError as exc:
            self.problem = f"{shown_path(self.replays_dir.name)}: {exc.strerror or exc}"
            return None
        self.problem = None
        return path

    def save_game(self, record: GameRecord, folder: Path | None = None) -> Path:
        """Save a copy under a new name (in ``folder``, default the saves), claimed by creating the
        file (two copies saving in the same second get two names), then written whole over the
        empty claim."""
        folder = folder or self.saves_dir
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
        for path in _names(folder, f"game_{stamp}"):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            except FileExistsError:
                continue
            try:
                record.save(path)
            except OSError:
                path.unlink(missing_ok=True)
                raise
            return path
        raise AssertionError("unreachable")  # _names never ends; any other error is raised

    def list_saves(self) -> list[Path]:
        """Saved games and games in progress (autosaves), newest first."""
        return sorted([*self.saves_dir.glob("*" + SAVE_SUFFIX), *self.autosaves()], key=_mtime, reverse=True)


    def list_replays(self) -> list[Path]:
        """Every game record a replay can be watched from: autosaves, saves/ and replays/, newest first."""
        found = [*self.saves_dir.glob("*" + SAVE_SUFFIX), *self.replays_dir.glob("*" + SAVE_SUFFIX),
                 *self.autosaves()]
        return sorted(found, key=_mtime, reverse=True)


def _names(folder: Path, stem: str) -> Iterator[Path]:
    """``stem.carc.json``, then ``stem_2.carc.json``, ``stem_3``... in ``folder``."""
    yield folder / f"{stem}{SAVE_SUFFIX}"
    for n in itertools.count(2):
        yield folder / f"{stem}_{n}{SAVE_SUFFIX}"


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


__all__ = ["Settings", "Setup", "SeatSetup", "Storage", "data_dir", "config_dir", "log_dir", "RecordError",
           "ANIMATION_SPEEDS", "WINDOW_SIZES", "UI_SCALES", "PIECE_SETS", "SMALLEST_WINDOW", "SEAT_KINDS",
           "DEFAULT_NAMES"]
