"""The command line in the system's language: human-readable reports translated, with numbers
written each language's way and rule breaks worded from the engine's reasons; JSON unchanged."""

from __future__ import annotations

import json

import pytest
from test_analysis import FAST, thrown_away_city
from test_records import BAD, record_text

from carcassonne import i18n
from carcassonne.cli import main

ROAD = [{"tile": "E", "x": 0, "y": -1, "rotation": 180, "meeple": "city:S"},
        {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def run(monkeypatch, capsys, language: str, *argv: str) -> tuple[int, str, str]:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", language)
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_replay_speaks_the_systems_language(tmp_path, monkeypatch, capsys):
    path = tmp_path / "r.carc.json"
    path.write_text(record_text(ROAD))
    outputs = {code: run(monkeypatch, capsys, code, "replay", str(path))[1] for code in ("en", "de", "fr", "es")}
    assert "Ann scores 4 for a completed city of 2 tiles" in outputs["en"]
    assert "Ann bekommt 4 für eine abgeschlossene Stadt aus 2 Plättchen" in outputs["de"]
    assert "nach 2 Zügen (läuft noch):" in outputs["de"]
    assert "après 2 tours (en cours) :" in outputs["fr"]
    assert "Ann anota 4 por una ciudad completada de 2 losetas" in outputs["es"]


def test_json_output_is_the_same_in_every_language(tmp_path, monkeypatch, capsys):
    path = tmp_path / "r.carc.json"
    path.write_text(record_text(ROAD))
    outputs = {run(monkeypatch, capsys, code, "replay", str(path), "--json", "--final")[1]
               for code in ("en", "de", "fr", "es")}
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["events"][0]["feature"] == "city"


def test_a_broken_rule_in_a_record_is_worded_in_the_systems_language(monkeypatch, capsys):
    path = BAD / "edge-mismatch.carc.json"
    status, out, err = run(monkeypatch, capsys, "de", "replay", str(path))
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [
        f"{path}: Zug 1: Passt nicht: seine Südkante zeigt Wiese, aber das Plättchen darunter braucht dort eine "
        "Stadtkante — jede Kante muss passen (Regeln: Plättchen anlegen)."]
    status, out, err = run(monkeypatch, capsys, "fr", "replay", str(BAD / "false-discard.carc.json"))
    assert "Tour 1 : La tuile U ne peut pas être défaussée : elle peut être posée sur le plateau." in err
    status, out, err = run(monkeypatch, capsys, "en", "replay", str(path))  # English: the engine's own words
    assert "turn 1: tile E cannot go at (0, -1) rotation 0: its south edge is field" in err


def test_simulate_writes_numbers_the_languages_way(monkeypatch, capsys):
    status, out, _err = run(monkeypatch, capsys, "de", "simulate", "--bots", "random,random", "-n", "2",
                            "--seed", "3")
    assert status == 0
    assert out.startswith("2 Partien, Plätze wechselnd, Startwert 3:")
    assert "\u00a0%)" in out and "," in out.splitlines()[1]  # "1 Sieg (50,0 %)"
    status, out, _err = run(monkeypatch, capsys, "en", "simulate", "--bots", "random,random", "-n", "2",
                            "--seed", "3")
    assert "%)" in out and "\u00a0%" not in out


def test_no_human_readable_line_escapes_translation(tmp_path, monkeypatch, capsys, tiles):
    """In the pseudo-language every line printed comes from a marked message."""
    monkeypatch.setattr("carcassonne.cli.speak_system_language", lambda: i18n.set_language(i18n.PSEUDO))
    monkeypatch.setattr("carcassonne.ai.analysis.ANALYSIS_BUDGET", FAST)
    replayed = tmp_path / "r.carc.json"
    replayed.write_text(record_text(ROAD))
    analysed = tmp_path / "a.carc.json"
    thrown_away_city(tiles, after=1)[0].save(analysed)
    printed = []
    for argv in (["replay", str(replayed)], ["replay", str(replayed), "--final"], ["analyse", str(analysed)],
                 ["bench", "--games", "2"], ["simulate", "--bots", "random,random", "-n", "1"],
                 ["simulate", "--bots", "random,nobody", "-n", "1"], ["simulate", "--bots", "random,random", "-n", "0"],
                 ["replay", str(BAD / "edge-mismatch.carc.json")], ["replay", str(BAD / "occupied-feature.carc.json")],
                 ["replay", str(BAD / "false-discard.carc.json")], ["replay", str(BAD / "river-order.carc.json")]):
        main(argv)
        captured = capsys.readouterr()
        printed += [line for line in (captured.out + captured.err).splitlines() if line.strip()]
    assert len(printed) > 15
    assert [line for line in printed if i18n.OPEN not in line] == []


@pytest.fixture(scope="module")
def tiles():
    from carcassonne.tileset import standard_tiles

    return standard_tiles()


def help_of(monkeypatch, capsys, language: str, *argv: str) -> tuple[int | str | None, str, str]:
    with pytest.raises(SystemExit) as done:
        run(monkeypatch, capsys, language, *argv)
    captured = capsys.readouterr()
    return done.value.code, captured.out, captured.err


def test_help_and_argument_errors_speak_the_systems_language(monkeypatch, capsys):
    status, out, _ = help_of(monkeypatch, capsys, "de", "simulate", "--help")
    assert status == 0 and out.startswith("Aufruf: carcassonne simulate")
    assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out and "Hausregeln:" in out
    assert "ein Plättchen, das nirgends passt, kommt zurück in den" in out
    status, _, err = help_of(monkeypatch, capsys, "fr", "replay")
    assert status == 2 and "erreur : ces arguments sont requis : file" in err
    status, out, _ = help_of(monkeypatch, capsys, "en", "replay", "--help")
    assert status == 0 and out.startswith("usage: carcassonne replay") and "apply end-of-game scoring" in out


def test_no_help_line_escapes_translation(monkeypatch, capsys):
    """In the pseudo-language every help text and heading comes from a marked message."""
    monkeypatch.setattr("carcassonne.cli.speak_system_language", lambda: i18n.set_language(i18n.PSEUDO))
    for argv in (["--help"], ["replay", "--help"], ["analyse", "--help"], ["simulate", "--help"]):
        _, out, _ = help_of(monkeypatch, capsys, "en", *argv)
        lines = out.splitlines()
        assert i18n.OPEN in lines[0]  # usage
        headings = [line for line in lines if line.endswith(":") and not line.startswith(" ")]
        assert headings and all(i18n.OPEN in line for line in headings)
        helps = [line.split("  ")[-1] for line in lines if line.startswith("  ") and "  " in line.strip()]
        assert helps and all(i18n.OPEN in words or not words.strip() for words in helps), helps
