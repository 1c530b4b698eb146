"""The error log a player can attach to a bug report.

Uncaught exceptions (in the main loop or a computer player's thread) are written to
``errors.log`` in the log folder with the game's version and the system it runs on,
and the player is told where the file is: on the terminal and, when there is a
screen, in a message box. Anything else the game logs at WARNING or above (a
computer player's error, an unreadable file) goes to the same file.

The log is meant to be sent, so it writes the player's home folder as ``~``; and it is
written only as a file of its own: a symbolic link in its place (or in the place of its
rotated copy) is never followed, so the game appends to nothing else.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

from ... import __version__

LOG_NAME = "errors.log"
LOGGER = "carcassonne"
#: A log this big is rotated (one old copy kept), so it never grows without end.
MAX_BYTES = 512 * 1024


def versions() -> str:
    """What a bug report needs first: which game, which Python, which SDL, which system."""
    try:
        import pygame

        display = f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})"
    except Exception:  # noqa: BLE001 - the report must be written even when pygame is broken
        display = "pygame not loaded"
    return (f"carcassonne {__version__}; Python {platform.python_version()}; {display}; "
            f"{platform.platform()}")


class _Log(logging.handlers.RotatingFileHandler):
    """The rotating log file, opened without following a link, failing silently (the game goes on)."""

    def _open(self):  # type: ignore[no-untyped-def]
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        return open(self.baseFilename, self.mode, encoding=self.encoding,  # noqa: SIM115
                    opener=lambda path, _flags: os.open(path, flags, 0o644))

    def shouldRollover(self, record: logging.LogRecord) -> int:
        try:
            return super().shouldRollover(record)
        except OSError:
            return False

    def handleError(self, record: logging.LogRecord) -> None:
        """A log that cannot be written (a link in its place, a full disk) is no reason for a traceback."""


class _HomeAsTilde(logging.Formatter):
    """Writes the player's home folder as ``~``: the log is sent to strangers."""

    def __init__(self, fmt: str) -> None:
        super().__init__(fmt)
        home = str(Path.home())
        self.home = home if len(home) > 1 else ""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return text.replace(self.home, "~") if self.home else text


def install(folder: Path) -> Path:
    """Send warnings and uncaught exceptions to ``folder/errors.log``; returns its path.

    The file is created only when something is written, so a healthy game leaves none.
    """
    path = folder / LOG_NAME
    logger = logging.getLogger(LOGGER)
    for old in list(logger.handlers):
        if getattr(old, "carcassonne_error_log", False):
            logger.removeHandler(old)
            old.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise IsADirectoryError(str(path))  # not a log of ours: leave it, and what it points to, alone
        handler: logging.Handler = _Log(path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8", delay=True)
    except OSError:
        handler = logging.StreamHandler()  # an unwritable folder: the terminal at least
    handler.setLevel(logging.WARNING)
    handler.setFormatter(_HomeAsTilde(f"%(asctime)s %(levelname)s [{__version__}] %(name)s: %(message)s"))
    handler.carcassonne_error_log = True  # type: ignore[attr-defined]
    logger.addHandler(handler)

    def excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        report(path, kind, exc, tb)

    def thread_excepthook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        logging.getLogger(LOGGER).error("uncaught in thread %s; %s", getattr(args.thread, "name", "?"),
                                        versions(), exc_info=(args.exc_type, args.exc_value, args.exc_traceback))

    sys.excepthook = excepthook
    threading.excepthook = thread_excepthook
    return path


def report(path: Path, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    """Log an uncaught exception and tell the player where the log is."""
    logging.getLogger(LOGGER).critical("the game stopped on an error; %s", versions(), exc_info=(kind, exc, tb))
    text = "".join(traceback.format_exception_only(kind, exc)).strip()
    message = (f"Carcassonne stopped on an error: {text}\n\nThe details are in {path}; "
               "please attach that file to a bug report.")
    try:
        print(message, file=sys.stderr)  # None without a console (Windows launcher): nothing printed
    except (OSError, ValueError):
        pass
    show_message_box("Carcassonne stopped", message)


def show_message_box(title: str, message: str) -> None:
    """A system message box when there is a screen (never under the dummy video driver)."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return
    try:
        import pygame

        pygame.display.message_box(title, message, message_type="error")
    except Exception:  # noqa: BLE001 - telling the player is best effort; the log is written
        pass
