"""Network play on screen, headless: host a game from the New game form, a friend joins
(a pygame-free link standing for the other copy of the game), turns go both ways, the
status, the chat and the refusals show; real sockets on 127.0.0.1 only, bounded waits."""

from __future__ import annotations

import time

import pygame
import pytest

from carcassonne.app.driver import Driver
from carcassonne.app.network.net_turn import NetworkTurnController
from carcassonne.app.network.netplay import server_url
from carcassonne.app.scenes.join import JoinScene
from carcassonne.app.scenes.lobby import LobbyScene
from carcassonne.app.scenes.new_game import NewGameScene
from carcassonne.app.scenes.play import PlayScene
from carcassonne.net.link import Link
from carcassonne.net.table import Desync, TableState


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("CARCASSONNE_NET_LOCAL", "1")


def hosting_app(make_app, **app_options):
    app = make_app(**app_options)
    app.net.port, app.net.discovery_port = 0, 0
    HOSTING.append(app)
    return app


HOSTING: list = []


@pytest.fixture(autouse=True)
def stop_hosts():
    """Every app's server and answerer stop with its test."""
    yield
    while HOSTING:
        HOSTING.pop().net.stop()


def until(d: Driver, done, seconds: float = 15.0) -> bool:
    """Run frames until ``done()``, for at most ``seconds``; each frame lets the network
    threads run (a test's frames, uncapped, would otherwise keep them waiting)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return bool(done())
        d.frames(1)
        time.sleep(0.005)
    return True


class Friend:
    """The other copy of the game, reduced to its link and its table."""

    def __init__(self, url: str, tiles) -> None:
        self.link, self.table = Link(url, tiles), TableState(tiles)

    def frame(self) -> None:
        for message in self.link.poll():
            try:
                self.table.apply(message)
            except Desync:
                self.link.send({"type": "sync"})

    def play_first_fit(self) -> None:
        game = self.table.game
        p = sorted(game.legal_placements(self.table.tile))[0]
        self.link.send({"type": "play", "x": p.x, "y": p.y, "rotation": p.rotation, "turn": game.turn_number})


def open_game(app, d: Driver, seats=("human", "open")) -> LobbyScene:
    app.replace_scene("new_game")
    form = app.top
    assert isinstance(form, NewGameScene)
    d.click(form.net_options[0].rect.center)  # Open to the network
    assert form.network and form.start.label == "Open the game"
    while len(form.setup.seats) < len(seats):
        form._add()
    for i, kind in enumerate(seats):
        form.setup.seats[i].kind = kind
    form._build()
    d.click(form.start.rect.center)
    lobby = app.top
    assert isinstance(lobby, LobbyScene), getattr(form, "error", "")
    assert until(d, lambda: lobby.code != "", seconds=15)
    return lobby


def joined_by_bob(make_app):
    """A game hosted here with Bob joined from a second connection, on the Play screen:
    the app, its driver, Bob and the scene."""
    app = hosting_app(make_app)
    d = Driver(app)
    lobby = open_game(app, d)
    friend = Friend(app.net.host.local_url, app.tiles)
    friend.link.join(lobby.code, None, "Bob")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15)
    return app, d, friend, app.top


def test_a_hosted_game_is_played_from_both_sides(make_app):
    app = hosting_app(make_app)
    d = Driver(app)
    lobby = open_game(app, d)
    host = app.net.host
    assert host is not None and lobby.addresses == [host.local_url]
    d.frames(2)  # the waiting room, drawn with its code
    friend = Friend(host.local_url, app.tiles)
    friend.link.join(lobby.code, None, "Bob", "green")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15)
    scene = app.top
    assert isinstance(scene.turn, NetworkTurnController) and scene.turn.held == {0}
    assert app.net.kept()[0].hosted
    for _round in range(3):
        if scene.turn.game.current == 0:
            assert until(d, lambda: scene.turn.can_act, seconds=10)
            before = scene.game.turn_number
            d.key(pygame.K_TAB)  # keyboard play: the first legal square (sent as "lay")
            d.key(pygame.K_SPACE)
            d.key(pygame.K_SPACE)  # the move goes to the server, which plays it
            assert until(d, lambda before=before: scene.game.turn_number > before, seconds=10)
        assert until(d, lambda: (friend.frame(), friend.table.current == 1)[1]
                           and scene.turn.phase in ("ai-think", "human"), seconds=10)
        before = scene.game.turn_number
        friend.play_first_fit()
        assert until(d, lambda before=before: scene.game.turn_number > before and scene.turn.phase == "human",
                     seconds=10)
    friend.frame()
    assert scene.game.history == friend.table.game.history
    assert scene.game.scores == friend.table.game.scores
    # the chat reaches the table, cleaned
    friend.link.send({"type": "chat", "text": "hi\u202e there"})
    assert until(d, lambda: scene.turn.table.chat and scene.turn.table.chat[-1]["text"] == "hi there",
                       seconds=10)
    d.click(scene.net.chat.rect.center)
    assert type(app.top).__name__ == "ChatDialog"
    d.type_text("hello")
    d.key(pygame.K_RETURN)
    assert until(d, lambda: (friend.frame(), [c["text"] for c in friend.table.chat][-1:] == ["hello"])[1],
                       seconds=10)
    # the friend leaves: the seat's dot goes grey and the wait is counted
    friend.link.stop()
    assert until(d, lambda: scene.turn.table.seats[1]["connected"] is False, seconds=10)
    if scene.turn.game.current == 0:
        d.key(pygame.K_TAB)
        d.key(pygame.K_SPACE)
        d.key(pygame.K_SPACE)
        assert until(d, lambda: scene.turn.game.current == 1, seconds=10)
    d.frames(2)
    status = scene.net.status()
    assert status is not None and status[0].startswith("Waiting for Bob (disconnected 0:0")
    assert scene.net.handed_seat() is None  # not before 30 s


def test_the_host_may_refuse_hints_and_set_a_timer(make_app):
    app = hosting_app(make_app)
    d = Driver(app)
    app.replace_scene("new_game")
    form = app.top
    d.click(form.net_options[0].rect.center)
    d.click(form.net_options[1].rect.center)  # the turn timer: 0:30
    d.click(form.net_options[2].rect.center)  # hints: off
    form.setup.seats[1].kind = "open"
    d.click(form.start.rect.center)
    lobby = app.top
    assert until(d, lambda: lobby.code != "", seconds=15)
    friend = Friend(app.net.host.local_url, app.tiles)
    friend.link.join(lobby.code, 1, "Bob")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15)
    scene = app.top
    assert not scene.buttons["hint"].visible
    d.frames(2)
    left = scene.net.time_left()
    assert left is not None and 25 < left <= 30
    friend.link.stop()


def test_a_form_without_a_seat_from_the_network_says_so(make_app):
    app = hosting_app(make_app)
    d = Driver(app)
    app.replace_scene("new_game")
    form = app.top
    d.click(form.net_options[0].rect.center)
    d.click(form.start.rect.center)
    assert isinstance(app.top, NewGameScene) and form.error == "Choose at least one seat from the network."
    assert app.net.host is None  # nothing listens until a game is really opened


def test_a_wrong_join_code_is_one_line_on_the_join_screen(make_app):
    app = hosting_app(make_app)
    d = Driver(app)
    host = app.net.start_host()
    app.replace_scene("join")
    join = app.top
    assert isinstance(join, JoinScene)
    join.address.text = f"127.0.0.1:{host.port}"
    join.code.text = "WRONG1"
    join.name.text = "Bob"
    d.key(pygame.K_RETURN)
    assert until(d, lambda: join.link is None and join.problem, seconds=15)
    assert join.problem == "No game has that join code."
    assert isinstance(app.top, JoinScene)
    d.frames(2)


def test_a_server_that_cannot_be_reached_is_one_line(make_app):
    app = hosting_app(make_app)
    d = Driver(app)
    app.replace_scene("join")
    join = app.top
    join.address.text = "127.0.0.1:1"
    join.code.text = "ABCDEF"
    join.name.text = "Bob"
    d.click(join.join_button.rect.center)
    assert until(d, lambda: join.link is None and join.problem, seconds=15)
    assert join.problem.startswith("Cannot reach the game:")


def test_a_hosted_game_opens_again_after_a_restart(make_app, data_dir):
    app = hosting_app(make_app)
    d = Driver(app)
    lobby = open_game(app, d, seats=("human", "open"))
    code = lobby.code
    app.replace_scene("title")
    app.net.stop()  # the app quits: the server stops with it
    again = hosting_app(make_app)
    d2 = Driver(again)
    again.replace_scene("join")
    join = again.top
    assert join.kept and join.kept[0].hosted
    d2.click(join.kept_buttons[0].rect.center)
    assert until(d2, lambda: isinstance(again.top, LobbyScene), seconds=15)
    lobby2 = again.top
    assert until(d2, lambda: bool(lobby2.table.seats), seconds=15)
    assert lobby2.held == {0} and lobby2.table.seats[1]["open"]  # the same game: seat 1 waits for a friend
    assert lobby2.code == code and lobby2.addresses == [again.net.host.local_url]
    d2.frames(2)
    again.net.stop()


@pytest.mark.parametrize("typed, url", [("192.168.1.20", "ws://192.168.1.20:7625"),
                                        ("host:7000", "ws://host:7000"), ("ws://h:1", "ws://h:1"),
                                        ("", None), ("a b", None), (":7625", None)])
def test_an_address_typed_by_hand(typed, url):
    assert server_url(typed) == url


@pytest.mark.parametrize("bad", [
    {"type": "seats", "seats": [1, "x", None]},
    {"type": "seats", "seats": [{"name": 5, "color": [], "kind": {}, "away": "long", "connected": "yes"}]},
    {"type": "chat", "seat": "x", "name": ["a"], "text": None},
    {"type": "turn", "at": "zero", "turns": "none"},
    {"type": "turn", "at": 0, "turns": [{"tile": 5}]},
    {"type": "state", "game": 1},
    {"type": "pending", "pending": "here"},
    {"type": "timeout", "seat": []},
    {"type": "error", "code": 7, "message": {"x": 1}},
    {"type": "surprise"},
])
def test_a_hostile_server_message_never_breaks_the_play_screen(make_app, bad):
    app, d, friend, scene = joined_by_bob(make_app)
    scene.turn.link._inbox.put(bad)  # as if the server had sent it
    d.frames(3)
    assert isinstance(app.top, PlayScene)
    scene.draw(app.screen)
    friend.link.stop()


def test_hot_seat_seats_at_the_host_are_the_host_connection_s(make_app):
    app = hosting_app(make_app)
    d = Driver(app)
    lobby = open_game(app, d, seats=("human", "human", "open"))
    friend = Friend(app.net.host.local_url, app.tiles)
    friend.link.join(lobby.code, None, "Cid", "green")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15)
    scene = app.top
    assert scene.turn.held == {0, 1} and scene.turn.human_seats == [0, 1]
    assert scene.turn.phase == "handover"  # the mouse goes to the first person here
    d.key(pygame.K_RETURN)
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)
    d.key(pygame.K_SPACE)
    assert until(d, lambda: scene.turn.game.current == 1 and scene.turn.phase == "handover", seconds=10)
    friend.link.stop()


def test_the_host_s_hand_over_waits_for_the_server_s_word(make_app):
    app, d, friend, scene = joined_by_bob(make_app)
    friend.link.stop()
    assert until(d, lambda: scene.turn.table.seats[1]["connected"] is False, seconds=10)
    assert not scene.net.hand_over.visible  # not before 30 s
    scene.turn.table.seats = [dict(s) for s in scene.turn.table.seats]
    scene.turn.table.seats[1]["away"] = 31.0  # as if Bob had been away half a minute here
    d.frames(2)
    assert scene.net.hand_over.visible and scene.net.hand_over.label == "Computer plays for Bob"
    d.click(scene.net.hand_over.rect.center)
    # the server counts by its own clock: too soon, said in one line
    assert until(d, lambda: "wait 30 s before handing the seat over" in scene.message, seconds=10)


def test_a_turn_whose_timer_runs_out_is_played_by_the_computer_and_shown(make_app):
    from carcassonne.app.files.storage import SeatSetup, Setup

    app = hosting_app(make_app)
    d = Driver(app)
    setup = Setup(seats=[SeatSetup("Ann", "red", "human"), SeatSetup("Bob", "blue", "open")])
    link = app.net.host_game(setup, turn_seconds=2, hints=True, name="quick")
    host = app.net.host
    app.replace_scene("lobby", link=link, url=host.local_url, hosted=True, addresses=host.addresses())
    lobby = app.top
    assert until(d, lambda: lobby.code != "" and lobby.table.seats, seconds=15)
    from carcassonne.app.ui.widgets import recording_layout
    with recording_layout() as log:  # the waiting room says the timer and what it does
        app.draw()
    assert any(text.startswith("Turn timer: 0:02 a turn. When it runs out, the computer lays the tile")
               for text, *_ in log.texts)
    friend = Friend(host.local_url, app.tiles)
    friend.link.join(lobby.code, 1, "Bob")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15)
    scene = app.top
    assert scene.turn.game.current == 0 and scene.turn.phase == "human"
    said, say = [], scene.net.say
    scene.net.say = lambda text, colour, seconds: (said.append(text), say(text, colour, seconds))
    d.key(pygame.K_TAB)  # the tile laid, but never confirmed: the timer runs out
    assert scene.turn.pending is not None
    assert until(d, lambda: scene.game.turn_number >= 1, seconds=15)
    assert "Time ran out: the computer played for Ann." in said  # on the board...
    assert scene.turn.pending is None
    d.frames(3)  # ...still there once Bob's turn began (its greeting hid it at once)
    assert scene.turn.seat.name == "Bob" and scene.message.startswith("Time ran out: the computer played for Ann.")
    first = scene.overlay.entries()[0]  # ...and in the move log
    assert first.text.startswith("Time ran out: the computer played for Ann. Ann placed ")
    assert scene.game.history[0].figure is None  # the tile alone
    assert until(d, lambda: (friend.frame(),
                                scene.game.history == friend.table.game.history[:len(scene.game.history)])[1],
                       seconds=10)
    friend.link.stop()


def test_a_lost_host_is_said_and_the_game_goes_on_when_it_is_back(make_app, data_dir):
    from carcassonne.net.host import Host

    app, d, friend, scene = joined_by_bob(make_app)
    host = app.net.host
    port, folder = host.port, host.folder
    host.stop()
    assert until(d, lambda: scene.net.status() is not None
                       and scene.net.status()[0] == "Connection lost: reconnecting…", seconds=15)
    d.frames(2)
    again = Host(app.tiles, folder, port=port)
    again.start()
    try:
        assert until(d, lambda: scene.turn.link.status == "open", seconds=30)
        assert until(d, lambda: scene.turn.can_act, seconds=10)
        before = scene.game.turn_number
        d.key(pygame.K_TAB)
        d.key(pygame.K_RETURN)
        assert until(d, lambda: scene.game.turn_number > before, seconds=10)
    finally:
        friend.link.stop()
        scene.turn.link.stop()
        again.stop()


def test_the_tile_laid_on_another_screen_shows_here_before_it_is_confirmed(make_app):
    app, d, friend, scene = joined_by_bob(make_app)
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)  # Ann's turn: now Bob's
    assert until(d, lambda: (friend.frame(), friend.table.current == 1)[1] and scene.turn.phase == "ai-think",
                       seconds=10)
    p = sorted(friend.table.game.legal_placements(friend.table.tile))[0]
    friend.link.send({"type": "lay", "x": p.x, "y": p.y, "rotation": p.rotation})
    assert until(d, lambda: scene.turn.pending_elsewhere is not None, seconds=10)
    assert scene.turn.pending_elsewhere[0] == p
    assert scene.board_marks().pending == p
    friend.link.send({"type": "undo"})
    assert until(d, lambda: scene.turn.pending_elsewhere is None, seconds=10)
    friend.link.stop()


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 720), (3840, 2160)])
def test_no_network_screen_text_runs_past_its_box(make_app, size, language):
    from carcassonne import i18n
    from carcassonne.app.ui.widgets import recording_layout, set_ui_percent

    set_ui_percent({(1280, 720): 100, (3840, 2160): 200}.get(size, 0))  # (issue 42: the smallest, 4K at 200 %)

    def overflows() -> list[str]:
        with recording_layout() as log:
            app.draw()
        return log.overflows(app.screen.get_rect())

    app = hosting_app(make_app, size=size)
    d = Driver(app)
    d.resize(size)
    i18n.set_language(language)
    try:
        found: dict[str, list[str]] = {}
        app.replace_scene("new_game")
        d.click(app.top.net_options[0].rect.center)
        d.frames(1)
        found["new_game"] = overflows()
        app.replace_scene("join")
        join = app.top
        join.problem = "x" * 300
        d.frames(1)
        found["join"] = overflows()
        lobby = open_game(app, d)
        lobby.problem = "a refusal " * 30
        d.frames(1)
        found["lobby"] = overflows()
        friend = Friend(app.net.host.local_url, app.tiles)
        friend.link.join(lobby.code, None, "Bartholomew")
        assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15), (
            friend.link.problem, lobby.link.status, lobby.table.started, app.top)
        scene = app.top
        friend.link.send({"type": "chat", "text": "w" * 150})
        friend.link.send({"type": "chat", "text": "a long chat line of many words " * 5})
        assert until(d, lambda: len(scene.turn.table.chat) == 2, seconds=10)
        friend.link.stop()
        assert until(d, lambda: scene.turn.table.seats[1]["connected"] is False, seconds=10)
        d.frames(2)
        found["play"] = overflows()
        d.click(scene.net.chat.rect.center)
        d.frames(1)
        found["chat"] = overflows()
        assert {k: v for k, v in found.items() if v} == {}
    finally:
        i18n.set_language("en")


def test_another_protocol_version_is_one_line_naming_both(make_app, monkeypatch):
    import carcassonne.net.client as client

    app = hosting_app(make_app)
    d = Driver(app)
    host = app.net.start_host()
    monkeypatch.setattr(client, "PROTOCOL_VERSION", 99)
    app.replace_scene("join")
    join = app.top
    join.address.text = f"127.0.0.1:{host.port}"
    join.code.text = "ABCDEF"
    join.name.text = "Bob"
    d.key(pygame.K_RETURN)
    assert until(d, lambda: join.link is None and join.problem, seconds=15)
    assert "protocol 2" in join.problem and "protocol 99" in join.problem and "\n" not in join.problem
    d.frames(1)


def test_the_waiting_room_says_the_rules_the_server_will_play(make_app):
    """A friend waiting for the game sees its rules (here the host's Inns & Cathedrals)."""
    from carcassonne.app.ui.widgets import recording_layout

    app = hosting_app(make_app)
    d = Driver(app)
    setup = app.storage.load_setup()
    setup.rules = setup.rules.replace(inns_cathedrals=True)
    app.storage.save_setup(setup)
    lobby = open_game(app, d, seats=("human", "open", "ai:normal", "open", "ai:easy", "open"))
    assert until(d, lambda: lobby.table.rules is not None, seconds=15)
    with recording_layout() as log:
        app.draw()
    texts = [t for t, *_ in log.texts]
    assert "Rules" in texts and any("Inns & Cathedrals" in t for t in texts), texts
    assert log.overflows(app.screen.get_rect()) == []


def drawn_texts(app) -> list[str]:  # noqa: ANN001
    """What the last frame drawn showed (recorded as the app drew it, input or not)."""
    return DRAWN[-1] if DRAWN else []


DRAWN: list[list[str]] = []


def recording_draws(app, monkeypatch) -> None:  # noqa: ANN001
    """Record the texts of every frame the app really draws (it draws only after input or while
    a scene says something moves)."""
    from carcassonne.app.ui.widgets import recording_layout

    DRAWN.clear()
    plain = app.draw

    def draw() -> None:
        with recording_layout() as log:
            plain()
        DRAWN.append([t for t, *_ in log.texts])

    monkeypatch.setattr(app, "draw", draw)


def test_the_join_screen_shows_the_networks_answer_without_the_mouse_moving(make_app, monkeypatch):
    """Issue 42: "Connecting…" stayed until the mouse moved, and the first search "Looking…" until
    Look was pressed again: the answer is drawn the frame it comes."""
    app = hosting_app(make_app)
    d = Driver(app)
    recording_draws(app, monkeypatch)
    app.replace_scene("join")
    join = app.top
    assert until(d, lambda: not join.finder.looking, seconds=15)
    d.frames(2)
    assert "No game found yet." in drawn_texts(app) and "Looking…" not in drawn_texts(app)
    join.address.text = "127.0.0.1:1"
    join.code.text = "ABCDEF"
    join.name.text = "Bob"
    d.click(join.join_button.rect.center)
    assert until(d, lambda: join.link is None and join.problem, seconds=15)
    d.frames(2)  # no input at all meanwhile
    assert "Connecting…" not in drawn_texts(app)
    assert any(t.startswith("Cannot reach the game:") for t in drawn_texts(app)), (drawn_texts(app), join.problem)


def test_join_starts_with_the_name_and_colour_last_joined_with_never_the_hosts(make_app, data_dir):
    """Issue 42: Join began with the New game form's first seat (the host's name and colour), so
    the first Join failed with "Another player has that colour" even for any free seat."""
    host_app = hosting_app(make_app)
    d = Driver(host_app)
    lobby = open_game(host_app, d, seats=("human", "open", "open"))  # Ann, red, hosts
    host_app.replace_scene("join")
    join = host_app.top
    assert join.name.text == "" and join.color == "" and join.colour.text() == "seat's colour"
    join.address.text = f"127.0.0.1:{host_app.net.host.port}"
    join.code.text = lobby.code
    join.name.text = "Bob"
    d.click(join.join_button.rect.center)  # any free seat, the seat's own colour: never taken
    assert until(d, lambda: isinstance(host_app.top, LobbyScene), seconds=15), join.problem
    kept = host_app.storage.load_settings()
    assert (kept.join_name, kept.join_color) == ("Bob", "")
    host_app.replace_scene("join")
    again = host_app.top
    assert again.name.text == "Bob"
    for _ in range(3):
        d.click(again.colour.rect.center)
    assert again.color == "green"  # after the seat's own: red, blue, green
    for _ in range(4):
        d.click(again.colour.rect.center)
    assert again.color == ""  # round again


def test_leaving_a_network_game_keeps_it_once_with_its_turn_and_time(make_app, monkeypatch):
    """Issue 42: the menu promised that Continue would take the host back (it was greyed), and
    Open again listed the game twice, with neither date nor turn."""
    app, d, friend, scene = joined_by_bob(make_app)
    d.key(pygame.K_ESCAPE)
    menu = app.top
    assert menu.title == "Menu"  # the game goes on meanwhile: not "Paused"
    d.click(next(b for b in menu.buttons if b.label == "Quit to title").rect.center)
    assert "Open again" in app.top.text and "Continue" not in app.top.text
    d.key(pygame.K_RETURN)
    assert type(app.top).__name__ == "TitleScene"
    app.net.stop()  # the app quits: its server is served on another port next time
    again = hosting_app(make_app)
    again.replace_scene("join")
    join = again.top
    assert len(join.kept) == 1 and join.kept[0].when > 0
    d2 = Driver(again)
    recording_draws(again, monkeypatch)
    d2.frames(1)
    assert any(t.startswith("hosted here · turn 1 · ") for t in drawn_texts(again))
    friend.link.stop()


def test_a_long_chat_line_ends_in_an_ellipsis_and_the_chat_shows_it_whole(make_app, monkeypatch):
    """Issue 42: long lines stopped at two lines with no "…", and the Chat showed no history."""
    app, d, friend, scene = joined_by_bob(make_app)
    long = "the road to the north is mine unless somebody closes the city first, " * 2
    friend.link.send({"type": "chat", "text": long.strip()})
    assert until(d, lambda: len(scene.turn.table.chat) == 1, seconds=10)
    d.frames(1)
    recording_draws(app, monkeypatch)
    d.frames(1)
    said = [t for t in drawn_texts(app) if t.startswith("Bob: ") or "road" in t]
    assert len(said) == 2 and said[-1].endswith("…")
    d.click(scene.net.chat.rect.center)
    chat = app.top
    assert type(chat).__name__ == "ChatDialog"
    from carcassonne.app.ui.widgets import recording_layout
    monkeypatch.undo()  # (the frames' own recording)
    with recording_layout() as log:
        app.draw()
    whole = " ".join(t for t, _r, at, _n in log.texts if chat.said.collidepoint(at))
    assert " ".join(whole.split()) == "Bob: " + " ".join(long.split())
    friend.link.stop()
