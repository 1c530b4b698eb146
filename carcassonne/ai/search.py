"""Hard: look ahead over imagined draws of the tiles left.

The bot keeps the few best moves by the evaluation (what Normal would consider),
then plays each of them forward on the same imagined futures: the tiles left,
shuffled by the bot (never the real draw order, see :func:`~carcassonne.ai.base.imagined`),
with every player answering greedily for a few turns, and scores the position
reached. Moves that do badly are dropped after each round (successive halving),
so the promising ones get most of the thinking. Comparing all candidates on the
*same* futures (common random numbers) makes small differences show quickly.

Thinking is counted in work, never in seconds: a budget is a number of positions
evaluated (``budget`` seconds at the fixed rate :data:`EVALS_PER_SECOND` of a
reference machine), so a seeded bot makes the same move on any machine, busy or
quiet. A wall-clock cap (:data:`MAX_SECONDS`) is only a safety net against a
machine far slower than expected; it is checked inside the search loop and never
binds at the default budgets.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter

from ..engine import Game, Move
from .base import Bot, imagined
from .heuristics import DEFAULT, Evaluator, Weights
from .simple import ranked_moves, steered
from .valuation import search_cost

#: Positions evaluated per second of budget (measured on a 2-core machine, Python 3.11).
#: A fixed rate, never measured at run time: the same budget is the same work everywhere.
EVALS_PER_SECOND = 14_000
#: The safety net: stop thinking after this long whatever work is left (a machine
#: many times slower than the reference one). Hard takes ~0.5 s of processor time a
#: move, Expert ~1.7 s; on a 2-core machine running seven busy processes Expert's
#: slowest move took 21 s of wall-clock time, so the net sits well above that.
MAX_SECONDS = 60.0
#: The fewest candidate moves a search compares when an expansion makes it narrower (:meth:`SearchBot.width_in`).
MIN_WIDTH = 4


@dataclass
class Comparison:
    """What a search found: each candidate's mean value on the futures it was tried on."""

    moves: list[Move]
    means: list[float]
    samples: list[int]
    #: Index of the best move among those still in the race at the end.
    best: int
    #: Positions evaluated.
    work: int
    #: True if the wall-clock safety net cut the search short (the result may then vary).
    cut: bool = False


def compare_moves(game: Game, candidates: Sequence[Move], rng: random.Random,
                  evaluator: Evaluator, work: float, depth: int,
                  keep: Sequence[int] = (), max_seconds: float = MAX_SECONDS) -> Comparison:
    """Play each candidate forward on the same imagined futures; successive halving.

    ``work`` is the number of positions to evaluate; candidates whose index is in
    ``keep`` are never dropped (post-game analysis keeps the move that was played).
    The evaluator should be frozen (see :meth:`Evaluator.freeze`).
    """
    deadline = perf_counter() + max_seconds
    n = len(candidates)
    me = game.current
    start = evaluator.calls
    rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
    total = [0.0] * n
    samples = [0] * n
    alive = list(range(n))
    cut = False
    for r in range(rounds):
        goal = evaluator.calls + work / rounds
        while evaluator.calls < goal:
            if perf_counter() > deadline:
                cut = True
                break
            future = imagined(game, rng)
            for i in alive:
                total[i] += playout(future, candidates[i], me, evaluator, depth)
                samples[i] += 1
        if cut:
            break
        if r < rounds - 1 and len(alive) > 2:
            alive.sort(key=lambda i: (-total[i] / max(1, samples[i]), i))
            kept = alive[: max(2, (len(alive) + 1) // 2)]
            alive = kept + [i for i in keep if i not in kept]
    means = [total[i] / samples[i] if samples[i] else float("-inf") for i in range(n)]
    best = max((i for i in alive if samples[i]), key=lambda i: (means[i], -i), default=0)
    return Comparison(list(candidates), means, samples, best, evaluator.calls - start, cut)


def playout(game: Game, move: Move, me: int, evaluator: Evaluator, depth: int) -> float:
    """Play ``move`` and ``depth`` greedy turns on ``game``, score for ``me``, take it all back.
    A move's decisions (a neutral figure's steps) are answered as each player would
    (:func:`steered`): unanswered, the figure would not move in the future imagined."""
    base = len(game.history)
    game.push(steered(game, move, evaluator))
    for _ in range(depth):
        tile = game.draw()
        if tile is None:
            break
        held = game.held() if game.holds_tiles else tile  # when players hold several tiles, all of them
        game.push(steered(game, ranked_moves(game, held, evaluator, copy=False)[0][1], evaluator))
    value = evaluator.score(game, me)
    while len(game.history) > base:
        game.pop()
    return value


class SearchBot(Bot):
    """Determinized look-ahead over the best ``width`` moves (Hard)."""

    level = "hard"

    def __init__(self, seed: int | None = None, budget: float = 0.3, width: int = 6,
                 depth: int = 2, weights: Weights = DEFAULT) -> None:
        super().__init__(seed)
        #: Thinking per move, in seconds of the reference machine (converted to work at
        #: the fixed rate :data:`EVALS_PER_SECOND`, so the same on every machine).
        self.budget = budget
        self.width = width
        #: Turns played forward after the candidate move (the others' and one's own).
        self.depth = depth
        self.weights = weights

    @property
    def work(self) -> float:
        """Positions to evaluate per move (at a table of two)."""
        return self.budget * EVALS_PER_SECOND

    def work_for(self, players: int) -> float:
        """Positions to evaluate per move at a table of ``players`` (Hard: the same at any table)."""
        return self.work

    def work_in(self, game: Game) -> float:
        """Positions to evaluate for a move of ``game``: :meth:`work_for` its table, divided by
        what its expansions cost a move (:func:`~carcassonne.ai.valuation.search_cost`), so that
        a move takes about as long as in a base game."""
        return self.work_for(game.players) / search_cost(game)

    def width_in(self, game: Game) -> int:
        """Candidate moves compared in ``game``: :attr:`width`, divided by what its expansions
        cost a move (never below :data:`MIN_WIDTH`). Each round of the comparison plays every
        candidate left on at least one imagined future, whatever the work: with an expansion's
        longer futures (more moves to weigh for each answer) that floor alone would exceed the
        work, so fewer candidates go into the race."""
        cost = search_cost(game)
        return self.width if cost == 1.0 else max(MIN_WIDTH, round(self.width / cost))

    def evaluator(self, game: Game) -> Evaluator:
        return Evaluator(game, self.weights)

    def judge(self, game: Game, move: Move, player: int) -> float:
        trial = game.copy()
        trial.push(move)
        return self.evaluator(game).score(trial, player)

    def _choose(self, game: Game, tiles: tuple[str, ...], rng: random.Random) -> Move:
        evaluator = self.evaluator(game)
        ranked = ranked_moves(game, tiles, evaluator)
        candidates = [m for _, m in ranked[: self.width_in(game)]]
        if len(candidates) == 1 or game.tiles_left() <= 1:
            return candidates[0]
        evaluator.freeze()
        before = evaluator.calls
        tried = [self.foreseen(game, move, evaluator) for move in candidates]
        work = self.work_in(game) - (evaluator.calls - before)  # (foreseeing is thinking too)
        found = compare_moves(game, tried, rng, evaluator, work, self.depth)
        return candidates[found.best]  # (its decisions are asked of their players, not foreseen)

    def foreseen(self, game: Game, move: Move, evaluator: Evaluator) -> Move:
        """``move`` as it is tried on the imagined futures: Hard answers its decisions (a neutral
        figure's steps) at a glance in each of them (:func:`playout`)."""
        return move
