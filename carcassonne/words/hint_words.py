"""A hint's reason (:class:`~carcassonne.ai.hint.Why`) as one sentence in the player's language.

The computer players speak no language: they say what a move does as facts
(close a city for 8 points, keep a follower...). Each clause is worded here by
its own message, one per kind of feature, so a translation never has to make a
noun agree with a word chosen elsewhere; the clauses are joined into one sentence.
No pygame here, so the sentences are tested on their own.
"""

from __future__ import annotations

from ..ai.hint import Clause, Why
from ..i18n import _, ngettext
from .expansion import first


def _close(c: Clause) -> str:
    n = c.points
    if c.feature == "cloister":
        return ngettext("completes your cloister for {n} point", "completes your cloister for {n} points", n)
    if c.feature == "road":
        return (ngettext("closes a shared road for {n} point", "closes a shared road for {n} points", n) if c.count
                else ngettext("closes your road for {n} point", "closes your road for {n} points", n))
    if c.feature == "city":
        return (ngettext("closes a shared city for {n} point", "closes a shared city for {n} points", n) if c.count
                else ngettext("closes your city for {n} point", "closes your city for {n} points", n))
    return ngettext("scores {n} point", "scores {n} points", n)


def _place(c: Clause) -> str:
    return {"road": _("places a thief"), "city": _("places a knight"), "cloister": _("places a monk"),
            "farm": _("places a farmer")}.get(c.feature, _("places a follower"))


def _share(c: Clause) -> str:
    return {"road": _("puts a thief into {owner}'s road to share it"),
            "city": _("puts a knight into {owner}'s city to share it"),
            "farm": _("puts a farmer into {owner}'s farm to share it")}.get(
        c.feature, _("puts a follower beside {owner}'s to share the points"))


def _claim(c: Clause) -> str:
    tiles = ngettext("{n} tile", "{n} tiles", c.count).format(n=c.count)
    points = ngettext("{n} point", "{n} points", c.points).format(n=c.points)
    text = (_("puts a thief on a road of {tiles}, worth {points} now and more as it grows") if c.feature == "road"
            else _("puts a knight on a city of {tiles}, worth {points} now and more as it grows"))
    return text.format(tiles=tiles, points=points)


def clause_words(c: Clause) -> str:
    """One clause, starting in lower case, in the language now spoken."""
    said = first("clause_words", c)  # an expansion's clause, or its feature
    if said is not None:
        return str(said)
    if c.kind == "close":
        return _close(c).format(n=c.points)
    if c.kind == "more":
        return ngettext("scores {n} more point", "scores {n} more points", c.points).format(n=c.points)
    if c.kind == "keep":
        return _("keeps a follower")
    if c.kind == "home":
        return ngettext("brings a follower home", "brings {n} followers home", c.count).format(n=c.count)
    if c.kind == "place":
        return _place(c)
    if c.kind == "share":
        return _share(c).format(owner=c.owner)
    if c.kind == "farm":
        return ngettext("puts a farmer on a farm beside {completed} completed and {open} open city",
                        "puts a farmer on a farm beside {completed} completed and {open} open cities",
                        c.other).format(completed=c.count, open=c.other)
    if c.kind == "monk":
        return _("puts a monk on a cloister with {n} of 8 neighbours").format(n=c.count)
    if c.kind == "claim":
        return _claim(c)
    if c.kind == "extend":
        return _("adds to your road") if c.feature == "road" else _("adds to your city")
    if c.kind == "hold":
        return _("keeps your followers in hand for later and helps the others least")
    if c.kind == "least":
        return _("the place where this tile helps the others least")
    if c.kind == "gives":
        return ngettext("though it scores {n} point for the others", "though it scores {n} points for the others",
                        c.points).format(n=c.points)
    return c.kind


def hint_sentence(why: Why) -> str:
    """The clauses as one sentence: "Closes your city for 8 points and keeps a follower."."""
    parts = [clause_words(c) for c in why.clauses]
    if not parts:
        return ""
    text = parts[0] if len(parts) == 1 else _("{some} and {last}").format(
        some=", ".join(parts[:-1]), last=parts[-1])
    return _("{sentence}.").format(sentence=text[0].upper() + text[1:])
