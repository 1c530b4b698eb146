"""How a turn timer and a wait read on screen: minutes and seconds for a table's timer,
hours and days for a correspondence game's (a timer of an hour or more)."""

from __future__ import annotations

from ...i18n import ngettext
from ...net.protocol import CORRESPONDENCE_SECONDS

HOUR = 3600
DAY = 24 * HOUR


def timer_length(seconds: int) -> str:
    """A turn timer's length: "1:30", "12 hours", "3 days"."""
    if seconds < CORRESPONDENCE_SECONDS:
        return f"{seconds // 60}:{seconds % 60:02d}"
    if seconds % DAY == 0:
        days = seconds // DAY
        return ngettext("{count} day", "{count} days", days).format(count=days)
    hours = max(1, round(seconds / HOUR))
    return ngettext("{count} hour", "{count} hours", hours).format(count=hours)


def waited_words(seconds: float) -> str:
    """How long a game has waited on the player's move, roughly: minutes, hours, then days."""
    if seconds < HOUR:
        minutes = max(1, int(seconds // 60))
        return ngettext("waiting {count} minute", "waiting {count} minutes", minutes).format(count=minutes)
    if seconds < 2 * DAY:
        hours = int(seconds // HOUR)
        return ngettext("waiting {count} hour", "waiting {count} hours", hours).format(count=hours)
    days = int(seconds // DAY)
    return ngettext("waiting {count} day", "waiting {count} days", days).format(count=days)
