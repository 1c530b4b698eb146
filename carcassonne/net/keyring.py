"""The client's names on servers: for each server, the names registered there and their keys.

A key is made here (:func:`~.accounts.new_key`), kept in the settings (``server_names``)
under the server it was registered with, and only ever sent to that server: a name on one
server is nothing on another. A name can be exported to a file and imported on another
computer (:func:`export_text`, :func:`import_text`), the one way a key leaves the settings.

Reading is forgiving, as the settings' is: what is damaged is left out, never raised.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..engine import RecordError
from ..engine.untrusted import clean_name, parse_json
from .accounts import KEY_MAX, NAME_MAX, folded, key_problem, name_problem

#: What an exported name's file says it is (and its version).
EXPORT_KIND = "carcassonne-server-name"
#: Servers and names per server kept at most (the settings stay small).
MAX_SERVERS = 50
MAX_NAMES = 20


@dataclass(frozen=True)
class ServerName:
    """A name registered on one server and its key."""

    name: str
    key: str

    def to_data(self) -> dict[str, str]:
        return {"name": self.name, "key": self.key}


def server_id(url: str) -> str:
    """A server as its names are kept: its scheme, host and port, in lower case."""
    url = url.strip()
    parts = urlsplit(url if "://" in url else f"ws://{url}")
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def _name(raw: Any) -> ServerName | None:
    if not isinstance(raw, dict):
        return None
    name, key = raw.get("name"), raw.get("key")
    if not (isinstance(name, str) and isinstance(key, str)) or name_problem(name) or key_problem(key):
        return None
    if not key.isascii() or not key.isprintable() or " " in key:
        return None
    return ServerName(name, key)


def read_names(data: Any) -> dict[str, list[ServerName]]:
    """The names kept in the settings (``server_names``), what is damaged left out."""
    found: dict[str, list[ServerName]] = {}
    if not isinstance(data, dict):
        return found
    for server, names in list(data.items())[:MAX_SERVERS]:
        if not isinstance(server, str) or not isinstance(names, list):
            continue
        kept = [n for n in (_name(raw) for raw in names[:MAX_NAMES]) if n is not None]
        if kept:
            found[server_id(server)] = kept
    return found


def names_data(names: dict[str, list[ServerName]]) -> dict[str, list[dict[str, str]]]:
    """The names as the settings file keeps them."""
    return {server: [n.to_data() for n in kept] for server, kept in names.items()}


def find(names: dict[str, list[ServerName]], url: str, name: str | None = None) -> ServerName | None:
    """The name kept for a server (its first, or the one called ``name``), or None."""
    kept = names.get(server_id(url), [])
    if name is None:
        return kept[0] if kept else None
    return next((n for n in kept if folded(n.name) == folded(name)), None)


def keep(names: dict[str, list[ServerName]], url: str, entry: ServerName, first: bool = True) -> None:
    """Keep ``entry`` for a server (in place of a name of the same letters); ``first``: as
    the name this client plays under there."""
    kept = [n for n in names.get(server_id(url), []) if folded(n.name) != folded(entry.name)]
    kept = [entry, *kept] if first else [*kept, entry]
    names[server_id(url)] = kept[:MAX_NAMES]


def export_text(url: str, entry: ServerName) -> str:
    """A file that carries one name and its key to another computer (keep it secret)."""
    return json.dumps({"kind": EXPORT_KIND, "version": 1, "server": server_id(url), **entry.to_data()},
                      indent=2) + "\n"


def import_text(text: str) -> tuple[str, ServerName]:
    """The server and name a file exported; ValueError with one line if it is not one."""
    try:
        data = parse_json(text)
    except RecordError as exc:
        raise ValueError(f"not an exported name: {exc}") from None
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise ValueError("not an exported name (it says no kind 'carcassonne-server-name')")
    server = data.get("server")
    if not isinstance(server, str) or not server.startswith(("ws://", "wss://")) or len(server) > 300:
        raise ValueError("the file names no server (ws:// or wss://)")
    entry = _name(data)
    if entry is None:
        shown = clean_name(data.get("name"), "?", limit=NAME_MAX)
        raise ValueError(f"the file holds no usable name and key (name {shown}, a key of at most "
                         f"{KEY_MAX} characters)")
    return server_id(server), entry
