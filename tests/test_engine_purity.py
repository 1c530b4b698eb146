"""The rules engine is pure Python: the UI and the computer players both stand on it."""

import subprocess
import sys
from pathlib import Path


def test_engine_imports_neither_pygame_nor_pytmx():
    code = ("import sys, carcassonne.engine, carcassonne.engine.record;"
            "bad = [m for m in ('pygame', 'pytmx') if m in sys.modules];"
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_engine_module_mentions_pygame_or_pytmx_imports():
    engine = Path(__file__).resolve().parents[1] / "carcassonne" / "engine"
    for source in engine.glob("*.py"):
        for line in source.read_text().splitlines():
            stripped = line.strip()
            assert not stripped.startswith(("import pygame", "from pygame", "import pytmx",
                                            "from pytmx")), f"{source.name}: {line}"
