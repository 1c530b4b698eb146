"""Build the double-click game: one file, ``dist/carcassonne`` (``.exe`` on Windows, ``.app`` on macOS).

    python build_scripts/build.py            # build
    python build_scripts/build.py --smoke    # build, then run the binary's --smoke check

Resources travel inside the binary (``--add-data``) at the place a wheel keeps them,
``carcassonne/_resources``, and are found through ``carcassonne/resources.py``; nothing
is written next to the binary. On Linux a ``carcassonne.desktop`` entry and the icon
are written beside it, ready to install (the README says how): the entry starts
``carcassonne`` from the PATH, never a path into this build folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
NAME = "carcassonne"
ICON_PNG = ROOT / "resources" / "icon" / "carcassonne.png"
ICON_ICO = ROOT / "resources" / "icon" / "carcassonne.ico"

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=Carcassonne
Comment=Build a medieval landscape tile by tile: hot-seat or against the computer
Exec=carcassonne
Icon=carcassonne
Terminal=false
Categories=Game;BoardGame;
"""


def pyinstaller_args() -> list[str]:
    sep = os.pathsep  # PyInstaller's SRC<sep>DEST separator
    args = [
        str(ROOT / "build_scripts" / "entry.py"),
        "--name", NAME,
        "--onefile",
        "--noconfirm",
        "--clean",
        "--distpath", str(DIST),
        "--workpath", str(ROOT / "build" / "pyinstaller"),
        "--specpath", str(ROOT / "build"),
        "--paths", str(ROOT),
        "--add-data", f"{ROOT / 'resources'}{sep}carcassonne/_resources",
        "--collect-submodules", "carcassonne",
        # Not used by the game; PyInstaller would otherwise follow optional imports.
        "--exclude-module", "tkinter",
        "--exclude-module", "numpy",
        "--exclude-module", "PIL",
        "--exclude-module", "pytest",
        "--exclude-module", "hypothesis",
        # the server's extra (carcassonne[server]): nodes sharing Redis, /metrics; never the game's
        "--exclude-module", "redis",
        "--exclude-module", "prometheus_client",
        "--exclude-module", "openskill",  # rated games' ratings: the server's alone
    ]
    if sys.platform.startswith("linux"):
        args.append("--strip")
    if sys.platform in ("win32", "darwin"):
        args.append("--windowed")  # no console window on a double-click
        icon = ICON_ICO if sys.platform == "win32" else ICON_PNG
        if icon.exists():
            args += ["--icon", str(icon)]
    return args


def write_desktop_entry(folder: Path = DIST) -> Path:
    """The freedesktop.org menu entry and its icon, to install with the binary (see README)."""
    folder.mkdir(parents=True, exist_ok=True)
    if ICON_PNG.exists():
        shutil.copyfile(ICON_PNG, folder / "carcassonne.png")
    entry = folder / "carcassonne.desktop"
    entry.write_text(DESKTOP_ENTRY)
    return entry


def binary_path() -> Path:
    if sys.platform == "win32":
        return DIST / f"{NAME}.exe"
    if sys.platform == "darwin" and (DIST / f"{NAME}.app").exists():
        return DIST / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return DIST / NAME


def compile_catalogues() -> None:
    """Compile the translations (``resources/locale``) with Babel, a build dependency."""
    sys.path.insert(0, str(ROOT / "build_scripts"))
    from translations import compile_all

    compile_all()


def unpinned_versions() -> list[str]:
    """Installed packages whose version is not the one the tests last passed with
    (``build_scripts/constraints.txt``): a binary built from them is not the tested one."""
    from importlib.metadata import PackageNotFoundError, version

    sys.path.insert(0, str(ROOT / "build_scripts"))
    from newest_versions import pinned

    differ = []
    for name, wanted in sorted(pinned().items()):
        try:
            have = version(name)
        except PackageNotFoundError:
            continue  # an extra this build does not need (the artwork's, the server's)
        if have != wanted:
            differ.append(f"{name} {have} (pinned {wanted})")
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="run the built binary's --smoke check")
    args = parser.parse_args(argv)
    import PyInstaller.__main__  # a build-time dependency: pip install -e ".[build]"

    start = time.perf_counter()
    differ = unpinned_versions()
    if differ:
        print("building with versions the tests did not pass with (install with "
              "PIP_CONSTRAINT=build_scripts/constraints.txt): " + ", ".join(differ))
    compile_catalogues()  # the bundle's .mo made from the .po it ships
    PyInstaller.__main__.run(pyinstaller_args())
    binary = binary_path()
    size_mb = binary.stat().st_size / 1e6 if binary.is_file() else 0.0
    print(f"built {binary.relative_to(ROOT)} ({size_mb:.1f} MB) in {time.perf_counter() - start:.0f} s")
    if sys.platform.startswith("linux"):
        print(f"desktop entry: {write_desktop_entry().relative_to(ROOT)}")
    if args.smoke:
        env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
        result = subprocess.run([str(binary), "--smoke"], env=env, timeout=300)
        print(f"smoke check: exit status {result.returncode}")
        if result.returncode:
            return result.returncode
        return server_smoke(binary)
    return 0


def server_smoke(binary: Path) -> int:
    """The binary's game server (``websockets`` bundled): it says where it listens, then
    stops cleanly on SIGTERM."""
    import signal
    import tempfile

    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([str(binary), "server", "--port", "0", "--data", data],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            first = server.stdout.readline().strip()
            server.send_signal(signal.SIGTERM)
            status = server.wait(timeout=30)
        finally:
            server.kill()
    ok = first.startswith("listening on ws://127.0.0.1:") and status == 0
    print(f"server smoke check: {first!r}, exit status {status}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
