"""Keep the results of long computer-player matches, and tabulate them.

A match the size the targets ask for (hundreds of Expert games, about 70 processor-seconds
each) is played in chunks, on whatever machine time there is, by ``carcassonne simulate
--json --records DIR`` (the JSON printed to ``DIR.json``). This script adds each chunk's
games, one line per game, to a results file kept in the repository, so chunks played at
different times add up; and prints the table with 95% Wilson intervals.

    python build_scripts/match_table.py add RUN_DIR... --to docs/measurements/expert-vs-hard.jsonl
    python build_scripts/match_table.py table docs/measurements/expert-vs-hard.jsonl
    python build_scripts/match_table.py times RUN_DIR... --level expert

``times`` plays a chunk's games again with the same seeded players (they are reproducible)
and times each move of one level, its decisions included (a dragon's steps, even in another
player's turn): the slowest, the 95th percentile and the mean processor time a move, which a
chunk's summary does not keep; a game that ends otherwise than its record is said.

A game's line holds its seed, the levels in seat order, the final scores, the rules, and
the code that played it (``--code``, default the current commit), so a table never mixes
games played by different versions of the players: ``table`` counts only the newest code
unless told ``--code``.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from carcassonne.console import run  # noqa: E402
from carcassonne.engine.record import GameRecord  # noqa: E402
from carcassonne.tileset import standard_tiles  # noqa: E402


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion: honest at small n and near 0 or 1."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _current_code() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent)
    return out.stdout.strip() or "unknown"


def _timings(run_dir: Path) -> dict[str, dict[str, float]]:
    """Per level: the chunk's processor and wall-clock times a move, from ``simulate --json``."""
    summary = run_dir.with_suffix(".json")
    if not summary.is_file():  # the name of an older loop: s<seed>.json beside r<seed>/
        summary = run_dir.with_name("s" + run_dir.name[1:] + ".json")
    if not summary.is_file():
        return {}
    try:
        data = json.loads(summary.read_text())
    except ValueError:
        return {}
    return {b["bot"]: {"cpu_ms": b.get("cpu_ms_per_move", 0.0), "wall_ms": b.get("ms_per_move", 0.0),
                       "max_wall_ms": b.get("max_ms_per_move", 0.0),
                       "max_cpu_ms": b.get("max_cpu_ms_per_move")} for b in data.get("bots", [])}


def game_lines(run_dirs: Iterable[Path], code: str) -> Iterable[dict[str, Any]]:
    tiles = standard_tiles()
    for run_dir in run_dirs:
        timings = _timings(run_dir)
        for path in sorted(run_dir.glob("game-*.carc.json")):
            record = GameRecord.load(path)
            game = record.replay(tiles, final=True)
            if not game.is_over:
                print(f"{path}: unfinished, skipped", file=sys.stderr)
                continue
            levels = [seat.kind.removeprefix("ai:") for seat in record.players]
            yield {"seed": record.seed, "levels": levels, "scores": list(game.scores),
                   "rules": record.to_data()["rules"],
                   "turns": len(record.turns), "code": code,
                   "times": {level: timings[level] for level in set(levels) if level in timings}}


def _key(line: dict[str, Any]) -> str:
    return json.dumps([line["seed"], line["levels"], line.get("rules"), line["code"]])


def add(run_dirs: list[Path], to: Path, code: str) -> int:
    known = {_key(json.loads(s)) for s in to.read_text().splitlines() if s.strip()} if to.exists() else set()
    added = 0
    with to.open("a") as out:
        for line in game_lines(run_dirs, code):
            if _key(line) not in known:
                known.add(_key(line))
                out.write(json.dumps(line) + "\n")
                added += 1
    print(f"{added} games added to {to}")
    return 0


