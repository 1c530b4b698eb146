"""Numbers and folders the command line refuses at once, in one line with status 2: runs that
could never finish or would fill the memory, a records folder that is a file, and record
fields of the wrong JSON type."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from carcassonne.cli import main
from carcassonne.cli_limits import MAX_GAMES, max_jobs
from carcassonne.engine import RecordError
from carcassonne.engine.record import GameRecord

FIXTURE = Path(__file__).parent / "records" / "rulebook" / "an21-final-scoring.carc.json"


def refused(capsys, *argv: str) -> str:
    started = time.monotonic()
    assert main(list(argv)) == 2
    assert time.monotonic() - started < 10  # refused before any work
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("games", ["0", "-3", str(MAX_GAMES + 1), str(10**26)])
def test_simulate_refuses_a_number_of_games_it_could_not_play(capsys, games):
    line = refused(capsys, "simulate", "--bots", "random,random", f"--games={games}")
    assert line.startswith("-n must be between 1 and")


@pytest.mark.parametrize("budget", ["inf", "-inf", "nan", "-1", "0"])
def test_simulate_refuses_a_budget_that_is_no_time(capsys, budget):
    line = refused(capsys, "simulate", "--bots", "random,random", "-n", "1", f"--budget={budget}")
    assert line.startswith("--budget must be a number of seconds above 0")


@pytest.mark.parametrize("jobs", ["0", "-1", str(10**6)])
def test_simulate_and_analyse_refuse_more_jobs_than_the_machine_can_run(capsys, jobs):
    line = refused(capsys, "simulate", "--bots", "random,random", "-n", "1", f"--jobs={jobs}")
    assert line.startswith("--jobs must be between 1 and")
    line = refused(capsys, "analyse", str(FIXTURE), f"--jobs={jobs}")
    assert line.startswith(f"--jobs must be between 1 and {max_jobs()}")


def test_as_many_jobs_as_allowed_are_accepted(capsys):
    assert main(["simulate", "--bots", "random,random", "-n", "1", "--jobs", "1"]) == 0
    capsys.readouterr()


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="POSIX")
def test_records_into_something_that_is_no_folder_names_it(capsys, tmp_path):
    line = refused(capsys, "simulate", "--bots", "random,random", "-n", "1", "--records", "/dev/null")
    assert line == "--records /dev/null: not a folder"
    a_file = tmp_path / "results.txt"
    a_file.write_text("kept")
    line = refused(capsys, "simulate", "--bots", "random,random", "-n", "1", "--records", str(a_file / "games"))
    assert line.startswith(f"--records {a_file / 'games'}: ") and "File exists" not in line
    assert a_file.read_text() == "kept"


def test_a_records_folder_that_fills_up_mid_run_is_one_line_naming_the_file(capsys, tmp_path, monkeypatch):
    """The disk fills up at the second game: the first stays saved, the run stops with one line."""
    import errno

    from carcassonne.engine import record

    real, calls = record.write_atomically, []

    def filling(path, text, durable=True):
        calls.append(path)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text, durable)

    monkeypatch.setattr(record, "write_atomically", filling)
    assert main(["simulate", "--bots", "random,random", "-n", "3", "--records", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == (f"--records: cannot save {tmp_path / 'game-0002.carc.json'} (No space left "
                                         "on device); games saved before it: 1")
    assert [p.name for p in tmp_path.iterdir()] == ["game-0001.carc.json"]


def test_records_go_into_a_new_folder(capsys, tmp_path):
    assert main(["simulate", "--bots", "random,random", "-n", "1", "--records", str(tmp_path / "new" / "games")]) == 0
    assert len(list((tmp_path / "new" / "games").glob("*.carc.json"))) == 1
    capsys.readouterr()


def fixture() -> dict:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_record_version_must_be_a_whole_number(version):
    data = fixture()
    data["version"] = version
    with pytest.raises(RecordError, match="unsupported record version"):
        GameRecord.from_data(data)


@pytest.mark.parametrize("flag", ["discarded", "returned"])
@pytest.mark.parametrize("value", ["x", 1, 0, None, []])
def test_a_turns_discarded_and_returned_marks_must_be_true_or_false(flag, value):
    data = fixture()
    data["turns"][0][flag] = value
    with pytest.raises(RecordError, match=f"turn 1: '{flag}' must be true or false"):
        GameRecord.from_data(data)


def test_false_marks_are_a_placed_tile(tiles):
    data = fixture()
    data["turns"][0]["discarded"] = False
    data["turns"][0]["returned"] = False
    assert GameRecord.from_data(data).replay(tiles).scores == GameRecord.from_data(fixture()).replay(tiles).scores
