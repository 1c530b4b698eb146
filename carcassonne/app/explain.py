"""The engine's "why not" answers turned into one friendly sentence that cites the rule.

The engine says *what* is wrong in exact terms ("tile E cannot go at (0, -1) rotation 0:
its south edge is field, the neighbour's north edge is city"); a player hovering the
board wants *why* in the table's words and where the rule is written. No pygame here,
so the sentences are tested on their own.
"""

from __future__ import annotations

from ..engine import Game, Placement
from ..engine.errors import Reason

RULE_TILE = "rules: placing a tile"
RULE_FOLLOWER = "rules: placing a follower"
RULE_RIVER = "The River rules"
RULE_HOUSE = "house rule: table"

#: Where the neighbour lies, seen from the square being tried, by the tile's own edge.
_NEIGHBOUR = {"north": "above", "east": "to the right", "south": "below", "west": "to the left"}
_ARTICLE = {"city": "a city", "road": "a road", "field": "a field", "river": "a river"}


_TIMES = {1: "once", 2: "twice", 3: "three times"}


def placement_sentence(reason: Reason, presses: list[int] | None = None) -> str:
    """One sentence for a ``why_not_placement`` answer.

    ``presses``: how many presses of R (a quarter turn clockwise each) would make the same
    tile fit on that square, so the sentence says what to do, not an angle to work out.
    """
    facts = reason.facts
    detail = facts.get("detail", reason)
    if reason.rule == "edge-mismatch":
        where = _NEIGHBOUR.get(str(facts["edge"]), "next to it")
        text = (f"Doesn't fit: its {facts['edge']} edge is {facts['own']} but the tile {where} needs "
                f"{_ARTICLE.get(str(facts['theirs']), facts['theirs'])} edge there — every edge must "
                f"match ({RULE_TILE})")
    elif reason.rule == "not-touching":
        text = f"Not here: a new tile must touch a placed tile along an edge ({RULE_TILE})"
    elif reason.rule == "square-taken":
        text = "Not here: that square already has a tile"
    elif reason.rule == "off-table":
        text = (f"Not here: that square is off the table ({facts['width']} × {facts['height']} "
                f"squares; {RULE_HOUSE})")
    elif reason.rule.startswith("river"):
        text = f"Not here: {detail} ({RULE_RIVER})"
    else:
        text = f"Not here: {detail}"
    if presses:
        times = " or ".join(_TIMES[n] for n in sorted(presses))
        text += f". It fits here if you turn it: press R {times}"
    return text + "."


def follower_sentence(reason: Reason) -> str:
    """One sentence for a ``why_not_follower`` answer."""
    if reason.rule == "occupied":
        return (f"No follower here: {reason} — you may not join a feature that already has a "
                f"follower ({RULE_FOLLOWER}).")
    if reason.rule == "no-follower-left":
        return (f"No follower here: {reason}; followers come back when their feature is "
                f"scored ({RULE_FOLLOWER}).")
    if reason.rule == "no-farmers":
        return f"No follower here: {reason} (the game was set up without farmers)."
    return f"No follower here: {reason}."


def why_not_tile(game: Game, placement: Placement) -> str | None:
    """The sentence for a tile tried on a square, or None if it fits."""
    reason = game.why_not_placement(placement)
    if reason is None:
        return None
    presses = [n for n in (1, 2, 3) if game.why_not_placement(
        placement._replace(rotation=(placement.rotation + 90 * n) % 360)) is None]
    return placement_sentence(reason, presses)


def why_not_follower(game: Game, placement: Placement, spot: str) -> str | None:
    """The sentence for a follower tried on a place of the pending tile, or None if allowed."""
    reason = game.why_not_follower(placement, spot)
    return None if reason is None else follower_sentence(reason)


def tile_refused(game: Game, placement: Placement, reason: Reason, aids_on: bool) -> str:
    """What a refused tile drop says: the full sentence with the aids, a plain one without."""
    if not aids_on:
        return "It does not fit there."
    return why_not_tile(game, placement) or f"It does not fit there: {reason}."


def follower_refused(reason: Reason, aids_on: bool) -> str:
    """What a refused follower drop says: the sentence citing the rule with the aids, the bare reason without."""
    if aids_on:
        return follower_sentence(reason)
    text = str(reason)
    return text[0].upper() + text[1:] + "."
