"""Lanterns: an expansion made for the tests, to exercise the hooks of a turn's start, tiles
kept back, bonuses that follow a feature's scoring and a tile no figure may stand on.

At the start of each player's turn (once, whatever tiles they set aside) they light a
lantern (a counter per player). Tile C stays in the bag until a cloister lies on the board, and never starts the game.
Whenever a city is scored, in play or at the end, its first follower's owner scores 2 more
(an event ``lantern`` right after the city's). No figure may stand on a tile B this turn.
A figure removed by a rule puts out its owner's lanterns. A record writes a follower sent
onto another tile as ``"meeple"`` and ``"lantern_at": [x, y]``, and ``"lit": []`` on every
turn of tile B (a part of the turn with nothing in it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine.expansion import Expansion, RuleKey
from carcassonne.engine.figures import FOLLOWER, FigureStep

if TYPE_CHECKING:
    from carcassonne.engine.modules.base import RuleModule
    from carcassonne.engine.moves import Move
    from carcassonne.engine.rules import Rules


class Lanterns(Expansion):
    name = "lanterns"
    keys = (RuleKey("lanterns", False),)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import LanternRule

        return (LanternRule(),)

    def write_figure(self, step: FigureStep, turn: dict[str, Any]) -> bool:
        if step.at is None:
            return False
        if step.kind == FOLLOWER.name:
            turn["meeple"] = step.place
        turn["lantern_at"] = list(step.at)
        return step.kind == FOLLOWER.name

    def write_decisions(self, move: Move, turn: dict[str, Any]) -> None:
        if move.tile == "B":
            turn["lit"] = []


EXPANSION = Lanterns()
