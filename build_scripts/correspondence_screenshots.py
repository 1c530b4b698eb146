"""Screenshots of correspondence games, taken in a real window (run under Xvfb), into
docs/screenshots/correspondence/: the title screen's list of network games waiting on the
player's move (one server unreachable), and the New game form's turn timer at 3 days.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/correspondence_screenshots.py [--size 1024x768]

A ``carcassonne server`` of its own (loopback, a temporary data folder) holds three games
with a timer of days; it is stopped, the turns' stored clocks are moved back (as if days had
passed) and it is started again on the same port, so the list shows real waits read back
from the store after a restart.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from board_shots import ROOT, close_app, open_app

from carcassonne.app.network.netplay import KeptGame
from carcassonne.engine import COLORS
from carcassonne.net.client import Connection

OUT = ROOT / "docs" / "screenshots" / "correspondence"
DAY = 24 * 3600
#: The games: name, players, timer, who is kept here (seat), days since the turn began.
GAMES = [("Club ladder", ["Ann", "Bob"], 3 * DAY, 0, 2.3), ("Friday league", ["Ann", "Cid", "Dora"], 7 * DAY, 0, 0.4),
         ("Sunday cup", ["Ann", "Eve"], DAY, 1, 0.2)]


def start_server(data: Path, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "carcassonne", "server", "--port", str(port), "--data", str(data),
                             "--allow-seeds"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("listening on "), first
    return proc, first.split()[-1]


async def open_games(url: str, app_tiles) -> list[KeptGame]:  # noqa: ANN001
    kept = []
    for seed, (name, players, seconds, mine, _days) in enumerate(GAMES, start=3):
        conns = [Connection(url, app_tiles) for _ in players]
        for conn in conns:
            await conn.open()
        plans = [{"kind": "human", "color": COLORS[0], "name": players[0]}]
        plans += [{"kind": "open", "color": COLORS[i]} for i in range(1, len(players))]
        await conns[0].create(plans, name=name, turn_seconds=seconds, seed=seed)
        for i, conn in enumerate(conns[1:], start=1):
            await conn.join(conns[0].code, i, players[i], COLORS[i])
        kept.append(KeptGame(conns[0].game_id, url, list(conns[mine].tokens), name, False))
        for conn in conns:
            await conn.close()
    return kept


def age_clocks(data: Path, kept: list[KeptGame]) -> None:
    with sqlite3.connect(data / "lobby.sqlite3") as db:
        for game, (_n, _p, _s, _m, days) in zip(kept, GAMES, strict=True):
            db.execute("UPDATE games SET turn_started = turn_started - ? WHERE id = ?", (days * DAY, game.game))


def main() -> int:
    app, d, shot = open_app(OUT, "instant", 0.05)
    data = Path(tempfile.mkdtemp(prefix="carcassonne-corresp-"))
    proc, url = start_server(data)
    try:
        kept = asyncio.run(open_games(url, app.tiles))
        proc.terminate()
        proc.wait(10)
        age_clocks(data, kept)
        proc, _url = start_server(data, int(url.rsplit(":", 1)[1]))
        app.net.keep(KeptGame("0123456789abcdef", "ws://127.0.0.1:9", ["x" * 32], "Old game", False))
        for game in reversed(kept):
            app.net.keep(game)
        app.replace_scene("title")
        title = app.top
        deadline = time.monotonic() + 30
        while title.waiting.snapshot.rounds < 1 and time.monotonic() < deadline:
            d.frames(1)
            time.sleep(0.02)
        d.frames(2)
        d.move(title.waiting.buttons[0].rect.center if title.waiting.buttons else (10, 10))
        shot(app, "01-title-your-move")
        app.replace_scene("new_game")
        form = app.top
        d.frames(1)
        d.click(form.net_options[0].rect.center)  # Open to the network
        form.turn_seconds = str(3 * DAY)
        form._build()
        d.frames(2)
        shot(app, "02-new-game-timer-3-days")
    finally:
        proc.terminate()
        proc.wait(10)
    return close_app(app)


if __name__ == "__main__":
    sys.exit(main())
