"""One value of a computer players' knob against another, by greedy self-play with The Princess & the Dragon.

Greedy players (Normal: the best move by the evaluation, no search), one with the knob at
``A``, the other at ``B``, on ``--seeds`` decks, each deck twice with the seats swapped (the
luck of the draw cancels). Prints A's share of the games (a draw counts half), its mean margin,
and how often each moved the fairy. The searching levels judge their positions with the same
evaluation, so the better value for the greedy player is the one they use. The knobs:

- ``fairy-stay``: the turns of her owner the fairy is counted as staying
  (:data:`~carcassonne.expansions.princess_dragon.ai.STAY`);
- ``steered``: how many of a ranking's best moves are judged again with the dragon's steps
  answered (:data:`~carcassonne.ai.simple.STEERED`; 0: the dragon stands still in the
  positions judged).

    nice -n 19 .venv/bin/python build_scripts/knob_match.py fairy-stay 1 3 --seeds 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carcassonne.ai import simple  # noqa: E402
from carcassonne.ai.simple import GreedyBot  # noqa: E402
from carcassonne.cli import build_parser  # noqa: E402
from carcassonne.engine import Decision, Game, Move  # noqa: E402
from carcassonne.expansions.princess_dragon import ai  # noqa: E402
from carcassonne.expansions.princess_dragon.rules import FAIRY  # noqa: E402
from carcassonne.simulate import rules_from_args  # noqa: E402
from carcassonne.tileset import standard_tiles  # noqa: E402

#: Each knob: where it lives (a module and its name) and the type of its values.
KNOBS: dict[str, tuple[Any, str, type]] = {"fairy-stay": (ai, "STAY", float), "steered": (simple, "STEERED", int)}


class Tuned(GreedyBot):
    """A greedy player with ``knob`` at ``value``. The evaluation and the ranking read the
    module's value when they judge a position, so it is set before each of this player's
    choices and decisions (the two players take turns in one process)."""

    def __init__(self, seed: int, knob: str, value: float) -> None:
        super().__init__(seed)
        self.module, self.name, kind = KNOBS[knob]
        self.value = kind(value)

    def choose(self, game: Game) -> Move:
        setattr(self.module, self.name, self.value)
        return super().choose(game)

    def decide(self, game: Game, move: Move, asked: Decision) -> Any:
        setattr(self.module, self.name, self.value)
        return super().decide(game, move, asked)


def match(knob: str, a: float, b: float, seeds: range) -> tuple[float, float, list[int]]:
    """``knob`` at ``a`` against ``b`` on each deck once per seat: a's share of the games (a draw
    counts half), its mean margin, and how many times each moved the fairy. The knob's value
    is as before afterwards."""
    rules = rules_from_args(build_parser().parse_args(["simulate", "--princess-dragon", "--bots", "normal,normal"]))
    tiles = standard_tiles()
    share, margins, moved = 0.0, [], [0, 0]
    module, name, _kind = KNOBS[knob]
    kept = getattr(module, name)
    try:
        for seed in seeds:
            for a_seat in (0, 1):
                game = Game(tiles, rules, players=2, seed=seed)
                bots = [Tuned(seed * 7 + seat, knob, a if seat == a_seat else b) for seat in (0, 1)]
                while game.draw() is not None:
                    seat = game.current
                    move = bots[seat].choose(game)
                    while (asked := game.decision(move)) is not None:
                        move = move.deciding(bots[asked.player].decide(game, move, asked))
                    if move.figure is not None and move.figure.kind == FAIRY.name:
                        moved[0 if seat == a_seat else 1] += 1
                    game.play(move)
                game.finish()
                margin = game.scores[a_seat] - game.scores[1 - a_seat]
                margins.append(margin)
                share += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    finally:
        setattr(module, name, kept)
    return share / len(margins), statistics.fmean(margins), moved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("knob", choices=sorted(KNOBS))
    parser.add_argument("a", type=float, help="the first player's value")
    parser.add_argument("b", type=float, help="the other player's value")
    parser.add_argument("--seeds", type=int, default=100, help="decks (each played once a seat)")
    parser.add_argument("--first-seed", type=int, default=5000)
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    share, margin, moved = match(args.knob, args.a, args.b, seeds)
    print(f"{args.knob} A = {args.a:g} against B = {args.b:g}: {2 * len(seeds)} games, A's share {share:.1%}, "
          f"mean margin {margin:+.2f}; fairy moved by A {moved[0]}, by B {moved[1]} times")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
