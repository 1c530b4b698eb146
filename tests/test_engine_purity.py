"""The rules engine is pure Python: the UI and the computer players both stand on it.

The command line's rules commands (replay, simulate, bench) and the tile definitions
they load stand on it too, so a replay never pays for a display library.
"""

import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parent / "records" / "rulebook"

NO_DISPLAY_CHECK = ("import sys; bad = [m for m in ('pygame', 'pytmx') if m in sys.modules];"
                    "print('imported:', bad, file=sys.stderr); sys.exit(3 if bad else 0)")


def _run_then_check(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", f"{code}\n{NO_DISPLAY_CHECK}"],
                          capture_output=True, text=True, timeout=120)


def test_engine_imports_neither_pygame_nor_pytmx():
    result = _run_then_check("import carcassonne.engine, carcassonne.engine.record")
    assert result.returncode == 0, result.stdout + result.stderr


def test_loading_the_tiles_imports_neither_pygame_nor_pytmx():
    result = _run_then_check("from carcassonne.tileset import standard_tiles\n"
                             "assert len(standard_tiles()) == 104")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("argv", [
    ["replay", str(RECORDS / "ann07-final-scoring.carc.json"), "--final"],
    ["replay", str(RECORDS / "ann07-final-scoring.carc.json"), "--json"],
    ["simulate", "--bots", "normal,random", "-n", "1", "--json"],
    ["bench", "--games", "2", "--json"],
], ids=["replay", "replay-json", "simulate", "bench"])
def test_rules_commands_import_neither_pygame_nor_pytmx(argv):
    code = ("import contextlib, io\nfrom carcassonne.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    status = main({argv!r})\n"
            "assert status == 0, status")
    result = _run_then_check(code)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_engine_module_mentions_pygame_or_pytmx_imports():
    engine = Path(__file__).resolve().parents[1] / "carcassonne" / "engine"
    for source in engine.glob("*.py"):
        for line in source.read_text().splitlines():
            stripped = line.strip()
            assert not stripped.startswith(("import pygame", "from pygame", "import pytmx",
                                            "from pytmx")), f"{source.name}: {line}"
