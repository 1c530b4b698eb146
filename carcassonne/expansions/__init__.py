"""Every expansion the game knows: one package each, found through this registry.

An expansion is a package ``carcassonne/expansions/<name>/`` holding all of it, each part in
the layer it belongs to (``docs/ARCHITECTURE.md``, "Adding an expansion"):

- ``__init__.py`` declares it to the engine (:class:`~carcassonne.engine.expansion.Expansion`:
  its rules keys, its figures, its record keys) and ``rules.py`` holds its rule modules
  (pure Python, as the engine);
- ``ai.py``: how the computer players value it; ``words.py``: its sentences (refusals,
  the move log, hints, the command line); ``app.py``: how it is drawn and offered (its
  figures, the marks on its tiles, its New game option, its rules pages).

Each layer finds its part with :func:`part` and never names an expansion. Adding an
expansion is adding its package (and its tiles under ``resources/``, its words in the
catalogues) and one line below. The order is the order of a record's rules keys.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.expansion import Expansion

#: The packages, in the order of their keys in a record (``docs/game-record.md``).
PACKAGES: list[str] = [
    "carcassonne.expansions.river",
    "carcassonne.expansions.abbot",
    "carcassonne.expansions.hand",
    "carcassonne.expansions.inns_cathedrals",
    "carcassonne.expansions.traders_builders",
    "carcassonne.expansions.princess_dragon",
]


@cache
def declared() -> tuple[Expansion, ...]:
    """Every expansion's declaration, in registry order."""
    return tuple(import_module(package).EXPANSION for package in PACKAGES)


def named(name: str) -> Expansion:
    """The expansion called ``name``; KeyError if there is none."""
    for expansion in declared():
        if expansion.name == name:
            return expansion
    raise KeyError(name)


@cache
def part(name: str, layer: str) -> ModuleType | None:
    """The ``layer`` part (``ai``, ``words``, ``app``) of the expansion ``name``, or None if
    it has none."""
    package = next(p for p in PACKAGES if p.rsplit(".", 1)[1] == name)
    try:
        return import_module(f"{package}.{layer}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{layer}":
            raise
        return None


def parts(layer: str) -> list[ModuleType]:
    """The ``layer`` part of every expansion that has one, in registry order."""
    found = (part(expansion.name, layer) for expansion in declared())
    return [module for module in found if module is not None]


def register(package: str) -> None:
    """Add an expansion package by its dotted path (the tests' own example expansions)."""
    if package not in PACKAGES:
        PACKAGES.append(package)
    forget()


def unregister(package: str) -> None:
    if package in PACKAGES:
        PACKAGES.remove(package)
    forget()


def forget() -> None:
    """Drop what was read from the registry (after :func:`register`)."""
    declared.cache_clear()
    part.cache_clear()
