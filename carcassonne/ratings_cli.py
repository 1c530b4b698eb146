"""``carcassonne ratings``: a server's leaderboard read from its data folder (or its Redis).

``--data DIR`` is the folder ``carcassonne server --data DIR`` keeps its games in (its
``ratings.sqlite3``, read only: a running server goes on undisturbed); ``--redis URL`` the
Redis its nodes share. ``--json`` prints ``{"players": [{"name", "games", "mu", "sigma",
"ordinal"}, ...]}``, the best first (the highest ordinal, mu - 3 sigma).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from .i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", metavar="DIR", default=None,
                        help=_("the server's data folder (default: the server folder in the game's data folder)"))
    parser.add_argument("--redis", metavar="URL", default=None,
                        help=_("the Redis the nodes of a server share (redis://HOST:PORT/DB), instead of --data"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def main(args: argparse.Namespace) -> int:
    from .net.ratings import Standing
    from .net.ratings_store import read_standings
    from .net.server import _default_folder
    from .net.store import StoreError, StoreUnavailable

    players: list[Standing]
    try:
        if args.redis:
            try:
                from .net.shared_ratings import read_standings as read_shared
            except ImportError:
                print(_("--redis needs the server's extra: pip install \"carcassonne[server]\""), file=sys.stderr)
                return 2
            players = asyncio.run(read_shared(args.redis))
        else:
            players = read_standings(Path(args.data) if args.data else _default_folder())
    except (StoreError, StoreUnavailable) as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"players": [p.to_json() for p in players]}))
        return 0
    if not players:
        print(_("no rated games yet"))
        return 0
    width = max(len(p.name) for p in players)
    print(_("place  name  ordinal  mu  sigma  games"))
    for place, p in enumerate(players, start=1):
        print(f"{place:>4}.  {p.name:<{width}}  {p.ordinal:7.2f}  {p.mu:6.2f}  {p.sigma:5.2f}  {p.games:>5}")
    return 0
