"""Where the game's resources live: inside the package, or beside it in a source checkout.

An installed game (a wheel, ``pip install .``, pipx) and the PyInstaller bundle both
carry ``resources/`` inside the package as ``carcassonne/_resources`` (``setup.py``
maps it there; ``build_scripts/build.py`` puts it at the same place in the bundle). A
source checkout or an editable install reads the repository's top-level ``resources/``.

Every resource path in the game is resolved here and nowhere else, so a package that
forgets a file fails in one obvious place (and in ``--smoke``), not deep in a scene.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: Where a wheel and the bundle keep the resources, then where a checkout does.
CANDIDATES = (PACKAGE / "_resources", PACKAGE.parent / "resources")


@cache
def root() -> Path:
    """The ``resources`` folder."""
    for folder in CANDIDATES:
        if (folder / "tilesets").is_dir():
            return folder
    raise FileNotFoundError("the game's resources folder is missing (looked in: "
                            + ", ".join(str(p) for p in CANDIDATES) + ")")


def path(*parts: str) -> Path:
    """A file or folder inside ``resources``."""
    return root().joinpath(*parts)
