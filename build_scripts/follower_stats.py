"""How computer players manage their followers, from ``carcassonne simulate --records DIR``.

For each level in the records: followers in hand at mid-game (after half the
tiles are placed), how many turns a player spent with none in hand, and the
share of the final score earned during play (features completed) rather than in
the final scoring. A good player keeps followers circulating: features closed,
followers home, a follower in hand when a chance comes.

    .venv/bin/python build_scripts/follower_stats.py DIR
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carcassonne.engine.record import GameRecord  # noqa: E402
from carcassonne.tileset import standard_tiles  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    tiles = standard_tiles()
    mid: dict[str, list[int]] = defaultdict(list)
    empty: dict[str, list[float]] = defaultdict(list)
    during: dict[str, list[float]] = defaultdict(list)
    for path in sorted(Path(argv[0]).rglob("*.carc.json")):
        record = GameRecord.load(path)
        levels = [seat.ai_level or seat.name for seat in record.players]
        game = record.new_game(tiles)
        half = len(record.turns) // 2
        turns_without = [0] * len(levels)
        turns = [0] * len(levels)
        for number, turn in enumerate(record.turns, start=1):
            turns[game.current] += 1
            if not game.supply[game.current]:
                turns_without[game.current] += 1
            game.push(turn)
            if number == half:
                for p, level in enumerate(levels):
                    mid[level].append(game.supply[p])
        in_play = game.scores[:]
        game.finish()
        for p, level in enumerate(levels):
            empty[level].append(turns_without[p] / max(1, turns[p]))
            during[level].append(in_play[p] / max(1, game.scores[p]))
    print("| level | followers in hand at mid-game | turns with none in hand | share of points scored during play |")
    print("|---|---|---|---|")
    for level in mid:
        print(f"| {level} | {statistics.fmean(mid[level]):.1f} | {100 * statistics.fmean(empty[level]):.0f}% | "
              f"{100 * statistics.fmean(during[level]):.0f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
