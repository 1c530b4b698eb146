"""Figures: the kinds of wooden pieces a game plays with, and a turn's figure step.

As JCloisterZone's figure classes, a :class:`FigureKind` says what a kind of figure is
for the rules: how much it counts in a majority, how many each player has, whether it
stands among a feature's followers (then it occupies the feature, scores it and comes
home when it is scored), and how it is called in a record. The base game has one kind,
the follower (7 per player, the 8th is the score marker); an expansion adds its own
kinds through its rule module (:attr:`RuleModule.figures
<carcassonne.engine.modules.base.RuleModule.figures>`): one may count 2 in a majority,
stand only on one kind of feature, stand beside the followers without being one, or
belong to nobody.

A turn's figure step is a :class:`FigureStep`: which kind of figure goes on which place
of the tile just placed, or which action is taken instead of placing one. The
move generator makes thousands of them, so it is a named tuple.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class FigureKind:
    """A kind of figure and what it is for the rules."""

    #: Its name in moves and events (``follower``, or an expansion's).
    name: str
    #: What one such figure counts for in a feature's majority (an expansion's stronger kind 2; a figure
    #: that is no follower 0).
    strength: int = 1
    #: How many each player has in their supply at the start; 0 for a neutral figure.
    per_player: int = 1
    #: Whether it stands among a feature's followers: then it occupies the feature (no
    #: other follower may join it), scores it with the majority and goes home when it is
    #: scored during play. An expansion's figure may stand beside them and do none of that.
    follower: bool = True
    #: Nobody owns it (a figure every player moves): never in a supply, never scores.
    neutral: bool = False


#: The base game's figure: 7 a player (the box's 8th marks the score).
FOLLOWER = FigureKind("follower", strength=1, per_player=7)


class FigureStep(NamedTuple):
    """The turn's one figure step after the tile: a figure of ``kind`` put on ``place``, or,
    with ``action``, what is done instead of placing one (a figure taken ``back``, say).

    ``at`` is the tile the place lies on when it is not the tile just placed (a follower
    sent onto any tile, a figure moved beside a follower), else None.
    """

    kind: str
    place: str = ""
    action: str = ""
    at: tuple[int, int] | None = None

    def __str__(self) -> str:
        where = f" at {self.at}" if self.at is not None else ""
        if self.action:
            return f"{self.kind} {self.action}{where}"
        return f"{self.kind} on {self.place}{where}"


def follower(place: str) -> FigureStep:
    """An ordinary follower put on ``place`` (``road:E``, ``farm:SW``, ``cloister``)."""
    return FigureStep(FOLLOWER.name, place)
