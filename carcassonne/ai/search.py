"""Hard: look ahead over imagined draws of the tiles left.

The bot keeps the few best moves by the evaluation (what Normal would consider),
then plays each of them forward on the same imagined futures: the tiles left,
shuffled by the bot (never the real draw order, see :func:`~carcassonne.ai.base.imagined`),
with every player answering greedily for a few turns, and scores the position
reached. Moves that do badly are dropped after each round (successive halving),
so the promising ones get most of the thinking. Comparing all candidates on the
*same* futures (common random numbers) makes small differences show quickly.

The amount of thinking is counted in positions evaluated, not in seconds, so a
seeded bot makes the same move on any machine; ``budget`` converts seconds to
positions at this machine's speed and a hard time limit (never more than
:data:`MAX_SECONDS`) stops a search that runs slow.
"""

from __future__ import annotations

import math
import random
import time

from ..engine import Game, Move
from .base import Bot, imagined
from .heuristics import DEFAULT, Evaluator, Weights
from .simple import ranked_moves

#: Positions evaluated per second of budget (measured on a 2-core machine, Python 3.11).
EVALS_PER_SECOND = 14_000
#: Never think longer than this, whatever the budget.
MAX_SECONDS = 1.9


class SearchBot(Bot):
    """Determinized look-ahead over the best ``width`` moves (Hard)."""

    level = "hard"

    def __init__(self, seed: int | None = None, budget: float = 0.3, width: int = 6,
                 depth: int = 2, weights: Weights = DEFAULT) -> None:
        super().__init__(seed)
        #: Seconds of thinking per move on a machine like the reference one.
        self.budget = budget
        self.width = width
        #: Turns played forward after the candidate move (the others' and one's own).
        self.depth = depth
        self.weights = weights

    def _choose(self, game: Game, tile: str, rng: random.Random) -> Move:
        started = time.perf_counter()
        deadline = started + min(MAX_SECONDS, max(0.5, 2.5 * self.budget))
        evaluator = Evaluator(game, self.weights)
        ranked = ranked_moves(game, tile, evaluator)
        candidates = [m for _, m in ranked[: self.width]]
        if len(candidates) == 1 or len(game.deck) <= 1:
            return candidates[0]
        evaluator.freeze()
        me = game.current
        work = self.budget * EVALS_PER_SECOND
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        total = [0.0] * len(candidates)
        samples = [0] * len(candidates)
        alive = list(range(len(candidates)))
        for r in range(rounds):
            goal = evaluator.calls + work / rounds
            while evaluator.calls < goal and time.perf_counter() < deadline:
                future = imagined(game, rng)
                for i in alive:
                    total[i] += self._playout(future, candidates[i], me, evaluator)
                    samples[i] += 1
            if r < rounds - 1 and len(alive) > 2:
                alive.sort(key=lambda i: (-total[i] / max(1, samples[i]), i))
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        best = max(alive, key=lambda i: (total[i] / max(1, samples[i]), -i))
        return candidates[best]

    def _playout(self, game: Game, move: Move, me: int, evaluator: Evaluator) -> float:
        """Play ``move`` and ``depth`` greedy turns on ``game``, score for ``me``, take it all back."""
        base = len(game.history)
        game.push(move)
        for _ in range(self.depth):
            tile = game.draw()
            if tile is None:
                break
            game.push(ranked_moves(game, tile, evaluator, copy=False)[0][1])
        value = evaluator.score(game, me)
        while len(game.history) > base:
            game.pop()
        return value
