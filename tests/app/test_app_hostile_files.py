"""Hostile files and broken data folders, driven headless through the app's own entry points.

A bad save, autosave, settings or last setup shows one clear message (or falls back to
defaults) and the game goes on; a data folder that cannot be written lets the game start
and play, telling the player once that saving is not possible.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.app import run_app
from carcassonne.app.app import App
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.storage import SeatSetup, Settings, Setup, Storage
from carcassonne.app.scenes.dialogs import MessageDialog
from carcassonne.app.scenes.new_game import NewGameScene
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.replay import ReplayScene, open_replay
from carcassonne.app.scenes.title import TitleScene
from carcassonne.app.session import start_new
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.untrusted import clean_name

HOSTILE_NAMES = ["\x00", "Ann\x00", "\ud800", "\u200b\u200d\ufeff", "\x1b[2J", "\u3164", "e\u0301" * 3000]


def record_data(app: App, names: tuple[str, str] = ("Ann", "Bob")) -> dict:
    game = random_game(app.tiles, 6, seed=3)
    seats = [Seat(names[0], "red"), Seat(names[1], "blue")]
    return GameRecord.from_game(game, seats).to_data()


def hostile_texts(app: App) -> dict[str, str]:
    good = json.dumps(record_data(app))
    aliased = record_data(app)
    first = aliased["turns"][0]
    first["x"], first["y"] = first["x"] - 1, first["y"] + 1024  # packs to the same square
    return {
        "nested": good[:-1] + ', "note": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "digits": good[:-1] + ', "note": ' + "9" * 5000 + "}",
        "aliased square": json.dumps(aliased),
        **{f"name {n[:4]!r}": json.dumps(record_data(app, (n, "Bob"))) for n in HOSTILE_NAMES},
    }


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.frame(0.05)


def only_dialog_or(app: App, kind: type) -> None:
    assert isinstance(app.top, (MessageDialog, kind)), app.top


def test_continue_with_a_hostile_autosave_shows_one_message_or_plays(make_app, data_dir):
    app = make_app()
    d = Driver(app)
    for label, text in hostile_texts(app).items():
        app.replace(TitleScene(app))
        data_dir.mkdir(exist_ok=True)
        (data_dir / "autosave.carc.json").write_text(text, encoding="utf-8")
        d.key(pygame.K_c)
        settle(app)
        only_dialog_or(app, PlayScene)
        if isinstance(app.top, PlayScene):
            assert all(clean_name(n, "?") == n for n in app.top.game.names), label


def test_the_load_and_replays_lists_show_hostile_saves(make_app, data_dir):
    app = make_app()
    (data_dir / "saves").mkdir(parents=True)
    for n, text in enumerate(hostile_texts(app).values()):
        (data_dir / "saves" / f"game_{n}.carc.json").write_text(text, encoding="utf-8")
    d = Driver(app)
    for key in (pygame.K_l, pygame.K_r):
        app.replace(TitleScene(app))
        d.key(key)
        settle(app)
        assert not isinstance(app.top, TitleScene)


def test_the_replay_viewer_opens_hostile_files_or_says_why(make_app, tmp_path):
    app = make_app()
    for label, text in hostile_texts(app).items():
        path = tmp_path / "hostile.carc.json"
        path.write_text(text, encoding="utf-8")
        app.replace(TitleScene(app))
        reason = open_replay(app, path)
        settle(app)
        if reason is None:
            assert isinstance(app.top, ReplayScene), label
        else:
            assert "\n" not in reason and len(reason) < 300, reason


@pytest.mark.parametrize("text", [
    "[" * 50_000,
    '{"window_size": [' + "9" * 5000 + ", 900]}",
    '{"animation": [], "window_size": {"a": 1}, "sound": "yes"}',
    "\x00\xff",
])
def test_the_game_starts_whatever_the_settings_file_holds(data_dir, text):
    data_dir.mkdir()
    (data_dir / "settings.json").write_text(text, encoding="utf-8", errors="surrogateescape")
    assert run_app(["--quit-after-first-frame"]) == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_fifos_in_the_data_folder_are_never_opened(make_app, data_dir):
    data_dir.mkdir()
    (data_dir / "autosaves").mkdir()
    for name in ("settings.json", "last-setup.json", "autosave.carc.json", "autosaves/game_1.carc.json"):
        os.mkfifo(data_dir / name)
    assert run_app(["--quit-after-first-frame"]) == 0
    app = make_app()
    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_c)  # nothing to continue: the autosave is no file
    assert isinstance(app.top, MessageDialog)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_n)
    assert isinstance(app.top, NewGameScene)
    assert open_replay(app, data_dir / "autosave.carc.json") is not None


@pytest.mark.parametrize("text", [
    "[" * 50_000,
    json.dumps({"seats": [{"name": "\x00", "color": "red"}, {"name": "\ud800\u200b", "color": "blue"}],
                "seed": "²³"}),
    json.dumps({"seats": [{"name": ["x"], "color": ["red"]}, {"name": "Bob"}], "farm_scoring": {}}),
])
def test_the_new_game_screen_opens_whatever_the_last_setup_holds(make_app, data_dir, text):
    data_dir.mkdir()
    (data_dir / "last-setup.json").write_text(text, encoding="utf-8")
    app = make_app()
    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_n)
    assert isinstance(app.top, NewGameScene)
    d.key(pygame.K_RETURN)  # start the game from that form
    settle(app)
    assert isinstance(app.top, PlayScene)
    assert all(clean_name(n, "?") == n for n in app.top.game.names)


def computer_setup() -> Setup:
    return Setup(seats=[SeatSetup("Ann", "red", "ai:easy"), SeatSetup("Bob", "blue", "ai:easy")], seed="5")


def play_unsaved(root: Path, after_start: Callable[[App], None] | None = None) -> App:
    """Start a computer-only game on ``root`` and play turns; the player is told once."""
    app = App(Storage(root), settings=Settings(animation="instant", sound=False))
    app.fps = 0
    try:
        start_new(app, computer_setup())
        if after_start is not None:
            after_start(app)
        d = Driver(app)
        told = 0
        deadline = time.monotonic() + 60  # computer turns think in a thread: wait on the clock, not frames
        while time.monotonic() < deadline:
            d.frames()
            time.sleep(0.001)
            if isinstance(app.top, MessageDialog):
                assert app.top.title == "Saving is not possible"
                told += 1
                d.key(pygame.K_RETURN)
            scenes = [s for s in app.scenes if isinstance(s, PlayScene)]
            if scenes and scenes[0].game.turn_number >= 6:
                break
        assert told == 1
        assert scenes and scenes[0].game.turn_number >= 6
        app.shutdown()  # saves the settings: must not raise either
    finally:
        for scene in reversed(app.scenes):
            scene.exit()
        app.scenes.clear()
        pygame.event.clear()
    return app


def test_a_file_where_the_data_folder_should_be(tmp_path):
    root = tmp_path / "data"
    root.write_text("not a folder")
    play_unsaved(root)
    assert root.read_text() == "not a folder"


def test_the_autosave_path_is_a_folder(tmp_path):
    root = tmp_path / "data"
    made: list[Path] = []

    def folder_in_its_place(app: App) -> None:
        path = app.storage.autosave_path
        path.unlink()
        path.mkdir()
        made.append(path)

    play_unsaved(root, folder_in_its_place)
    assert made and made[0].is_dir()
    assert not [p.name for p in made[0].parent.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_a_file_where_the_autosaves_folder_should_be(tmp_path):
    root = tmp_path / "data"
    root.mkdir()
    (root / "autosaves").write_text("not a folder")
    play_unsaved(root)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_data_folder(tmp_path):
    root = tmp_path / "data"
    root.mkdir()
    root.chmod(0o500)
    try:
        play_unsaved(root)
    finally:
        root.chmod(0o700)


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_a_full_disk_or_a_read_only_file_system(tmp_path, monkeypatch, code):
    real_replace = os.replace

    def refuse(src, dst, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        if str(dst).startswith(str(tmp_path)):
            raise OSError(code, os.strerror(code))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", refuse)
    root = tmp_path / "data"
    play_unsaved(root)
    assert not list(root.rglob(".*"))  # every temporary file was removed


def test_temporary_files_left_by_a_kill_are_swept_at_start(tmp_path):
    root = tmp_path / "data"
    (root / "saves").mkdir(parents=True)

    def left_by_a_kill(beside: Path) -> Path:  # named as write_atomically names them
        fd, name = tempfile.mkstemp(prefix=f".{beside.name}.", dir=beside.parent)
        os.close(fd)
        return Path(name)

    stale = [left_by_a_kill(root / "autosave.carc.json"), left_by_a_kill(root / "settings.json"),
             left_by_a_kill(root / "saves" / "game_2026-01-01_10-00-00.carc.json")]
    fresh = left_by_a_kill(root / "autosave.carc.json")  # maybe another running game's write
    kept = [root / "autosave.carc.json", root / "saves" / "game_1.carc.json", root / ".hidden",
            root / ".notes.json.backup"]
    for path in kept:
        path.write_text("{}")
    hour_ago = time.time() - 3600
    for path in [*stale, *kept]:
        os.utime(path, (hour_ago, hour_ago))
    app = App(Storage(root), settings=Settings(sound=False))
    app.shutdown()
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and all(p.exists() for p in kept)


def test_a_huge_size_on_the_command_line_is_clamped_and_never_saved(data_dir):
    assert run_app(["--size", "100000x100000", "--quit-after-first-frame"]) == 0
    saved = json.loads((data_dir / "settings.json").read_text())
    screen = max(pygame.display.get_desktop_sizes())
    assert saved["window_size"][0] <= max(screen[0], 1024) and saved["window_size"][1] <= max(screen[1], 768)


@pytest.fixture(scope="module")
def font() -> pygame.font.Font:
    from carcassonne.app.art.assets import Fonts

    pygame.font.init()
    return Fonts().get(20)


@settings(max_examples=300, deadline=None)
@given(raw=st.text(max_size=40) | st.sampled_from(HOSTILE_NAMES))
def test_every_cleaned_name_can_be_drawn(font, raw):
    image = font.render(clean_name(raw, "Player 1"), True, (0, 0, 0))
    assert image.get_width() > 0
