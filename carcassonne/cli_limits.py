"""Limits on the command line's numbers and folders, checked before any work starts.

A number that passes ``int`` or ``float`` can still ask for a run that never ends or fills
the memory (``simulate -n 10**26`` lists every game to play first; ``--budget inf`` lets a
computer player think forever; ``--jobs 10000`` starts ten thousand processes), and a folder
that is a file only fails after the first game, naming the wrong thing. Each is refused with
one line saying what is allowed.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from .engine.untrusted import shown_path
from .i18n import _, format_number

#: More games than any question about the computer players needs (a 400-game match answers
#: them to a few points); a day's run of the quickest players.
MAX_GAMES = 100_000
#: Processes per core: beyond a few, they only wait for each other (and each holds the tiles).
JOBS_PER_CORE = 4


def max_jobs() -> int:
    return JOBS_PER_CORE * (os.cpu_count() or 1)


def games_problem(games: int) -> str | None:
    if 1 <= games <= MAX_GAMES:
        return None
    return _("-n must be between 1 and {most}").format(most=format_number(MAX_GAMES))


def budget_problem(budget: float | None) -> str | None:
    if budget is None or (math.isfinite(budget) and budget > 0):
        return None
    return _("--budget must be a number of seconds above 0, not {value}").format(value=budget)


def jobs_problem(jobs: int) -> str | None:
    if 1 <= jobs <= max_jobs():
        return None
    return _("--jobs must be between 1 and {most} ({per_core} for each of this machine's cores)").format(
        most=max_jobs(), per_core=JOBS_PER_CORE)


def records_problem(folder: Path) -> str | None:
    """Why the games cannot be saved in ``folder`` (made if missing), or None."""
    try:
        if folder.exists() and not folder.is_dir():
            return _("--records {folder}: not a folder").format(folder=shown_path(folder))
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _("--records {folder}: {reason}").format(folder=shown_path(folder), reason=exc.strerror or exc)
    return None
