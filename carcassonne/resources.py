"""Where the game's resources live: from source, from an install, or inside a PyInstaller bundle.

Every resource path in the game is resolved here and nowhere else, so a bundle that
forgets a file fails in one obvious place (and in ``--smoke``), not deep in a scene.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def root() -> Path:
    """The ``resources`` folder."""
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = []
    if bundle:
        candidates.append(Path(bundle) / "resources")
    here = Path(__file__).resolve().parent
    candidates.append(here.parent / "resources")  # a source checkout or editable install
    candidates.append(here / "_resources")  # a wheel install (see pyproject.toml)
    for path in candidates:
        if (path / "tilesets").is_dir():
            return path
    raise FileNotFoundError("the game's resources folder is missing (looked in: "
                            + ", ".join(str(p) for p in candidates) + ")")


def path(*parts: str) -> Path:
    """A file or folder inside ``resources``."""
    return root().joinpath(*parts)
