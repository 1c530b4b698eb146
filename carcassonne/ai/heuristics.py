"""How good a position is for each player: the points they can expect at the end.

A player's *projected value* is their score now, plus what each feature they hold
(the majority of followers on it, annotated rules "several followers") is
expected to be worth at the end, plus the followers they still have in hand.

- A road or city is worth its final points weighted by the chance it is completed:
  each open square next to it must be filled by a fitting tile, and the holder
  draws about ``tiles left / players`` more tiles. How many of the tiles left fit a
  square is public (the counts of ``game.deck``, and those the players hold too: the box
  less the board), never their order nor who holds which.
- A cloister is worth 1 + its neighbours, plus the empty squares around it that
  will likely be filled.
- A farm is worth 3 points per completed city it borders (annotated rules p. 10),
  counting an unfinished city by its chance of completion, plus a little for the
  cities still to come while many tiles are left.
- A follower is worth more early in the game (it can still earn points) and
  nothing at the end; one standing on a feature that will be completed comes back.
- Any other one-tile feature (an expansion's) is worth what a cloister is.

Each expansion in play adds its own values (:mod:`carcassonne.ai.valuation`): its figures
at home and coming home, its features' worth. When some figure counts more than 1 for a
majority, who holds a feature is the engine's :attr:`Feature.leaders`.

House rules change the values: with ``incomplete_score`` off an unfinished road,
city or cloister is worth only its chance of completion times its full points;
under second-edition farm scoring a player counts each city once over all the
farms they hold; squares beyond the table's edge are never filled (or, when the
edge closes features, need no tile); a move that fills a hole under ``hole_bonus``
is worth a turn more (see :func:`~carcassonne.ai.simple.ranked_moves`).

With no tile left the value is exact: the score plus :meth:`Game.final_scoring`.
Features are read through the engine's public view (:class:`~carcassonne.engine.Feature`)
and points through its scoring formula; the draw pile's order is never read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import FIRST_EDITION, Feature, Game
from ..engine.geometry import RING, coords, square
from ..engine.rules import SECOND_EDITION
from ..engine.scoring import cloister_points, feature_points
from ..engine.tiles import CITY, CLOISTER, FIELD, ROAD
from .valuation import valuations

#: Tiles drawn in a base game (72 less the start tile): the scale of "early" and "late".
FULL_DECK = 71


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation (tuned with ``carcassonne simulate``)."""

    #: Points a follower in hand is worth at the start of the game (falls to 0 at the end).
    follower: float = 3.0
    #: Each further follower in hand is worth this fraction of the one before.
    follower_decay: float = 0.88
    #: Chance that a tile which fits an open square of one's own road / city is put there.
    road_close: float = 0.9
    city_close: float = 0.8
    #: Share of the remaining draws that fill a square next to one's cloister.
    cloister_fill: float = 0.6
    #: Completed cities a farm is expected to gain per tile of farm, at the start.
    farm_growth: float = 0.06
    #: Farm size (tiles) beyond which it grows no faster.
    farm_growth_cap: int = 12
    #: What another turn is worth (the hole bonus house rule): about a turn's points.
    extra_turn: float = 2.5


DEFAULT = Weights()


