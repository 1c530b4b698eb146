"""The player's folders, by each platform's convention (platformdirs).

Saves, autosaves and replays go to the data folder, settings to the config folder,
the error log to the log folder. On Linux: ``~/.local/share/carcassonne``,
``~/.config/carcassonne``, ``~/.local/state/carcassonne/log``; on Windows
``%APPDATA%\\carcassonne`` (logs in its ``Logs``); on macOS
``~/Library/Application Support/carcassonne`` and ``~/Library/Logs/carcassonne``.

``CARCASSONNE_DATA_DIR`` puts everything in one folder instead (tests, a portable copy).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "carcassonne"
ENV_DIR = "CARCASSONNE_DATA_DIR"

# Roaming on Windows (%APPDATA%), where the game has always kept its saves.
_DIRS = PlatformDirs(APP_NAME, appauthor=False, roaming=True)


def _override() -> Path | None:
    value = os.environ.get(ENV_DIR)
    return Path(value) if value else None


def data_dir() -> Path:
    """Saves, autosaves and replays."""
    return _override() or _DIRS.user_data_path


def config_dir() -> Path:
    """Settings, the last new-game set-up and the window's place."""
    return _override() or _DIRS.user_config_path


def log_dir() -> Path:
    """The error log a player can attach to a bug report."""
    override = _override()
    return override / "logs" if override else _DIRS.user_log_path


def move_old_settings(data: Path, config: Path) -> None:
    """Settings were once kept beside the saves: move them to the config folder, once."""
    if data == config:
        return
    for name in ("settings.json", "last-setup.json"):
        old, new = data / name, config / name
        if old.is_file() and not new.exists():
            try:
                config.mkdir(parents=True, exist_ok=True)
                old.replace(new)
            except OSError:
                pass  # the old file is still read as defaults; nothing is lost
