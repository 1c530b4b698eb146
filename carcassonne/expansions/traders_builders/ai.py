"""How the computer players value Traders & Builders.

- **Goods**: the three majorities are a race. Each player's tokens of a kind are worth their
  share of its 10 points, sharper the fewer symbols are still to come (on tiles to come): with
  none left the share is exact (every tied leader 10). Taking tokens is then worth what it
  changes in the race, whoever holds the city completed.
- **The builder**: on the board, beside its player's follower, it is worth the double turns
  it may still bring: the chance, draw by draw, of a tile that extends its road or city,
  times what a turn is worth; a second part due is worth that turn. At home it is worth a
  little (it needs a follower beside it).
- **The pig**: on a farm its player leads, each city the farm supplies is worth 1 more to
  them (the completed ones, and half of each open one).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...ai.hint import Clause, kind_word
from ...ai.valuation import FigureWords, Valuation
from ...engine import Feature, Game, Move, ScoreEvent
from ...engine.features import Feature as FeatureView
from .rules import BUILDER, GOODS, MAJORITY_POINTS, PIG, Trade, TradersBuilders, second_part_due, trade

if TYPE_CHECKING:
    from ...ai.heuristics import Evaluator

#: How many times a base game's move a search takes with the expansion (Valuation.search_cost).
SEARCH_COST = 1.7
#: What one extra tile (a second part) is worth, in points.
DOUBLE_TURN = 3.0
#: What the builder and the pig at home are worth, in followers in hand.
BUILDER_AT_HOME = 0.4
PIG_AT_HOME = 0.3


def majority_shares(held: list[int], to_come: int) -> list[float]:
    """Each player's expected share of one kind's 10 points: exact when no token is to come,
    else a soft race (the leader's edge counts less the more tokens are still to come)."""
    most = max(held)
    if to_come == 0:
        return [float(MAJORITY_POINTS) if most and n == most else 0.0 for n in held]
    spread = 0.6 + to_come / 3.0
    weights = [math.exp((n - most) / spread) for n in held]
    total = sum(weights)
    return [MAJORITY_POINTS * w / total for w in weights]


class Value(Valuation):
    @staticmethod
    def search_cost(game: Game) -> float:
        """A position holds a third more tiles, and goods, builders and pigs to value."""
        return SEARCH_COST

    def __init__(self, game: Game, evaluator: Evaluator) -> None:
        super().__init__(game, evaluator)
        #: The tile kinds with goods symbols, and their symbols by kind.
        self._symbols = tuple(
            (k.id, symbols) for k in game.tiles if k.id.startswith("TB")
            for symbols in [tuple(sum(good in s.marks for s in k.segments) for good in GOODS)] if any(symbols))
        self._module = next((m for m in game.modules if isinstance(m, TradersBuilders)), None)
        #: Each race's shares, by the tokens held and the symbols to come (a search meets few).
        self._shares: dict[tuple[tuple[int, ...], int], list[float]] = {}
        #: (feature, player) of each builder on the board, in the position being valued.
        self._builders: set[tuple[int, int]] = set()
        self._to_come = (0, 0, 0)
        self._left = 1
        self._draws = 1.0
        self._follower = 0.0

    def begin(self, game: Game, left: int, draws: float, follower: float) -> None:
        come = [0, 0, 0]
        counts = game.tiles_to_come()
        for tile, found in self._symbols:
            count = counts.get(tile)
            if count:
                for i, n in enumerate(found):
                    come[i] += n * count
        self._to_come = (come[0], come[1], come[2])
        self._left, self._draws, self._follower = max(left, 1), draws, follower
        placed = game.placed.get(BUILDER.name)
        self._builders = {(game.find(nodes[0]), p) for p, nodes in enumerate(placed) if nodes} if placed else set()

    def returning(self, game: Game, player: int, feature: Feature, chance: float) -> float | None:
        """The follower beside the player's builder comes home as any; the builder adds the
        double turns it may still bring before its road or city is completed."""
        if (feature.key, player) not in self._builders:
            return None
        empty = self.evaluator.shape(feature)[1]
        fits = sum(self.evaluator.fitting(game, key) for key in map(game.open.get, empty) if key)
        extend = min(1.0, fits / self._left)
        return chance * self._follower * 0.8 + DOUBLE_TURN * self._draws * extend * 0.5

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        if self._module is None:
            return
        state: Trade = self._module.get(game)
        if state.pending >= 0:  # a second part to come: one more tile for its player
            values[state.pending] += DOUBLE_TURN
        shares = self._shares
        for k in range(len(GOODS)):
            race = (tuple([tokens[k] for tokens in state.goods]), self._to_come[k])
            got = shares.get(race)
            if got is None:
                got = shares[race] = majority_shares(list(race[0]), race[1])
            for p, share in enumerate(got):
                values[p] += share
        builders = {p for _, p in self._builders}
        pigs = game.placed.get(PIG.name)
        for p in range(game.players):
            if p not in builders:
                values[p] += follower * BUILDER_AT_HOME
            nodes = pigs[p] if pigs else ()
            if not nodes:
                values[p] += follower * PIG_AT_HOME
                continue
            farm = FeatureView(game, game.find(nodes[0]))
            if p in farm.leaders:
                values[p] += sum(1.0 if city.complete else 0.5 for city in farm.cities)

    # ------------------------------------------------------------------ hints
    @staticmethod
    def explain_first(after: Game, move: Move, events: list[ScoreEvent], clauses: list[Clause]) -> int:
        """The goods tokens the move takes, and a second part it earns, said first."""
        before = after.copy()
        before.pop()
        me = before.current
        was, now = trade(before), trade(after)
        if was is not None and now is not None:
            taken = sum(now.goods[me]) - sum(was.goods[me])
            if taken:
                clauses.append(Clause("goods", count=taken))
        if second_part_due(after) and after.current == me and not second_part_due(before):
            clauses.append(Clause("second"))
        return 0

    @staticmethod
    def explain_figure(after: Game, move: Move, placed_back: bool) -> FigureWords | None:
        step = move.figure
        if step is None or step.kind not in (BUILDER.name, PIG.name):
            return None
        if step.kind == BUILDER.name:
            feature = after.feature_at(move.x, move.y, step.place)
            return None, [Clause("builder", kind_word(feature.kind))], []
        return None, [Clause("pig", "farm")], []