class Evaluator:
    """Projected values of a position, with caches valid while the tiles left stay the same."""

    def __init__(self, game: Game, weights: Weights = DEFAULT) -> None:
        self.w = weights
        self.tiles = game.tiles
        self._counts_seen: tuple[int, ...] = ()
        self._fit: dict[int, int] = {}
        self._shape: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
        self._worth: dict[tuple[object, ...], tuple[float, float]] = {}
        self._frozen = False
        #: Positions evaluated so far: the unit of a search's budget.
        self.calls = 0
        #: The expansions' parts of the evaluation (:mod:`carcassonne.ai.valuation`).
        self.values_of = valuations(game, self)
        self._worths = tuple(v for v in self.values_of if _overrides(v, "road_or_city"))
        self._returns = tuple(v for v in self.values_of if _overrides(v, "returning"))

    def freeze(self) -> None:
        """Keep judging by the tiles left now (search looks a few tiles ahead: close enough, faster)."""
        self._frozen = True

    # ----------------------------------------------------------- public facts
    def _refresh(self, game: Game) -> None:
        if self._frozen:
            return
        counts = tuple(game.tiles_to_come().values())
        if counts != self._counts_seen:
            self._counts_seen = counts
            self._fit = {}
            self._worth = {}

    def fitting(self, game: Game, key: int) -> int:
        """How many of the tiles left fit an open square with constraint ``key`` (public)."""
        n = self._fit.get(key)
        if n is None:
            kinds = self.tiles.kinds
            n = sum(c for t, c in game.tiles_to_come().items() if c and kinds[t].fits(key))
            self._fit[key] = n
        return n

    def shape(self, feature: Feature) -> tuple[int, tuple[int, ...]]:
        """Tiles of a road or city and the empty squares along its open edges.

        Depends on the feature's segments only: a square next to an open edge that
        gets a tile must join the feature, which changes its segments.
        """
        signature = feature.signature
        got = self._shape.get(signature)
        if got is None:
            got = (feature.tile_count, feature.frontier)
            if len(self._shape) > 50_000:
                self._shape.clear()
                self._worth.clear()
            self._shape[signature] = got
        return got

    # -------------------------------------------------------------- values
    def values(self, game: Game) -> list[float]:
        """Each player's projected final score."""
        self._refresh(game)
        self.calls += 1
        left = game.tiles_left()
        vals = [float(s) for s in game.scores]
        if left == 0:
            for p, points in enumerate(game.final_points()):
                vals[p] += points
            return vals
        players = game.players
        draws = left / players
        late = left / FULL_DECK
        follower = self.w.follower * late
        for value in self.values_of:
            value.begin(game, left, draws, follower)
        city_chance: dict[int, float] = {}
        farms = self._features(game, vals, city_chance, left, draws, follower)
        if farms and game.rules.farmers:
            self._farms(game, vals, farms, city_chance, left, draws, late)
        decay = self.w.follower_decay
        for p in range(players):
            s = game.supply[p]
            if s:
                vals[p] += follower * (1 - decay ** s) / (1 - decay)
        for value in self.values_of:
            value.at_home(game, vals, follower)
        return vals

    def _features(self, game: Game, vals: list[float], city_chance: dict[int, float], left: int,
                  draws: float, follower: float) -> list[Feature]:
        """Add each occupied road, city and cloister's expected worth to its holders, and each
        follower's expected return to its owner; returns the occupied farms, valued after."""
        players = game.players
        farms = []
        strong = game.strengths_vary  # some figure counts more than 1: the engine's leaders
        returns = self._returns
        open_get = game.open.get
        board = game.board
        memo = self._worth
        key: tuple[object, ...]
        for feature in game.features(occupied=True):
            kind = feature.kind
            if kind == FIELD:
                farms.append(feature)
                continue
            if kind != ROAD and kind != CITY:
                # A cloister (or another one-tile feature) is worth the same while the squares
                # around it are (the constraint of each empty one, or a tile): remember it too.
                c = square(*feature.center)
                key = (CLOISTER, c, left,
                       tuple([-1 if c + r in board else open_get(c + r, 0) for r in RING]))
                got = memo.get(key)
                if got is None:
                    got = memo[key] = self._cloister(game, feature, left, draws)
                worth, chance = got
            else:
                # A road or city is worth the same while its segments and the squares
                # around its open edges are the same: remember it across moves tried.
                key = (feature.signature, left, tuple(map(open_get, self.shape(feature)[1])))
                got = memo.get(key)
                if got is None:
                    got = memo[key] = self._road_or_city(game, feature, left, draws)
                worth, chance = got
                if kind == CITY:
                    city_chance[feature.key] = chance
            owners = feature.owners
            for p in (feature.leaders if strong else _majority(owners, players)):
                vals[p] += worth
            back = chance * follower * 0.8
            for p in owners:
                for value in returns:  # an expansion's own figure comes home
                    coming = value.returning(game, p, feature, chance)
                    if coming is not None:
                        vals[p] += coming
                        break
                else:
                    vals[p] += back
        return farms

    def _farms(self, game: Game, vals: list[float], farms: list[Feature], city_chance: dict[int, float],
               left: int, draws: float, late: float) -> None:
        """Add each occupied farm's expected worth to its holders (its cities, completed or likely)."""
        players = game.players
        strong = game.strengths_vary
        per_city = 4.0 if game.rules.farm_scoring == FIRST_EDITION else 3.0
        once = game.rules.farm_scoring == SECOND_EDITION
        counted: list[set[int]] = [set() for _ in range(players)]
        for farm in farms:
            cities, growth = self._farm_cities(game, farm, city_chance, left, draws, late)
            for p in (farm.leaders if strong else _majority(farm.owners, players)):
                if once:  # each city counts once per player, whichever farm supplies it
                    fresh = {k: v for k, v in cities.items() if k not in counted[p]}
                    counted[p].update(fresh)
                    vals[p] += per_city * (sum(fresh.values()) + growth)
                else:
                    vals[p] += per_city * (sum(cities.values()) + growth)

    def score(self, game: Game, player: int) -> float:
        """How far ``player`` is projected ahead of the best other player."""
        vals = self.values(game)
        me = vals[player]
        vals[player] = float("-inf")
        return me - max(vals)

    # ------------------------------------------------------------ features
    def _close_chance(self, game: Game, squares: tuple[int, ...], left: int, draws: float,
                      share: float) -> float:
        chance = 1.0
        open_sq = game.open
        for sq in squares:
            key = open_sq.get(sq)
            fit = self.fitting(game, key) if key else 0
            if not fit:
                return 0.0
            miss = max(0.0, 1.0 - fit / left)  # frozen counts may exceed the tiles left
            chance *= share * (1.0 - miss ** draws)
        return chance

    def _road_or_city(self, game: Game, feature: Feature, left: int,
                      draws: float) -> tuple[float, float]:
        tiles, empty = self.shape(feature)
        unfinished_scores = game.rules.incomplete_score
        if feature.kind == ROAD:
            chance = self._close_chance(game, empty, left, draws, self.w.road_close)
            for value in self._worths:  # an expansion's road (worth nothing if left open, say)
                worth = value.road_or_city(game, feature, tiles, empty, chance)
                if worth is not None:
                    return worth, chance
            if not unfinished_scores:
                return chance * (tiles + len(empty)), chance
            grown = tiles + len(empty) * chance
            return grown, chance
        chance = self._close_chance(game, empty, left, draws, self.w.city_close)
        pennants = feature.pennants
        for value in self._worths:  # an expansion's city
            worth = value.road_or_city(game, feature, tiles, empty, chance)
            if worth is not None:
                return worth, chance
        # Each empty square along an open edge adds at least one tile when it is closed.
        complete = feature_points(CITY, tiles + len(empty), pennants, True, game.rules)
        now = feature_points(CITY, tiles, pennants, False, game.rules) if unfinished_scores else 0
        return chance * complete + (1 - chance) * now, chance

    def _cloister(self, game: Game, feature: Feature, left: int, draws: float) -> tuple[float, float]:
        empty = feature.frontier
        worth = float(cloister_points(len(RING) - len(empty)))
        chance = 1.0
        tries = draws * self.w.cloister_fill * game.players
        open_sq = game.open
        bounds = game.bounds
        for sq in empty:
            key = open_sq.get(sq)
            if key:
                fit: float = self.fitting(game, key)
            elif bounds is not None and not game.inside(*coords(sq)):
                fit = 0  # beyond the table's edge: never filled
            else:
                fit = left * 0.5
            q = 1.0 - max(0.0, 1.0 - fit / left) ** tries if fit else 0.0
            worth += q
            chance *= q
        if not game.rules.incomplete_score:
            return chance * cloister_points(len(RING)), chance
        return worth, chance

    def _farm_cities(self, game: Game, farm: Feature, city_chance: dict[int, float], left: int,
                     draws: float, late: float) -> tuple[dict[int, float], float]:
        """The farm's cities (key: chance each is complete at the end) and its expected growth."""
        cities: dict[int, float] = {}
        for city in farm.cities:
            if city.open_edges == 0:
                cities[city.key] = 1.0
                continue
            chance = city_chance.get(city.key)
            if chance is None:
                tiles, empty = self.shape(city)
                # Nobody may want to finish an empty city: count it at half its odds.
                chance = 0.5 * self._close_chance(game, empty, left, draws, self.w.city_close)
                city_chance[city.key] = chance
            cities[city.key] = chance
        size = self._farm_size(farm) if late > 0.05 else 0
        return cities, self.w.farm_growth * late * min(size, self.w.farm_growth_cap)

    def _farm_size(self, farm: Feature) -> int:
        key = (farm.signature, FIELD)
        got = self._worth.get(key)
        if got is None:
            got = self._worth[key] = (farm.tile_count, 0.0)
        return int(got[0])


def _majority(owners: tuple[int, ...], players: int) -> tuple[int, ...]:
    if len(owners) == 1:
        return owners
    counts = [0] * players
    for p in owners:
        counts[p] += 1
    most = max(counts)
    return tuple(p for p, n in enumerate(counts) if n == most)


def _overrides(value: object, hook: str) -> bool:
    from .valuation import Valuation

    return getattr(type(value), hook) is not getattr(Valuation, hook)
