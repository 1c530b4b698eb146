"""A score event in the player's language: who scored how much for what.

The engine's :meth:`~carcassonne.engine.events.ScoreEvent.describe` speaks English for the
command line and the records; the screens word the same event here, one whole phrase per
feature and state so each language can make its words agree (a *completed* road, eine
*abgeschlossene* Straße, une route *achevée*), with each language's own plural forms.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.events import ScoreEvent
from ..i18n import _, ngettext
from .expansion import first


def _what(event: ScoreEvent) -> str:
    """The feature scored, with its size."""
    tiles = len(event.tiles)
    if event.feature == "farm":
        return ngettext("a farm supplying {count} completed city", "a farm supplying {count} completed cities",
                        event.detail).format(count=event.detail)
    if event.feature == "cloister":
        if event.complete:
            return _("a completed cloister")
        return ngettext("an incomplete cloister with {count} neighbour", "an incomplete cloister with {count} "
                        "neighbours", tiles - 1).format(count=tiles - 1)
    said = first("event_words", event)  # an expansion's own feature
    if said is not None:
        return str(said)
    if event.feature == "road":
        what = (ngettext("a completed road of {count} tile", "a completed road of {count} tiles", tiles)
                if event.complete else
                ngettext("an incomplete road of {count} tile", "an incomplete road of {count} tiles", tiles))
        return what.format(count=tiles)
    what = (ngettext("a completed city of {count} tile", "a completed city of {count} tiles", tiles)
            if event.complete else
            ngettext("an incomplete city of {count} tile", "an incomplete city of {count} tiles", tiles))
    what = what.format(count=tiles)
    if event.detail:
        what = ngettext("{city} with {count} pennant", "{city} with {count} pennants", event.detail).format(
            city=what, count=event.detail)
    return what


def describe(event: ScoreEvent, names: Sequence[str]) -> str:
    """One line for a score event, e.g. "Anna scores 8 for a completed city of 3 tiles"."""
    who = [names[p] for p in event.players]
    if len(who) == 1:
        return _("{name} scores {points} for {what}").format(name=who[0], points=event.points,
                                                             what=_what(event))
    return _("{names} score {points} each for {what}").format(
        names=_(", ").join(who[:-1]) + _(" and ") + who[-1], points=event.points, what=_what(event))


def describe_to(event: ScoreEvent, names: Sequence[str], you: int) -> str:
    """The line for a score event told to player ``you``: "You score 4 for ..." when only they scored."""
    if list(event.players) == [you]:
        return _("You score {points} for {what}").format(points=event.points, what=_what(event))
    return describe(event, names)
