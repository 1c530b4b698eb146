"""The camera follows the game: a computer player's tile placed off-screen is brought into
view (eased, or at once with instant animations), never while the player drags or pans;
Home fits the whole board.

The computer player is held at a gate until the player has moved the camera away, so the
tile really lands off-screen; every camera move is a posted key or mouse event.
"""

from __future__ import annotations

import threading

import pygame

from carcassonne.app.driver import Driver
from carcassonne.app.files.storage import SeatSetup, Setup
from carcassonne.app.scenes.play import AI_GLIDE, PlayScene
from carcassonne.app.session import game_from_setup, play
from carcassonne.engine import Rules

from gated_bot import install_gated_bot


def river_game_with_a_gated_computer(app, monkeypatch) -> tuple[PlayScene, threading.Event]:  # noqa: ANN001
    """A River game whose first turn is the computer's; it decides once the gate opens."""
    gate = install_gated_bot(monkeypatch)
    setup = Setup(seats=[SeatSetup("Bot", "red", "ai:normal"), SeatSetup("Ann", "blue")], seed="3",
                  rules=Rules(river=True))
    game, seats = game_from_setup(app, setup)
    play(app, game, seats)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.phase == "ai-think"
    return scene, gate


def look_away(d: Driver, scene: PlayScene) -> None:
    """Pan far to the left with the arrow key, as a player looking at something else."""
    for _ in range(14):
        d.key(pygame.K_LEFT)
    assert not scene.view_area().colliderect(scene.camera.tile_rect(0, 0))


def computer_plays_while_the_player_looks_away(make_app, monkeypatch, animation: str,  # noqa: ANN001
                                               hold_pan: bool = False) -> tuple[Driver, PlayScene]:
    """The player pans away (and, with ``hold_pan``, keeps the board grabbed); then the
    computer decides where its tile goes (the next frame shows it)."""
    app = make_app(animation=animation)
    d = Driver(app, dt=0.05)
    scene, gate = river_game_with_a_gated_computer(app, monkeypatch)
    look_away(d, scene)
    if hold_pan:
        board = scene.rects["board"]
        d.drag(board.center, (board.centerx + 30, board.centery + 20), steps=2, release=False)
    gate.set()
    # Wait for the decision in real time: a thread woken while the frame loop spins may
    # take a while to get the interpreter, and frames under the dummy driver take no time.
    scene.turn.future.result(timeout=10)
    return d, scene


def in_view(scene: PlayScene, x: int, y: int) -> bool:
    return scene.view_area().contains(pygame.Rect(scene.camera.tile_rect(x, y)))


def test_a_computer_tile_placed_off_screen_is_in_view_within_a_second(make_app, monkeypatch):
    d, scene = computer_plays_while_the_player_looks_away(make_app, monkeypatch, "normal")
    assert d.run_until(lambda: scene.phase == AI_GLIDE, 5)  # the computer has decided: its tile glides in
    d.frames(20)  # one second
    assert scene.game.turn_number == 1
    assert in_view(scene, *scene.turn.last_placed)
    assert not scene.camera.gliding


def test_with_instant_animations_the_camera_jumps_to_the_computer_tile(make_app, monkeypatch):
    d, scene = computer_plays_while_the_player_looks_away(make_app, monkeypatch, "instant")
    assert d.run_until(lambda: scene.game.turn_number == 1, 40)
    assert in_view(scene, *scene.turn.last_placed)


def test_the_camera_is_never_pulled_while_the_player_pans(make_app, monkeypatch):
    d, scene = computer_plays_while_the_player_looks_away(make_app, monkeypatch, "normal", hold_pan=True)
    held = (scene.camera.cx, scene.camera.cy)
    assert d.run_until(lambda: scene.game.turn_number == 1, 40)
    d.frames(20)
    assert (scene.camera.cx, scene.camera.cy) == held
    assert not in_view(scene, *scene.turn.last_placed)
    d.release(d.pos)
    d.frames(20)
    assert (scene.camera.cx, scene.camera.cy) == held  # no yank after letting go either


def test_a_glide_under_way_stops_when_the_player_takes_the_camera(make_app, monkeypatch):
    d, scene = computer_plays_while_the_player_looks_away(make_app, monkeypatch, "slow")
    d.dt = 0.02
    assert d.run_until(lambda: scene.phase == AI_GLIDE, 5)
    assert scene.camera.gliding
    board = scene.rects["board"]
    d.press(board.center)
    d.move((board.centerx + 10, board.centery))
    assert not scene.camera.gliding
    before = (scene.camera.cx, scene.camera.cy)
    d.frames(10)
    assert (scene.camera.cx, scene.camera.cy) == before
    d.release(d.pos)


def test_home_fits_the_whole_board_above_the_score_track(make_app, monkeypatch):
    d, scene = computer_plays_while_the_player_looks_away(make_app, monkeypatch, "instant")
    assert d.run_until(lambda: scene.phase == "human", 40)
    for _ in range(3):
        d.wheel(1, scene.rects["board"].center)
    look_away(d, scene)
    d.key(pygame.K_HOME)
    for x, y, _ in scene.game.placed_tiles():
        assert in_view(scene, x, y)
