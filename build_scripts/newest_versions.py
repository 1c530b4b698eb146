"""Runs the tests with the newest release of every dependency, as a fresh install gets them.

    python build_scripts/newest_versions.py                 # a fresh venv, the newest versions, every test
    python build_scripts/newest_versions.py -m "not slow"   # arguments after the options go to pytest
    python build_scripts/newest_versions.py --write         # and, if every test passes, pin those versions

CI (``.ci/run``) and the binary's build install the versions pinned in
``build_scripts/constraints.txt``, the ones the tests last passed with, so a landing is
reproducible. A user's fresh ``pip install`` takes whatever is newest that day instead: this
check is how a new release's change (a Babel with new plural data, a pytest that warns
differently) is seen the day it appears, apart from other work. It prints each version that
differs from the pins, then the tests' result; ``--write`` moves the pins forward only when
the tests pass with the newest versions.

The venv lives in a temporary folder outside the checkout and is removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "build_scripts" / "constraints.txt"
#: What CI installs beside the extras to build and check the package.
CI_TOOLS = ["build", "twine", "wheel"]
#: Installed by venv itself, not a dependency of ours.
NOT_PINNED = {"pip"}

HEADER = """\
# The versions every test last passed with (build_scripts/newest_versions.py --write).
# CI (.ci/run) and the binary's build install through it: PIP_CONSTRAINT=build_scripts/constraints.txt.
# Versions only, no hashes: pip turns a constraint's hash into hash-checking of every
# requirement, and the game itself, installed from this checkout, has no hash to check.
"""


def pinned(path: Path = CONSTRAINTS) -> dict[str, str]:
    """The constraints file as {normalised name: version}."""
    pins: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                pins[normalise(name)] = version.strip()
    return pins


def normalise(name: str) -> str:
    """PEP 503's normal form, so ``PyTMX`` and ``pytmx`` are one package."""
    return "-".join(name.replace("_", "-").replace(".", "-").lower().split("-"))


def project() -> dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def extras() -> str:
    """Every optional extra (test, build, art...): all their dependencies are pinned."""
    return ",".join(project()["project"]["optional-dependencies"])


def build_requirements() -> list[str]:
    """The build backend's own requirements (setuptools, Babel): pinned too, since pip
    installs them for every build of the package, the wheel's included."""
    return list(project()["build-system"]["requires"])


def fresh_venv(folder: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    return folder / ("Scripts" if os.name == "nt" else "bin") / "python"


def install_newest(python: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PIP_CONSTRAINT"}
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--upgrade", "-e", f".[{extras()}]",
                    *CI_TOOLS, *build_requirements()], cwd=ROOT, env=env, check=True)


def installed(python: Path) -> dict[str, tuple[str, str]]:
    """{normalised name: (name as released, version)} of the venv, the game itself left out."""
    out = subprocess.run([str(python), "-m", "pip", "freeze", "--all", "--exclude-editable"],
                         capture_output=True, text=True, check=True).stdout
    found: dict[str, tuple[str, str]] = {}
    for line in out.splitlines():
        if "==" in line:
            name, version = line.split("==", 1)
            if normalise(name) not in NOT_PINNED:
                found[normalise(name)] = (name, version)
    return found


def report(newest: dict[str, tuple[str, str]], pins: dict[str, str]) -> None:
    changed = [(name, pins.get(key, "-"), version) for key, (name, version) in sorted(newest.items())
               if pins.get(key) != version]
    gone = sorted(set(pins) - set(newest))
    if not changed and not gone:
        print("the newest versions are the pinned ones")
    for name, old, new in changed:
        print(f"{name}: {old} -> {new}")
    for key in gone:
        print(f"{key}: {pins[key]} -> no longer installed")


def write(newest: dict[str, tuple[str, str]], path: Path = CONSTRAINTS) -> None:
    lines = [f"{name}=={version}" for _key, (name, version) in sorted(newest.items())]
    path.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true",
                        help="pin the newest versions in build_scripts/constraints.txt if every test passes")
    args, pytest_args = parser.parse_known_args(argv)
    with tempfile.TemporaryDirectory(prefix="carcassonne-newest-") as folder:
        python = fresh_venv(Path(folder) / "venv")
        install_newest(python)
        newest = installed(python)
        report(newest, pinned())
        env = {k: v for k, v in os.environ.items() if k != "PIP_CONSTRAINT"}
        status = subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
    print("the tests pass with the newest versions" if status == 0
          else "the tests fail with the newest versions: the pins stay")
    if status == 0 and args.write:
        write(newest)
        print(f"pinned in {CONSTRAINTS.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
