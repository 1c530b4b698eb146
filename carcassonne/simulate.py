"""``carcassonne simulate``: headless games between computer players, for testing and balancing.

Plays N games between the listed bots, rotating the seats so that each bot moves
first equally often, and reports wins (a shared win counts for each winner), mean
scores with a 95% confidence interval and the time each bot takes per move.
``--records DIR`` saves every game as a ``.carc.json`` that ``carcassonne replay``
reads. Game ``i`` uses deck seed ``seed + i``; each bot's seed comes from the run's
seed, the game and its seat, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .ai.base import Bot
from .engine import COLORS, FARM_SCORINGS, FIRST_EDITION, THIRD_EDITION, Game, RecordError, Rules, TileSet, Turn
from .engine.expansion import Expansion
from .engine.record import GameRecord, Seat
from .engine.rules import BAG, BOX, RANDOM, START_BOOK, TABLE_MAX, TABLE_MIN
from .engine.untrusted import shown_path
from .i18n import _
from .words.expansion import speakers


@dataclass
class Tally:
    """What one listed bot did over the run."""

    bot: str
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    #: Processor time of the moves: what the thinking costs, whatever else the machine runs.
    cpu_seconds: float = 0.0
    #: The move that cost the most processor time: the slowest move a player's quiet machine sees.
    slowest_cpu: float = 0.0

    def to_json(self, games: int) -> dict[str, Any]:
        return {"bot": self.bot, "wins": self.wins,
                "win_rate": round(self.wins / games, 4) if games else 0.0,
                "mean_score": round(statistics.fmean(self.scores), 2) if self.scores else 0.0,
                "score_ci95": round(_ci95(self.scores), 2),
                "ms_per_move": round(1000 * self.seconds / self.moves, 2) if self.moves else 0.0,
                "max_ms_per_move": round(1000 * self.slowest, 2),
                "cpu_ms_per_move": round(1000 * self.cpu_seconds / self.moves, 2) if self.moves else 0.0,
                "max_cpu_ms_per_move": round(1000 * self.slowest_cpu, 2)}


def _ci95(values: list[int]) -> float:
    """Half-width of the normal-approximation 95% interval of the mean."""
    if len(values) < 2:
        return 0.0
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", required=True,
                        help=_("comma-separated levels, one per seat, e.g. normal,random"))
    parser.add_argument("-n", "--games", type=int, default=100, help=_("games to play (default 100)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the first game (default 1)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--records", metavar="DIR", help=_("save every game as DIR/game-NNNN.carc.json"))
    parser.add_argument("--budget", type=float, default=None,
                        help=_("seconds per move for searching bots (hard); default: their own"))
    parser.add_argument("--jobs", type=int, default=1, help=_("games played in parallel processes"))
    parser.add_argument("--server", metavar="URL", default=None,
                        help=_("play through the game server at URL (ws://host:port), each seat its own "
                               "client; the server must be started with --allow-seeds; the nodes of one server "
                               "as URL1,URL2,...: each game's seats spread over them"))
    parser.add_argument("--rated", action="store_true",
                        help=_("with --server: rated games, one after another, each computer under a name of its "
                               "own on the server (registered the first time, its key kept beside the settings)"))
    expansions = parser.add_argument_group(_("expansions"))
    for words in speakers():
        words.add_options(expansions)
    parser.add_argument("--start-random", action="store_true",
                        help=_("the start tile is the first tile drawn from the bag"))
    parser.add_argument("--no-farmers", action="store_true", help=_("play without farmers"))
    parser.add_argument("--first-edition-farms", action="store_true",
                        help=_("score farms by the first-edition rule (as --farm-scoring first-edition)"))
    parser.add_argument("--farm-scoring", choices=FARM_SCORINGS, default=None,
                        help=_("how farms score (default third-edition)"))
    parser.add_argument("--small-city", action="store_true", help=_("a completed two-tile city scores 2"))
    house = parser.add_argument_group(_("house rules"))
    house.add_argument("--no-incomplete-score", action="store_true",
                       help=_("unfinished roads, cities and cloisters score nothing at the end"))
    house.add_argument("--hole-bonus", action="store_true",
                       help=_("a tile with a tile on all four sides earns another turn"))
    house.add_argument("--table", metavar="WxH", default=None,
                       help=_("play on a table of W x H squares (3 to 99 each), e.g. 9x7"))
    house.add_argument("--table-closes", action="store_true",
                       help=_("with --table: its edge completes features as an Abbey would"))
    house.add_argument("--discard-to-bag", action="store_true",
                       help=_("a tile that fits nowhere goes back into the bag"))
    for words in speakers():
        words.add_house_options(house)


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the flags ask for; a bad combination raises RecordError with one line."""
    table = None
    if args.table is not None:
        width, _x, height = args.table.lower().partition("x")
        if not (width.isdigit() and height.isdigit()):
            raise RecordError(_("--table must look like 9x7, not {value}").format(value=repr(args.table)))
        table = (int(width), int(height))
        if not all(TABLE_MIN <= side <= TABLE_MAX for side in table):
            raise RecordError(_("--table must be {low} to {high} squares each way, not {value}").format(
                low=TABLE_MIN, high=TABLE_MAX, value=args.table))
    if args.table_closes and table is None:
        raise RecordError(_("--table-closes needs --table"))
    options: dict[str, Any] = {}
    for words in speakers():  # each expansion's options, checked by it
        problem = words.options_problem(args)
        if problem is not None:
            raise RecordError(problem)
        options.update(words.rules_options(args))
    scoring = args.farm_scoring or (FIRST_EDITION if args.first_edition_farms else THIRD_EDITION)
    return Rules(farmers=not args.no_farmers, farm_scoring=scoring, small_city=args.small_city,
                 incomplete_score=not args.no_incomplete_score, hole_bonus=args.hole_bonus, table=table,
                 table_closes=args.table_closes, discard=BAG if args.discard_to_bag else BOX,
                 start=RANDOM if args.start_random else START_BOOK, **options)


