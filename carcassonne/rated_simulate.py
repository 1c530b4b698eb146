"""``simulate --server URL --rated``: the rated games of :mod:`.net.rated_play`, with the
computer players' names and their keys kept in ``computer-names.json`` in the config folder
(beside the settings, where the player's own names are kept), written after each game and
when the run stops, so a name registered is never lost."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from .engine import RecordError, Rules
from .engine.record import write_atomically
from .engine.untrusted import parse_json, read_text
from .net.keyring import ServerName, names_data, read_names
from .net.remote_play import Result, Seating

FILE_NAME = "computer-names.json"


def names_file() -> Path:
    """Where the computer players' names are kept: the game's config folder
    (``CARCASSONNE_DATA_DIR`` instead, as for the settings)."""
    override = os.environ.get("CARCASSONNE_DATA_DIR")
    if override:
        return Path(override) / FILE_NAME
    from platformdirs import PlatformDirs

    return PlatformDirs("carcassonne", appauthor=False, roaming=True).user_config_path / FILE_NAME


def read_kept(path: Path) -> dict[str, list[ServerName]]:
    """The names kept (none if the file is missing or damaged)."""
    try:
        return read_names(parse_json(read_text(path)))
    except RecordError:
        return {}


def run_rated_games(url: str, rules: Rules, levels: list[str], games: int, seed: int, budget: float | None,
                    seating: Seating, on_result: Callable[[Result], None]) -> None:
    from .net.rated_play import run_rated

    path = names_file()
    names = read_kept(path)

    def save() -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, json.dumps(names_data(names), indent=2) + "\n")
        except OSError as exc:  # the names stay registered; the next run registers others
            print(f"{path}: {exc.strerror or exc}", file=sys.stderr, flush=True)

    def took(result: Result) -> None:
        save()
        on_result(result)

    try:
        run_rated(url, rules, levels, games, seed, budget, seating, names, took)
    finally:
        save()
