"""Rated games on screen, headless: Network game → Rated games registers a name on a server
(its key kept in the settings under that server), carries it to a file and back, opens a rated
game whose waiting room is the ordinary one, shows the server's leaderboard; and a rated game's
Play screen shows no aid. Real sockets on 127.0.0.1 only, bounded waits."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pygame
import pytest

from carcassonne.app.driver import Driver
from carcassonne.app.network.server_names import name_for
from carcassonne.app.scenes.join import JoinScene
from carcassonne.app.scenes.leaderboard import LeaderboardScene
from carcassonne.app.scenes.lobby import LobbyScene
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.rated import RatedScene
from carcassonne.net.link import Link
from carcassonne.net.table import TableState

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from netkit import ServerThread  # noqa: E402


def until(d: Driver, done, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return bool(done())
        d.frames(1)
        time.sleep(0.005)
    return True


@pytest.fixture
def server(tiles_once, tmp_path):
    (tmp_path / "server").mkdir()
    with ServerThread(tiles_once, tmp_path / "server") as running:
        yield running


@pytest.fixture(scope="module")
def tiles_once():
    from carcassonne.tileset import standard_tiles

    return standard_tiles()


def rated_screen(app, d: Driver, url: str) -> RatedScene:
    app.replace_scene("join")
    join = app.top
    assert isinstance(join, JoinScene)
    d.frames(1)
    d.click(join.rated.rect.center)
    scene = app.top
    assert isinstance(scene, RatedScene)
    scene.address.text = url.split("://", 1)[-1]
    scene._changed_address()
    return scene


def register(d: Driver, scene: RatedScene, name: str) -> None:
    scene.name.text = name
    d.click(scene.register.rect.center)
    assert until(d, lambda: scene.link is None and (scene.note or scene.problem)), scene.problem


def test_a_name_is_registered_kept_per_server_exported_and_imported(make_app, server, tmp_path):
    app = make_app()
    d = Driver(app)
    scene = rated_screen(app, d, server.url)
    register(d, scene, "Ann")
    assert scene.note and not scene.problem
    kept = name_for(app.settings, server.url)
    assert kept is not None and kept.name == "Ann" and len(kept.key) >= 32
    saved = json.loads(app.storage.settings_path.read_text())
    assert saved["server_names"][server.url][0]["name"] == "Ann"
    assert name_for(app.settings, "ws://127.0.0.1:1") is None  # another server knows nothing of it
    register(d, scene, "ANN")  # taken (by this very player, with another key: a new name needs its own)
    assert "taken" in scene.problem
    scene.file.text = str(tmp_path / "ann.json")
    d.click(scene.export.rect.center)
    assert scene.note.startswith("Saved to") and (tmp_path / "ann.json").is_file()
    other = make_app()  # another computer
    d2 = Driver(other)
    there = rated_screen(other, d2, "example.org:7625")
    there.file.text = str(tmp_path / "ann.json")
    d2.click(there.import_.rect.center)
    assert name_for(other.settings, server.url) == kept and there.address.text == server.url.split("://")[1]
    there.file.text = str(tmp_path / "missing.json")
    d2.click(there.import_.rect.center)
    assert there.problem and "\n" not in there.problem
    d.frames(2)
    d2.frames(2)


def test_a_rated_game_opens_plays_without_aids_and_its_leaderboard_shows(make_app, server):
    app = make_app()
    d = Driver(app)
    scene = rated_screen(app, d, server.url)
    register(d, scene, "Ann")
    d.click(scene.open_game.rect.center)
    assert until(d, lambda: isinstance(app.top, LobbyScene)), scene.problem
    lobby = app.top
    assert until(d, lambda: lobby.code != "")
    bob = Link(server.url, app.tiles)  # Bob's copy: registered on the server, then joins
    bob.ask(lambda c: c.sign_in("Bob", "b" * 40, register=True))
    deadline = time.monotonic() + 10
    while not any(m.get("type") == "signed_in" for m in bob.poll()) and time.monotonic() < deadline:
        time.sleep(0.02)
    bob.stop()
    friend = Link(server.url, app.tiles)
    friend.conn.account = ("Bob", "b" * 40)
    friend.join(lobby.code, 1, "whatever")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=20)
    play = app.top
    assert play.turn.table.rated and not play.aids_on and not play.hints_on
    assert play.projected_scores() is None and not play.buttons["hint"].visible
    d.frames(3)
    friend.stop()
    assert not TableState(app.tiles).rated  # (a game is not rated unless the server says so)
    app.replace_scene("rated", address=server.url.split("://")[1])
    rated = app.top
    d.frames(1)
    d.click(rated.board.rect.center)
    board = app.top
    assert isinstance(board, LeaderboardScene) and board.name == "Ann"
    assert until(d, lambda: not board.loading)
    assert board.players == [] and not board.problem  # (no rated game has ended yet)
    d.frames(2)
    d.key(pygame.K_ESCAPE)
    assert until(d, lambda: isinstance(app.top, RatedScene))


def test_the_leaderboard_shows_what_the_server_sends_and_nothing_it_should_not(make_app, server):
    app = make_app()
    d = Driver(app)
    app.push_scene("leaderboard", url=server.url, player="Ann")
    board = app.top
    assert until(d, lambda: not board.loading)
    board.take({"type": "leaderboard", "page": 0, "pages": 2, "total": 51,
                "players": [{"name": "Ann\u202e" + "x" * 60, "games": 3, "mu": 30.0, "sigma": 5.0, "ordinal": 15.0},
                            "junk"]})
    board.take({"type": "history", "name": "Ann", "games": [{"place": 1, "players": 3, "score": 80, "change": 1.5}]})
    assert len(board.players) == 1 and board.later.label
    d.frames(2)
    board.take({"type": "error", "code": "no-ratings", "message": "none"})
    assert board.problem == "This server keeps no names or ratings."
    d.frames(1)
