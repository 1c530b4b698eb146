"""Expert: Hard's search with more thinking and an evaluation tuned by self-play.

The search is Hard's (determinized look-ahead with successive halving, see
:mod:`~carcassonne.ai.search`), given more work and more candidate moves. The
evaluation is Hard's projected final score with a term that a good player would
recognise as follower management: a *reserve*. A follower kept in hand while
many tiles are left is worth more than its average, because it can take a city
or close a feature when the chance comes, and a player with none left can only
watch.

The weights (:data:`EXPERT_WEIGHTS`) were tuned by self-play with
``build_scripts/tune_weights.py``; the before/after table is in
``docs/computer-players.md``. Thinking is counted in positions evaluated, as for
Hard, so the same seed in the same position gives the same move on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Decision, Game, Move
from .base import EPSILON
from .heuristics import FULL_DECK, Evaluator, Weights
from .search import SearchBot
from .simple import steered


@dataclass(frozen=True)
class ExpertWeights(Weights):
    """Hard's weights and the follower-management knobs (their defaults change nothing)."""

    #: Points for each of the first ``reserve_size`` followers kept in hand, at the start
    #: (falls to 0 at the end).
    reserve: float = 0.0
    reserve_size: int = 1


#: Tuned by ``build_scripts/tune_weights.py`` (docs/computer-players.md), at a table of two.
EXPERT_WEIGHTS = ExpertWeights(reserve=6.0)

#: At a bigger table, tuned there (``tune_weights.py --players N``): each player places
#: fewer tiles, so a follower in hand must wait longer for its chance, and one on a small
#: feature is lost for longer.
#: A reserve of 18 beat 12, and 12 beat 6, both against those weights and against Hard's,
#: with three players and with four (docs/computer-players.md, "A bigger table").
EXPERT_WEIGHTS_AT: dict[int, ExpertWeights] = {
    2: EXPERT_WEIGHTS, 3: ExpertWeights(reserve=18.0), 4: ExpertWeights(reserve=18.0)}


def expert_weights(players: int) -> ExpertWeights:
    """Expert's weights at a table of ``players``: the tuned ones of the nearest size."""
    size = min(EXPERT_WEIGHTS_AT, key=lambda n: (abs(n - players), -n))
    return EXPERT_WEIGHTS_AT[size]

#: The share of its two-player work Expert does at a bigger table. A position with more
#: players holds more features to judge: evaluating one took 1.2× as long with three
#: players, 1.4× with four or five, 1.6× with six (measured on the reference machine), so
#: Expert looks at fewer positions there to think about as long a move as at a table of two.
#: A fixed table, never measured at run time: the same seed still gives the same move.
WORK_SHARE = {2: 1.0, 3: 0.8, 4: 0.7, 5: 0.65, 6: 0.55}


class ExpertEvaluator(Evaluator):
    """Hard's evaluation plus the follower reserve."""

    w: ExpertWeights

    def __init__(self, game: Game, weights: ExpertWeights = EXPERT_WEIGHTS) -> None:
        super().__init__(game, weights)

    def values(self, game: Game) -> list[float]:
        vals = super().values(game)
        left = game.tiles_left()
        reserve = self.w.reserve
        if left and reserve:
            keep = reserve * left / FULL_DECK
            size = self.w.reserve_size
            for p in range(game.players):
                vals[p] += keep * min(game.supply[p], size)
        return vals


class ExpertBot(SearchBot):
    """The strongest level: Hard's search with more work and the tuned evaluation."""

    level = "expert"

    def __init__(self, seed: int | None = None, budget: float = 1.0, width: int = 10,
                 depth: int = 2, weights: ExpertWeights | None = None) -> None:
        super().__init__(seed, budget, width, depth, weights or EXPERT_WEIGHTS)
        #: The weights at every table; None: those tuned for the table's size.
        self.expert_weights = weights

    def evaluator(self, game: Game) -> Evaluator:
        return ExpertEvaluator(game, self.expert_weights or expert_weights(game.players))

    def work_for(self, players: int) -> float:
        return self.work * WORK_SHARE.get(players, min(WORK_SHARE.values()))

    def option_values(self, game: Game, move: Move, decision: Decision) -> list[float]:
        """Each option valued by its outcome for the player asked once the move's later decisions
        are answered as their players would answer them, each knowing the others do so too
        (:func:`answered`)."""
        evaluator = self.evaluator(game)
        work = game.copy()
        return [_lead(answered(work, move.deciding(option), evaluator, LOOK_THROUGH)[0], decision.player)
                for option in decision.options]

    def foreseen(self, game: Game, move: Move, evaluator: Evaluator) -> Move:
        """``move`` with its decisions answered as :meth:`decide` expects every player to answer
        them (:func:`answered`), the first :data:`FORESEE` of them looked through, once for all
        the futures it is tried on."""
        if game.decision(move) is None:
            return move
        return answered(game.copy(), move, evaluator, FORESEE)[1]


#: The later decisions of a move Expert looks through when it answers one (:meth:`ExpertBot.option_values`),
#: each answer to each: a figure's six steps with two or three ways on at each, a few hundred
#: positions at most; those after them are answered at a glance (:func:`steered`).
LOOK_THROUGH = 5
#: The decisions looked through when Expert tries a move that asks them (:meth:`ExpertBot.foreseen`):
#: fewer, for each of its candidates; what it costs is taken from its search (:meth:`SearchBot._choose`).
FORESEE = 2


def answered(game: Game, move: Move, evaluator: Evaluator, depth: int) -> tuple[list[float], Move]:
    """``move`` with its later decisions answered, each by the player asked, with the option
    best for them (the next ``depth`` of them looking through the rest the same way; those
    after at a glance), and each player's value of the position it leads to."""
    asked = game.decision(move)
    if asked is not None and asked.options and depth <= 0:
        move, asked = steered(game, move, evaluator), None
    if asked is None or not asked.options:
        game.push(move)
        values = evaluator.values(game)
        game.pop()
        return values, move
    best: tuple[list[float], Move] | None = None
    top = float("-inf")
    for option in asked.options:
        found = answered(game, move.deciding(option), evaluator, depth - 1)
        lead = _lead(found[0], asked.player)
        if lead > top + EPSILON:
            best, top = found, lead
    assert best is not None
    return best


def _lead(values: list[float], player: int) -> float:
    """How far ``player`` is ahead of the best other player (:meth:`Evaluator.score`'s measure)."""
    return values[player] - max(v for p, v in enumerate(values) if p != player)
