"""File and folder names that are not UTF-8: shown with replacement characters, never a crash."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from test_app_hostile_files import record_data, settle

from carcassonne.app import run_app
from carcassonne.app.driver import Driver
from carcassonne.app.scenes.dialogs import LoadDialog
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.engine.untrusted import shown_path

#: "gé" in Latin-1, then a byte no encoding maps: what an old archive or another system leaves.
BAD = os.fsdecode(b"g\xe9\xff")


@pytest.fixture(autouse=True)
def names_may_be_any_bytes(tmp_path):
    try:
        (tmp_path / f"{BAD}-probe").touch()
    except (OSError, UnicodeError):
        pytest.skip("this file system keeps only UTF-8 names")


def test_a_name_that_is_not_utf8_is_shown_with_replacement_characters():
    assert shown_path(BAD + ".carc.json") == "g\ufffd\ufffd.carc.json"
    assert shown_path(Path("/a") / BAD) == "/a/g\ufffd\ufffd"
    assert shown_path("Spiel – gé.carc.json") == "Spiel – gé.carc.json"


@pytest.mark.parametrize("folder", ["saves", "replays", "autosaves"])
def test_the_load_and_replays_lists_show_such_names(make_app, data_dir, folder):
    app = make_app()
    (data_dir / folder).mkdir(parents=True)
    (data_dir / folder / f"{BAD}.carc.json").write_text(json.dumps(record_data(app)), encoding="utf-8")
    (data_dir / folder / f"{BAD}2.carc.json").write_text("{", encoding="utf-8")
    d = Driver(app)
    for key in (pygame.K_l, pygame.K_r):
        app.replace(TitleScene(app))
        d.key(key)
        settle(app)
        assert not isinstance(app.top, TitleScene)
        d.key(pygame.K_RETURN)
        settle(app)


def test_a_broken_save_with_such_a_name_says_so_in_the_load_list(make_app, data_dir):
    app = make_app()
    (data_dir / "saves").mkdir(parents=True)
    (data_dir / "saves" / f"{BAD}.carc.json").write_text("{", encoding="utf-8")
    app.replace(TitleScene(app))
    Driver(app).key(pygame.K_l)
    settle(app)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    labels = [getattr(b, "label", "") for b in getattr(dialog, "rows", [])]
    assert any("\ufffd" in label for label in labels), labels


def test_the_replay_viewer_opens_such_a_file_from_the_command_line(data_dir, tmp_path):
    from carcassonne.app.app import App  # noqa: F401 - the display is set up by run_app
    from carcassonne.app.driver import random_game
    from carcassonne.engine.record import GameRecord, Seat
    from carcassonne.tileset import standard_tiles

    game = random_game(standard_tiles(), 6, seed=3)
    good = tmp_path / f"{BAD}.carc.json"
    good.write_text(json.dumps(GameRecord.from_game(game, [Seat("Ann", "red"), Seat("Bob", "blue")]).to_data()))
    bad = tmp_path / f"{BAD}-broken.carc.json"
    bad.write_text("{")
    assert run_app(["--replay", str(good), "--quit-after-first-frame"]) == 0
    assert run_app(["--replay", str(bad), "--quit-after-first-frame"]) == 0


def test_a_data_folder_whose_path_is_not_utf8(tmp_path, monkeypatch):
    folder = tmp_path / BAD / "data"
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(folder))
    (folder / "saves").mkdir(parents=True)
    (folder / "saves" / "x.carc.json").write_text("{")
    assert run_app(["--quit-after-first-frame"]) == 0
    from carcassonne.app.app import App
    from carcassonne.app.files.storage import Settings, Storage

    app = App(Storage(folder), settings=Settings(window_size=(1024, 768), animation="instant", sound=False))
    app.fps = 0
    d = Driver(app)
    for key in (pygame.K_s, pygame.K_l, pygame.K_r, pygame.K_n):
        app.replace(TitleScene(app))
        d.key(key)
        settle(app)
        assert not isinstance(app.top, TitleScene)
    app.replace(TitleScene(app))
    d.key(pygame.K_n)
    d.key(pygame.K_RETURN)
    settle(app)
    assert isinstance(app.top, PlayScene)


def test_the_command_line_names_such_a_file_with_replacement_characters(tmp_path, capsys):
    from carcassonne.cli import main

    path = tmp_path / f"{BAD}.carc.json"
    path.write_text("{")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "g\ufffd\ufffd.carc.json" in err and len(err.strip().splitlines()) == 1
