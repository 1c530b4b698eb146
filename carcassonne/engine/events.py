"""Score events: one per scoring, for the UI to animate and a player to read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: ``farm`` is the name players use for a scored field.
FEATURE_NAMES = {"road": "road", "city": "city", "cloister": "cloister", "field": "farm"}


@dataclass(frozen=True)
class FigureAt:
    """A figure on the board: whose, on which tile, on which place (``road:E``...), and of
    which kind (each glides home as the figure it is)."""

    player: int
    x: int
    y: int
    place: str
    #: Its :class:`~carcassonne.engine.figures.FigureKind`'s name: ``follower`` or an expansion's.
    kind: str = "follower"


@dataclass(frozen=True)
class ScoreEvent:
    """Points scored for one feature.

    ``turn`` counts turns from 1 (discards included, as in the record); final
    scoring events have ``final=True`` and the number of the last turn.
    """

    turn: int
    feature: str  # road, city, cloister, farm
    points: int
    players: tuple[int, ...]
    tiles: tuple[tuple[int, int], ...]
    #: The figures on it that go home (at the final scoring, those that stood on it).
    figures_returned: tuple[FigureAt, ...] = ()
    complete: bool = True
    final: bool = False
    #: For farms: how many completed cities were supplied; for cities: pennants.
    detail: int = 0

    def describe(self, names: Sequence[str]) -> str:
        who = " and ".join(names[p] for p in self.players)
        size = f"{len(self.tiles)} tile{'s' if len(self.tiles) != 1 else ''}"
        if self.feature == "farm":
            what = f"a farm supplying {self.detail} completed cit{'ies' if self.detail != 1 else 'y'}"
        elif self.feature == "cloister":
            what = ("a completed cloister" if self.complete else
                    f"an incomplete cloister with {len(self.tiles) - 1} neighbours")
        else:
            state = "a completed" if self.complete else "an incomplete"
            what = f"{state} {self.feature} of {size}"
            if self.feature == "city" and self.detail:
                what += f" with {self.detail} pennant{'s' if self.detail != 1 else ''}"
        each = " each" if len(self.players) > 1 else ""
        return f"{who} score{'s' if len(self.players) == 1 else ''} {self.points}{each} for {what}"

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "feature": self.feature,
            "points": self.points,
            "players": [names[p] for p in self.players],
            "tiles": [list(t) for t in self.tiles],
            "complete": self.complete,
            "final": self.final,
        }
