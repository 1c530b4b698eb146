"""Tune Expert's evaluation weights by self-play (coordinate ascent).

The evaluation is played greedily (the best move by the evaluation, as Normal
plays) so thousands of games cost minutes, not hours: the weights that make the
greedy player stronger are the ones that judge positions better, and Expert's
search judges its leaves and plays its imagined opponents with the same
evaluation. Each candidate plays the current weights on ``--seeds`` decks, each
deck twice with the seats swapped (paired games: the luck of the draw cancels);
it is kept if it wins more than ``--accept`` of the games and gains points of
margin. Prints a Markdown table of every step (the before/after table of
``docs/computer-players.md``) and the final weights.

    nice -n 19 .venv/bin/python build_scripts/tune_weights.py --seeds 100 --passes 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carcassonne.ai.base import Bot  # noqa: E402
from carcassonne.ai.expert import ExpertEvaluator, ExpertWeights, expert_weights  # noqa: E402
from carcassonne.ai.simple import best_move  # noqa: E402
from carcassonne.engine import Game, Move, Rules  # noqa: E402
from carcassonne.tileset import standard_tiles  # noqa: E402

#: The knobs tried, and the steps tried for each (multiplied for floats, added for ints).
STEPS: dict[str, tuple[float, ...]] = {
    "follower": (0.75, 1.33),
    "reserve": (),  # additive, see ADD
    "city_close": (0.9, 1.1),
    "road_close": (0.9, 1.1),
    "farm_growth": (0.5, 2.0),
    "follower_decay": (0.95, 1.05),
}
ADD = {"reserve": (1.0, 2.0), "reserve_size": (1,)}


class Greedy(Bot):
    """The best move by an Expert evaluation with ``weights`` (no search)."""

    def __init__(self, seed: int, weights: ExpertWeights) -> None:
        super().__init__(seed)
        self.weights = weights

    def _choose(self, game: Game, tile: str, rng: random.Random) -> Move:
        return best_move(game, tile, ExpertEvaluator(game, self.weights), rng)


def match(a: ExpertWeights, b: ExpertWeights, seeds: range, tiles, rules: Rules,
          players: int = 2) -> tuple[float, float]:
    """``a`` in one seat against ``b`` in all the others, on each deck once per seat (paired
    games: the luck of the draw cancels): the share of first places ``a`` takes (a shared
    first place counts as its share) and its mean margin over the best other player."""
    wins, margins = 0.0, []
    for seed in seeds:
        scores: list[int] = []
        for a_seat in range(players):
            if a != b or not scores:  # the same weights everywhere: one game serves every seat
                game = Game(tiles, rules, players, seed=seed)
                bots = [Greedy(seed, a if seat == a_seat else b) for seat in range(players)]
                while game.draw() is not None:
                    game.push(bots[game.current].choose(game))
                game.finish()
                scores = game.scores
            best_other = max(v for seat, v in enumerate(scores) if seat != a_seat)
            margin = scores[a_seat] - best_other
            margins.append(margin)
            firsts = scores.count(max(scores))
            wins += (1.0 / firsts) if margin >= 0 else 0.0
    return wins / len(margins), statistics.fmean(margins)


def candidates(w: ExpertWeights, knobs: list[str]):
    for f in fields(w):
        if knobs and f.name not in knobs:
            continue
        value = getattr(w, f.name)
        for step in STEPS.get(f.name, ()):
            new = value * step
            if f.name == "follower_decay":
                new = min(0.99, new)
            yield f.name, replace(w, **{f.name: round(new, 3)})
        for step in ADD.get(f.name, ()):
            yield f.name, replace(w, **{f.name: type(value)(value + step)})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100, help="decks per candidate (each played once a seat)")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--accept", type=float, default=0.53,
                        help="win share a candidate needs at two players (elsewhere: that much over "
                             "what the current weights get against themselves)")
    parser.add_argument("--final-seeds", type=int, default=200,
                        help="fresh decks for the check against Hard's weights (0: none)")
    parser.add_argument("--knobs", default="", help="comma-separated knobs to try (default: all)")
    parser.add_argument("--steps", default="",
                        help="override the steps: knob=step,... (e.g. follower=1.33 reserve=+1)")
    parser.add_argument("--set", nargs="*", default=[], metavar="KNOB=VALUE",
                        help="start from these weights (a previous run's result)")
    parser.add_argument("--players", type=int, default=2,
                        help="the table's size: the candidate in one seat, the current weights in the others")
    args = parser.parse_args()
    tiles, rules, players = standard_tiles(), Rules(), args.players
    start = expert_weights(players)
    for item in args.set:
        name, _, value = item.partition("=")
        start = replace(start, **{name: type(getattr(start, name))(float(value))})
    for item in filter(None, args.steps.split(",")):
        name, _, step = item.partition("=")
        if step.startswith("+"):
            ADD[name] = (float(step),)
            STEPS[name] = ()
        else:
            STEPS[name] = (float(step),)
            ADD[name] = ()
    current = start
    knobs = [k for k in args.knobs.split(",") if k]
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print("| step | knob | value | win share vs current | margin | kept |")
    print("|---|---|---|---|---|---|")
    step = 0
    started = time.perf_counter()
    # What the current weights get against themselves (at two players: 50 % and 0 by symmetry;
    # at a bigger table a seat's margin over the best other player is below 0).
    par = match(current, current, seeds, tiles, rules, players) if players > 2 else (0.5, 0.0)
    for _ in range(args.passes):
        for name, cand in candidates(current, knobs):
            step += 1
            share, margin = match(cand, current, seeds, tiles, rules, players)
            kept = share >= par[0] + args.accept - 0.5 and margin > par[1]
            print(f"| {step} | {name} | {getattr(cand, name)} | {100 * share:.1f}% | {margin:+.2f} | "
                  f"{'yes' if kept else 'no'} |", flush=True)
            if kept:
                current = cand
                if players > 2:
                    par = match(current, current, seeds, tiles, rules, players)
    final = range(args.first_seed + 10_000, args.first_seed + 10_000 + args.final_seeds)
    if not args.final_seeds:
        print(f"\nweights: {current!r}")
        return 0
    share, margin = match(current, ExpertWeights(), final, tiles, rules, players)
    print(f"\nafter vs Hard's weights on {players * args.final_seeds} fresh games: {100 * share:.1f}% won "
          f"(fair share {100 / players:.1f}%), margin {margin:+.2f} ({time.perf_counter() - started:.0f} s)")
    print(f"\nweights: {current!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
