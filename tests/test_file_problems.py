"""A file that is no game record is named in the player's language, whatever is wrong with it.

The engine raises one :class:`RecordError` line for each thing that can be wrong with a file
(``engine/untrusted.py``); the ones about the file as a whole carry a ``file-…`` reason, which
the app and the command line word in the chosen language, with no English left in.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from carcassonne import i18n
from carcassonne.engine import RecordError, untrusted
from carcassonne.engine.record import GameRecord
from carcassonne.words.explain import error_words

GOOD = {"format": "carcassonne-record", "version": 1,
        "players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}], "turns": []}


def _write(path: Path, text: str | bytes) -> Path:
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


#: Each kind of bad file: how to make it, the rule, and the English the player reads.
BAD_FILES = {
    "missing": (lambda d: d / "gone.carc.json", "file-missing", "there is no such file"),
    "folder": (lambda d: d, "file-not-regular", "this is not a regular file (a folder, a device or a pipe)"),
    "binary": (lambda d: _write(d / "b.carc.json", b"\x89PNG\r\n\x1a\n\xff\xfe"), "file-not-text",
               "the file is not text: it is not a game record"),
    "cut short": (lambda d: _write(d / "t.carc.json", json.dumps(GOOD)[:40]), "file-bad-json",
                  "the file is cut short (its JSON breaks off at line 1)"),
    "broken json": (lambda d: _write(d / "j.carc.json", '{"format": "carcassonne-record",,\n "turns": []}'),
                    "file-bad-json", "the file is not a game record: its JSON is broken at line 1, column 33"),
    "nested": (lambda d: _write(d / "n.carc.json", "[" * 100_000 + "]" * 100_000), "file-too-deep",
               "the file is not a game record: its JSON is nested too deeply"),
    "long number": (lambda d: _write(d / "l.carc.json", '{"seed": ' + "9" * 5000 + "}"), "file-long-number",
                    "the file is not a game record: it holds a number of 5,000 digits"),
    "list": (lambda d: _write(d / "a.carc.json", "[1, 2]"), "file-not-record", "the file is not a game record"),
    "chess": (lambda d: _write(d / "c.carc.json", json.dumps({**GOOD, "format": "chess-pgn"})),
              "file-not-record", "the file is not a game record"),
    "version": (lambda d: _write(d / "v.carc.json", json.dumps({**GOOD, "version": 7})), "file-version",
                "the record was written by another version of the game (record version 7, this game reads 1)"),
}


def _problem(tmp_path: Path, name: str) -> RecordError:
    make, _rule, _words = BAD_FILES[name]
    with pytest.raises(RecordError) as caught:
        GameRecord.load(make(tmp_path))
    return caught.value


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_each_bad_file_has_its_reason_and_english_words(tmp_path, name):
    exc = _problem(tmp_path, name)
    _make, rule, words = BAD_FILES[name]
    assert exc.reason is not None and exc.reason.rule == rule
    assert error_words(exc) == words


@pytest.mark.parametrize("code", ["de", "fr", "es", i18n.PSEUDO])
@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_each_bad_file_is_named_in_the_chosen_language(tmp_path, name, code):
    exc = _problem(tmp_path, name)
    english = error_words(exc)
    i18n.set_language(code)
    try:
        said = error_words(exc)
    finally:
        i18n.set_language("en")
    assert said != english
    if code == i18n.PSEUDO:  # the whole sentence went through the catalogue
        assert said.startswith(i18n.OPEN) and said.endswith(i18n.CLOSE), said


def test_a_file_too_large_and_one_not_readable_are_named_too(tmp_path, monkeypatch):
    big = _write(tmp_path / "big.carc.json", " " * 2048)
    with pytest.raises(RecordError) as caught:
        untrusted.read_text(big, limit=1024)
    assert caught.value.reason is not None and caught.value.reason.rule == "file-too-large"
    assert error_words(caught.value) == "the file is too large for a game (at most 1 KB)"
    i18n.set_language("de")
    try:
        assert error_words(caught.value) == "die Datei ist zu groß für eine Partie (höchstens 1 KB)"
    finally:
        i18n.set_language("en")

    def refuse(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, os.strerror(13))

    monkeypatch.setattr(untrusted.os, "open", refuse)
    with pytest.raises(RecordError) as caught:
        untrusted.read_text(big)
    assert error_words(caught.value) == "the file cannot be read: permission denied"
    assert str(caught.value) == "cannot read it: Permission denied"  # the engine's line, unchanged


def test_the_engine_keeps_its_own_english_line_for_scripts(tmp_path):
    assert str(_problem(tmp_path, "cut short")).startswith("not valid JSON at line 1 column")
