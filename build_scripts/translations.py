"""The translations' build: extract the game's messages, update each catalogue, compile them.

    python build_scripts/translations.py extract   # the code and the lessons → resources/locale/carcassonne.pot
    python build_scripts/translations.py update    # the template's new messages into each .po
    python build_scripts/translations.py compile   # each .po → its .mo beside it (the game reads these)

Babel does the work (``pip install -e ".[build]"``). The ``.po`` files are the sources,
translated by hand after ``resources/locale/GLOSSARY.md``; the ``.mo`` files are compiled
from them and kept beside them so a checkout runs as it is, and a test checks they agree.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "resources" / "locale"
TEMPLATE = LOCALE / "carcassonne.pot"
#: Which files hold messages and how each is read: the code by Babel's Python extractor, the
#: lessons (``resources/lessons/*.json``) by :func:`carcassonne.tutorial.messages.extract_lessons`.
MAPPING = ROOT / "build_scripts" / "babel.cfg"
#: What marks a message in the code (carcassonne/i18n.py).
#: ``Level:3``: the computer players' descriptions (carcassonne/ai), shown on the New game screen;
KEYWORDS = ["-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "Level:3",
            "-k", "_b:3"]  # _b: the keymap's bindings, whose third argument is their help


def babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    babel("extract", "--no-default-keywords", *KEYWORDS, "--sort-by-file", "--no-wrap",
          "--project", "carcassonne", "--copyright-holder", "the Carcassonne project",
          "-F", str(MAPPING), "-o", str(TEMPLATE), ".")  # repo-relative locations


def update() -> None:
    babel("update", "--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching", "-D", "carcassonne",
          "-i", str(TEMPLATE), "-d", str(LOCALE))


def compile_all() -> None:
    babel("compile", "--statistics", "-D", "carcassonne", "-d", str(LOCALE))


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))  # the lessons' extractor is the game's own (carcassonne.tutorial.messages)
    steps = {"extract": extract, "update": update, "compile": compile_all}
    if len(sys.argv) != 2 or sys.argv[1] not in steps:
        sys.exit("usage: translations.py extract|update|compile")
    steps[sys.argv[1]]()
