"""Reading files nobody vouches for: game records, and the app's settings and last setup.

Each thing that can go wrong becomes one :class:`RecordError` line, so every reader
fails the same clear way. These are the cases found on this stack:

- ``open()`` on a FIFO or a device blocks forever: only regular files are read, and the
  file is opened without blocking and checked again (it may be swapped in between);
- a record is small (the box's tiles, a few discards and returns): a file over
  :data:`MAX_FILE_BYTES` is refused before it is read, not after parsing millions of turns;
- ``json.loads`` raises ``RecursionError`` on deep nesting and ``ValueError`` on an
  integer of more than 4300 digits (Python's int-to-string limit), even under a key
  nobody reads;
- a name holding NUL, a lone surrogate, terminal escape codes or only zero-width
  characters breaks ``print`` and pygame's text rendering: :func:`clean_name` makes
  every name printable and drawable.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import unicodedata
from pathlib import Path
from typing import Any

from .errors import Reason, RecordError

#: Far above any real record (84 tiles with long names and every discard is under 100 KB).
MAX_FILE_BYTES = 2 * 1024 * 1024
#: No number in a record or a settings file needs more digits than this.
MAX_DIGITS = 100
#: Characters kept of a player's name.
MAX_NAME = 24

# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties.txt): drawn as nothing,
# though some are letters (the Hangul fillers); a name of only these would be blank.
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
    # Not ignorable, but a placeholder for an embedded object that fonts leave undrawn
    # (pygame: "Text has zero width"); the only such symbol the game's fonts have.
    (0xFFFC, 0xFFFC),
)
#: Controls, format characters, surrogates, private use and unassigned code points.
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def file_error(text: str, rule: str, **facts: object) -> RecordError:
    """A file that is no record, with its :class:`Reason` (rule ``file-…``) for a UI to word."""
    return RecordError(text, reason=Reason(text, rule, **facts))


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes, or RecordError saying why not.

    The reason does not name the file: callers put its name in front.
    """
    p = Path(path)
    try:
        if not p.is_file():
            if p.exists() or p.is_symlink():
                raise file_error("not a regular file", "file-not-regular")
            raise file_error("no such file", "file-missing")
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise file_error("not a regular file", "file-not-regular")
            if info.st_size > limit:
                raise file_error(f"too large for a game file ({info.st_size} bytes, at most {limit})",
                                 "file-too-large", size=info.st_size, limit=limit)
            data = f.read(limit + 1)
    except OSError as exc:
        detail = exc.strerror or str(exc)
        denied = exc.errno in (errno.EACCES, errno.EPERM)
        raise file_error(f"cannot read it: {detail}", "file-unreadable", detail=detail,
                         denied=denied) from None
    if len(data) > limit:
        raise file_error(f"too large for a game file (more than {limit} bytes)", "file-too-large",
                         size=None, limit=limit)
    return decode_text(data)


def decode_text(data: bytes) -> str:
    """The UTF-8 text of a file's bytes (a byte order mark is allowed), or RecordError."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise file_error("not a text file", "file-not-text") from None


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        n = len(digits.lstrip("-"))
        raise file_error(f"a number of {n} digits (at most {MAX_DIGITS})", "file-long-number",
                         digits=n, limit=MAX_DIGITS)
    return int(digits)


def parse_json(text: str) -> Any:
    """``json.loads`` whose every failure is one RecordError line."""
    try:
        return json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        # A string left open runs to the end of the text: the file was cut short there too.
        truncated = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        hint = " (the file looks truncated)" if truncated else ""
        raise file_error(f"not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{hint}",
                         "file-bad-json", line=exc.lineno, column=exc.colno, detail=exc.msg,
                         truncated=truncated) from None
    except RecordError:
        raise
    except RecursionError:
        raise file_error("not a game file: its JSON is nested too deeply", "file-too-deep") from None
    except ValueError as exc:  # e.g. a float the platform cannot hold
        raise file_error(f"not valid JSON: {exc}", "file-bad-json", line=None, column=None,
                         detail=str(exc), truncated=False) from None


def _ignorable(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in _IGNORABLE)


def clean_name(raw: object, fallback: str, limit: int = MAX_NAME) -> str:
    """A player's name fit to print and to draw: ``fallback`` if nothing visible is left.

    Controls (NUL, terminal escapes), format and zero-width characters, lone surrogates
    and private-use characters are dropped; any run of spaces becomes one space; the
    name is cut to ``limit`` characters.
    """
    if not isinstance(raw, str):
        return fallback
    kept: list[str] = []
    for ch in unicodedata.normalize("NFC", raw[:16 * limit]):
        category = unicodedata.category(ch)
        if ch.isspace() or category[0] == "Z":
            kept.append(" ")
        elif category not in _DROPPED_CATEGORIES and not _ignorable(ord(ch)):
            kept.append(ch)
    name = " ".join("".join(kept).split())[:limit].rstrip()
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
        return fallback
    return name


def shown_path(path: str | os.PathLike[str]) -> str:
    """A file's name or path fit to print and to draw.

    A name that is not UTF-8 reaches Python with its bad bytes as lone surrogates, which
    ``print`` and pygame refuse: each such byte is shown as U+FFFD, the replacement character.
    """
    return os.fsencode(os.fspath(path)).decode("utf-8", "replace")


def shown(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters, for quoting bad input in a one-line error."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"
