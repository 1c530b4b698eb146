"""Game records (``shared/docs/game-record.md``) and ``carcassonne replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne.bench import play_random_game
from carcassonne.cli import main
from carcassonne.engine import RecordError, Rules
from carcassonne.engine.record import GameRecord, Seat

from builder import new_game, play

BAD = Path(__file__).parent / "records" / "bad"
SEATS = [Seat("Ann", "red"), Seat("Bot", "blue", "ai:normal")]


def record_text(turns, **extra) -> str:
    data = {"format": "carcassonne-record", "version": 1,
            "rules": {"farmers": True, "farm_scoring": "third-edition", "small_city": False,
                      "river": False},
            "players": [{"name": "Ann", "color": "red", "kind": "human"},
                        {"name": "Bot", "color": "blue", "kind": "ai:normal"}],
            "seed": 12345, "turns": turns}
    data.update(extra)
    return json.dumps(data, indent=2)


def test_the_example_of_the_format_document_replays():
    text = record_text([{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"},
                        {"tile": "E", "x": 0, "y": -1, "rotation": 180}])
    game = GameRecord.from_json(text).replay(new_game().tiles)
    assert game.scores == [0, 0] and game.turn_number == 2
    assert game.events == []


def test_writing_keeps_the_documented_key_order(tmp_path):
    game = new_game()
    play(game, "U 1 0 0 road:E", "E 0 -1 180")
    record = GameRecord.from_game(game, SEATS)
    data = json.loads(record.to_json())
    assert list(data) == ["format", "version", "rules", "players", "seed", "turns"]
    assert list(data["rules"]) == ["farmers", "farm_scoring", "small_city", "river"]
    assert data["turns"] == [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"},
                             {"tile": "E", "x": 0, "y": -1, "rotation": 180}]
    path = tmp_path / "g.carc.json"
    record.save(path)
    assert GameRecord.load(path).to_json() == record.to_json()


def test_unknown_keys_are_ignored_on_read():
    text = record_text([{"tile": "U", "x": 1, "y": 0, "rotation": 0, "note": "hi"}], comment="x")
    assert GameRecord.from_json(text).turns[0].tile == "U"


def test_a_discard_is_recorded_and_replayed():
    game = play_random_game(new_game().tiles, Rules(), 168)
    data = json.loads(GameRecord.from_game(game, SEATS).to_json())
    assert {"tile": "B", "discarded": True} in data["turns"]
    again = GameRecord.from_data(data).replay(game.tiles)
    assert again.scores == game.scores


def test_a_finished_record_gets_final_scoring_without_the_flag(tmp_path, capsys):
    game = play_random_game(new_game().tiles, Rules(), 3)
    path = tmp_path / "done.carc.json"
    GameRecord.from_game(game, SEATS).save(path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True and out["turns"] == len(game.history)
    assert [p["score"] for p in out["players"]] == game.scores
    assert sum(1 for e in out["events"] if e["final"]) == sum(1 for e in game.events if e.final)


def test_final_flag_scores_an_unfinished_record(tmp_path, capsys):
    path = tmp_path / "part.carc.json"
    path.write_text(record_text([{"tile": "W", "x": 1, "y": 0, "rotation": 0, "meeple": "road:W"}]))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["score"] == 0
    assert main(["replay", str(path), "--json", "--final"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"][0]["score"] == 2 and out["finished"] is False


def test_replay_prints_a_readable_summary(tmp_path, capsys):
    path = tmp_path / "r.carc.json"
    path.write_text(record_text([{"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"}]))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann scores 4 for a completed city of 2 tiles" in out and "Ann: 4" in out


# Each bad record, and the one line that must explain it.
BAD_RECORDS = {
    "truncated.carc.json": "not valid JSON at line",
    "unknown-tile.carc.json": "turn 1: unknown tile 'Z'",
    "illegal-placement.carc.json": ("turn 1: tile K cannot go at (2, -1) rotation 90: a tile must "
                                    "touch the tiles already placed along an edge"),
    "edge-mismatch.carc.json": ("turn 1: tile E cannot go at (0, -1) rotation 0: its south edge is "
                                "field, the neighbour's north edge is city"),
    "occupied-feature.carc.json": "turn 2: the city is already occupied by Ann's knight",
    "too-many-tiles.carc.json": "turn 2: no tile C is left in the box",
    "bad-rotation.carc.json": "turn 1: rotation 45 is not one of 0, 90, 180, 270",
    "wrong-format.carc.json": "not a game record: 'format' must be 'carcassonne-record'",
    "bad-colour.carc.json": "player 2: colour must be one of red, blue, green, yellow, black, pink",
    "false-discard.carc.json": "turn 1: tile U cannot be discarded: it fits on the board",
    "river-order.carc.json": "turn 1: tile B cannot be drawn yet: the river tiles come first",
    "river-u-turn.carc.json": "turn 2: tile R10 cannot go at (1, 1) rotation 90: the river may not make a U-turn",
    "follower-on-river.carc.json": "turn 1: followers may not be placed on the river",
    "no-such-place.carc.json": "turn 1: tile B rotation 0 has no place 'road:N'",
}


def _write_bad_records() -> None:
    """The fixtures are committed; this documents (and can rebuild) how each was made."""
    BAD.mkdir(parents=True, exist_ok=True)
    def t(tile, x, y, r, m=None):
        return {"tile": tile, "x": x, "y": y, "rotation": r, **({"meeple": m} if m else {})}

    files = {
        "truncated.carc.json": record_text([t("U", 1, 0, 0)])[:-40],
        "unknown-tile.carc.json": record_text([t("Z", 1, 0, 0)]),
        "illegal-placement.carc.json": record_text([t("K", 2, -1, 90)]),
        "edge-mismatch.carc.json": record_text([t("E", 0, -1, 0)]),
        "occupied-feature.carc.json": record_text([t("N", 0, -1, 180, "city:S"),
                                                   t("N", 1, -1, 270, "city:W")]),
        "too-many-tiles.carc.json": record_text([t("C", 0, -1, 0), t("C", 0, -2, 0)]),
        "bad-rotation.carc.json": record_text([t("U", 1, 0, 45)]),
        "wrong-format.carc.json": record_text([], format="chess-pgn"),
        "bad-colour.carc.json": record_text([], players=[
            {"name": "Ann", "color": "red"}, {"name": "Bob", "color": "purple"}]),
        "false-discard.carc.json": record_text([{"tile": "U", "discarded": True}]),
        "river-order.carc.json": record_text([t("B", 0, 1, 0)], rules={"river": True}),
        "river-u-turn.carc.json": record_text([t("R10", 1, 0, 0), t("R10", 1, 1, 90)],
                                              rules={"river": True}),
        "follower-on-river.carc.json": record_text([t("R7", 1, 0, 0, "river:E")],
                                                   rules={"river": True}),
        "no-such-place.carc.json": record_text([t("B", 0, 1, 0, "road:N")]),
    }
    for name, text in files.items():
        (BAD / name).write_text(text)


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_bad_record_gets_one_clear_line_and_exit_status_2(name, capsys):
    path = BAD / name
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and captured.out == ""
    assert lines[0].startswith(f"{path}: ") and BAD_RECORDS[name] in lines[0], lines[0]


def test_a_missing_file_is_a_clear_error(capsys):
    assert main(["replay", "no/such/file.carc.json"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_command_line_never_prints_a_traceback():
    path = BAD / "occupied-feature.carc.json"
    result = subprocess.run([sys.executable, "-m", "carcassonne", "replay", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_bad_record_raises_record_error_from_the_api():
    with pytest.raises(RecordError, match="turn 2: the city is already occupied"):
        GameRecord.load(BAD / "occupied-feature.carc.json").replay(new_game().tiles)


if __name__ == "__main__":
    _write_bad_records()
