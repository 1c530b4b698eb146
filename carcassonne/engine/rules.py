"""The rule options a game is played with (the ``rules`` block of a game record)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import RecordError
from .untrusted import shown

if TYPE_CHECKING:
    from .expansion import Expansion

THIRD_EDITION = "third-edition"
SECOND_EDITION = "second-edition"
FIRST_EDITION = "first-edition"
FARM_SCORINGS = (THIRD_EDITION, SECOND_EDITION, FIRST_EDITION)
#: Where a tile that fits nowhere goes: out of the game, or back into the bag (a house rule).
BOX, BAG = "box", "bag"
DISCARDS = (BOX, BAG)
COLORS = ("red", "blue", "green", "yellow", "black", "pink")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Followers per player: the box has 8, the 8th is the score marker.
FOLLOWERS = 7
#: The start tile: the base game's D at (0, 0), or the first tile drawn from the shuffled bag (a house rule).
START_BOOK, RANDOM = "D", "random"
STARTS = (START_BOOK, RANDOM)
#: The smallest and largest table, in squares, each way.
TABLE_MIN, TABLE_MAX = 3, 99
#: The base game's and the house rules' keys a record reads as true or false.
_BOOLEANS = ("farmers", "small_city", "incomplete_score", "hole_bonus", "table_closes")
#: The house rules, written to a record only when they differ from the book.
_HOUSE_DEFAULTS: dict[str, Any] = {"incomplete_score": True, "hole_bonus": False, "table": None,
                                   "table_closes": False, "discard": BOX}
#: The base game's and the house rules' keys, in a record's order (an expansion's keys follow
#: the one its declaration names, :attr:`Expansion.after`).
_CORE_KEYS = ("farmers", "farm_scoring", "small_city", "incomplete_score", "hole_bonus", "table",
              "table_closes", "discard", "start")


def _expansions() -> tuple[Expansion, ...]:
    from ..expansions import declared  # the registry imports the expansions' packages: late

    return declared()


#: The registry's expansions and their keys' defaults, made from them. The registry itself is
#: kept (not its ``id``: a registry made again after a test registers an expansion may reuse the
#: id of one gone).
_DEFAULTS: list[tuple[tuple[Any, ...], dict[str, Any]]] = []


def _defaults() -> dict[str, Any]:
    """Every expansion's rules keys and their defaults (made once per registry)."""
    expansions = _expansions()
    if _DEFAULTS and _DEFAULTS[0][0] is expansions:
        return _DEFAULTS[0][1]
    found = {key.name: key.default for e in expansions for key in e.keys}
    _DEFAULTS[:] = [(expansions, found)]
    return found


