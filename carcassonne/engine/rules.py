"""The rule options a game is played with (the ``rules`` block of a game record)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .errors import RecordError
from .untrusted import shown

THIRD_EDITION = "third-edition"
FIRST_EDITION = "first-edition"
FARM_SCORINGS = (THIRD_EDITION, FIRST_EDITION)
COLORS = ("red", "blue", "green", "yellow", "black", "pink")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Followers per player: the box has 8, the 8th is the score marker.
FOLLOWERS = 7


@dataclass(frozen=True)
class Rules:
    """Options of one game.

    ``farm_scoring``: ``third-edition`` scores each farm (3 points per completed
    city it borders, annotated rules p. 10); ``first-edition`` scores each completed
    city once, 4 points to the majority of farmers over all farms bordering it
    (Rio Grande rules, "Farmers score points for supplying cities").
    ``small_city``: the old rule that a completed two-tile city scores 1 point per
    tile and per pennant (annotated rules, footnote 17).
    """

    farmers: bool = True
    farm_scoring: str = THIRD_EDITION
    small_city: bool = False
    river: bool = False

    def __post_init__(self) -> None:
        if self.farm_scoring not in FARM_SCORINGS:
            raise RecordError(f"farm_scoring must be one of {', '.join(FARM_SCORINGS)}, "
                              f"not {shown(self.farm_scoring)}")

    def to_record(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_record(cls, data: Any) -> "Rules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RecordError("'rules' must be an object")
        kwargs: dict[str, Any] = {}
        for key in ("farmers", "small_city", "river"):
            if key in data:
                if not isinstance(data[key], bool):
                    raise RecordError(f"rules.{key} must be true or false")
                kwargs[key] = data[key]
        if "farm_scoring" in data:
            kwargs["farm_scoring"] = data["farm_scoring"]
        return cls(**kwargs)
