"""How the computer players value The Princess & the Dragon.

The dragon's steps are the engine's pending decision: each level answers it with its own
evaluation (``Bot.decide``), which values every follower on the board, so a step that eats
another's follower is worth more and one that eats one's own less. The fairy is worth to the
owner of the follower she stands beside a point at each of their next few turns (any player
may move her beside their own follower: she seldom stays long) and half the 3 points her
follower's feature brings when it is scored (moving her is weighed against placing a
follower). A portal's or princess's figure step is one of the moves every level tries; the
evaluation of the position after it says what it is worth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai.valuation import Valuation
from .rules import FAIRY_BONUS, FAIRY_POINT, fairy_follower

if TYPE_CHECKING:
    from ...engine import Game


#: The turns of her owner the fairy is expected to stay.
STAY = 3.0


class Value(Valuation):
    _turns = 0.0

    def begin(self, game: Game, left: int, draws: float, follower: float) -> None:
        """Each player's turns still to come (the fairy's points)."""
        self._turns = left / game.players

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        found = fairy_follower(game)
        if found is not None:
            values[found[0]] += FAIRY_POINT * min(self._turns, STAY) + FAIRY_BONUS / 2
