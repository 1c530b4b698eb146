"""Ending a server's background work: cancelled, and waited for, within a bound."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any

#: Seconds between two cancels of work that has not ended yet.
CANCEL_AGAIN = 0.1


async def cancel_all(tasks: Iterable[asyncio.Task[Any]], within: float) -> set[asyncio.Task[Any]]:
    """Cancel ``tasks`` and wait up to ``within`` seconds for them to end; those still running
    then are returned. A task is cancelled again each round: a cancel arriving as a read's own
    timeout fires is turned into that timeout (and lost) by the read, so one cancel may not do."""
    deadline = time.monotonic() + within
    pending = {task for task in tasks if not task.done()}
    while pending:
        for task in pending:
            task.cancel()
        left = deadline - time.monotonic()
        if left <= 0:
            break
        _done, pending = await asyncio.wait(pending, timeout=min(CANCEL_AGAIN, left))
    return pending
