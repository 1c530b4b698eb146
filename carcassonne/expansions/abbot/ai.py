"""How the computer players value the Abbot.

A garden is worth what a cloister is (the evaluation values every one-tile feature so).
The abbot is no follower (the supply never counts it): at home it is worth the chance that
its holder still draws a cloister or garden to put it on (public counts), so taking it back
(its points now, and it is free again) beats keeping it (the ring's expected filling) late
in the ring's life or while fresh cloisters and gardens are still to come. On a cloister or
garden that will be completed it comes home worth that much again, not a follower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai.hint import Clause, kind_word
from ...ai.valuation import FigureWords, Valuation
from ...engine import Feature, Game, Move, ScoreEvent
from ...engine.tiles import CLOISTER
from .rules import ABBOT, BACK, GARDEN, abbot_node

if TYPE_CHECKING:
    from ...ai.heuristics import Evaluator

#: What an abbot at home is worth if its holder surely draws another cloister or garden.
AT_HOME = 5.0


class Value(Valuation):
    def __init__(self, game: Game, evaluator: Evaluator) -> None:
        super().__init__(game, evaluator)
        #: The tile kinds an abbot may stand on (a cloister or a garden).
        self._tiles = frozenset(k.id for k in game.tiles if any(seg.kind in (CLOISTER, GARDEN) for seg in k.segments))
        self._home = 0.0

    def begin(self, game: Game, left: int, draws: float, follower: float) -> None:
        """An abbot at home: its weight times the chance of drawing a cloister or garden."""
        k = sum(c for t, c in game.tiles_to_come().items() if c and t in self._tiles)
        self._home = float(AT_HOME * (1.0 - max(0.0, 1.0 - k / left) ** draws)) if k else 0.0

    def returning(self, game: Game, player: int, feature: Feature, chance: float) -> float | None:
        if abbot_node(game, player) == feature.key:  # the abbot comes home, no follower
            return chance * self._home * 0.8
        return None

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        for p in range(game.players):
            if abbot_node(game, p) < 0:
                values[p] += self._home

    # ------------------------------------------------------------------ hints
    @staticmethod
    def explain_first(after: Game, move: Move, events: list[ScoreEvent], clauses: list[Clause]) -> int:
        """The abbot taken back scores before the tile's own scoring: said first."""
        step = move.figure
        if step is not None and step.kind == ABBOT.name and step.action == BACK and events:
            taken = events[0]
            if not getattr(taken, "complete", True):
                clauses.append(Clause("back", kind_word(taken.feature), taken.points))
                return 1
        return 0

    @staticmethod
    def explain_figure(after: Game, move: Move, placed_back: bool) -> FigureWords | None:
        step = move.figure
        if step is None or step.kind != ABBOT.name:
            return None
        if step.action:
            return None, [], []
        if placed_back:  # completed at once: said as a follower placed and back home
            return step.place, [], []
        # A garden is no follower's place: find the feature by its tile.
        feature = next(f for f in after.features(step.place, occupied=True) if f.center == (move.x, move.y))
        return None, [Clause("abbot", kind_word(feature.kind), count=len(feature.tiles) - 1)], []
