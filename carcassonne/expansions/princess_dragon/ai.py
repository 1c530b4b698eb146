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
from ...engine.geometry import square
from .rules import FAIRY_BONUS, FAIRY_POINT, fairy_follower

if TYPE_CHECKING:
    from ...engine import FigureStep, Game, Placement


#: The turns of her owner the fairy is expected to stay.
STAY = 3.0
#: How many features a computer player weighs sending a figure to through a portal.
PORTAL_TRIED = 8


class Value(Valuation):
    _turns = 0.0

    def begin(self, game: Game, left: int, draws: float, follower: float) -> None:
        """Each player's turns still to come (the fairy's points)."""
        self._turns = left / game.players

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        found = fairy_follower(game)
        if found is not None:
            values[found[0]] += FAIRY_POINT * min(self._turns, STAY) + FAIRY_BONUS / 2

    @staticmethod
    def tried_steps(game: Game, placement: Placement, steps: list[FigureStep]) -> list[FigureStep]:
        """Through a portal, one place per feature and kind of figure (the same road, city or
        farm reached on another of its tiles is the same move for the players' values), and of
        those the :data:`PORTAL_TRIED` largest features: a portal tile offers hundreds of
        places on every one of its placements, too many to weigh each."""
        if not any(s.at is not None and not s.action and s.kind != "fairy" for s in steps):
            return steps
        kept: list[FigureStep] = []
        best: dict[tuple[str, int], tuple[int, FigureStep]] = {}
        with game.laid(placement):
            for step in steps:
                if step.at is None or step.action or step.kind == "fairy":
                    kept.append(step)
                    continue
                o = game.tile_at(*step.at)
                assert o is not None
                root = game.find(game.node(square(*step.at), o.spots[step.place]))
                if (step.kind, root) not in best:
                    best[(step.kind, root)] = (len(game.tiles_of(root)), step)
        largest = sorted(best.values(), key=lambda found: -found[0])[:PORTAL_TRIED]
        return kept + [step for _, step in largest]