def _make_bot(level: str, seed: int, budget: float | None) -> Bot:
    from .ai import get_bot

    bot = get_bot(level, seed)
    if budget is not None and hasattr(bot, "budget"):
        bot.budget = budget
    return bot


def seating(levels: list[str], game_index: int, seed: int,
            budget: float | None = None) -> tuple[list[int], list[str], list[Bot]]:
    """Game ``game_index``'s seats: ``order[seat]`` is the index in ``levels`` of the bot in
    that seat (rotated, so each bot moves first equally often), the seats' names and bots."""
    k = len(levels)
    order = [(seat + game_index) % k for seat in range(k)]
    bots = [_make_bot(levels[b], seed * 1_000_003 + game_index * 101 + b, budget) for b in order]
    return order, _names(levels, order), bots


def play_one(tiles: TileSet, rules: Rules, levels: list[str], game_index: int, seed: int,
             budget: float | None = None) -> tuple[Game, list[int], list[tuple[int, float, float, float, float]]]:
    """One game; ``order[seat]`` is the index in ``levels`` of the bot in that seat.

    Returns the finished game, the order, and per listed bot (moves, seconds, slowest move,
    processor seconds, most processor seconds of one move).
    """
    k = len(levels)
    order, names, bots = seating(levels, game_index, seed, budget)
    game = Game(tiles, rules, players=k, seed=seed + game_index, names=names)
    timing = [[0, 0.0, 0.0, 0.0, 0.0] for _ in levels]
    while (game.draw()) is not None:
        seat = game.current
        start, cpu = time.perf_counter(), time.process_time()
        move = bots[seat].choose(game)
        while (asked := game.decision(move)) is not None:  # each decision by the bot it is asked of
            move = move.deciding(bots[asked.player].decide(game, move, asked))
        spent = time.perf_counter() - start
        cpu = time.process_time() - cpu
        game.play(move)  # checked: a bot's illegal move stops the run
        t = timing[order[seat]]
        t[0] += 1
        t[1] += spent
        t[2] = max(t[2], spent)
        t[3] += cpu
        t[4] = max(t[4], cpu)
    game.finish()
    return game, order, [(int(a), b, c, d, e) for a, b, c, d, e in timing]


def _start_tile(rules: Rules, players: int, seed: int) -> str | None:
    """The start tile a record names (``start: "random"``: the seed's first tile), else None."""
    if rules.start != RANDOM:
        return None
    from .tileset import standard_tiles

    return Game(standard_tiles(), rules, players, seed).start_tile


def _record(seats: list[Seat], rules: Rules, seed: int, history: list[Turn]) -> GameRecord:
    """The record of a game played from ``seed``: what an expansion keeps in it (the tiles
    dealt and each turn's draw) comes from replaying it (the seed's bag)."""
    if any(type(e).record_data is not Expansion.record_data for e in rules.expansions()):
        from .tileset import standard_tiles

        game = Game(standard_tiles(), rules, len(seats), seed, [s.name for s in seats])
        for turn in history:
            game.push(turn)
        return GameRecord.from_game(game, seats)
    return GameRecord(seats, rules, seed, history, start_tile=_start_tile(rules, len(seats), seed))


def _names(levels: list[str], order: list[int]) -> list[str]:
    return [f"{levels[b]}" if levels.count(levels[b]) == 1 else f"{levels[b]} {b + 1}" for b in order]


