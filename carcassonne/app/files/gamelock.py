"""Which copy of the game is playing a game in progress: a lock file beside its autosave.

Two copies of the game can run at once (two windows, two users of one home folder). Each
game in progress has its own autosave, written after every turn; if two copies wrote the
same one, the later would silently replace the other's game. So a copy that plays a game
first claims it: ``.<autosave name>.lock`` beside the autosave, created exclusively (only
one copy can create it, whatever the timing) and holding the process id. The lock goes
when the game ends or the copy moves on; a copy killed before that leaves it behind, and
a lock whose process is gone (or is another process under a reused id) is stale: the
next copy to claim the game removes it.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path


def lock_path(autosave: Path) -> Path:
    return autosave.with_name(f".{autosave.name}.lock")


def claim(autosave: Path) -> bool:
    """Claim the game in ``autosave`` for this process; False if another running copy has it.

    A folder that cannot be written claims nothing and says True: the game is then played
    unsaved, and :class:`~carcassonne.app.files.storage.Storage` tells the player so.
    """
    path = lock_path(autosave)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return True
    for _attempt in range(2):
        try:
            made = _create_holding_pid(path)
        except FileExistsError:
            holder = holder_of(autosave)
            if holder == os.getpid():
                return True
            if holder is not None:
                return False
            try:  # stale: its process is gone
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                return False
            continue
        except OSError:
            return True
        return made
    return False


def _create_holding_pid(path: Path) -> bool:
    """Create the lock ``path`` already holding this process's id (FileExistsError if it exists).

    The id is written to a file of this process's own and linked into place, so another copy
    never reads a lock still empty (which it would take for a stale one and remove, both
    copies then playing one game). Where the folder cannot hold links, the lock is created
    exclusively and then written."""
    mine = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        mine.write_text(f"{os.getpid()}\n", encoding="ascii")
    except OSError:
        return _create_then_write(path)
    try:
        os.link(mine, path)
        return True
    except FileExistsError:
        raise
    except OSError:
        return _create_then_write(path)  # no links here
    finally:
        try:
            mine.unlink()
        except OSError:
            pass


def _create_then_write(path: Path) -> bool:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    finally:
        os.close(fd)
    return True


def holder_of(autosave: Path) -> int | None:
    """The id of the running process that holds the game, or None if no running process does."""
    path = lock_path(autosave)
    try:
        if path.is_symlink() or not path.is_file():
            return None
        text = path.read_text(encoding="ascii", errors="replace")[:32].strip()
        written = path.stat().st_mtime
    except OSError:
        return None
    if not text.isdigit():
        return None
    pid = int(text)
    return pid if pid == os.getpid() or _running_since(pid, written) else None


def release(autosave: Path) -> None:
    """Let the game go (it ended, or this copy moved on); only this process's own lock is removed."""
    if holder_of(autosave) == os.getpid():
        try:
            lock_path(autosave).unlink()
        except OSError:
            pass


def _running_since(pid: int, written: float) -> bool:
    """Whether process ``pid`` runs and may have written a lock at ``written`` (it started before)."""
    if pid <= 0 or pid > 2**31:
        return False
    if sys.platform == "win32":
        return _windows_running(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's process: it runs
    except OSError:
        return False
    started = _started(pid)  # a process started after the lock was written only reuses the id
    return started is None or started <= written + 1


def _started(pid: int) -> float | None:
    """When process ``pid`` started (Linux's ``/proc``; None elsewhere or if unreadable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        boot = next(float(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime "))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def _windows_running(pid: int) -> bool:
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
