"""The engine's "why not" answers turned into one friendly sentence that cites the rule.

The engine says *what* is wrong in exact terms ("tile E cannot go at (0, -1) rotation 0:
its south edge is field, the neighbour's north edge is city"); a player hovering the
board wants *why* in the table's words and where the rule is written. No pygame here,
so the sentences are tested on their own.
"""

from __future__ import annotations

import re

from ..engine import Game, Placement

RULE_TILE = "rules: placing a tile"
RULE_FOLLOWER = "rules: placing a follower"
RULE_RIVER = "The River rules"

#: Where the neighbour lies, seen from the square being tried, by the tile's own edge.
_NEIGHBOUR = {"north": "above", "east": "to the right", "south": "below", "west": "to the left"}
_ARTICLE = {"city": "a city", "road": "a road", "field": "a field", "river": "a river"}
_EDGE = re.compile(r"its (\w+) edge is (\w+), the neighbour's (\w+) edge is (\w+)")


def placement_sentence(reason: str, fits_turned: list[int] | None = None) -> str:
    """One sentence for a ``why_not_placement`` answer.

    ``fits_turned``: rotations in which the same tile would fit on that square, so
    the sentence can say "turn it" instead of leaving the player guessing.
    """
    detail = reason.split(": ", 1)[1] if ": " in reason and reason.startswith("tile ") else reason
    m = _EDGE.fullmatch(detail)
    if m:
        own_edge, own, _, theirs = m.groups()
        where = _NEIGHBOUR.get(own_edge, "next to it")
        text = (f"Doesn't fit: its {own_edge} edge is {own} but the tile {where} needs "
                f"{_ARTICLE.get(theirs, theirs)} edge there — every edge must match ({RULE_TILE})")
    elif "must touch" in detail:
        text = f"Not here: a new tile must touch a placed tile along an edge ({RULE_TILE})"
    elif "already has a tile" in detail:
        text = "Not here: that square already has a tile"
    elif "river" in detail or "lake" in detail:
        text = f"Not here: {detail} ({RULE_RIVER})"
    else:
        text = f"Not here: {detail}"
    if fits_turned:
        turns = " or ".join(f"{r}°" for r in fits_turned)
        text += f". It fits here turned to {turns} (press R)"
    return text + "."


def follower_sentence(reason: str) -> str:
    """One sentence for a ``why_not_follower`` answer."""
    if "already occupied" in reason:
        return (f"No follower here: {reason} — you may not join a feature that already has a "
                f"follower ({RULE_FOLLOWER}).")
    if "no follower left" in reason:
        return (f"No follower here: {reason}; followers come back when their feature is "
                f"scored ({RULE_FOLLOWER}).")
    if "farmers are not in play" in reason:
        return f"No follower here: {reason} (the game was set up without farmers)."
    if "river" in reason:
        return f"No follower here: {reason}."
    return f"No follower here: {reason}."


def why_not_tile(game: Game, placement: Placement) -> str | None:
    """The sentence for a tile tried on a square, or None if it fits."""
    reason = game.why_not_placement(placement)
    if reason is None:
        return None
    turned = [r for r in (0, 90, 180, 270) if r != placement.rotation and
              game.why_not_placement(placement._replace(rotation=r)) is None]
    return placement_sentence(reason, turned)


def why_not_follower(game: Game, placement: Placement, spot: str) -> str | None:
    """The sentence for a follower tried on a place of the pending tile, or None if allowed."""
    reason = game.why_not_follower(placement, spot)
    return None if reason is None else follower_sentence(reason)
