"""The rule options a game is played with (the ``rules`` block of a game record)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RecordError
from .untrusted import shown

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
#: The tiles a player holds: 1 is the book's game, 2 or 3 a hand of tiles (a house rule).
HANDS = (1, 2, 3)
_BOOLEANS = ("farmers", "small_city", "river", "incomplete_score", "hole_bonus", "table_closes", "abbot",
             "inns_cathedrals")
#: The house rules, written to a record only when they differ from the book.
_HOUSE_DEFAULTS: dict[str, Any] = {"incomplete_score": True, "hole_bonus": False, "table": None,
                                   "table_closes": False, "discard": BOX}


@dataclass(frozen=True)
class Rules:
    """Options of one game.

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
    fits nowhere goes back into the bag.

    ``abbot``: the Abbot and gardens (the 2021 editions; ``modules/abbot.py``).

    ``inns_cathedrals``: Inns & Cathedrals, the first expansion (its 18 tiles, the big
    follower, inns and cathedrals; ``modules/inns_cathedrals.py``).

    ``start`` ``random``: the start tile goes into the bag and the tile at (0, 0) is the
    first one drawn (HR: "the original starting tile may be put into the bag";
    ``shared/docs/game-record.md``: not with ``river``; ``modules/start.py``).

    ``hand`` 2 or 3: each player holds that many tiles, plays any of them and draws back
    up (HR: "Play with a three-tile hand ... and then draw back up to three tiles. These
    tiles could be visible to all or hidden to the other players"); ``hand_open`` false:
    each hand is hidden from the other players. Not with ``river`` nor ``discard: "bag"``
    (``shared/docs/game-record.md``; ``modules/hand.py``).
    """

    farmers: bool = True
    farm_scoring: str = THIRD_EDITION
    small_city: bool = False
    river: bool = False
    incomplete_score: bool = True
    hole_bonus: bool = False
    table: tuple[int, int] | None = None
    table_closes: bool = False
    discard: str = BOX
    abbot: bool = False
    start: str = START_BOOK
    hand: int = 1
    hand_open: bool = True
    inns_cathedrals: bool = False

    def __post_init__(self) -> None:
        if self.farm_scoring not in FARM_SCORINGS:
            raise RecordError(f"farm_scoring must be one of {', '.join(FARM_SCORINGS)}, "
                              f"not {shown(self.farm_scoring)}")
        if self.discard not in DISCARDS:
            raise RecordError(f"rules.discard must be one of {', '.join(DISCARDS)}, not {shown(self.discard)}")
        if self.start not in STARTS:
            raise RecordError(f"rules.start must be one of {', '.join(STARTS)}, not {shown(self.start)}")
        if self.start == RANDOM and self.river:
            raise RecordError('rules.start "random" is not played with the river (the spring is the start tile)')
        self._check_hand()
        if self.table is not None:
            table = self.table
            if (not isinstance(table, (tuple, list)) or len(table) != 2
                    or not all(isinstance(n, int) and not isinstance(n, bool)
                               and TABLE_MIN <= n <= TABLE_MAX for n in table)):
                raise RecordError(f"rules.table must be [width, height], each {TABLE_MIN} to {TABLE_MAX} squares")
            object.__setattr__(self, "table", (table[0], table[1]))
        elif self.table_closes:
            raise RecordError("rules.table_closes needs a table")

    def _check_hand(self) -> None:
        """A hand of tiles is 2 or 3 tiles, not with the river nor with ``discard: "bag"``
        (``shared/docs/game-record.md``, "A hand of tiles")."""
        hand = self.hand
        if not isinstance(hand, int) or isinstance(hand, bool) or hand not in HANDS:
            raise RecordError(f"rules.hand must be 1, 2 or 3, not {shown(hand)}")
        if not isinstance(self.hand_open, bool):
            raise RecordError("rules.hand_open must be true or false")
        if hand == 1:
            if not self.hand_open:
                raise RecordError("rules.hand_open needs a hand (rules.hand 2 or 3)")
            return
        if self.river:
            raise RecordError("rules.hand is not played with the river")
        if self.discard == BAG:
            raise RecordError('rules.hand is not played with rules.discard "bag"')

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

    def to_record(self) -> dict[str, Any]:
        data: dict[str, Any] = {"farmers": self.farmers, "farm_scoring": self.farm_scoring,
                                "small_city": self.small_city, "river": self.river}
        for key, value in self.house_rules.items():
            data[key] = list(value) if key == "table" else value
        if self.abbot:
            data["abbot"] = True
        if self.hand != 1:  # the order of docs/game-record.md: the Abbot, a hand, the start tile
            data["hand"] = self.hand
            data["hand_open"] = self.hand_open
        if self.start != START_BOOK:
            data["start"] = self.start
        if self.inns_cathedrals:
            data["inns_cathedrals"] = True
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
        for key in ("farm_scoring", "discard", "start", "hand", "hand_open"):
            if key in data:
                kwargs[key] = data[key]
        table = data.get("table")
        if table is not None:
            if not isinstance(table, list):
                raise RecordError(f"rules.table must be [width, height], each {TABLE_MIN} to {TABLE_MAX} squares")
            kwargs["table"] = tuple(table)
        return cls(**kwargs)
