"""Markets: an expansion made for the tests, to exercise the hooks the next expansions need.

Whoever places a tile that completes a city takes one market token per tile of that city,
whoever holds the city (a counter per player, from a completed feature); at the end the
players with the most tokens score 5 (a final award that belongs to no feature); each city
a farm supplies is worth 1 more to the first player (a farm's value per city per player);
and a player who places tile C plays again (an extra turn that sees the move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.engine.expansion import Expansion, RuleKey

if TYPE_CHECKING:
    from carcassonne.engine.modules.base import RuleModule
    from carcassonne.engine.rules import Rules


class Markets(Expansion):
    name = "markets"
    keys = (RuleKey("markets", False),)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import MarketRule

        return (MarketRule(),)


EXPANSION = Markets()
