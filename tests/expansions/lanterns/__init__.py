"""Lanterns: an expansion made for the tests, to exercise the hooks of a turn's start, tiles
kept back, bonuses that follow a feature's scoring and a tile no figure may stand on.

At the start of each player's turn (once, whatever tiles they set aside) they light a
lantern (a counter per player). Tile C stays in the bag until a cloister lies on the board.
Whenever a city is scored, in play or at the end, its first follower's owner scores 2 more
(an event ``lantern`` right after the city's). No figure may stand on a tile B this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.engine.expansion import Expansion, RuleKey

if TYPE_CHECKING:
    from carcassonne.engine.modules.base import RuleModule
    from carcassonne.engine.rules import Rules


class Lanterns(Expansion):
    name = "lanterns"
    keys = (RuleKey("lanterns", False),)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import LanternRule

        return (LanternRule(),)


EXPANSION = Lanterns()
