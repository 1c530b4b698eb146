"""The command line: ``carcassonne`` starts the game; sub-commands replay, analyse, bench, simulate,
server, ratings.

Their reports speak the system's language (:mod:`.cli_words`); ``--json`` output does not change."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import __version__
from .i18n import _
from .words.cli_words import (
    analysis_report,
    argparse_speaks_the_games_language,
    bench_lines,
    record_problem,
    replay_lines,
    speak_system_language,
)

if TYPE_CHECKING:
    from .ai.analysis import TurnAnalysis
    from .engine import TileSet
    from .engine.record import GameRecord


def _tiles() -> TileSet:
    from .tileset import standard_tiles

    return standard_tiles()


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record through the rules (``shared/docs/game-record.md``)."""
    from .engine import CarcassonneError
    from .engine.legal import legal_entry
    from .engine.record import GameRecord

    legal: list[dict[str, Any]] = []
    try:
        record = GameRecord.load(args.file)
        game = record.replay(_tiles(), final=args.final, before_turn=(
            (lambda g, n, t: legal.append(legal_entry(g, n, t))) if args.legal else None))
    except CarcassonneError as exc:
        print(record_problem(args.file, exc), file=sys.stderr)
        return 2
    names = game.names
    if args.json or args.legal:
        players: list[dict[str, Any]] = [{"name": n, "score": s} for n, s in zip(names, game.scores)]
        for expansion in game.rules.expansions():  # what each player holds that it counts
            for player, item in enumerate(players):
                expansion.report(game, player, item)
        out = {
            "players": players,
            "finished": game.is_over,
            "turns": game.turn_number,
            "events": [e.to_json(names) for e in game.events],
        }
        if args.legal:
            out["legal"] = legal
        print(json.dumps(out))
        return 0
    print("\n".join(replay_lines(game)))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """What each move of a record cost, against the best move the search finds."""
    from .ai.analysis import analyse
    from .cli_limits import jobs_problem
    from .engine import CarcassonneError
    from .engine.record import GameRecord

    if jobs_problem(args.jobs):
        print(jobs_problem(args.jobs), file=sys.stderr)
        return 2
    try:
        record = GameRecord.load(args.file)
        if args.jobs > 1:
            record.replay(_tiles())  # a bad record is refused here, in one line, before any work
            turns = _analyse_in_parts(record, args.jobs)
        else:
            turns = analyse(record, _tiles())
    except CarcassonneError as exc:
        print(record_problem(args.file, exc), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"turns": [t.to_json() for t in turns]}))
    else:
        print(analysis_report(turns, [p.name for p in record.players]))
    return 0


def _analyse_part(record_json: str, part: tuple[int, int]) -> list[TurnAnalysis]:
    from .ai.analysis import analyse
    from .engine.record import GameRecord

    return analyse(GameRecord.from_json(record_json), _tiles(), part=part)


def _analyse_in_parts(record: GameRecord, jobs: int) -> list[TurnAnalysis]:
    """The analysis shared by ``jobs`` processes, turn by turn (the same result as one process)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if sys.platform.startswith("linux") else "spawn"
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method)) as pool:
        parts = pool.map(_analyse_part, [record.to_json()] * jobs, [(k, jobs) for k in range(jobs)])
        return sorted((t for part in parts for t in part), key=lambda t: t.turn)


def cmd_bench(args: argparse.Namespace) -> int:
    from . import bench

    result = bench.run(_tiles(), games=args.games)
    if args.json:
        print(json.dumps(result))
    else:
        print("\n".join(bench_lines(result)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carcassonne", description=_("Carcassonne for the desktop."),
        epilog=_("With no sub-command the game starts; `carcassonne --smoke` opens the window, "
                 "loads every resource, plays a short computer game and exits."))
    parser.add_argument("--version", action="version", version=f"carcassonne {__version__}",
                        help=_("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("replay", help=_("replay a .carc.json game record through the rules"))
    p.add_argument("file")
    p.add_argument("--final", action="store_true", help=_("apply end-of-game scoring after the last turn"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument("--legal", action="store_true",
                   help=_("with --json (implied): list every legal move before each turn"))
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("analyse", help=_("what each move of a record cost, in points"))
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help=_("processes sharing the turns (default: 2 where there are two cores)"))
    p.set_defaults(func=cmd_analyse)
    p = sub.add_parser("bench", help=_("measure the rules engine's speed"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--games", type=int, default=200)
    p.set_defaults(func=cmd_bench)
    from . import simulate

    p = sub.add_parser("simulate", help=_("play headless games between computer players"))
    simulate.add_arguments(p)
    p.set_defaults(func=simulate.main)
    from .net import server

    p = sub.add_parser("server", help=_("serve games over the network until SIGTERM or Ctrl+C"))
    server.add_arguments(p)
    p.set_defaults(func=server.main)
    from . import ratings_cli

    p = sub.add_parser("ratings", help=_("a game server's leaderboard of rated games"))
    ratings_cli.add_arguments(p)
    p.set_defaults(func=ratings_cli.main)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        # No sub-command: the game itself (its own options, e.g. --smoke, go to it).
        from .app import run_app

        return run_app(argv)
    speak_system_language()  # help and reports in the system's language; --json output stays as it is
    argparse_speaks_the_games_language()
    args = build_parser().parse_args(argv)
    from .console import run

    return run(lambda: args.func(args))


if __name__ == "__main__":
    sys.exit(main())
