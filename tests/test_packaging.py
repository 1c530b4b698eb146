"""The package as a user installs it: its version, its menu entry, its resources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import carcassonne
from carcassonne import resources

from scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


def _build_script():
    return load_script("build")


def test_version_is_printed_by_the_command_line():
    result = subprocess.run([sys.executable, "-m", "carcassonne", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"carcassonne {carcassonne.__version__}"


def test_desktop_entry_starts_the_installed_game_not_a_build_folder(tmp_path):
    entry = _build_script().write_desktop_entry(tmp_path).read_text()
    lines = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert lines["Exec"] == "carcassonne" and lines["Icon"] == "carcassonne"
    assert str(ROOT) not in entry and "dist" not in entry
    assert (tmp_path / "carcassonne.png").is_file()


def test_the_bundle_keeps_resources_where_a_wheel_does():
    args = _build_script().pyinstaller_args()
    data = args[args.index("--add-data") + 1]
    assert data.endswith("carcassonne/_resources")
    assert resources.CANDIDATES[0] == Path(carcassonne.__file__).resolve().parent / "_resources"
