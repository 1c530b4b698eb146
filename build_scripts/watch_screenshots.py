"""Screenshots of hidden hands and spectators over the network, taken in a real window (run
under Xvfb), into docs/screenshots/watch/: the New game form of a network game (a hidden hand,
watchers allowed), the waiting room with its watch code, the Network game screen's Watch
button, the Watch screen with the games anyone may watch and with a wrong code, a hidden-hand
game watched read-only (the spectators' count, the hands as backs) with the spectators' chat,
and the same game at a player's screen (their own hand, the others' backs, how many watch);
a game played to its end while a spectator chats: the results' Chat, read only.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/watch_screenshots.py [--size 1024x768]

The window is one copy of the game; the other players and spectators are connections of
their own (the client the command line uses), on a game server on 127.0.0.1.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from board_shots import ROOT, close_app, open_app

from carcassonne.app.app import App
from carcassonne.app.driver import Driver
from carcassonne.app.files.storage import SeatSetup, Setup
from carcassonne.engine import Rules
from carcassonne.net.host import Host
from carcassonne.net.link import Link
from carcassonne.net.table import Desync, TableState

OUT = ROOT / "docs" / "screenshots" / "watch"
HAND = Rules(hand=3, hand_open=False)


def until(d: Driver, done: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("the screen did not get there in time")
        d.frames(1)
        time.sleep(0.01)


class Other:
    """Another player or a spectator: a link and its table."""

    def __init__(self, url: str, tiles: object) -> None:
        self.link, self.table = Link(url, tiles), TableState(tiles)  # type: ignore[arg-type]

    def frame(self) -> None:
        for message in self.link.poll():
            try:
                self.table.apply(message)
            except Desync:
                self.link.send({"type": "sync"})


def forms(app: App, d: Driver, shot: Callable[[App, str], None]) -> None:
    """New game for the network with a hidden hand and watchers allowed; the Join screen's Watch."""
    app.replace_scene("new_game")
    d.frames(2)
    form = app.top
    d.click(form.net_options[0].rect.center)  # Open to the network
    form = app.top
    form._choose("hand", "3-hidden")
    d.click(form.net_options[3].rect.center)  # Watchers allowed
    d.move(form.box.midbottom)
    shot(app, "01-new-game-hidden-hand-watchers-allowed")
    app.replace_scene("join")
    d.frames(2)
    join = app.top
    d.move(join.watch.rect.center)
    shot(app, "02-network-game-watch-button")


def waiting_room(app: App, d: Driver, shot: Callable[[App, str], None]) -> None:
    """The host's waiting room: the join code, and the watch code beside it."""
    lobby, _url = hosted_here(app, d, Setup(seats=[SeatSetup("Ann", "red", "human"), SeatSetup("Bob", "blue", "open")],
                                            rules=HAND), "Ann's game")
    until(d, lambda: bool(lobby.watch_code and lobby.table.seats))
    d.move((5, 5))
    shot(app, "03-waiting-room-watch-code")
    lobby.link.stop()
    app.replace_scene("title")


