"""What the Load list shows of each saved game: players, turn, scores, rules and date.

A summary replays the record through the rules (a few milliseconds for a whole game),
so the scores shown are the engine's, never a copy that could disagree. Summaries are
kept per file and change time, so reopening the list does not replay again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine import CarcassonneError, Rules, TileSet
from ...engine.record import GameRecord
from ...engine.rules import RANDOM
from ...i18n import N_, _, format_when, language
from ...words.expansion import speakers
from .storage import Storage


@dataclass(frozen=True)
class SaveSummary:
    path: Path
    #: A game in progress (its own autosave) rather than a copy saved by the player.
    autosave: bool
    #: When the file was last written (seconds since the epoch).
    when: float
    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    #: Turns played so far.
    turn: int = 0
    finished: bool = False
    rules: str = ""
    #: Why the file cannot be loaded (empty when it can).
    problem: str = ""
    #: The engine's error behind ``problem``, worded in the language spoken when it is shown.
    error: CarcassonneError | None = field(default=None, compare=False)
    #: Not read yet (the Load list reads the games behind the screen, see save_list.py).
    pending: bool = False

    @property
    def date(self) -> str:
        return format_when(self.when)

    @property
    def standings(self) -> str:
        """``Ann 12 · Bob 9``."""
        return " · ".join(f"{name} {score}" for name, score in zip(self.players, self.scores))


#: The base game's and the house rules' options, in the order the Load list names them.
_CORE = ("farmers", "farm_scoring", "small_city", "incomplete_score", "hole_bonus", "table", "table_closes",
         "discard", "start")


def describe_rules(rules: Rules) -> str:
    """The options that differ from the base game's defaults, in a few words: the expansions
    first (what a player looks for; each in its own words, the last registered first), then
    the rest."""
    default = Rules()
    words = [word for speaker in reversed(speakers()) for word in speaker.rules_words(rules)]
    for name in _CORE:
        value, usual = getattr(rules, name), getattr(default, name)
        if value == usual:
            continue
        if isinstance(value, bool):
            words.append(_(_SWITCHES.get((name, value), name.replace("_", " "))))
        else:
            words.append(_option_words(name, value))
    return _(", ").join(words) or _("standard rules")


def _option_words(name: str, value: object) -> str:
    """An option with a value (not on or off) as the Load list says it."""
    if name == "start":
        return _("random start tile") if value == RANDOM else _("start tile {tile}").format(tile=value)
    if name == "table" and isinstance(value, tuple):
        return _("table {width} × {height}").format(width=value[0], height=value[1])
    shown = str(value).replace("-", " ")
    return _("{option}: {value}").format(option=_(_OPTIONS.get(name, name)), value=_(_VALUES.get(shown, shown)))


#: A rule option switched from its usual value, as the Load list says it.
_SWITCHES = {("farmers", False): N_("no farmers"), ("small_city", True): N_("small city"),
             ("incomplete_score", False): N_("no incomplete score"), ("hole_bonus", True): N_("hole bonus"),
             ("table_closes", True): N_("table closes")}
_OPTIONS = {"farm_scoring": N_("farm scoring"), "discard": N_("discard")}
_VALUES = {"first edition": N_("first edition"), "second edition": N_("second edition"),
           "third edition": N_("third edition"), "bag": N_("bag"), "box": N_("box")}


#: Summaries by file, its version on disk and the language they are worded in; the Load
#: list is redrawn often and replaying every file each time would stall it.
_cache: dict[tuple[Path, int, int, str], tuple[SaveSummary, Rules | None]] = {}


def summarize(storage: Storage, path: Path, tiles: TileSet) -> SaveSummary:
    """One saved game as the Load list shows it; an unreadable file says why."""
    return summarize_with_rules(storage, path, tiles)[0]


def summarize_with_rules(storage: Storage, path: Path, tiles: TileSet) -> tuple[SaveSummary, Rules | None]:
    """:func:`summarize`, and the game's rules (None if it cannot be read) for the index."""
    autosave = storage.is_autosave(path)
    try:
        stat = path.stat()
    except OSError as exc:
        return SaveSummary(path, autosave, 0.0, problem=exc.strerror or str(exc)), None
    key = (path, stat.st_mtime_ns, stat.st_size, language())
    if key in _cache:
        return _cache[key]
    found: tuple[SaveSummary, Rules | None]
    try:
        record = GameRecord.load(path)
        game = record.replay(tiles)
    except CarcassonneError as exc:
        found = SaveSummary(path, autosave, stat.st_mtime, problem=str(exc), error=exc), None
    except OSError as exc:
        found = SaveSummary(path, autosave, stat.st_mtime, problem=exc.strerror or str(exc)), None
    else:
        found = SaveSummary(path, autosave, stat.st_mtime, players=tuple(game.names),
                            scores=tuple(game.scores), turn=game.turn_number, finished=game.finished,
                            rules=describe_rules(record.rules)), record.rules
    _cache[key] = found
    return found


def list_games(storage: Storage, tiles: TileSet) -> list[SaveSummary]:
    """Every saved game and game in progress, newest first.

    Summaries of files no longer listed (deleted, overwritten, another language) are
    dropped, so the cache never outgrows the folder.
    """
    summaries = [summarize(storage, p, tiles) for p in storage.list_saves()]
    listed = {id(s) for s in summaries}
    for key in [k for k, (s, _rules) in _cache.items() if id(s) not in listed]:
        del _cache[key]
    return sorted(summaries, key=lambda s: s.when, reverse=True)
