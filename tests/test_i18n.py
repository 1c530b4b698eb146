"""The translations: complete catalogues that keep every placeholder, plural forms per
language, compiled files that match their sources, and the language switched while running."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from carcassonne import i18n
from carcassonne.engine.events import ScoreEvent

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "resources" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def catalogue(code: str):  # noqa: ANN201
    with open(LOCALE / code / "LC_MESSAGES" / "carcassonne.po", "rb") as f:
        return read_po(f, locale=code)


def template():  # noqa: ANN201
    with open(LOCALE / "carcassonne.pot", "rb") as f:
        return read_po(f)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_the_template_holds_every_message_marked_in_the_code():
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "build_scripts" / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # where the build looks: the code, the command line, the lessons
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "_b": (3,), "Level": (3,)}
    found = list(extract_from_dir(ROOT, method_map, options_map, keywords=keywords))
    assert {"carcassonne/words/cli_words.py", "carcassonne/simulate.py", "resources/lessons/02-roads.json"} <= \
        {Path(file).as_posix() for file, *_rest in found}
    marked = {msg if isinstance(msg, str) else msg[0] for _file, _line, msg, _comments, _context in found}
    kept = {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}
    assert marked - kept == set(), "run build_scripts/translations.py extract, update, then translate"


def test_the_template_holds_every_word_of_every_lesson():
    import json

    from carcassonne.tutorial.messages import lesson_words

    kept = {m.id for m in template() if isinstance(m.id, str)}
    words = {text for path in sorted((ROOT / "resources" / "lessons").glob("*.json"))
             for _where, text in lesson_words(json.loads(path.read_text(encoding="utf-8")))}
    assert len(words) > 70
    assert words - kept == set(), "run build_scripts/translations.py extract, update, then translate"


def test_a_lesson_is_spoken_in_the_chosen_language():
    from carcassonne.resources import path as resource_path
    from carcassonne.tutorial import load_lessons

    roads = next(lesson for lesson in load_lessons(resource_path("lessons")) if lesson.id == "roads")
    i18n.set_language("de")
    assert i18n._(roads.title) == "2. Straßen und Wegelagerer"
    assert "Wegelagerer" in i18n._(roads.steps[0].text)
    i18n.set_language("fr")
    assert "voleur" in i18n._(roads.steps[0].text)
    i18n.set_language("es")
    assert "salteador" in i18n._(roads.steps[0].text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code):
    cat = catalogue(code)
    ids = {m.id for m in template() if m.id}
    assert {m.id for m in cat if m.id} == ids
    for m in cat:
        if not m.id:
            continue
        assert "fuzzy" not in m.flags, m.id
        sources = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(strings), f"{code}: {m.id!r} is not translated"
        wanted = set(PLACEHOLDER.findall(sources[-1]))
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == wanted, f"{code}: {s!r} for {m.id!r}"


#: The plural rule each catalogue follows: GNU gettext's two forms (its manual, "Plural
#: forms"), what translators' tools expect. CLDR (Babel 2.19 on) adds French's and Spanish's
#: ``many`` for exact millions ("1 000 000 de tuiles"); no count in the game comes near a
#: million, so the two-form rule says every count the game shows exactly as CLDR does (the
#: test below holds it to that), without a third form to translate.
PLURAL_FORMS = {"de": (2, "(n != 1)"), "es": (2, "(n != 1)"), "fr": (2, "(n > 1)")}
#: Counts the game shows (tiles, points, followers, turns, seconds) stay well below this.
LARGEST_COUNT = 100_000


def test_every_translated_language_has_its_plural_rule_written_down():
    assert set(PLURAL_FORMS) == set(TRANSLATED)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_has_its_languages_plural_rule(code):
    cat = catalogue(code)
    forms, expr = PLURAL_FORMS[code]
    assert (cat.num_plurals, cat.plural_expr) == (forms, expr)
    for m in cat:
        if isinstance(m.id, tuple):
            assert len(m.string) == forms, m.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_plural_rule_agrees_with_cldr_for_every_count_the_game_shows(code):
    """Whatever Babel ships, a count is singular exactly when CLDR calls it ``one``."""
    locale = Locale.parse(code)
    _forms, expr = PLURAL_FORMS[code]
    rule = gettext.c2py(expr)  # what the game's gettext makes of the catalogue's header
    wrong = [n for n in range(LARGEST_COUNT) if (rule(n) == 0) != (locale.plural_form(n) == "one")]
    assert not wrong, f"{code}: {wrong[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_matches_its_source(code):
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(code))
    with open(LOCALE / code / "LC_MESSAGES" / "carcassonne.mo", "rb") as f:
        kept = read_mo(f)
    compiled.seek(0)
    fresh = read_mo(compiled)
    assert {repr(m.id): repr(m.string) for m in kept} == {repr(m.id): repr(m.string) for m in fresh}, \
        "run build_scripts/translations.py compile"


def test_plural_forms_follow_each_language():
    event = ScoreEvent(turn=3, feature="road", points=1, players=(0,), tiles=((0, 0),))
    event2 = ScoreEvent(turn=3, feature="road", points=2, players=(0,), tiles=((0, 0), (1, 0)))
    from carcassonne.words.score_words import describe
    assert describe(event, ["Anna"]) == "Anna scores 1 for a completed road of 1 tile"
    assert describe(event2, ["Anna"]) == "Anna scores 2 for a completed road of 2 tiles"
    i18n.set_language("fr")
    assert describe(event, ["Anna"]) == "Anna marque 1 pour une route achevée de 1 tuile"
    assert describe(event2, ["Anna"]) == "Anna marque 2 pour une route achevée de 2 tuiles"
    assert i18n.ngettext("Still to come: {count} tile", "Still to come: {count} tiles", 0) == \
        "Encore à venir : {count} tuile"  # French counts zero as one
    i18n.set_language("es")
    assert describe(event2, ["Ana", "Bea"][:1]) == "Ana anota 2 por un camino completado de 2 losetas"


def test_the_language_changes_while_the_game_runs():
    assert i18n.set_language("de") == "de"
    assert i18n._("New game") == "Neues Spiel"
    assert i18n.set_language("es") == "es"
    assert i18n._("New game") == "Nueva partida"
    assert i18n.set_language("en") == "en"
    assert i18n._("New game") == "New game"


def test_an_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx") == "en"
    assert i18n._("New game") == "New game"


@pytest.mark.parametrize(("env", "code"), [("de_DE.UTF-8", "de"), ("fr_CA.UTF-8", "fr"), ("es_MX", "es"),
                                           ("ja_JP.UTF-8", "en"), ("C", "en")])
def test_the_system_language_is_used_when_the_game_speaks_it(monkeypatch, env, code):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    assert i18n.system_language() == code


def test_the_pseudo_language_marks_only_extracted_messages():
    i18n.set_language(i18n.PSEUDO)
    assert i18n._("New game") == "⟪New game⟫"
    assert i18n._("a sentence nobody marked") == "a sentence nobody marked"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_numbers_are_written_as_each_language_writes_them(code):
    from babel.numbers import format_decimal

    locale = Locale.parse(code)
    i18n.set_language(code)
    for value in (0, 7, 1234, 98765.25, 1234567.5, -3.5, 0.04):
        assert i18n.format_number(value, 1) == format_decimal(value, format="#,##0.0", locale=code), value
        assert i18n.format_number(round(value)) == format_decimal(round(value), format="#,##0", locale=code), value
    pattern = locale.percent_formats[None]
    for fraction in (0.0, 0.125, 0.5, 1.0, 0.3333):
        pattern.frac_prec = (1, 1)
        assert i18n.format_percent(fraction, 1) == pattern.apply(fraction, locale), fraction


def test_the_german_reader_sees_a_decimal_comma():
    i18n.set_language("de")
    assert i18n.format_number(1234.5, 1) == "1.234,5"
    assert i18n.format_percent(0.125, 1) == "12,5\u00a0%"


def test_the_pseudo_language_marks_both_forms_of_a_plural_message():
    i18n.set_language(i18n.PSEUDO)
    assert i18n.ngettext("Still to come: {count} tile", "Still to come: {count} tiles", 1) == \
        "⟪Still to come: {count} tile⟫"
    assert i18n.ngettext("Still to come: {count} tile", "Still to come: {count} tiles", 2) == \
        "⟪Still to come: {count} tiles⟫"


def test_a_files_time_is_written_the_languages_way():
    import time

    when = time.mktime((2026, 3, 7, 9, 5, 0, 0, 0, -1))
    assert i18n.format_when(when) == "7 Mar 2026 09:05"
    i18n.set_language("de")
    assert i18n.format_when(when) == "7. März 2026, 09:05"
    assert i18n.format_when(when, year=False) == "7. März, 09:05"
    i18n.set_language("fr")
    assert i18n.format_when(when) == "7 mars 2026 09:05"
