"""Scenes and storage: continue/load, corrupt saves, AI in a thread, settings, resizing."""

from __future__ import annotations

import pygame

from carcassonne.app.driver import Driver
from carcassonne.app.files.storage import SeatSetup, Settings, Setup, Storage, data_dir
from carcassonne.app.scenes.dialogs import MessageDialog
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.app.session import game_from_setup, play
from carcassonne.engine import Game
from carcassonne.engine.record import GameRecord

from gated_bot import install_gated_bot


def two_humans(seed: str = "7") -> Setup:
    return Setup(seats=[SeatSetup("Ann", "red"), SeatSetup("Bob", "blue")], seed=seed)


def test_data_dir_env_override(monkeypatch, tmp_path):
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv("CARCASSONNE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "carcassonne"


def test_damaged_settings_fall_back_to_defaults(data_dir):
    storage = Storage(data_dir)
    data_dir.mkdir(parents=True)
    storage.settings_path.write_text("{not json")
    assert storage.load_settings() == Settings()
    s = Settings(animation="fast", hints=False, window_size=(1600, 900))
    storage.save_settings(s)
    assert storage.load_settings() == s


def test_continue_resumes_the_autosave_after_each_turn(make_app, data_dir):
    app = make_app()
    d = Driver(app)
    game, seats = game_from_setup(app, two_humans())
    play(app, game, seats)
    scene = app.top
    d.key(pygame.K_RETURN)  # hand-over
    d.key(pygame.K_TAB)  # keyboard play: the first legal square
    d.key(pygame.K_SPACE)  # no follower
    d.key(pygame.K_SPACE)  # the turn ends
    assert game.turn_number >= 1
    record = GameRecord.load(app.storage.autosave_path)
    assert record.turns == game.history
    # "kill" the app: a new one continues from the title with the same state
    app.replace(TitleScene(app))
    d.frames()
    d.click(app.top.buttons["continue"].rect.center)
    resumed = app.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.game.history == game.history and resumed.game.scores == game.scores
    assert scene.turn.tile is not None and resumed.turn.tile == scene.turn.tile  # the same seeded draw


def test_a_corrupt_autosave_gives_a_clear_message_and_the_game_goes_on(make_app, data_dir):
    app = make_app()
    d = Driver(app)
    data_dir.mkdir(parents=True, exist_ok=True)
    app.storage.autosave_path.write_text('{"format": "carcassonne-record", "version": 1, "play')
    app.push(TitleScene(app))
    d.key(pygame.K_c)
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert "the file is cut short" in dialog.text
    d.key(pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    d.key(pygame.K_n)
    d.key(pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)


def test_the_frame_loop_runs_while_a_slow_ai_thinks(make_app, monkeypatch):
    app = make_app(animation="normal")
    d = Driver(app, dt=0.02)
    release = install_gated_bot(monkeypatch, timeout=5)
    setup = Setup(seats=[SeatSetup("Bot", "red", "ai:hard"), SeatSetup("Ann", "blue")], seed="3")
    game, seats = game_from_setup(app, setup)
    play(app, game, seats)
    scene = app.top
    assert scene.phase == "ai-think"
    updates = []
    update = scene.update
    monkeypatch.setattr(scene, "update", lambda dt: (updates.append(dt), update(dt))[1])
    d.frames(30)
    # 30 frames updated the scene while the computer player is still held at its gate:
    # the loop never waited for it (a loop that did would see the move made, or hang)
    assert len(updates) == 30 and not scene.turn.future.done()
    assert scene.phase == "ai-think" and game.turn_number == 0
    release.set()
    scene.turn.future.result(timeout=5)  # real time for the woken thread (dummy-driver frames take none)
    assert d.run_until(lambda: game.turn_number == 1, 500)


def test_layout_adapts_to_resizes_and_4k(make_app):
    app = make_app(size=(1024, 768))
    d = Driver(app)
    game, seats = game_from_setup(app, two_humans())
    play(app, game, seats)
    for size in ((1920, 1080), (3840, 2160), (800, 600), (1024, 768)):
        d.resize(size)
        w, h = app.size
        assert w >= 1024 and h >= 720
        scene = app.top
        assert scene.rects["panel"].right == w and scene.rects["board"].bottom == h
        assert scene.buttons["confirm"].rect.bottom <= h


def first_turn(make_app) -> tuple[Driver, PlayScene, Game]:  # noqa: ANN001
    """Ann's first turn of a two-person game (seed 11), the hand-over passed."""
    app = make_app()
    d = Driver(app)
    game, seats = game_from_setup(app, two_humans("11"))
    play(app, game, seats)
    scene = app.top
    d.key(pygame.K_RETURN)
    return d, scene, game


def test_rotating_and_dropping_on_a_bad_square_explains_why(make_app):
    d, scene, _game = first_turn(make_app)
    hand = scene.hand_tile_rect().center
    far = scene.camera.cell_center(0, 2)  # two squares below the start tile: touches nothing
    assert scene.rects["board"].collidepoint(far)
    d.drag(hand, far)
    assert scene.turn.pending is None and "touch" in scene.message
    before = scene.turn.rotation
    d.click(hand, button=3)
    assert scene.turn.rotation == (before + 90) % 360


def test_a_click_on_a_square_beside_the_tiles_lays_the_tile_there_as_in_the_tutorial(make_app):
    d, scene, game = first_turn(make_app)
    turn = scene.turn
    d.click(scene.camera.cell_center(0, 2))  # not beside any tile: a click there only pans
    assert turn.pending is None
    fits = sorted(turn.legal_cells())
    assert fits, "the seed's first tile fits beside the start tile as it comes"
    x, y = fits[0]
    d.click(scene.camera.cell_center(x, y))
    assert turn.pending is not None and (turn.pending.x, turn.pending.y) == (x, y)
    misfit = next((c for c in game.open_positions() if c not in turn.legal_cells()), None)
    assert misfit is not None
    d.click(scene.camera.cell_center(*misfit))  # beside the tiles but it does not fit: why not, the tile stays
    assert (turn.pending.x, turn.pending.y) == (x, y) and scene.message
    if len(fits) > 1:  # another square where it fits: the tile moves there
        d.click(scene.camera.cell_center(*fits[1]))
        assert (turn.pending.x, turn.pending.y) == fits[1]
    laid = turn.pending
    far = scene.camera.cell_center(0, 2)
    d.drag(far, (far[0] + 60, far[1]))  # a drag of the board pans and lays nothing
    assert turn.pending == laid
