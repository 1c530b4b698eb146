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

from .i18n import _, ngettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", metavar="DIR", default=None,
                        help=_("the server's data folder (default: the server folder in the game's data folder)"))
    parser.add_argument("--redis", metavar="URL", default=None,
                        help=_("the Redis the nodes of a server share (redis://HOST:PORT/DB), instead of --data"))
    parser.add_argument("--player", metavar="NAME", default=None,
                        help=_("one player's rated games instead, the newest first"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def main(args: argparse.Namespace) -> int:
    from .net.ratings import Standing
    from .net.ratings_store import read_standings
    from .net.server import _default_folder
    from .net.store import StoreError, StoreUnavailable

    if args.player is not None:
        return _history(args)
    players: list[Standing]
    try:
        if args.redis:
            try:
                from .net.shared_ratings import read_standings as read_shared
            except ImportError:
                print(_no_redis(), file=sys.stderr)
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


def _no_redis() -> str:
    return _("--redis needs the server's extra: pip install \"carcassonne[server]\"")


def _history(args: argparse.Namespace) -> int:
    """``--player NAME``: that player's rated games, the newest first."""
    from .net.accounts import folded
    from .net.ratings_store import read_history
    from .net.server import _default_folder
    from .net.store import StoreError, StoreUnavailable

    try:
        if args.redis:
            try:
                from .net.shared_ratings import read_history as read_shared
            except ImportError:
                print(_no_redis(), file=sys.stderr)
                return 2
            found = asyncio.run(read_shared(args.redis, folded(args.player)))
        else:
            found = read_history(Path(args.data) if args.data else _default_folder(), folded(args.player))
    except (StoreError, StoreUnavailable) as exc:
        print(exc, file=sys.stderr)
        return 2
    if found is None:
        print(_("no player of that name on this server"), file=sys.stderr)
        return 2
    name, games = found
    if args.json:
        print(json.dumps({"name": name, "games": games}))
        return 0
    print(ngettext("{name}: {count} rated game", "{name}: {count} rated games", len(games)).format(
        name=name, count=len(games)))
    for game in games:
        print(_("  {place} of {players} · {score} points · rating {ordinal:.2f} ({change:+.2f}) · game {game}").format(
            place=game["place"], players=game["players"], score=game["score"], ordinal=game["ordinal"],
            change=game["change"], game=game["game"]))
    return 0
