"""``build_scripts/match_table.py``: long matches kept game by game and tabulated honestly."""

from __future__ import annotations

import json

import pytest

from carcassonne.cli import main as cli_main

from scripts import load_script


@pytest.fixture(scope="module")
def match_table():
    return load_script("match_table")


def test_the_interval_is_wilsons(match_table):
    lo, hi = match_table.wilson(11, 16)  # 11 wins in 16 games: 44–86%
    assert (round(lo, 3), round(hi, 3)) == (0.444, 0.858)
    assert match_table.wilson(0, 0) == (0.0, 1.0)
    assert match_table.wilson(10, 10)[1] == pytest.approx(1.0)


def test_chunks_add_up_game_by_game_and_a_chunk_added_twice_counts_once(match_table, tmp_path, capsys):
    for seed in (1, 3):
        run = tmp_path / f"r{seed}"
        assert cli_main(["simulate", "--bots", "normal,random", "-n", "2", "--seed", str(seed), "--json",
                         "--records", str(run)]) == 0
        run.with_suffix(".json").write_text(capsys.readouterr().out)
    results = tmp_path / "results.jsonl"
    match_table.add([tmp_path / "r1"], results, "abc")
    match_table.add([tmp_path / "r1", tmp_path / "r3"], results, "abc")
    lines = [json.loads(s) for s in results.read_text().splitlines()]
    assert [g["seed"] for g in lines] == [1, 2, 3, 4]
    assert [g["levels"] for g in lines[:2]] == [["normal", "random"], ["random", "normal"]]  # seats alternate
    assert all(g["times"]["normal"]["max_cpu_ms"] > 0 for g in lines)
    capsys.readouterr()
    match_table.table(results, None)
    table = capsys.readouterr().out
    normal = next(row for row in table.splitlines() if row.startswith("| normal v random | 4 | normal |"))
    wins = sum(max(g["scores"]) == g["scores"][g["levels"].index("normal")] for g in lines)
    assert f"| {wins} |" in normal


def test_games_of_other_code_are_not_counted(match_table, tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    old = {"seed": 1, "levels": ["expert", "hard"], "scores": [50, 60], "code": "old", "times": {}}
    new = {"seed": 1, "levels": ["expert", "hard"], "scores": [70, 60], "code": "new", "times": {}}
    results.write_text(json.dumps(old) + "\n" + json.dumps(new) + "\n")
    match_table.table(results, None)
    out = capsys.readouterr().out
    assert "code new" in out and "| expert v hard | 1 | expert | 1 | 0 | 100.0%" in out


def test_codes_that_play_the_same_are_counted_together_each_game_once(match_table, tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    games = [{"seed": 1, "levels": ["expert", "hard"], "scores": [70, 60], "code": "old", "times": {}},
             {"seed": 2, "levels": ["hard", "expert"], "scores": [70, 60], "code": "fast", "times": {}},
             # the same game again, played by the faster code: counted once
             {"seed": 1, "levels": ["expert", "hard"], "scores": [70, 60], "code": "fast", "times": {}},
             {"seed": 3, "levels": ["expert", "hard"], "scores": [70, 60], "code": "other", "times": {}}]
    results.write_text("".join(json.dumps(g) + "\n" for g in games))
    match_table.table(results, "old,fast")
    out = capsys.readouterr().out
    assert "| expert v hard | 2 | expert | 1 | 0 | 50.0%" in out


def test_times_plays_a_chunk_again_and_times_each_move_of_a_level(match_table, tmp_path, capsys):
    """The games played again with the same seeded players end as recorded (their moves are
    the same), and each move of the level is timed."""
    run = tmp_path / "r5"
    assert cli_main(["simulate", "--bots", "normal,random", "-n", "2", "--seed", "5", "--records", str(run)]) == 0
    capsys.readouterr()
    assert match_table.move_times([run], "normal") == 0
    out = capsys.readouterr().out
    assert "normal: " in out and " moves in 2 games (2 ended as recorded)" in out and "95th percentile" in out
    moves = int(out.split("normal: ")[1].split(" moves")[0])
    assert 60 < moves < 80  # one seat's moves in each of two base games of 72 tiles
    assert match_table.move_times([run], "expert") == 1
