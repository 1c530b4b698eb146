"""Post-game analysis: it finds the move that threw points away; ``carcassonne analyse``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne.ai import GreedyBot
from carcassonne.ai.analysis import analyse, costliest
from carcassonne.ai.heuristics import Evaluator
from carcassonne.ai.simple import ranked_moves
from carcassonne.cli import main as cli_main
from carcassonne.engine import Game, Move, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.tileset import standard_tiles
from carcassonne.words.cli_words import analysis_report

from figures import text

#: Little thinking per turn keeps the tests fast; the command uses the full analysis budget.
FAST = 0.02


@pytest.fixture(scope="module")
def tiles():
    return standard_tiles()


def _closes_own_city(game: Game, move) -> bool:
    trial = game.copy()
    n = len(trial.events)
    trial.push(move)
    return any(e.feature == "city" and game.current in e.players and e.points >= 6
               for e in trial.events[n:])


def thrown_away_city(tiles, seed: int = 8, after: int = 3) -> tuple[GameRecord, int]:
    """Two Normal players; the first time one could close their own city for 6 points or
    more, they put the tile where it helps least instead. The record stops a few turns later."""
    game = Game(tiles, Rules(), players=2, seed=seed, names=["Ann", "Bob"])
    bad_turn = 0
    while game.draw() is not None and (not bad_turn or game.turn_number < bad_turn + after):
        move = GreedyBot(7).choose(game)
        if not bad_turn and _closes_own_city(game, move):
            ranked = ranked_moves(game, move.tile, Evaluator(game))
            move = next(m for _, m in reversed(ranked) if not _closes_own_city(game, m))
            bad_turn = game.turn_number + 1
        game.push(move)
    assert bad_turn, "no city to throw away in this game"
    return GameRecord([Seat("Ann", "red"), Seat("Bob", "blue")], game.rules, seed, list(game.history)), bad_turn


def test_analysis_finds_the_thrown_away_city_first(tiles):
    record, bad_turn = thrown_away_city(tiles)
    turns = analyse(record, tiles, budget=FAST)
    assert [t.turn for t in turns] == list(range(1, len(record.turns) + 1))
    worst = max(turns, key=lambda t: t.loss)
    assert worst.turn == bad_turn
    assert costliest(turns, worst.player)[0].turn == bad_turn
    assert worst.loss >= 4
    assert worst.best != worst.played
    assert all(t.loss >= 0 for t in turns)


def test_analysis_is_reproducible_and_reports_in_words(tiles):
    record, bad_turn = thrown_away_city(tiles, after=1)
    first = analyse(record, tiles, budget=FAST)
    assert first == analyse(record, tiles, budget=FAST)
    text = analysis_report(first, ["Ann", "Bob"])
    assert f"turn {bad_turn}: lost" in text and "better:" in text
    worst = costliest(first, max(first, key=lambda t: t.loss).player)[0]
    assert worst.better is not None and "(closes your city for" in text  # why, worded as the hint words it


def test_analyse_command_prints_every_turn_as_json(tiles, tmp_path, capsys, monkeypatch):
    record, _ = thrown_away_city(tiles, after=1)
    path = tmp_path / "game.carc.json"
    record.save(path)
    monkeypatch.setattr("carcassonne.ai.analysis.ANALYSIS_BUDGET", FAST)
    progress: list[tuple[int, int]] = []
    assert cli_main(["analyse", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["turns"]
    assert [t["turn"] for t in out["turns"]] == list(range(1, len(record.turns) + 1))
    first = out["turns"][0]
    assert set(first) == {"turn", "player", "played", "best", "loss"}
    assert first["player"] == "Ann" and first["played"] == record.turns[0].to_record()
    analyse(record, tiles, budget=FAST, progress=lambda done, total: progress.append((done, total)))
    assert progress[-1] == (len(record.turns), len(record.turns))


@pytest.mark.parametrize("text, message", [
    ('{"format": "carcassonne-record", "version": 1, "players": [{"name": "A", "color": "red"}, '
     '{"name": "B", "color": "blue"}], "turns": [{"tile": "Z", "x": 1, "y": 0, "rotation": 0}]}',
     "turn 1: unknown tile"),
    ('{"format": "carcassonne-rec', "not valid JSON"),
])
def test_analyse_refuses_a_bad_record_in_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "bad.carc.json"
    path.write_text(text)
    assert cli_main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert cli_main(["analyse", str(tmp_path / "missing.carc.json")]) == 2


@pytest.mark.parametrize("name", ["hole-bonus", "discard-to-bag", "table-closes", "incomplete-score-off"])
def test_analysis_follows_the_house_rules_of_a_record(tiles, name):
    """A bonus turn is the same player's; a tile returned to the bag is no choice to analyse."""
    record = GameRecord.load(Path(__file__).parent / "records" / "house" / f"{name}.carc.json")
    movers: dict[int, str] = {}
    record.replay(tiles, before_turn=lambda g, n, t: movers.__setitem__(n, g.names[g.current]))
    turns = analyse(record, tiles, budget=FAST)
    placed = [n for n, t in enumerate(record.turns, start=1) if isinstance(t, Move)]
    assert [t.turn for t in turns] == placed
    assert all(t.name == movers[t.turn] and t.loss >= 0 for t in turns)


def test_parts_of_the_turns_make_the_whole_analysis(tiles):
    """Two workers can share a record: each turn's search depends on its number only."""
    record, _ = thrown_away_city(tiles, after=1)
    whole = analyse(record, tiles, budget=FAST, players={0})
    parts = [analyse(record, tiles, budget=FAST, players={0}, part=(k, 2)) for k in range(2)]
    assert all(t.turn % 2 == k for k, part in enumerate(parts) for t in part)
    assert sorted(parts[0] + parts[1], key=lambda t: t.turn) == whole
    assert {t.player for t in whole} == {0}


def test_analysis_judges_the_abbots_moves(tiles):
    """A game with the Abbot: its places and taking it back are moves like others; a played
    abbot move the analysis would also make costs nothing."""
    game = Game(tiles, Rules(abbot=True), players=2, seed=4, names=["Ann", "Bob"])
    while game.draw() is not None and game.turn_number < 40:
        game.push(GreedyBot(3).choose(game))
    record = GameRecord([Seat("Ann", "red"), Seat("Bob", "blue")], game.rules, 4, list(game.history))
    abbot_turns = {n for n, t in enumerate(record.turns, start=1)
                   if isinstance(t, Move) and (text(t.figure) or "").startswith("abbot:")}
    assert abbot_turns
    turns = analyse(record, tiles, budget=FAST)
    assert all(t.loss >= 0 for t in turns)
    assert any(t.turn in abbot_turns for t in turns)
    for t in turns:
        if t.turn in abbot_turns and t.best == t.played:
            assert t.loss == 0