def watching(app: App, d: Driver, shot: Callable[[App, str], None], url: str, port: int) -> None:
    """The Watch screen: the games anyone may watch, a wrong code; then a hidden-hand game
    watched read-only, and the spectators' chat."""
    tiles = app.tiles
    ann, bob = Other(url, tiles), Other(url, tiles)
    ann.link.create([{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"},
                     {"kind": "ai:normal", "color": "green", "name": "Cid"}],
                    rules=HAND.to_record(), name="Friday game", watchers=True)
    deadline = time.monotonic() + 20
    while not ann.link.code and time.monotonic() < deadline:
        ann.frame()
        time.sleep(0.05)
    bob.link.join(ann.link.code, 1, "Bob", "blue")
    while not (bob.table.started and ann.table.started) and time.monotonic() < deadline:
        ann.frame()
        bob.frame()
        time.sleep(0.05)
    app.replace_scene("watch", address=f"127.0.0.1:{port}")
    screen = app.top
    screen.name.text = "Wes"
    d.click(screen.look.rect.center)
    until(d, lambda: screen.looked)
    d.move(screen.game_buttons[0].rect.center)
    shot(app, "04-watch-screen-games-anyone-may-watch")
    screen.code.text = "K7QM2XH4PA-0123456789ABCDEF"
    d.key(pygame.K_RETURN)
    until(d, lambda: screen.link is None and bool(screen.problem))
    shot(app, "05-watch-screen-wrong-code")
    d.click(screen.game_buttons[0].rect.center)
    until(d, lambda: app.top.__class__.__name__ == "PlayScene")
    scene = app.top
    for _turn in range(6):  # a few turns by the people (the computer plays its own)
        for who, seat in ((ann, 0), (bob, 1)):
            who.frame()
            game = who.table.game
            if game is not None and who.table.current == seat:
                from carcassonne.ai import get_bot
                from carcassonne.net.protocol import play_message

                move = get_bot("normal", seat).choose(game.copy())
                who.link.send(play_message(move, game.turn_number, held=True))
        d.frames(20)
        time.sleep(0.3)
    until(d, lambda: scene.turn.phase in ("ai-think", "human"))
    d.frames(30)
    d.move(scene.rects["board"].center)
    shot(app, "06-watching-a-hidden-hand-game-read-only")
    scene.net.open_chat()
    chat = app.top
    chat.line.text = "What a city for Ann!"
    chat.send_line()
    until(d, lambda: bool(scene.turn.table.watcher_chat))
    if app.top is not chat:  # (sending closes it: opened again, the line said shows)
        scene.net.open_chat()
        chat = app.top
    d.frames(3)
    shot(app, "07-spectators-chat-among-themselves")
    chat.close()
    app.top.turn.link.stop()
    for who in (ann, bob):
        who.link.stop()


def hosted_here(app: App, d: Driver, setup: Setup, name: str) -> tuple[Any, str]:
    """A game hosted by the window's copy, watchers allowed: its waiting room, and the address
    the others reach it at."""
    app.net.port, app.net.discovery_port = 0, 0
    link = app.net.host_game(setup, 0, True, name, watchers=True)
    host = app.net.host
    assert host is not None
    app.replace_scene("lobby", link=link, url=host.local_url, hosted=True, addresses=host.addresses())
    lobby = app.top
    until(d, lambda: bool(lobby.code))
    return lobby, host.local_url


def player_screen(app: App, d: Driver, shot: Callable[[App, str], None]) -> None:
    """A player's screen in a hidden-hand game with a spectator: their own tiles, the others'
    backs, and how many watch."""
    lobby, url = hosted_here(app, d, Setup(seats=[SeatSetup("Ann", "red", "human"), SeatSetup("Bob", "blue", "open"),
                                                  SeatSetup("Cid", "green", "ai:normal")], rules=HAND), "Ann's game")
    bob = Other(url, app.tiles)
    bob.link.join(lobby.code, 1, "Bob", "blue")
    until(d, lambda: app.top.__class__.__name__ == "PlayScene")
    scene = app.top
    wes = Other(url, app.tiles)
    wes.link.watch(lobby.watch_code, None, "Wes")
    until(d, lambda: scene.turn.table.watchers == 1)
    until(d, lambda: scene.turn.can_act)
    d.frames(20)
    d.move(scene.rects["board"].center)
    shot(app, "08-player-own-hand-others-backs-one-watching")
    for other in (bob, wes):
        other.link.stop()


def after_the_game(app: App, d: Driver, shot: Callable[[App, str], None]) -> None:
    """A game played to its end at a player's screen (Ann by the keys a person would press:
    Tab puts the tile on a legal square, F a follower on its first place, Enter ends the turn) while a
    spectator chats: the results have a Chat, which shows the table's lines and the spectators'."""
    from carcassonne.ai import get_bot
    from carcassonne.net.protocol import play_message

    lobby, url = hosted_here(app, d, Setup(seats=[SeatSetup("Ann", "red", "human"), SeatSetup("Bob", "blue", "open")]),
                             "Sunday game")
    bob, wes = Other(url, app.tiles), Other(url, app.tiles)
    bob.link.join(lobby.code, 1, "Bob", "blue")
    until(d, lambda: app.top.__class__.__name__ == "PlayScene")
    scene = app.top
    wes.link.watch(lobby.watch_code, None, "Wes")
    until(d, lambda: scene.turn.table.watchers == 1)
    wes.link.send({"type": "watcher_chat", "text": "Ann is building a huge city in the north"})
    bob.link.send({"type": "chat", "text": "good luck, Ann!"})
    bot, asked, said = get_bot("normal", 2), -1, False
    deadline = time.monotonic() + 600
    while app.top is scene and time.monotonic() < deadline:
        for other in (bob, wes):
            other.frame()
        game = bob.table.game
        if game is not None and bob.table.current == 1 and asked != game.turn_number:
            asked = game.turn_number
            bob.link.send(play_message(bot.choose(game.copy()), asked))
        if not said and game is not None and game.turn_number > 40:
            wes.link.send({"type": "watcher_chat", "text": "Bob's farmers will decide this one"})
            said = True
        if scene.turn.can_act:
            for key in (pygame.K_TAB, pygame.K_f, pygame.K_RETURN):
                d.key(key)
        d.frames(2)
        time.sleep(0.01)
    until(d, lambda: app.top.__class__.__name__ == "ResultsScene", seconds=60)
    results = app.top
    until(d, lambda: results.revealed >= len(results.final))
    d.frames(5)
    d.move(results.buttons["chat"].rect.center)
    shot(app, "09-results-with-the-chat-after-the-game")
    d.click(results.buttons["chat"].rect.center)
    d.frames(3)
    shot(app, "10-the-table-and-the-spectators-chat-read-only")
    for other in (bob, wes):
        other.link.stop()


def main() -> int:
    app, d, shot = open_app(OUT, "instant", 0.05)
    server = Host(app.tiles, Path(tempfile.mkdtemp(prefix="carcassonne-watch-")), port=0)
    server.start()
    try:
        forms(app, d, shot)
        waiting_room(app, d, shot)
        watching(app, d, shot, server.local_url, server.port)
        player_screen(app, d, shot)
        after_the_game(app, d, shot)
    finally:
        server.stop()
        app.net.stop()
    return close_app(app)


if __name__ == "__main__":
    os.environ.setdefault("CARCASSONNE_NET_LOCAL", "1")
    raise SystemExit(main())
