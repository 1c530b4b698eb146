"""Hard's search counts its thinking in work, so a busy machine cannot change its move."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from carcassonne.ai import SearchBot, search
from carcassonne.tileset import standard_tiles

from builder import midgame


@pytest.fixture(scope="module")
def tiles():
    return standard_tiles()


@contextmanager
def busy_machine(processes: int = 3) -> Iterator[None]:
    """Spin more busy processes than the machine has cores for a while."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        time.sleep(0.2)
        yield
    finally:
        for p in spinners:
            p.kill()
        for p in spinners:
            p.wait()


@pytest.mark.slow
def test_hard_makes_the_same_move_on_a_busy_machine(tiles):
    """Same seed, same position, Hard's default budget: the same move, quiet or loaded.

    Takes a few seconds on purpose: the search must run long enough under load
    that a deadline in seconds would have cut it at another point.
    """
    game = midgame(tiles, 22, 30)
    quiet = SearchBot(seed=5).choose(game)
    with busy_machine():
        loaded = SearchBot(seed=5).choose(game)
    assert loaded == quiet


def test_search_counts_work_not_seconds(tiles, monkeypatch):
    """A clock running ten times fast (a slow machine) changes nothing below the safety net."""
    game = midgame(tiles, 23, 24)
    expected = SearchBot(seed=2, budget=0.05).choose(game)
    real = time.perf_counter
    start = real()
    monkeypatch.setattr(search, "perf_counter", lambda: start + 10 * (real() - start))
    assert SearchBot(seed=2, budget=0.05).choose(game) == expected


def test_the_safety_net_stops_a_search_that_runs_far_too_long(tiles, monkeypatch):
    """Hours of work asked, 0.3 s allowed: the search stops when its clock says so. The clock
    is a counter (a tenth of a second each time it is read), so the test measures the
    search's own checks, not how busy the machine is."""
    game = midgame(tiles, 24, 24)
    bot = SearchBot(seed=2, budget=1000.0)  # hours of work at the reference rate
    evaluator = bot.evaluator(game)
    evaluator.freeze()
    candidates = [m for _, m in search.ranked_moves(game, game.deck.peek(), evaluator)[:4]]
    reads = [0]

    def ticking() -> float:
        reads[0] += 1
        return reads[0] * 0.1

    monkeypatch.setattr(search, "perf_counter", ticking)  # (the search's clock alone: no other thread's)
    found = search.compare_moves(game, candidates, random.Random(1), evaluator, bot.work, 2,
                                 max_seconds=0.3)
    assert found.cut and reads[0] == 5  # the deadline, then three futures, then the cut
    assert 0 < found.work < bot.work / 1000
    assert found.moves[found.best] in candidates


def test_expert_looks_at_fewer_positions_at_a_bigger_table(tiles, monkeypatch):
    """Each position of a bigger table costs more to judge; Expert's thinking a move stays the same length."""
    from carcassonne.ai import ExpertBot

    done: list[int] = []
    real = search.compare_moves

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        found = real(*args, **kwargs)
        done.append(found.work)
        return found

    monkeypatch.setattr(search, "compare_moves", counted)
    bot = ExpertBot(seed=4, budget=0.4)
    for players in (2, 4):
        bot.choose(midgame(tiles, 31, 24, players))
    two, four = done
    # A round of the search ends after the future that passes its share of the work.
    assert bot.work <= two < 2 * bot.work
    assert bot.work_for(4) <= four < two


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_an_expansion_whose_positions_cost_more_narrows_the_search_and_the_base_game_keeps_it(tiles, level):
    """The work and the candidates of a move are divided by what the expansions' positions cost
    (a fixed table): a base game's, the river's, the Abbot's and Inns & Cathedrals' are exactly
    as before; with Traders & Builders or The Princess & the Dragon both are smaller, smaller
    still with both together, and never fewer than MIN_WIDTH candidates."""
    from carcassonne.ai import get_bot
    from carcassonne.engine import Game, Rules

    bot = get_bot(level, 1)
    assert isinstance(bot, SearchBot)
    for same in (Rules(), Rules(river=True), Rules(abbot=True), Rules(inns_cathedrals=True)):
        game = Game(tiles, same, 2, seed=1)
        assert bot.work_in(game) == bot.work_for(2) and bot.width_in(game) == bot.width
    works, widths = [], []
    for more in ({"traders_builders": True}, {"princess_dragon": True},
                 {"traders_builders": True, "princess_dragon": True}):
        game = Game(tiles, Rules(**more), 2, seed=1)
        works.append(bot.work_in(game))
        widths.append(bot.width_in(game))
        assert works[-1] < bot.work_for(2) and search.MIN_WIDTH <= widths[-1] <= bot.width
    assert works[2] < min(works[:2]) and widths[2] <= min(widths[:2])
    assert widths[0] < bot.width or bot.width == search.MIN_WIDTH
