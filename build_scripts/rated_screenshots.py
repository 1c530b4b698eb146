"""Screenshots of rated games, taken in a real window (run under Xvfb), into
docs/screenshots/rated/: the Network game screen with its way to rated games, the Rated
games screen with the player's name on a server, the server's leaderboard with the
player's last rated games, and a rated game in play (no aid shown: no hint button, no
projected score).

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/rated_screenshots.py [--size 1024x768]

A ``carcassonne server`` of its own (loopback, a temporary data folder) first plays a few
rated games between computer players named Ann, Bob, Cid and Dora (``simulate --rated``'s
way), so the leaderboard has something to show; the window then plays as Ann, with Ann's key.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame
from board_shots import ROOT, close_app, open_app

from carcassonne.ai import get_bot
from carcassonne.app.network.server_names import remember
from carcassonne.engine import Rules
from carcassonne.net.keyring import ServerName, find
from carcassonne.net.link import Link
from carcassonne.net.rated_play import play_rated_games

OUT = ROOT / "docs" / "screenshots" / "rated"
PEOPLE = ["Ann", "Bob", "Cid", "Dora"]


def start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--data", str(data),
                             "--allow-seeds"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("listening on "), first
    return proc, first.split()[-1]


def people_seating(levels: list[str], game_index: int, seed: int, budget: float | None = None):  # noqa: ANN201
    """Each computer under a person's name (the level's index in PEOPLE), seats rotated."""
    k = len(levels)
    order = [(seat + game_index) % k for seat in range(k)]
    names = [PEOPLE[b] for b in order]
    bots = [get_bot(levels[b], seed * 1_000_003 + game_index * 101 + b) for b in order]
    return order, names, bots


def until(app, d, done, seconds: float = 20.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"not within {seconds} s: {type(app.top).__name__}")
        d.frames(1)
        time.sleep(0.01)


def main() -> int:
    app, d, shot = open_app(OUT, "instant", 0.05)
    proc, url = start_server(Path(tempfile.mkdtemp(prefix="carcassonne-rated-")))
    try:
        names: dict[str, list[ServerName]] = {}
        asyncio.run(play_rated_games(url, Rules(), ["normal", "easy", "random"], 4, 3, None, people_seating, names))
        asyncio.run(play_rated_games(url, Rules(), ["normal", "normal", "easy", "random"], 2, 8, None,
                                     people_seating, names))
        ann, bob = find(names, url, "Ann"), find(names, url, "Bob")
        assert ann is not None and bob is not None
        remember(app.settings, url, ann)
        time.sleep(0.5)  # (the last game rated)
        app.push_scene("title")
        d.frames(2)
        d.key(pygame.K_j)
        join = app.top
        d.frames(1)
        d.move(join.rated.rect.center)
        shot(app, "00-network-game")
        d.click(join.rated.rect.center)
        rated = app.top
        rated.address.text = url.split("://", 1)[1]
        rated._changed_address()
        d.move(rated.box.midbottom)
        shot(app, "01-rated-games")
        d.click(rated.board.rect.center)
        board = app.top
        until(app, d, lambda: not board.loading and bool(board.games))
        d.move(board.box.midbottom)
        shot(app, "02-leaderboard")
        d.key(pygame.K_ESCAPE)
        d.frames(1)
        d.click(rated.open_game.rect.center)
        until(app, d, lambda: type(app.top).__name__ == "LobbyScene" and app.top.code != "")
        friend = Link(url, app.tiles)
        friend.conn.account = (bob.name, bob.key)
        friend.join(app.top.code, 1, bob.name)
        until(app, d, lambda: type(app.top).__name__ == "PlayScene")
        d.frames(10)
        play = app.top
        d.move(play.rects["board"].center)
        shot(app, "03-rated-game-no-aids")
        friend.stop()
    finally:
        proc.terminate()
        proc.wait(10)
    return close_app(app)


if __name__ == "__main__":
    sys.exit(main())
