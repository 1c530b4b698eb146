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
