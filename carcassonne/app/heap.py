"""Giving freed memory back to the system between screens.

A game allocates and frees thousands of surfaces of every size (text, tiles, panels).
glibc's allocator keeps what is freed for reuse, scattered through its heap, so a
game left running for hours crept up by about 0.4 MiB a game although nothing was
alive any longer (``build_scripts/soak_memory.py``). ``malloc_trim`` gives the free
pages back; called once per screen change it costs a millisecond or two. Elsewhere
(Windows, macOS, musl) there is nothing to do.
"""

from __future__ import annotations

import ctypes
import sys
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _glibc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


def release_free_memory() -> bool:
    """Return the allocator's free pages to the system; True if it could."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
