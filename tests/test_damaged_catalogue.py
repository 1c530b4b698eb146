"""A damaged translation catalogue: the game and the command line start in English with one line
saying why, and a translation whose placeholders differ from the English message is not used."""

from __future__ import annotations

import io
import shutil
import struct
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from carcassonne import i18n
from carcassonne.cli import main

REAL = Path(i18n.locale_dir())


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A copy of the shipped catalogues the test may damage; the game reads it instead."""
    folder = tmp_path / "locale"
    shutil.copytree(REAL, folder)
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    return folder


def german(folder: Path) -> Path:
    return folder / "de" / "LC_MESSAGES" / "carcassonne.mo"


def mo_bytes(messages: dict, headers: str = "") -> bytes:
    catalog = Catalog(locale="de", charset="utf-8")
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    data = buf.getvalue()
    if headers:  # replace the header block's text as a careless edit would
        data = data.replace(b"Content-Type: text/plain; charset=utf-8", headers.encode())
    return data


def header_only(headers: str) -> bytes:
    """A one-message catalogue whose header is exactly ``headers``."""
    text = headers.encode()
    count, originals, translations = 1, 28, 36
    start = 44
    return (struct.pack("<7I", 0x950412DE, 0, count, originals, translations, 0, 0)
            + struct.pack("<2I", 0, start) + struct.pack("<2I", len(text), start + 1) + b"\0" + text + b"\0")


DAMAGED = {
    "empty": b"",
    "short": b"\xde\x12\x04\x95\0\0",
    "bad offset": struct.pack("<7I", 0x950412DE, 0, 5, 10**6, 10**6 + 40, 0, 0),
    "bogus charset": header_only("Content-Type: text/plain; charset=no-such-charset\n"),
    "bad plural rule": header_only("Content-Type: text/plain; charset=utf-8\nPlural-Forms: nplurals=2; plural=n ==;\n"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_catalogue_leaves_the_game_in_english_with_one_line(locale, capsys, damage):
    german(locale).write_bytes(DAMAGED[damage])
    assert i18n.set_language("de") == "en"
    assert i18n._("Saved as {name}") == "Saved as {name}"
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Deutsch" in err and "damaged" in err
    assert i18n.problem() == err.strip()
    assert i18n.set_language("fr") == "fr" and i18n.problem() == ""  # the others still work


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_the_command_line_starts_in_english_on_a_damaged_catalogue(locale, monkeypatch, capsys, damage):
    german(locale).write_bytes(DAMAGED[damage])
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out, err = capsys.readouterr()
    assert "show this help message and exit" in out
    assert len(err.strip().splitlines()) == 1 and "damaged" in err


def test_the_game_window_starts_in_english_and_says_why(locale, monkeypatch, tmp_path):
    from carcassonne.app import run_app

    german(locale).write_bytes(DAMAGED["bogus charset"])
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert run_app(["--quit-after-first-frame"]) == 0
    assert i18n.language() == "en"


@pytest.mark.parametrize("translation", ["{nom} gespeichert", "Gespeichert als {", "Gespeichert als {name!z}",
                                         "Gespeichert als {0}", "Gespeichert }"])
def test_a_translation_with_other_placeholders_falls_back_to_english(locale, translation):
    german(locale).write_bytes(mo_bytes({"Saved as {name}": translation, "Undo": "Rückgängig"}))
    assert i18n.set_language("de") == "de" and i18n.problem() == ""
    assert i18n._("Saved as {name}").format(name="a.carc.json") == "Saved as a.carc.json"
    assert i18n._("Undo") == "Rückgängig"


def test_a_translation_may_leave_a_placeholder_out_or_move_it(locale):
    german(locale).write_bytes(mo_bytes({"{a} and {b}": "{b} und {a}", "{n} tiles": "Plättchen"}))
    i18n.set_language("de")
    assert i18n._("{a} and {b}") == "{b} und {a}"
    assert i18n._("{n} tiles") == "Plättchen"


def test_argparse_words_keep_their_printf_placeholders(locale):
    german(locale).write_bytes(mo_bytes({"unrecognized arguments: %s": "unbekannt: %(x)s",
                                         "usage: ": "Aufruf: "}))
    i18n.set_language("de")
    assert i18n._("unrecognized arguments: %s") == "unrecognized arguments: %s"
    assert i18n._("usage: ") == "Aufruf: "


def test_the_shipped_catalogues_lose_no_translation():
    from carcassonne.catalogue import load

    for code in ("de", "fr", "es"):
        path = german(REAL).parent.parent.parent / code / "LC_MESSAGES" / "carcassonne.mo"
        with path.open("rb") as f:
            import gettext
            whole = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        assert len(load(path)._catalog) == len(whole), code  # type: ignore[attr-defined]
