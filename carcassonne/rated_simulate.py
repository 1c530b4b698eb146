"""``simulate --server URL --rated``: the rated games of :mod:`.net.rated_play`, with the
computer players' names and keys kept in the settings (``computer_names``, beside the
player's own ``server_names``), written after each game and when the run stops, so a name registered is never lost."""

from __future__ import annotations

from collections.abc import Callable

from .engine import Rules
from .net.remote_play import Result, Seating


def run_rated_games(url: str, rules: Rules, levels: list[str], games: int, seed: int, budget: float | None,
                    seating: Seating, on_result: Callable[[Result], None]) -> None:
    from .app.files.storage import Storage
    from .net.keyring import names_data, read_names
    from .net.rated_play import run_rated

    storage = Storage()
    names = read_names(storage.load_settings().computer_names)

    def save() -> None:
        settings = storage.load_settings()  # (the game may have changed others meanwhile)
        kept = read_names(settings.computer_names)
        for server, entries in names.items():
            mine = {e.name.casefold() for e in entries}
            kept[server] = [*(e for e in kept.get(server, []) if e.name.casefold() not in mine), *entries]
        settings.computer_names = names_data(kept)
        storage.save_settings(settings)

    def took(result: Result) -> None:
        save()
        on_result(result)

    try:
        run_rated(url, rules, levels, games, seed, budget, seating, names, took)
    finally:
        save()
