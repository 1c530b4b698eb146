"""The game's words in the player's language: gettext catalogues, switchable while the game runs.

English is the source language. The catalogues are ``resources/locale/<lang>/LC_MESSAGES/
carcassonne.po`` (translated by people, following ``resources/locale/GLOSSARY.md``), compiled
to ``.mo`` by the packaging (``setup.py``, ``build_scripts/build.py``) or by
``build_scripts/translations.py`` in a checkout. Text is translated when it is drawn, not when a
module is imported, so changing the language needs no restart: :func:`set_language` swaps the
catalogue and the next frame speaks the new language. Strings kept in tables are marked with
:func:`N_` so extraction finds them, and translated with :func:`_` where they are shown.

The pseudo-language ``qps`` wraps every message of the template in ``⟪ ⟫``: a test draws every
screen in it and checks no drawn text lacks the marks, i.e. nothing escaped extraction.
"""

from __future__ import annotations

import gettext
import locale
import os
import sys
from pathlib import Path

from . import resources
from .catalogue import DamagedCatalogue, load

DOMAIN = "carcassonne"
#: The languages a player can choose, by code, each named in itself.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
PSEUDO = "qps"
OPEN, CLOSE = "⟪", "⟫"

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
#: Why the language last asked for is not spoken ("" if it is): said once, on stderr and by the game.
_problem = ""


def locale_dir() -> Path:
    """Where the catalogues are (``<lang>/LC_MESSAGES/carcassonne.mo`` and the template)."""
    return resources.path("locale")


class _Pseudo(gettext.NullTranslations):
    """Every message of the template, wrapped in marks; anything else unchanged (so it shows)."""

    def __init__(self, template: Path) -> None:
        super().__init__()
        self.known = set(_msgids(template.read_text(encoding="utf-8")))

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}" if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


def _msgids(po_text: str) -> list[str]:
    """The msgid and msgid_plural strings of a .po/.pot text (enough for the pseudo-language)."""
    ids: list[str] = []
    current: list[str] | None = None
    for line in po_text.splitlines():
        if line.startswith(("msgid ", "msgid_plural ")):
            if current is not None:  # a msgid followed at once by its msgid_plural
                ids[-1] = "".join(_unquote(part) for part in current)
            current = [line.split(" ", 1)[1]]
            ids.append("")
        elif line.startswith('"') and current is not None:
            current.append(line)
        else:
            if current is not None:
                ids[-1] = "".join(_unquote(part) for part in current)
            current = None
    if current is not None:
        ids[-1] = "".join(_unquote(part) for part in current)
    return [i for i in ids if i]


def _unquote(text: str) -> str:
    import ast
    return str(ast.literal_eval(text.strip()))


def set_language(code: str) -> str:
    """Speak ``code`` from now on; an unknown code or a missing catalogue falls back to English,
    and so does a damaged one, with one line on stderr saying so (see :func:`problem`).

    Returns the language now spoken.
    """
    global _catalogue, _language, _problem
    _problem = ""
    if code == PSEUDO:
        _catalogue, _language = _Pseudo(locale_dir() / f"{DOMAIN}.pot"), PSEUDO
        return _language
    _catalogue, _language = gettext.NullTranslations(), "en"
    if code not in LANGUAGES or code == "en":
        return _language
    path = locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        _catalogue = load(path)
    except DamagedCatalogue as exc:
        _problem = _("The {language} translation is damaged ({reason}): the game speaks English.").format(
            language=LANGUAGES[code], reason=exc)
        _say(_problem)
        return _language
    except OSError:  # a catalogue not compiled: English rather than a crash
        return _language
    _language = code
    return _language


def problem() -> str:
    """Why the language last asked for is not spoken ("" if it is, or if it has no catalogue)."""
    return _problem


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):  # no console (a windowed build) or a closed one
        pass


def language() -> str:
    """The language now spoken."""
    return _language


def system_language() -> str:
    """The system's language if the game speaks it, else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    try:
        code = (locale.getlocale()[0] or "en")[:2].lower()
    except ValueError:
        code = "en"
    return code if code in LANGUAGES else "en"


#: How each language writes numbers (as CLDR, which Babel reads, has them; a test compares):
#: the thousands separator, the decimal mark, and what follows a percentage.
_NUMBERS = {"en": (",", ".", "%"), "de": (".", ",", "\u00a0%"), "fr": ("\u202f", ",", "\u00a0%"),
            "es": (".", ",", "\u00a0%")}


def format_number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals in the language now spoken: 1,234.5 · 1.234,5 · 1 234,5."""
    group, mark, _percent = _NUMBERS.get(_language, _NUMBERS["en"])
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\0").replace(".", mark).replace("\0", group)


def format_percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0.125) as a percentage in the language now spoken: 12.5% · 12,5 % · 12,5 %."""
    return format_number(100 * fraction, digits) + _NUMBERS.get(_language, _NUMBERS["en"])[2]


def _months() -> tuple[str, ...]:
    """The months' short names in the language now spoken."""
    return (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
            pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
            pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
            pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))


def format_when(timestamp: float, year: bool = True) -> str:
    """A file's time in the language now spoken: "23 Nov 2026 11:05" · "23. Nov. 2026, 11:05"."""
    import time

    t = time.localtime(timestamp)
    words = dict(day=t.tm_mday, month=_months()[t.tm_mon - 1], year=t.tm_year, time=f"{t.tm_hour:02d}:{t.tm_min:02d}")
    if year:
        return _("{day} {month} {year} {time}").format(**words)
    return _("{day} {month} {time}").format(**words)


def _(message: str) -> str:
    """``message`` in the language now spoken."""
    return _catalogue.gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for extraction where it is kept in a table; :func:`_` translates it when shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language now spoken (each language's own plural rule)."""
    return _catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (the same English word meaning two things)."""
    return _catalogue.pgettext(context, message)
