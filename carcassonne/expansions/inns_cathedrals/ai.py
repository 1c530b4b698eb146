"""How the computer players value Inns & Cathedrals.

The big follower counts 2 for the majority (the evaluation then asks the engine's
:attr:`Feature.leaders`), so it is a weapon to win or keep a contested feature; at home it
is worth a follower and a bit. An inn road is worth 2 a tile and a cathedral city 3 a tile
and pennant, but only times the chance they are completed: left open they score nothing.
"""

from __future__ import annotations

from ...ai.hint import Clause, kind_word
from ...ai.valuation import FigureWords, Valuation
from ...engine import Feature, Game, Move
from ...engine.tiles import CITY, ROAD
from .rules import BIG, CATHEDRAL, INN, big_node, cathedral_points, inn_points

#: What the big follower at home is worth, in followers in hand.
AT_HOME = 1.3


class Value(Valuation):
    def road_or_city(self, game: Game, feature: Feature, tiles: int, empty: tuple[int, ...],
                     chance: float) -> float | None:
        if feature.kind == ROAD:
            if INN in feature.marks:  # 2 a tile completed, nothing left open: a risk
                return chance * inn_points(tiles + len(empty), True)
            return None
        if CATHEDRAL in feature.marks:  # 3 a tile and pennant completed, nothing left open: a risk
            return chance * cathedral_points(tiles + len(empty), feature.pennants, True)
        return None

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        for p in range(game.players):
            if big_node(game, p) < 0:
                values[p] += follower * AT_HOME

    # ------------------------------------------------------------------ hints
    @staticmethod
    def explain_figure(after: Game, move: Move, placed_back: bool) -> FigureWords | None:
        step = move.figure
        if step is None or step.kind != BIG.name:
            return None
        # The big follower stands where a follower would: said so, then that it is the big one.
        if placed_back:
            return step.place, [], []
        return step.place, [], [Clause("big", kind_word(after.feature_at(move.x, move.y, step.place).kind))]

    @staticmethod
    def claim_clause(feature: Feature) -> Clause | None:
        """A follower on a new inn road or cathedral city: worth its points only if completed."""
        tiles = len(feature.tiles)
        if feature.kind == ROAD and INN in feature.marks:
            return Clause("risk", kind_word(feature.kind), inn_points(tiles, True), count=tiles)
        if feature.kind == CITY and CATHEDRAL in feature.marks:
            return Clause("risk", kind_word(feature.kind), cathedral_points(tiles, feature.pennants, True),
                          count=tiles)
        return None
