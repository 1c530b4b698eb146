"""How the application hangs together: one keymap for every key (and Help), one BoardView for
every board, ``draw`` that only draws, and a broken computer player shown, not hidden."""

from __future__ import annotations

import pygame

from carcassonne.app.board.board_view import BoardView
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.storage import SeatSetup, Setup
from carcassonne.app.scenes.dialogs import MessageDialog
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.replay import ReplayScene
from carcassonne.app.scenes.rules_help import keys as help_keys
from carcassonne.app.session import game_from_setup, open_replay, play
from carcassonne.app.ui.keymap import KEYMAP, Binding, action_for, help_rows, parse_key
from carcassonne.engine.record import GameRecord, Seat

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def two_humans(seed: str = "7") -> Setup:
    return Setup(seats=[SeatSetup("Ann", "red"), SeatSetup("Bob", "blue")], seed=seed)


def test_keys_become_actions_per_screen(make_app):
    make_app()  # pygame initialised
    assert action_for("play", pygame.K_r, 0) == "rotate"
    assert action_for("play", pygame.K_r, pygame.KMOD_LSHIFT) == "rotate-back"
    assert action_for("play", pygame.K_s, 0) == "pan-down"
    assert action_for("play", pygame.K_s, pygame.KMOD_LCTRL) == "save"
    assert action_for("play", pygame.K_z, 0) == ""
    assert action_for("play", pygame.K_z, pygame.KMOD_LCTRL) == "undo"
    assert action_for("play", pygame.K_KP_ENTER, 0) == "confirm"
    assert action_for("replay", pygame.K_SPACE, 0) == "next"
    assert action_for("play", pygame.K_SPACE, 0) == "no-follower"
    assert action_for("title", pygame.K_F11, 0) == "fullscreen"  # global, on every screen


def test_help_lists_the_keys_from_the_keymap(make_app):
    make_app()
    rows = help_keys()
    for binding in KEYMAP["play"]:
        if binding.help:
            assert any(what == binding.help for _, what in rows), binding
    assert ("Ctrl+Z / Backspace / U", "undo within the turn") in rows
    assert ("F11", "fullscreen on / off") in rows


def test_a_key_rebound_in_the_keymap_works_and_shows_in_help(make_app, monkeypatch):
    app = make_app()
    rebound = tuple(Binding("confirm", ("k",), "confirm the turn") if b.action == "no-follower" else b
                    for b in KEYMAP["play"] if b.action != "confirm")
    monkeypatch.setitem(KEYMAP, "play", rebound)
    d = Driver(app)
    game, seats = game_from_setup(app, two_humans())
    play(app, game, seats)
    d.key(pygame.K_RETURN)  # the hand-over no longer answers Enter...
    assert app.top.phase == "handover"
    d.key(pygame.K_k)  # ...but K, which now confirms
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)  # Space does nothing any more
    assert game.turn_number == 0
    d.key(pygame.K_k)
    assert game.turn_number == 1
    assert ("K", "confirm the turn") in help_rows("play")


def test_play_and_replay_show_their_board_through_one_board_view(make_app, data_dir):
    app = make_app()
    game = random_game(app.tiles, 20, seed=2)
    play(app, game, SEATS)
    assert isinstance(app.top, PlayScene) and type(app.top.board) is BoardView
    path = data_dir / "r.carc.json"
    data_dir.mkdir(parents=True, exist_ok=True)
    GameRecord.from_game(game, SEATS).save(path)
    assert open_replay(app, path) is None
    scene = app.top
    assert isinstance(scene, ReplayScene) and type(scene.board) is BoardView
    Driver(app).key(pygame.K_END)
    tiles_shown = {(s.x, s.y) for s in scene.board.sprites.get_sprites_from_layer(0)}
    assert tiles_shown == {(x, y) for x, y, _ in game.placed_tiles()}


def board_state(scene: PlayScene) -> tuple:
    t = scene.turn
    sprites = scene.board.sprites.sprites()
    return (t.phase, t.tile, t.rotation, t.pending, t.figure, scene.game.turn_number, scene.drag,
            scene.hover_spot, scene.tip, scene.message, scene.message_time,
            (scene.camera.cx, scene.camera.cy, scene.camera.level), [id(s) for s in sprites],
            [tuple(s.rect) for s in sprites], {n: b.enabled for n, b in scene.buttons.items()},
            scene.panel)


def test_drawing_the_play_scene_changes_nothing(make_app):
    app = make_app()
    d = Driver(app)
    play(app, random_game(app.tiles, 12, seed=6), SEATS)
    scene = app.top
    d.key(pygame.K_RETURN)  # hand-over
    d.key(pygame.K_TAB)  # a tile on the board: the pending tile, its frame and the lit places
    p = scene.turn.pending
    d.press(scene.follower_slots(scene.turn.player)[-1].center)  # a follower in hand over the tile
    d.move(scene.camera.cell_center(p.x, p.y), (1, 0, 0))
    scene.update(0.0)  # the state as update leaves it (a frame has already drawn it once)
    before = board_state(scene)
    for _ in range(3):
        app.draw()
    assert board_state(scene) == before


def test_a_broken_computer_player_is_shown_and_the_game_stops(make_app, monkeypatch, caplog):
    class Broken:
        def choose(self, game):  # noqa: ANN001, ANN202
            raise RuntimeError("no idea what to do")

    monkeypatch.setattr("carcassonne.app.play.turn.make_bot", lambda level, seed: Broken())
    app = make_app()
    d = Driver(app)
    setup = Setup(seats=[SeatSetup("Bot", "red", "ai:normal"), SeatSetup("Ann", "blue")], seed="3")
    game, seats = game_from_setup(app, setup)
    play(app, game, seats)
    scene = app.top
    assert d.run_until(lambda: isinstance(app.top, MessageDialog), 200)
    assert "Bot (computer) failed: RuntimeError: no idea what to do" in app.top.text
    assert game.turn_number == 0 and scene.phase == "ai-failed"
    assert "computer player Bot failed" in caplog.text
    d.key(pygame.K_RETURN)
    assert type(app.top).__name__ == "TitleScene"


def test_every_key_in_the_keymap_is_a_key_and_none_does_two_things_on_one_screen(make_app):
    make_app()
    for screen, bindings in KEYMAP.items():
        seen: dict[tuple[int, tuple[int, ...]], str] = {}
        for binding in bindings:
            for combo in binding.keys:
                code, mods = parse_key(combo)  # raises ValueError on a name pygame does not know
                assert code != pygame.K_UNKNOWN, combo
                assert seen.setdefault((code, mods), binding.action) == binding.action, (screen, combo)
