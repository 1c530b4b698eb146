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


def _declared_requirements():
    import tomllib

    from packaging.requirements import Requirement

    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)
    names = [*project["project"]["dependencies"], *project["build-system"]["requires"]]
    for extra in project["project"]["optional-dependencies"].values():
        names += extra
    return [Requirement(text) for text in names]


def test_every_declared_dependency_is_pinned_at_a_version_it_allows():
    """CI installs through the constraints: a dependency added without its pin, or a pin
    its own specifier refuses, would make that install fail or float."""
    newest = load_script("newest_versions")
    pins = newest.pinned()
    for requirement in _declared_requirements():
        name = newest.normalise(requirement.name)
        assert name in pins, f"{requirement.name} is not in build_scripts/constraints.txt"
        assert requirement.specifier.contains(pins[name], prereleases=True), (requirement, pins[name])


def test_the_constraints_pin_exact_versions_and_nothing_else(tmp_path):
    newest = load_script("newest_versions")
    text = (ROOT / "build_scripts" / "constraints.txt").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert lines and all(line.count("==") == 1 and " " not in line for line in lines)
    assert "--hash" not in text  # pip would then demand a hash of the game itself
    written = tmp_path / "constraints.txt"
    newest.write({newest.normalise(n): (n, v) for n, v in (line.split("==") for line in lines)}, written)
    assert newest.pinned(written) == newest.pinned()
