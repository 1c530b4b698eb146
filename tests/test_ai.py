"""Computer players: legal, reproducible, blind to the draw order; and ``carcassonne simulate``."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from carcassonne.ai import LEVELS, Bot, SearchBot, get_bot
from carcassonne.cli import main as cli_main
from carcassonne.engine import Game, IllegalMoveError, Rules
from carcassonne.engine.record import GameRecord
from carcassonne.simulate import Tally
from carcassonne.tileset import standard_tiles

from builder import midgame

#: Small search budgets keep the suite fast; the real levels are measured with ``simulate``.
FAST_HARD = 0.01

RULE_OPTIONS = {
    "default": Rules(),
    "river": Rules(river=True),
    "no farmers": Rules(farmers=False),
    "first-edition farms": Rules(farm_scoring="first-edition"),
    "small cities and river": Rules(small_city=True, river=True),
    "second-edition farms": Rules(farm_scoring="second-edition"),
    "unfinished features score nothing": Rules(incomplete_score=False),
    "hole bonus, tiles back in the bag": Rules(hole_bonus=True, discard="bag"),
    "a small table whose edge closes": Rules(table=(5, 5), table_closes=True),
    "the abbot": Rules(abbot=True),
    "the abbot, river, unfinished features score nothing": Rules(abbot=True, river=True, incomplete_score=False),
}


@pytest.fixture(scope="module")
def tiles():
    return standard_tiles()


def bot(level: str, seed: int) -> Bot:
    b = get_bot(level, seed)
    if isinstance(b, SearchBot):  # hard, expert
        b.budget = FAST_HARD
    return b


def play_checked(tiles, rules: Rules, levels: list[str], seed: int) -> Game:
    """A whole game between ``levels``, every move checked by the rules before it is played."""
    game = Game(tiles, rules, players=len(levels), seed=seed)
    bots = [bot(level, seed + i) for i, level in enumerate(levels)]
    while game.draw() is not None:
        move = bots[game.current].choose(game)
        assert game.why_not(move) is None, f"{levels[game.current]} chose illegal {move}"
        game.push(move)
    game.finish()
    return game


@pytest.mark.parametrize("rules", RULE_OPTIONS.values(), ids=RULE_OPTIONS.keys())
def test_bots_only_make_legal_moves(tiles, rules):
    play_checked(tiles, rules, ["normal", "easy"], seed=3)
    play_checked(tiles, rules, ["random", "normal", "easy"], seed=4)


@pytest.mark.parametrize("rules", [Rules(), Rules(river=True, farmers=False), Rules(abbot=True)],
                         ids=["default", "river no farmers", "the abbot"])
def test_hard_only_makes_legal_moves(tiles, rules):
    game = play_checked(tiles, rules, ["hard", "random"], seed=5)
    assert game.is_over


@pytest.mark.parametrize("rules", [
    Rules(river=True, small_city=True, farm_scoring="first-edition", incomplete_score=False,
          hole_bonus=True, discard="bag"),
    Rules(table=(5, 5), table_closes=True, farm_scoring="second-edition"),
    Rules(abbot=True, hole_bonus=True)],
    ids=["river, small cities, first-edition farms, house rules", "a small table whose edge closes",
         "the abbot, hole bonus"])
def test_expert_only_makes_legal_moves(tiles, rules):
    game = play_checked(tiles, rules, ["expert", "normal"], seed=6)
    assert game.is_over


def test_normal_uses_its_followers_and_beats_random(tiles):
    game = play_checked(tiles, Rules(), ["normal", "random"], seed=11)
    assert game.scores[0] > game.scores[1]


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_seed_same_move(tiles, level):
    game = midgame(tiles, seed=21)
    assert bot(level, 9).choose(game) == bot(level, 9).choose(game)


def test_same_seed_same_game(tiles):
    first = play_checked(tiles, Rules(), ["easy", "normal"], seed=8)
    again = play_checked(tiles, Rules(), ["easy", "normal"], seed=8)
    assert first.history == again.history


@pytest.mark.parametrize("level", list(LEVELS))
def test_bots_do_not_see_the_draw_order(tiles, level):
    """Two games alike in all a player can see, with the hidden pile in another order."""
    for seed in (31, 32):
        game = midgame(tiles, seed)
        other = game.copy()
        hand = other.deck.pile.pop()
        random.Random(seed).shuffle(other.deck.pile)
        other.deck.pile.append(hand)
        assert other.deck.pile != game.deck.pile
        assert bot(level, 4).choose(game) == bot(level, 4).choose(other)


@pytest.mark.parametrize("level", list(LEVELS))
def test_choosing_leaves_the_game_unchanged(tiles, level):
    game = midgame(tiles, seed=41)
    before = (list(game.history), list(game.deck.pile), game.scores[:], game.supply[:], dict(game.board))
    bot(level, 1).choose(game)
    assert before == (list(game.history), list(game.deck.pile), game.scores, game.supply, dict(game.board))


def test_levels_are_described_for_players():
    assert {"easy", "normal", "hard", "expert", "random"} <= set(LEVELS)
    for name, level in LEVELS.items():
        assert level.name == name and level.title and level.description
        assert "\n" not in level.description and len(level.description) < 120
        assert isinstance(get_bot(name, 1), Bot)
    with pytest.raises(ValueError, match="no computer level"):
        get_bot("grandmaster")


def test_asking_a_bot_when_the_game_is_over(tiles):
    game = play_checked(tiles, Rules(), ["random", "random"], seed=2)
    with pytest.raises(IllegalMoveError):
        get_bot("normal", 1).choose(game)


def test_ai_imports_no_pygame():
    code = "import sys, carcassonne.ai, carcassonne.simulate; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("seconds, slowest", [(0.0, 0.0), (3e-6, 2e-6), (0.00012, 0.00004), (0.00012, 0.00005),
                                              (3.0, 2.5)])
def test_the_timings_keep_the_mean_within_the_slowest_move_at_any_speed(seconds, slowest):
    """A quick machine's moves round to nothing; a slow one's to seconds: the order holds both ways."""
    tally = Tally("random", moves=3, seconds=seconds, slowest=slowest, cpu_seconds=seconds, slowest_cpu=slowest)
    report = tally.to_json(games=1)
    assert 0 <= report["ms_per_move"] <= report["max_ms_per_move"]
    assert 0 <= report["cpu_ms_per_move"] <= report["max_cpu_ms_per_move"]


def test_simulate_prints_json_and_saves_replayable_records(tiles, tmp_path, capsys):
    status = cli_main(["simulate", "--bots", "normal,random", "-n", "3", "--seed", "5", "--json",
                       "--records", str(tmp_path)])
    assert status == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3
    assert [b["bot"] for b in result["bots"]] == ["normal", "random"]
    for b in result["bots"]:
        assert {"bot", "wins", "win_rate", "mean_score", "ms_per_move"} <= set(b)
        assert 0 <= b["win_rate"] <= 1 and b["ms_per_move"] >= 0
        # Rounded alike, so the mean never passes the slowest, however quick the machine.
        assert 0 <= b["cpu_ms_per_move"] <= b["max_cpu_ms_per_move"]
        assert 0 <= b["ms_per_move"] <= b["max_ms_per_move"]
    assert sum(b["wins"] for b in result["bots"]) >= 3  # a shared win counts for each winner
    paths = sorted(tmp_path.glob("*.carc.json"))
    assert len(paths) == 3
    means = {b["bot"]: 0.0 for b in result["bots"]}
    for p in paths:
        record = GameRecord.load(p)
        game = record.replay(tiles)
        assert game.is_over and game.finished
        for seat, score in zip(record.players, game.scores):
            means[seat.ai_level] += score / 3
    for b in result["bots"]:
        assert means[b["bot"]] == pytest.approx(b["mean_score"], abs=0.01)


def test_simulate_rejects_unknown_bots(capsys):
    assert cli_main(["simulate", "--bots", "normal,wizard", "-n", "1"]) == 2
    assert "wizard" in capsys.readouterr().err
