"""Hostile records and hostile output for ``carcassonne replay``: exit status 2 and one clear
line, never a traceback, a hang or a wrong score (each case was found crashing or hanging)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne.cli import main
from carcassonne.console import printable
from carcassonne.engine import IllegalMoveError, Move, RecordError
from carcassonne.engine.aids import tiles_that_fit
from carcassonne.engine.geometry import REACH, square
from carcassonne.engine.record import MAX_TURNS, GameRecord
from carcassonne.engine.untrusted import MAX_FILE_BYTES, clean_name

from builder import new_game

FIXTURE = Path(__file__).parent / "records" / "rulebook" / "an21-final-scoring.carc.json"


def fixture() -> dict:
    return json.loads(FIXTURE.read_text())


def write(tmp_path: Path, data: object, name: str = "hostile.carc.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def replay_fails_cleanly(path: Path, capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1, captured.err
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "carcassonne", *args], capture_output=True,
                          env={**os.environ, **env}, timeout=30)


def test_json_nested_a_thousand_levels_deep_is_one_clear_line(tmp_path, capsys):
    data = json.dumps(fixture())[:-1] + ', "note": ' + "[" * 100_000 + "]" * 100_000 + "}"
    replay_fails_cleanly(write(tmp_path, data), capsys, "nested too deeply")


def test_a_number_of_4301_digits_under_an_unknown_key_is_one_clear_line(tmp_path, capsys):
    data = json.dumps(fixture())[:-1] + ', "note": ' + "7" * 4301 + "}"
    replay_fails_cleanly(write(tmp_path, data), capsys, "4301 digits")


def test_a_square_the_engine_cannot_hold_is_refused_not_aliased(tmp_path, capsys):
    data = fixture()
    first = data["turns"][0]
    first["x"], first["y"] = first["x"] - 1, first["y"] + 1024  # packs to the same int as (x, y)
    assert main(["replay", str(write(tmp_path, fixture()))]) == 0
    capsys.readouterr()
    replay_fails_cleanly(write(tmp_path, data), capsys, "turn 1", "beyond any board")


@pytest.mark.parametrize("x, y", [(0, REACH + 1), (-REACH - 1, 0), (10**30, 0), (0, -1024)])
def test_play_and_push_refuse_squares_beyond_reach(x, y):
    game = new_game()
    with pytest.raises(IllegalMoveError, match="reach"):
        game.play(Move("U", x, y, 0))
    with pytest.raises(IllegalMoveError, match="reach"):
        game.push(Move("U", x, y, 0))
    assert game.history == [] and game.tile_at(x, y) is None
    assert game.why_not_placement(Move("U", x, y, 0).placement).rule == "out-of-reach"
    assert tiles_that_fit(game, x, y) == {}


def test_a_feature_is_never_found_through_an_aliased_square():
    game = new_game()
    assert game.feature_at(0, 0, "city:N").kind == "city"
    with pytest.raises(KeyError):
        game.feature_at(-1, 1024, "city:N")  # packs to the start tile's square


def test_squares_within_reach_and_their_neighbours_never_alias():
    edge = [-REACH - 1, -REACH, REACH, REACH + 1]
    packed = {square(x, y) for x in edge for y in edge}
    assert len(packed) == len(edge) ** 2


def test_a_record_of_more_turns_than_a_box_holds_is_refused_before_its_turns_are_read(tmp_path, capsys):
    data = fixture()
    data["turns"] = [None] * (MAX_TURNS + 1)  # a turn that is read would fail with "must be an object"
    replay_fails_cleanly(write(tmp_path, data), capsys, "more than any box")


def test_a_file_larger_than_any_record_is_refused_without_reading_it(tmp_path, capsys):
    path = tmp_path / "huge.carc.json"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: refused by its size alone
    replay_fails_cleanly(path, capsys, "too large")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_not_opened(tmp_path, capsys):
    fifo = tmp_path / "pipe.carc.json"
    os.mkfifo(fifo)
    replay_fails_cleanly(fifo, capsys, "not a regular file")


def test_a_folder_is_refused(tmp_path, capsys):
    replay_fails_cleanly(tmp_path, capsys, "not a regular file")


@pytest.mark.parametrize("raw, expected", [
    ("Ann\x00", "Ann"),
    ("\ud800", "Player 1"),
    ("\u200b\u200c\u200d\ufeff", "Player 1"),
    ("\u3164\u115f", "Player 1"),
    ("\x1b[2J\x1b]0;owned\x07Eve", "[2J]0;ownedEve"),
    ("  Dora \t\n Lee ", "Dora Lee"),
    ("\u202eevE", "evE"),
    ("e\u0301" * 40, "é" * 24),
    ("😀 مرحبا", "😀 مرحبا"),
    (17, "Player 1"),
])
def test_names_are_cleaned_when_read(raw, expected):
    assert clean_name(raw, "Player 1") == expected


def test_a_record_reader_cleans_names_and_ai_levels(tmp_path):
    data = fixture()
    data["players"][0]["name"] = "\x1b[31m\ud800"
    data["players"][1]["kind"] = "ai:\x00"
    record = GameRecord.load(write(tmp_path, data))
    assert record.players[0].name == "[31m"
    assert record.players[1].kind == "ai:normal"


def test_names_with_escape_codes_are_never_printed_raw(tmp_path, capsys):
    data = fixture()
    data["players"][0]["name"] = "Ann\x1b[2J"
    assert main(["replay", str(write(tmp_path, data))]) == 0
    assert "\x1b" not in capsys.readouterr().out


def test_control_characters_are_escaped_on_output():
    assert printable("a\x1b[2Jb\tc\n\x9b\u202e") == "a\\x1b[2Jb\tc\n\\x9b\\u202e"


def test_emoji_and_right_to_left_names_print_on_a_cp1252_stdout(tmp_path):
    data = fixture()
    data["players"][0]["name"] = "😀 مرحبا"
    result = run_cli("replay", str(write(tmp_path, data)), PYTHONIOENCODING="cp1252")
    assert result.returncode == 0 and result.stderr == b""
    assert b"\\U0001f600 \\u0645" in result.stdout


def test_output_into_a_closed_pipe_ends_quietly_with_status_2():
    proc = subprocess.Popen([sys.executable, "-m", "carcassonne", "replay", str(FIXTURE), "--final"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `| head` leaving before the output is written
    err = proc.stderr.read()
    assert proc.wait(timeout=30) == 2
    assert b"Traceback" not in err and b"Exception ignored" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_onto_a_full_disk_is_one_clear_line_and_status_2():
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "carcassonne", "replay", str(FIXTURE), "--json"],
                                stdout=full, stderr=subprocess.PIPE, timeout=30)
    lines = result.stderr.decode().strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert "No space left" in lines[0]


def test_error_lines_quote_bad_values_briefly(tmp_path, capsys):
    data = fixture()
    data["players"][0]["color"] = "x" * 100_000
    line = replay_fails_cleanly(write(tmp_path, data), capsys, "colour")
    assert len(line) < 300


def test_a_record_error_is_the_only_error_the_reader_raises():
    for text in ("[" * 5000, '{"a": ' + "1" * 5000 + "}", '"\\ud800"', "\x00", "1e999999"):
        with pytest.raises(RecordError):
            GameRecord.from_json(text)
