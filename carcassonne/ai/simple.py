"""The quick computer players: uniformly random, and greedy by the evaluation.

``normal`` tries every legal move (each placement, with each free follower spot
or none), looks at the position it leads to and keeps the one that leaves it
furthest ahead by :class:`~carcassonne.ai.heuristics.Evaluator`: points scored
now, features it holds and could finish, farms, followers kept. ``easy`` judges
the same way but picks among the good moves by chance, so it makes mistakes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..engine import Decision, Game, Move
from .base import EPSILON, Bot, held, moves_of, turn_rng
from .heuristics import DEFAULT, Evaluator, Weights


class RandomBot(Bot):
    """Any legal placement, uniformly; then a follower on a random spot half the time."""

    level = "random"

    def _choose(self, game: Game, tiles: tuple[str, ...], rng: random.Random) -> Move:
        tile = tiles[0] if len(tiles) == 1 else rng.choice(tiles)
        placement = rng.choice(game.legal_placements(tile))
        steps = game.figure_steps(placement)
        return placement.with_figure(rng.choice(steps) if steps and rng.random() < 0.5 else None)

    def decide(self, game: Game, move: Move, decision: Decision) -> Any:
        """Any option, uniformly."""
        rng = turn_rng(self.seed, game, f"{move.tile}/decide/{len(move.decisions)}")
        return rng.choice(decision.options)


def ranked_moves(game: Game, tile: str | Sequence[str], evaluator: Evaluator,
                 copy: bool = True) -> list[tuple[float, Move]]:
    """Every legal move with its value for the player to move, best first (ties in move order).

    ``tile``: the tile drawn, or the tiles the player holds (every one of them is tried).

    Tries each move with push/pop on a copy of ``game``, or on ``game`` itself
    with ``copy=False`` (search, on its own imagined copies).
    """
    player = game.current
    work = game.copy() if copy else game
    out = [(_value(work, move, player, evaluator), move) for one in held(tile) for move in moves_of(work, one)]
    out.sort(key=lambda vm: -vm[0])
    if any(work.decision(move) is not None for _, move in out[:STEERED]):
        _steer(work, out, evaluator)
    return out


def _value(game: Game, move: Move, player: int, evaluator: Evaluator) -> float:
    """``move``'s value for ``player``: the position after it, tried with push/pop."""
    # House rule: a tile that fills a hole earns another turn, worth about a turn's points.
    extra = evaluator.w.extra_turn if game.rules.hole_bonus and game.fills_hole(move.x, move.y) else 0.0
    game.push(move)
    value = evaluator.score(game, player) + (extra if game.tiles_left() else 0.0)
    game.pop()
    return value


#: The best moves of a ranking whose decisions (the steps of a neutral figure every player moves
#: in turn) are answered before the moves are judged again. Unanswered, the figure does not
#: move at all in the position judged: a follower in its way looks safe.
STEERED = 4
#: Rounds of judging the best moves again at most (:func:`_steer`).
STEER_ROUNDS = 3


def steered(game: Game, move: Move, evaluator: Evaluator) -> Move:
    """``move`` with its decisions answered as each player asked would answer them, one at a
    time: the option best for that player by ``evaluator`` in the position right after it (the
    later ones not yet taken). Imagined, for judging the move: the players decide for real."""
    while (asked := game.decision(move)) is not None and asked.options:
        best, top = asked.options[0], float("-inf")
        if len(asked.options) > 1:
            for option in asked.options:
                game.push(move.deciding(option))
                value = evaluator.score(game, asked.player)
                game.pop()
                if value > top + EPSILON:
                    best, top = option, value
        move = move.deciding(best)
    return move


def _steer(game: Game, ranked: list[tuple[float, Move]], evaluator: Evaluator) -> None:
    """Judge the best :data:`STEERED` moves of ``ranked`` again with their decisions answered,
    and sort it again; again while moves not judged so come up among the best (a few rounds at
    most)."""
    judged: set[Move] = set()
    for _ in range(STEER_ROUNDS):
        fresh = [i for i, (_, move) in enumerate(ranked[:STEERED]) if move not in judged]
        if not fresh:
            return
        for i in fresh:
            value, move = ranked[i]
            judged.add(move)
            ranked[i] = _steered_value(game, value, move, evaluator)
        ranked.sort(key=lambda vm: -vm[0])


def _steered_value(game: Game, value: float, move: Move, evaluator: Evaluator) -> tuple[float, Move]:
    """``move``'s value (``value`` as first judged) with its decisions answered (:func:`steered`),
    and the move as it was: without them, the players decide for real."""
    if game.decision(move) is None:
        return value, move
    return _value(game, steered(game, move, evaluator), game.current, evaluator), move


def best_move(game: Game, tile: str | Sequence[str], evaluator: Evaluator, rng: random.Random) -> Move:
    """The best move by the evaluation; equal moves are split by ``rng``."""
    ranked = ranked_moves(game, tile, evaluator)
    top = ranked[0][0]
    ties = [m for v, m in ranked if v >= top - EPSILON]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


class GreedyBot(Bot):
    """The best immediate move by the evaluation (Normal)."""

    level = "normal"

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT) -> None:
        super().__init__(seed)
        self.weights = weights

    def _choose(self, game: Game, tiles: tuple[str, ...], rng: random.Random) -> Move:
        return best_move(game, tiles, Evaluator(game, self.weights), rng)

    def judge(self, game: Game, move: Move, player: int) -> float:
        trial = game.copy()
        trial.push(move)
        return Evaluator(game, self.weights).score(trial, player)


class SloppyBot(GreedyBot):
    """Greedy, but picks among the good moves by chance: a move ``temperature`` points
    worse is e times less likely (Easy). Sometimes it forgets farmers altogether."""

    level = "easy"

    def __init__(self, seed: int | None = None, temperature: float = 0.5,
                 weights: Weights = DEFAULT) -> None:
        super().__init__(seed, weights)
        self.temperature = temperature

    def _choose(self, game: Game, tiles: tuple[str, ...], rng: random.Random) -> Move:
        ranked = ranked_moves(game, tiles, Evaluator(game, self.weights))
        if rng.random() < 0.5:
            plain = [(v, m) for v, m in ranked if not (m.follower_place or "").startswith("farm")]
            ranked = plain or ranked
        top = ranked[0][0]
        weights = [math.exp((v - top) / self.temperature) for v, _ in ranked]
        return rng.choices([m for _, m in ranked], weights)[0]