class Rules:
    """Options of one game: the base game's, the house rules', and each expansion's keys.

    ``farm_scoring``: ``third-edition`` scores each farm (3 points per completed
    city it borders, annotated rules p. 10); ``second-edition`` likewise, but a
    player scores any one city at most once however many of its farms they win
    (annotated rules FAQ 28: under the newer rule "blue even earns points twice");
    ``first-edition`` scores each completed city once, 4 points to the majority of
    farmers over all farms bordering it (Rio Grande rules, "Farmers score points for
    supplying cities").
    ``small_city``: the old rule that a completed two-tile city scores 1 point per
    tile and per pennant (annotated rules, footnote 17).

    The house rules (Wikicarpedia, base game, "House Rules" and "Use of a Table"):
    ``incomplete_score`` false: unfinished roads, cities and cloisters score nothing
    at the end; ``hole_bonus``: a tile with a tile on all four sides earns another
    turn; ``table`` (W, H): the play area, the start tile at (0, 0); ``table_closes``:
    its edge completes features as an Abbey would; ``discard`` ``bag``: a tile that
    fits nowhere goes back into the bag; ``start`` ``random``: the start tile goes into
    the bag and the tile at (0, 0) is the first one drawn (HR: "the original starting
    tile may be put into the bag"; ``modules/start.py``).

    Every other keyword is an expansion's rules key (:attr:`Expansion.keys
    <carcassonne.engine.expansion.Expansion.keys>`), read as an attribute too
    (``rules.get(key)``): the expansion checks its own values (:meth:`Expansion.check`).
    Rules are immutable and compare by value; only the keys that differ from their
    default are kept.
    """

    __slots__ = ("farmers", "farm_scoring", "small_city", "incomplete_score", "hole_bonus", "table",
                 "table_closes", "discard", "start", "options", "_key", "_playing")

    farmers: bool
    farm_scoring: str
    small_city: bool
    incomplete_score: bool
    hole_bonus: bool
    table: tuple[int, int] | None
    table_closes: bool
    discard: str
    start: str
    #: The expansions' keys that differ from their default, sorted: (key, value).
    options: tuple[tuple[str, Any], ...]

    def __init__(self, farmers: bool = True, farm_scoring: str = THIRD_EDITION, small_city: bool = False,
                 incomplete_score: bool = True, hole_bonus: bool = False, table: Any = None,
                 table_closes: bool = False, discard: str = BOX, start: str = START_BOOK, **options: Any) -> None:
        setter = object.__setattr__
        setter(self, "farmers", farmers)
        setter(self, "farm_scoring", farm_scoring)
        setter(self, "small_city", small_city)
        setter(self, "incomplete_score", incomplete_score)
        setter(self, "hole_bonus", hole_bonus)
        setter(self, "table", table)
        setter(self, "table_closes", table_closes)
        setter(self, "discard", discard)
        setter(self, "start", start)
        kept: tuple[tuple[str, Any], ...] = ()
        if options:
            defaults = _defaults()
            unknown = sorted(set(options) - set(defaults))
            if unknown:
                raise TypeError(f"Rules() got an unexpected keyword argument {unknown[0]!r}")
            kept = tuple(sorted((k, v) for k, v in options.items()
                                if v != defaults[k] or type(v) is not type(defaults[k])))
        setter(self, "options", kept)
        self._check(options)
        setter(self, "_key", (farmers, farm_scoring, small_city, incomplete_score, hole_bonus, self.table,
                              table_closes, discard, start, kept))

    # ------------------------------------------------------------ values
    def get(self, key: str, default: Any = None) -> Any:
        """An expansion's rules key: its value in this game, or its declared default."""
        for name, value in self.options:
            if name == key:
                return value
        return _defaults().get(key, default)

    def __getattr__(self, key: str) -> Any:
        """An expansion's rules key read as an attribute (``rules.<key>``)."""
        if key.startswith("_") or key not in _defaults():
            raise AttributeError(f"'Rules' has no rule {key!r}")
        return self.get(key)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("Rules are immutable: use replace()")

    def replace(self, **changes: Any) -> Rules:
        """These rules with some keys changed (like ``dataclasses.replace``)."""
        values: dict[str, Any] = {k: getattr(self, k) for k in _CORE_KEYS}
        values.update(self.options)
        values.update(changes)
        return Rules(**values)

    def expansions(self) -> tuple[Expansion, ...]:
        """The expansions a game with these rules plays, in registry order."""
        try:
            playing: tuple[Expansion, ...] = object.__getattribute__(self, "_playing")
        except AttributeError:
            playing = tuple(e for e in _expansions() if e.enabled(self))
            object.__setattr__(self, "_playing", playing)
        return playing

    @property
    def holds_tiles(self) -> bool:
        """Whether the players hold several tiles each (an expansion in play says so)."""
        return any(e.holds_tiles for e in self.expansions())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        core = ", ".join(f"{k}={getattr(self, k)!r}" for k in _CORE_KEYS)
        extra = "".join(f", {k}={v!r}" for k, v in self.options)
        return f"Rules({core}{extra})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Rules travel to worker processes (the analysis) by their record form."""
        return (Rules.from_record, (self.to_record(),))

    # ------------------------------------------------------------ checks
    def _check(self, options: dict[str, Any]) -> None:
        if self.farm_scoring not in FARM_SCORINGS:
            raise RecordError(f"farm_scoring must be one of {', '.join(FARM_SCORINGS)}, "
                              f"not {shown(self.farm_scoring)}")
        if self.discard not in DISCARDS:
            raise RecordError(f"rules.discard must be one of {', '.join(DISCARDS)}, not {shown(self.discard)}")
        if self.start not in STARTS:
            raise RecordError(f"rules.start must be one of {', '.join(STARTS)}, not {shown(self.start)}")
        if options:  # an expansion checks its own keys, and what they are played with
            for expansion in _expansions():
                if any(key.name in options for key in expansion.keys):
                    expansion.check(self)
        if self.table is not None:
            table = self.table
            if (not isinstance(table, (tuple, list)) or len(table) != 2
                    or not all(isinstance(n, int) and not isinstance(n, bool)
                               and TABLE_MIN <= n <= TABLE_MAX for n in table)):
                raise RecordError(f"rules.table must be [width, height], each {TABLE_MIN} to {TABLE_MAX} squares")
            object.__setattr__(self, "table", (table[0], table[1]))
        elif self.table_closes:
            raise RecordError("rules.table_closes needs a table")

    @property
    def bounds(self) -> tuple[int, int, int, int] | None:
        """The table's squares as (min x, max x, min y, max y), or None for an endless table."""
        if self.table is None:
            return None
        w, h = self.table
        return -((w - 1) // 2), w // 2, -((h - 1) // 2), h // 2

    @property
    def house_rules(self) -> dict[str, Any]:
        """The house rules that differ from the book, as record keys and values."""
        return {key: getattr(self, key) for key, book in _HOUSE_DEFAULTS.items()
                if getattr(self, key) != book}

    # ----------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """The record's ``rules`` block, in the format's order (``docs/game-record.md``)."""
        core: dict[str, Any] = {"farmers": self.farmers, "farm_scoring": self.farm_scoring,
                                "small_city": self.small_city}
        for key, value in self.house_rules.items():
            core[key] = list(value) if key == "table" else value
        if self.start != START_BOOK:
            core["start"] = self.start
        data: dict[str, Any] = {}
        for key in _CORE_KEYS:
            if key in core:
                data[key] = core[key]
            for expansion in _expansions():
                if expansion.after == key:
                    playing = expansion.enabled(self)
                    for declared in expansion.keys:
                        if declared.always or playing:  # its keys, written whole while it is played
                            data[declared.name] = self.get(declared.name)
        return data

    @classmethod
    def from_record(cls, data: Any) -> Rules:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RecordError("'rules' must be an object")
        kwargs: dict[str, Any] = {}
        for key in _BOOLEANS:
            if key in data:
                if not isinstance(data[key], bool):
                    raise RecordError(f"rules.{key} must be true or false")
                kwargs[key] = data[key]
        for expansion in _expansions():
            for declared in expansion.keys:
                if declared.name in data:
                    kwargs[declared.name] = expansion.read_key(declared.name, data[declared.name])
        for key in ("farm_scoring", "discard", "start"):
            if key in data:
                kwargs[key] = data[key]
        table = data.get("table")
        if table is not None:
            if not isinstance(table, list):
                raise RecordError(f"rules.table must be [width, height], each {TABLE_MIN} to {TABLE_MAX} squares")
            kwargs["table"] = tuple(table)
        return cls(**kwargs)
