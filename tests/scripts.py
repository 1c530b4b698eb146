"""The scripts in ``build_scripts/`` are not a package: tests load them by path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str) -> ModuleType:
    """``build_scripts/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "build_scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
