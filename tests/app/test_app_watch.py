"""Watching and hidden hands on screen, headless: a game hosted with watchers allowed is picked
from the Watch screen's list (or watched by its code) and shown read-only, both sides see how
many watch; a hand game over the network shows a player's own hand and the others' backs."""

from __future__ import annotations

import pygame
import pytest
from test_app_network import Friend, hosting_app, joined_by_bob, loopback, stop_hosts, until  # noqa: F401 - fixtures

from carcassonne.app.driver import Driver
from carcassonne.app.play.playview import held_seen
from carcassonne.app.play.turn_buttons import TURN_BUTTONS
from carcassonne.app.scenes.join import JoinScene
from carcassonne.app.scenes.lobby import LobbyScene
from carcassonne.app.scenes.new_game import NewGameScene
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.watch import WatchScene


def hosted(app, d: Driver, hand: str = "1", watchers: bool = True) -> LobbyScene:
    """A game opened to the network from the New game form (Ann here, a seat from the network)."""
    app.replace_scene("new_game")
    form = app.top
    assert isinstance(form, NewGameScene)
    d.click(form.net_options[0].rect.center)  # Open to the network
    if watchers:
        d.click(form.net_options[3].rect.center)  # Watchers allowed
        assert form.watchers_allowed
    form.setup.seats[1].kind = "open"
    form._build()
    if hand != "1":
        form._choose("hand", hand)
    d.click(form.start.rect.center)
    lobby = app.top
    assert isinstance(lobby, LobbyScene), getattr(form, "error", "")
    assert until(d, lambda: lobby.code != "" and lobby.watch_code != "", seconds=15)
    return lobby


def started_with_bob(app, d: Driver, **options) -> tuple[LobbyScene, Friend, PlayScene]:
    lobby = hosted(app, d, **options)
    friend = Friend(app.net.host.local_url, app.tiles)
    friend.link.join(lobby.code, None, "Bob")
    assert until(d, lambda: isinstance(app.top, PlayScene), seconds=15)
    return lobby, friend, app.top


def test_a_game_anyone_may_watch_is_picked_from_the_list_and_shown_read_only(make_app):
    host = hosting_app(make_app)
    d = Driver(host)
    _lobby, friend, scene = started_with_bob(host, d)
    watcher = make_app()
    w = Driver(watcher)
    watcher.replace_scene("join")
    join = watcher.top
    assert isinstance(join, JoinScene)
    join.address.text = f"127.0.0.1:{host.net.host.port}"
    w.click(join.watch.rect.center)
    screen = watcher.top
    assert isinstance(screen, WatchScene) and screen.address.text == join.address.text
    w.click(screen.look.rect.center)
    assert until(w, lambda: screen.looked, seconds=15), screen.problem
    assert len(screen.game_buttons) == 1
    w.frames(1)
    w.click(screen.game_buttons[0].rect.center)
    assert until(w, lambda: isinstance(watcher.top, PlayScene), seconds=15), screen.problem
    seen = watcher.top
    turn = seen.turn
    assert turn.watching and turn.held == set() and not turn.hints_allowed
    assert until(w, lambda: seen.net.lines and "Watching" in seen.net.lines[0][0], seconds=10)
    assert until(d, lambda: any("1 watching" in line for line, _c, _b in scene.net.lines), seconds=10)
    # the turn's buttons (Rotate, Undo, No follower, Confirm) would do nothing: a spectator sees none
    w.frames(1)
    assert not any(seen.buttons[name].visible for name in TURN_BUTTONS)
    assert all(scene.buttons[name].visible for name in ("rotate", "undo", "skip", "confirm"))
    # nothing the spectator does reaches the game: keys and the chat's line stay among spectators
    before = turn.game.turn_number
    w.key(pygame.K_TAB)
    w.key(pygame.K_SPACE)
    w.key(pygame.K_SPACE)
    w.frames(5)
    assert turn.game.turn_number == before and turn.sent is None
    seen.net.open_chat()
    chat = watcher.top
    chat.line.text = "go Ann"
    chat.send_line()
    assert until(w, lambda: bool(turn.table.watcher_chat), seconds=10)
    d.frames(3)
    assert scene.turn.table.chat == [] and scene.turn.table.watcher_chat == []
    friend.link.stop()