def table(path: Path, code: str | None) -> int:
    lines = [json.loads(s) for s in path.read_text().splitlines() if s.strip()]
    if not lines:
        print("no games")
        return 0
    code = code or lines[-1]["code"]
    # Several commits whose players play move for move the same (a speed-up, say) may be
    # counted together: ``--code A,B``. A game they both played is counted once.
    codes = code.split(",")
    picked: dict[str, dict[str, Any]] = {}
    for g in lines:
        if g["code"] in codes:
            picked.setdefault(json.dumps([g["seed"], g["levels"], g.get("rules")]), g)
    lines = list(picked.values())
    matches: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
    for g in lines:
        matches[tuple(sorted(g["levels"]))].append(g)
    print(f"code {code}\n")
    print("| match | games | level | sole wins | shared first | win share (95% interval) | "
          "fair share | mean score | processor ms a move | slowest move: processor / wall |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for match, games in sorted(matches.items()):
        players = len(match)
        for level in sorted(set(match)):
            seats = sum(g["levels"].count(level) for g in games)
            sole = shared = 0
            credit = 0.0
            scores: list[int] = []
            cpu: list[float] = []
            slowest = 0.0
            slowest_cpu: float | None = None
            for g in games:
                best = max(g["scores"])
                firsts = [i for i, s in enumerate(g["scores"]) if s == best]
                mine = [i for i, lv in enumerate(g["levels"]) if lv == level]
                won = [i for i in mine if i in firsts]
                if won and len(firsts) == 1:
                    sole += 1
                elif won:
                    shared += 1
                credit += len(won) / len(firsts)
                scores += [g["scores"][i] for i in mine]
                t = g.get("times", {}).get(level)
                if t:
                    cpu.append(t["cpu_ms"])
                    slowest = max(slowest, t["max_wall_ms"])
                    if t.get("max_cpu_ms") is not None:
                        slowest_cpu = max(slowest_cpu or 0.0, t["max_cpu_ms"])
            # A seat's share of the wins: a shared first place counts as its share.
            share = credit / seats
            lo, hi = wilson(credit, seats)
            mean = sum(scores) / len(scores)
            print(f"| {' v '.join(match)} | {len(games)} | {level} | {sole} | {shared} | "
                  f"{share:.1%} ({lo:.1%}–{hi:.1%}) | {1 / players:.1%} | {mean:.1f} | "
                  f"{sum(cpu) / len(cpu) if cpu else float('nan'):.0f} | "
                  f"{'—' if slowest_cpu is None else f'{slowest_cpu / 1000:.1f} s'} / {slowest / 1000:.1f} s |")
    return 0


def move_times(run_dirs: list[Path], level: str) -> int:
    """Each move of ``level`` in the chunks' games, played again, timed in processor seconds."""
    import time

    from carcassonne.engine import Game
    from carcassonne.simulate import seating

    tiles = standard_tiles()
    spent: list[float] = []
    games = same = 0
    for run_dir in run_dirs:
        for path in sorted(run_dir.glob("game-*.carc.json")):
            record = GameRecord.load(path)
            index = int(path.name.split("-")[1].split(".")[0]) - 1  # game-NNNN: the game's number in its run
            kinds = [seat.kind.removeprefix("ai:") for seat in record.players]
            k = len(kinds)
            levels = [""] * k  # the run's --bots, undoing the seats' rotation (simulate.seating)
            for seat, kind in enumerate(kinds):
                levels[(seat + index) % k] = kind
            order, names, bots = seating(levels, index, record.seed - index)
            game = Game(tiles, record.rules, players=k, seed=record.seed, names=names)
            while game.draw() is not None:
                cpu = [0.0] * k
                start = time.process_time()
                move = bots[game.current].choose(game)
                cpu[game.current] += time.process_time() - start
                while (asked := game.decision(move)) is not None:
                    start = time.process_time()
                    move = move.deciding(bots[asked.player].decide(game, move, asked))
                    cpu[asked.player] += time.process_time() - start
                spent += [t for seat, t in enumerate(cpu) if levels[order[seat]] == level and
                          (t or seat == game.current)]
                game.play(move)
            game.finish()
            games += 1
            played = record.replay(tiles, final=True)
            if played.scores == game.scores:
                same += 1
            else:
                print(f"{path}: played again it ends {game.scores}, its record {played.scores}")
    if not spent:
        print(f"no move of {level}")
        return 1
    spent.sort()
    p95 = spent[min(len(spent) - 1, math.ceil(0.95 * len(spent)) - 1)]
    print(f"{level}: {len(spent)} moves in {games} games ({same} ended as recorded); processor time a move: "
          f"slowest {spent[-1]:.2f} s, 95th percentile {p95:.2f} s, mean {sum(spent) / len(spent):.2f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_add = sub.add_parser("add", help="add the games of simulate runs (--records dirs) to a results file")
    p_add.add_argument("runs", nargs="+", type=Path)
    p_add.add_argument("--to", type=Path, required=True)
    p_add.add_argument("--code", default=None, help="the commit whose players played them (default HEAD)")
    p_table = sub.add_parser("table", help="print the table of a results file")
    p_table.add_argument("file", type=Path)
    p_table.add_argument("--code", default=None,
                         help="count the games of this code, or of these codes A,B whose players "
                              "play the same (default the newest)")
    p_times = sub.add_parser("times", help="play the games of simulate runs again and time each move of a level")
    p_times.add_argument("runs", nargs="+", type=Path)
    p_times.add_argument("--level", required=True, help="the level whose moves are timed (expert, hard...)")
    args = parser.parse_args(argv)
    if args.command == "times":
        return move_times(args.runs, args.level)
    if args.command == "add":
        return add(args.runs, args.to, args.code or _current_code())
    return table(args.file, args.code)


if __name__ == "__main__":
    sys.exit(run(main))  # ``| head`` ends it quietly, as the game's own commands
