"""The player's names on game servers, as the Network screens use them: the name kept for a
server, registering one, carrying one to another computer in a file, and a rated game's seats.

The names and keys live in the settings (``server_names``, read by :mod:`carcassonne.net.keyring`);
a key is only ever given to a connection to its own server (:func:`account_for`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...engine import COLORS
from ...engine.record import write_atomically
from ...engine.untrusted import read_text, shown_path
from ...i18n import _
from ...net.keyring import ServerName, export_text, find, import_text, keep, names_data, read_names, server_id
from ..files.storage import Settings

#: The players a rated game opened here may have (the creator and the open seats).
RATED_PLAYERS = ("2", "3", "4", "5", "6")
#: The largest file of an exported name read back.
IMPORT_LIMIT = 16 * 1024


def name_for(settings: Settings, url: str) -> ServerName | None:
    """The name this player plays under on the server at ``url``, or None."""
    return find(read_names(settings.server_names), url)


def account_for(settings: Settings, url: str) -> tuple[str, str] | None:
    """What a connection to ``url`` signs in with (that server's own name and key), or None."""
    found = name_for(settings, url)
    return None if found is None else (found.name, found.key)


def remember(settings: Settings, url: str, entry: ServerName) -> None:
    """Keep ``entry`` as this player's name on the server at ``url`` (the caller saves the settings)."""
    names = read_names(settings.server_names)
    keep(names, url, entry)
    settings.server_names = names_data(names)


def export_path(folder: Path, url: str, name: str) -> Path:
    """Where a name is exported by default: the data folder, named after the server and the name."""
    server = re.sub(r"[^A-Za-z0-9.-]+", "-", server_id(url).split("://", 1)[-1]).strip("-")
    who = re.sub(r"[^\w.-]+", "-", name).strip("-")
    return folder / "names" / f"{server}-{who}.json"


def export_name(path: Path, url: str, entry: ServerName) -> str:
    """Write the name and its key to ``path``; one line saying where, or why not (OSError's words)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, export_text(url, entry))
    except OSError as exc:
        raise ValueError(_("cannot write {file}: {reason}").format(file=shown_path(path),
                                                                   reason=exc.strerror or exc)) from None
    return _("Saved to {file}: keep it secret, it is your name on that server.").format(file=shown_path(path))


def import_name(path: Path) -> tuple[str, ServerName]:
    """The server and name a file holds; ValueError with one line if it cannot be read or is none."""
    try:
        text = read_text(path, IMPORT_LIMIT)
    except Exception as exc:  # noqa: BLE001 - a missing, unreadable or huge file: one line
        raise ValueError(_("cannot read {file}: {reason}").format(file=shown_path(path), reason=exc)) from None
    try:
        return import_text(text)
    except ValueError:
        raise ValueError(_("{file} holds no name exported from this game").format(file=shown_path(path))) from None


def rated_seats(players: int) -> list[dict[str, Any]]:
    """A rated game's seats: this player's (under their registered name), the others open."""
    return [{"kind": "human" if i == 0 else "open", "color": COLORS[i]} for i in range(players)]