def test_a_game_is_watched_by_its_code_and_a_wrong_code_is_one_line(make_app):
    host = hosting_app(make_app)
    d = Driver(host)
    lobby = hosted(host, d, watchers=False)
    watcher = make_app()
    w = Driver(watcher)
    watcher.replace_scene("watch", address=f"127.0.0.1:{host.net.host.port}")
    screen = watcher.top
    screen.code.text = "NOTACODE-0123456789abcdef"
    w.key(pygame.K_RETURN)
    assert until(w, lambda: screen.link is None and screen.problem, seconds=15)
    assert screen.problem == "No game has that watch code, or its host does not let anyone watch it."
    screen.code.text = lobby.watch_code.lower()
    w.key(pygame.K_RETURN)
    assert until(w, lambda: isinstance(watcher.top, LobbyScene), seconds=15), screen.problem
    waiting = watcher.top
    assert until(w, lambda: waiting.table.watching and bool(waiting.table.seats), seconds=10)
    w.frames(2)


def test_a_hidden_hand_over_the_network_shows_ones_own_tiles_and_the_others_backs(make_app):
    host = hosting_app(make_app)
    d = Driver(host)
    _lobby, friend, scene = started_with_bob(host, d, hand="3-hidden", watchers=False)
    turn = scene.turn
    assert turn.game.holds_tiles
    friend.frame()
    assert until(d, lambda: (friend.frame(), friend.table.hands is not None)[1], seconds=10)
    mine = friend.table.hands[1]
    assert mine["count"] == 3 and len(mine["tiles"]) == 3 and "tiles" not in friend.table.hands[0]
    d.frames(2)
    # the host's screen: its own hand, and Bob's three tiles as backs
    assert held_seen(turn, 1) == (None, None, None)
    assert until(d, lambda: turn.can_act, seconds=10)
    assert set(turn.hand) <= set(turn.game.held(0)) and len(turn.game.held(0)) == 3


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_no_watch_screen_text_runs_past_its_box(make_app, size, language):
    from carcassonne import i18n
    from carcassonne.app.ui.widgets import Button, recording_layout

    app = hosting_app(make_app, size=size)
    d = Driver(app)
    d.resize(size)
    i18n.set_language(language)
    try:
        app.replace_scene("watch", address="192.168.1.20:7625")
        screen = app.top
        screen.games = [{"game": "a", "name": "A long game name of forty characters", "seats": [
            {"name": "Bartholomew"}, {"name": "Maximiliane"}, {"name": "Normal"}]}] * 2
        screen.game_buttons = [Button("Watch", lambda: None) for _game in screen.games]
        screen._refresh_widgets()
        screen.layout(size)
        screen.problem = "x " * 150
        d.frames(1)
        with recording_layout() as log:
            app.draw()
        assert log.overflows(app.screen.get_rect()) == []
    finally:
        i18n.set_language("en")


def test_the_players_read_the_spectators_chat_with_the_results(make_app):
    """The game over, the results have a Chat (button and C): what the table said, then what the
    spectators said, each marked, read only; a game at one screen has none."""
    from carcassonne.app.scenes.chat import ChatDialog
    from carcassonne.app.scenes.results import ResultsScene

    app, d, friend, scene = joined_by_bob(make_app)
    table = scene.turn.table
    table.chat = [{"type": "chat", "seat": 1, "name": "Bob", "text": "good luck"}]
    table.watcher_chat = [{"name": "Wes", "text": "nice city"}]
    assert [line["text"] for line in scene.net.chat_history()] == ["good luck"]  # not before the end
    scene.game.finish()  # (the game as its last turn leaves it)
    assert table.finished
    scene.finish_game()
    assert until(d, lambda: isinstance(app.top, ResultsScene), seconds=10)
    results = app.top
    chat_button = results.buttons["chat"]
    assert chat_button in results.widgets and app.screen.get_rect().contains(chat_button.rect)
    row = sorted((b.rect for b in results.buttons.values()), key=lambda r: r.x)
    assert all(a.right < b.x for a, b in zip(row, row[1:]))  # seven buttons side by side in the window
    d.key(pygame.K_c)
    chat = app.top
    assert isinstance(chat, ChatDialog) and chat.widgets == [chat.cancel]  # nothing can be sent
    font = app.assets.fonts.get(int(15 * chat.u))
    assert chat.lines(font) == ["Bob: good luck", "Wes (watching): nice city"]
    d.key(pygame.K_ESCAPE)
    assert app.top is results
    d.click(chat_button.rect.center)
    assert isinstance(app.top, ChatDialog)
    friend.link.stop()


def test_a_game_at_one_screen_ends_with_no_chat(make_app):
    from carcassonne.app.scenes.results import ResultsScene

    app = make_app()
    d = Driver(app)
    app.replace_scene("new_game")
    d.click(app.top.start.rect.center)
    scene = app.top
    assert isinstance(scene, PlayScene)
    scene.game.finish()
    scene.finish_game()
    assert until(d, lambda: isinstance(app.top, ResultsScene), seconds=10)
    assert "chat" not in app.top.buttons
    results = app.top
    d.key(pygame.K_c)
    assert app.top is results
