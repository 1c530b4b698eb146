"""An uncaught error leaves a log the player can send, with the version, and says where it is."""

from __future__ import annotations

import os
import subprocess
import sys

from carcassonne import __version__

CRASH_IN_THE_MAIN_LOOP = """
import carcassonne.app.app as app_module
def frame(self, dt=None):
    raise RuntimeError("a bug in a scene")
app_module.App.frame = frame
from carcassonne.cli import main
main(["--size", "1024x768"])
"""


def test_an_uncaught_error_is_logged_with_the_version_and_its_place_shown(tmp_path):
    env = dict(os.environ, CARCASSONNE_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", CRASH_IN_THE_MAIN_LOOP], env=env, capture_output=True,
                            text=True, timeout=60)
    log = tmp_path / "logs" / "errors.log"
    assert result.returncode == 1
    assert f"The details are in {log}" in result.stderr
    assert "Traceback" not in result.stderr  # the player sees one message; the details are in the file
    text = log.read_text()
    assert f"carcassonne {__version__}; Python" in text and "pygame-ce" in text
    assert "in frame\nRuntimeError: a bug in a scene" in text  # the whole traceback


def test_a_healthy_run_writes_no_log(tmp_path):
    env = dict(os.environ, CARCASSONNE_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "carcassonne", "--quit-after-first-frame"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "logs" / "errors.log").exists()


def _log_one_error(folder, message: str = "a computer player failed") -> None:  # noqa: ANN001
    import logging

    from carcassonne.app.files.errorlog import LOGGER, install

    install(folder)
    logger = logging.getLogger(LOGGER)
    try:
        logger.error(message)
    finally:
        for handler in list(logger.handlers):
            if getattr(handler, "carcassonne_error_log", False):
                logger.removeHandler(handler)
                handler.close()


def test_a_link_in_the_logs_place_is_never_followed(tmp_path, capsys):
    target = tmp_path / "elsewhere.txt"
    target.write_text("someone else's file\n")
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "errors.log").symlink_to(target)
    _log_one_error(logs)
    assert target.read_text() == "someone else's file\n"
    assert "Traceback" not in capsys.readouterr().err


def test_a_link_swapped_in_after_the_start_is_not_followed_either(tmp_path, capsys):
    import logging

    from carcassonne.app.files.errorlog import LOGGER, install

    target = tmp_path / "elsewhere.txt"
    target.write_text("someone else's file\n")
    logs = tmp_path / "logs"
    install(logs)
    (logs / "errors.log").symlink_to(target)
    logger = logging.getLogger(LOGGER)
    try:
        logger.error("after the swap")
    finally:
        for handler in list(logger.handlers):
            if getattr(handler, "carcassonne_error_log", False):
                logger.removeHandler(handler)
                handler.close()
    assert target.read_text() == "someone else's file\n"
    assert "Traceback" not in capsys.readouterr().err


def test_the_log_writes_the_home_folder_as_a_tilde(tmp_path, monkeypatch):
    from pathlib import Path

    home = tmp_path / "home" / "ann"
    home.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    assert Path.home() == home
    _log_one_error(tmp_path / "logs", f"cannot read {home / 'games' / 'a.carc.json'}")
    text = (tmp_path / "logs" / "errors.log").read_text()
    assert "cannot read ~/games/a.carc.json" in text and str(home) not in text


def test_the_sweep_never_reaches_into_a_linked_saves_folder(tmp_path):
    import time as clock

    from carcassonne.app.files.storage import Storage

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = elsewhere / ".notes.json.abcd1234"
    theirs.write_text("{}")
    old = clock.time() - 3600
    os.utime(theirs, (old, old))
    root = tmp_path / "data"
    root.mkdir()
    (root / "saves").symlink_to(elsewhere, target_is_directory=True)
    ours = root / ".settings.json.wxyz5678"
    ours.write_text("{}")
    os.utime(ours, (old, old))
    assert Storage(root).sweep() == 1
    assert theirs.exists() and not ours.exists()