#: A game for a worker process: its index, the levels, the seed, the budget and the rules' record.
Job = tuple[int, list[str], int, float | None, dict[str, Any]]
#: What comes back: the index, the seat order, the scores, the turns and the time per move.
JobResult = tuple[int, list[int], list[int], list[Turn], list[tuple[int, float, float, float, float]]]


def _play_job(job: Job) -> JobResult:
    """One game in a worker process: only plain data goes back to the parent."""
    index, levels, seed, budget, rules_data = job
    from .tileset import standard_tiles

    game, order, timing = play_one(standard_tiles(), Rules.from_record(rules_data), levels, index,
                                   seed, budget)
    return index, order, game.scores, list(game.history), timing


class _RecordsFailed(Exception):
    """A record could not be written: one line, and the run stops."""


def main(args: argparse.Namespace) -> int:
    from .ai import LEVELS
    from .cli_limits import budget_problem, games_problem, jobs_problem, records_problem
    from .words.cli_words import progress_line, simulate_lines

    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in levels if b not in LEVELS]
    if unknown or not 2 <= len(levels) <= len(COLORS):
        line = _("--bots: list 2 to {count} of {levels}").format(count=len(COLORS), levels=", ".join(LEVELS))
        if unknown:
            line += _(" (unknown: {names})").format(names=", ".join(unknown))
        print(line, file=sys.stderr)
        return 2
    problem = games_problem(args.games) or budget_problem(args.budget) or jobs_problem(args.jobs)
    if args.rated and not args.server:
        problem = _("--rated plays through a server: give --server URL")
    if problem:
        print(problem, file=sys.stderr)
        return 2
    try:
        rules = rules_from_args(args)
    except RecordError as exc:
        print(exc, file=sys.stderr)
        return 2
    records = Path(args.records) if args.records else None
    problem = records_problem(records) if records is not None else None
    if problem:
        print(problem, file=sys.stderr)
        return 2
    tallies = [Tally(b) for b in levels]
    jobs = [(i, levels, args.seed, args.budget, rules.to_record()) for i in range(args.games)]
    done = 0

    def take(result: JobResult) -> None:
        """One game ended: count it, and write its record now (a run cut short keeps every
        game that ended before)."""
        nonlocal done
        index, order, scores, history, timing = result
        best = max(scores)
        for seat, b in enumerate(order):
            tallies[b].scores.append(scores[seat])
            if scores[seat] == best:
                tallies[b].wins += 1
        for b, (moves, seconds, slowest, cpu, slowest_cpu) in enumerate(timing):
            tallies[b].moves += moves
            tallies[b].seconds += seconds
            tallies[b].cpu_seconds += cpu
            tallies[b].slowest = max(tallies[b].slowest, slowest)
            tallies[b].slowest_cpu = max(tallies[b].slowest_cpu, slowest_cpu)
        if records is not None:
            names = _names(levels, order)
            seats = [Seat(names[s], COLORS[s], f"ai:{levels[b]}") for s, b in enumerate(order)]
            path = records / f"game-{index + 1:04d}.carc.json"
            try:
                _record(seats, rules, args.seed + index, history).save(path)
            except OSError as exc:  # the folder filled up, or went away, mid-run
                raise _RecordsFailed(_("--records: cannot save {file} ({reason}); games saved before it: "
                                       "{count}").format(file=shown_path(path), reason=exc.strerror or exc,
                                                         count=done)) from None
        done += 1
        if not args.json and args.games >= 20 and done % max(1, args.games // 10) == 0:
            print(progress_line(done, args.games), file=sys.stderr, flush=True)

    try:
        if args.rated:
            from .net.client import NetError
            from .rated_simulate import run_rated_games

            try:
                run_rated_games(args.server, rules, levels, args.games, args.seed, args.budget, seating, take)
            except NetError as exc:
                print(exc, file=sys.stderr)
                return 2
        elif args.server:
            from .net.remote_play import NetError, run

            try:
                run(args.server, rules, levels, args.games, args.seed, args.budget, args.jobs, seating,
                    on_result=take)
            except NetError as exc:
                print(exc, file=sys.stderr)
                return 2
        elif args.jobs > 1:
            from multiprocessing import get_context

            with get_context("spawn").Pool(args.jobs) as pool:
                for result in pool.imap_unordered(_play_job, jobs):
                    take(result)
        else:
            for job in jobs:
                take(_play_job(job))
    except _RecordsFailed as exc:
        print(exc, file=sys.stderr)
        return 2
    summary = {"games": args.games, "bots": [t.to_json(args.games) for t in tallies]}
    if args.json:
        print(json.dumps(summary))
        return 0
    print("\n".join(simulate_lines(summary, args.seed)))
    return 0
