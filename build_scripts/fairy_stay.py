"""How long the computer players count the fairy as staying: one value against another by self-play.

Greedy players (Normal: the best move by the evaluation, no search) with The Princess & the
Dragon, one counting the fairy as staying ``A`` turns of her owner's
(:data:`~carcassonne.expansions.princess_dragon.ai.STAY`), the other ``B``, on ``--seeds``
decks, each deck twice with the seats swapped (the luck of the draw cancels). Prints A's share
of the games (a draw counts half), its mean margin, and how often each moved the fairy. The
searching levels judge their positions with the same evaluation, so the better value for the
greedy player is the one they use.

    nice -n 19 .venv/bin/python build_scripts/fairy_stay.py 1 3 --seeds 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carcassonne.ai.simple import GreedyBot  # noqa: E402
from carcassonne.cli import build_parser  # noqa: E402
from carcassonne.engine import Decision, Game, Move  # noqa: E402
from carcassonne.expansions.princess_dragon import ai  # noqa: E402
from carcassonne.expansions.princess_dragon.rules import FAIRY  # noqa: E402
from carcassonne.simulate import rules_from_args  # noqa: E402
from carcassonne.tileset import standard_tiles  # noqa: E402


class Staying(GreedyBot):
    """A greedy player counting the fairy as staying ``stay`` turns. The valuation reads the
    module's value when it judges a position, so it is set before each of this player's choices
    (the two players take turns in one process)."""

    def __init__(self, seed: int, stay: float) -> None:
        super().__init__(seed)
        self.stay = stay

    def choose(self, game: Game) -> Move:
        ai.STAY = self.stay
        return super().choose(game)

    def decide(self, game: Game, move: Move, asked: Decision) -> Any:
        ai.STAY = self.stay
        return super().decide(game, move, asked)


def match(a: float, b: float, seeds: range) -> tuple[float, float, list[int]]:
    """``a`` against ``b`` on each deck once per seat: a's share of the games (a draw counts
    half), its mean margin, and how many times each moved the fairy. The module's value is
    as before afterwards."""
    rules = rules_from_args(build_parser().parse_args(["simulate", "--princess-dragon", "--bots", "normal,normal"]))
    tiles = standard_tiles()
    share, margins, moved = 0.0, [], [0, 0]
    kept = ai.STAY
    try:
        for seed in seeds:
            for a_seat in (0, 1):
                game = Game(tiles, rules, players=2, seed=seed)
                bots = [Staying(seed * 7 + seat, a if seat == a_seat else b) for seat in (0, 1)]
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
        ai.STAY = kept
    return share / len(margins), statistics.fmean(margins), moved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=float, help="the turns the first player counts her as staying")
    parser.add_argument("b", type=float, help="the turns the other player counts")
    parser.add_argument("--seeds", type=int, default=100, help="decks (each played once a seat)")
    parser.add_argument("--first-seed", type=int, default=5000)
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    share, margin, moved = match(args.a, args.b, seeds)
    print(f"A = {args.a:g} turns against B = {args.b:g}: {2 * len(seeds)} games, A's share {share:.1%}, "
          f"mean margin {margin:+.2f}; fairy moved by A {moved[0]}, by B {moved[1]} times")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
