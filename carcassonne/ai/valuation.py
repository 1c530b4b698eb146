"""How the computer players value an expansion: the hooks its package's ``ai.py`` overrides.

The evaluation (:mod:`carcassonne.ai.heuristics`) knows the base game: roads, cities,
cloisters, farms and followers. Each expansion in play adds what only it knows through
one :class:`Valuation` (its ``ai.py`` defines ``Value``, a subclass), made once per
evaluator: what its figures are worth at home and coming home, what its features are
worth (a road that scores nothing if left open), what a hint says of its moves, what a player
may imagine of its hidden tiles. A hook left as the default changes nothing, so a game
without the expansion is valued exactly as before it existed.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

from ..engine import Feature, FigureStep, Game, Move, Placement, Rules, ScoreEvent
from ..expansions import part

if TYPE_CHECKING:
    from .heuristics import Evaluator
    from .hint import Clause


#: What a hint says of an expansion's figure: the place to speak of as a follower's (or None),
#: the clauses said at once, and those said after the follower's place.
FigureWords = tuple[str | None, list["Clause"], list["Clause"]]


class Valuation:
    """One expansion's part of the evaluation of a game's positions (see the module docstring)."""

    def __init__(self, game: Game, evaluator: Evaluator) -> None:
        self.evaluator = evaluator

    # --------------------------------------------------------- hidden tiles
    @staticmethod
    def imagined(game: Game, rng: random.Random) -> Game | None:
        """A copy of ``game`` whose hidden tiles (the draw order, tiles held unseen) are replaced by
        a guess from public counts, when this expansion hides tiles; else None."""
        return None

    # ---------------------------------------------------------------- search
    @staticmethod
    def search_cost(game: Game) -> float:
        """How many times a base game's move a searching player's move in ``game`` takes at the
        same work, for this expansion's part (its positions are bigger, its tiles have more
        moves): the search divides its work and its candidates by it (:func:`search_cost`), so
        a move takes about a base game's time. Measured on the reference machine and fixed, a
        function of public facts only (the board), never of a clock: the same seed still gives
        the same move."""
        return 1.0

    # ---------------------------------------------------------------- values
    def begin(self, game: Game, left: int, draws: float, follower: float) -> None:
        """A position is valued: compute what the hooks below share (``left`` tiles, each
        player's ``draws``, what a follower in hand is worth now)."""

    def road_or_city(self, game: Game, feature: Feature, tiles: int, empty: tuple[int, ...],
                     chance: float) -> float | None:
        """What the road or city is worth at the end when this expansion decides it (a
        mark on it changes its points), given its ``tiles``, the ``empty`` squares along its open edges and the
        ``chance`` it is completed; None: the base game's value."""
        return None

    def returning(self, game: Game, player: int, feature: Feature, chance: float) -> float | None:
        """What ``player``'s figure on ``feature`` is worth coming home (it is completed with
        ``chance``) when it is one of this expansion's figures; None: an ordinary follower."""
        return None

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        """Add to each player's value what this expansion's figures in their supply are worth."""

    @staticmethod
    def tried_steps(game: Game, placement: Placement) -> list[FigureStep] | None:
        """The figure steps after ``placement`` a computer player tries, when this expansion
        lists them itself: the legal ones less those that do the same as one kept (a follower
        sent onto another tile of the same feature), found without listing every legal one;
        None: every legal step (:meth:`Game.figure_steps`)."""
        return None

    # ------------------------------------------------------------------ hints
    @staticmethod
    def explain_first(after: Game, move: Move, events: list[ScoreEvent], clauses: list[Clause]) -> int:
        """Clauses for what ``move`` scores before the tile's own scoring (an action that
        scores), appended to ``clauses``: how many of ``events`` (the move's, in order) they said."""
        return 0

    @staticmethod
    def explain_figure(after: Game, move: Move, placed_back: bool) -> FigureWords | None:
        """What a hint says of ``move``'s figure when it is one of this expansion's: the place
        to speak of as a follower's (or None), the clauses said at once, and those said after
        the follower's place (a stronger kind's); None when the figure is not its own."""
        return None

    @staticmethod
    def claim_clause(feature: Feature) -> Clause | None:
        """What a follower claiming ``feature`` (new, unshared) is for, when this expansion
        says it (a risk, say); None: the base game's words."""
        return None


def valuations(game: Game, evaluator: Evaluator) -> tuple[Valuation, ...]:
    """The valuations of the expansions ``game`` plays, in registry order."""
    found = []
    for expansion in game.rules.expansions():
        ai = part(expansion.name, "ai")
        if ai is not None:
            found.append(ai.Value(game, evaluator))
    return tuple(found)


def search_cost(game: Game) -> float:
    """How many times a base game's move a searching player's move in ``game`` takes at the
    same work: the product of its expansions' :meth:`Valuation.search_cost` (1 in a base game)."""
    cost = 1.0
    for value in valuation_types(game):
        cost *= value.search_cost(game)
    return cost


def valuation_types(game: Game) -> tuple[type[Valuation], ...]:
    """The valuation classes of the expansions ``game`` plays (for their static hooks)."""
    return _types(game.rules)


@cache
def _types(rules: Rules) -> tuple[type[Valuation], ...]:
    found = []
    for expansion in rules.expansions():
        ai = part(expansion.name, "ai")
        if ai is not None:
            found.append(ai.Value)
    return tuple(found)
