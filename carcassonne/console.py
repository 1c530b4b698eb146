"""The command line's output, made safe for whatever text a game record holds.

Names and messages come from files anyone can write, and stdout may be anything:

- a terminal, where escape codes would be obeyed: control characters (C0 but tab and
  newline, DEL, C1) and the bidirectional overrides are printed as ``\\x1b``-style escapes;
- a stream that cannot encode every character (``PYTHONIOENCODING=cp1252``, as with
  redirected output on Windows) or a lone surrogate: ``backslashreplace`` instead of
  ``UnicodeEncodeError``;
- a pipe closed early (``| head``) or a full disk: exit status 2 (with one line on stderr
  for a write error), never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

#: Exit status when the output cannot be written, as for any other bad input.
FAILED = 2

_ESCAPED = [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0),
            *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_ESCAPES = {code: (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}") for code in _ESCAPED}


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (tab and newline kept)."""
    return text.translate(_ESCAPES)


class _Escaping:
    """A text stream that writes :func:`printable` text to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _tolerant(stream: TextIO) -> TextIO:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError):
            pass
    return _Escaping(stream)  # type: ignore[return-value]


def _silence_stdout() -> None:
    """Point stdout at the null device so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ else 1)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def run(command: Callable[[], int]) -> int:
    """Run a command that prints; its status, or :data:`FAILED` if its output could not be written."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _tolerant(out), _tolerant(err)
    try:
        status = command()
        sys.stdout.flush()
        return status
    except BrokenPipeError:  # the reader left (``| head``): nothing more to say
        _silence_stdout()
        return FAILED
    except OSError as exc:  # e.g. ENOSPC on a full disk
        _silence_stdout()
        try:
            from .i18n import _

            print(_("carcassonne: cannot write the output: {problem}").format(problem=exc.strerror or exc),
                  file=sys.stderr)
        except OSError:
            pass
        return FAILED
    finally:
        sys.stdout, sys.stderr = out, err
