"""What a road or city is worth: the scoring formula, written once.

The engine scores with it, and the computer players and aids use it to value a
feature that is not finished yet ("if this city were closed with two more tiles").
Rules cited: annotated rules 2007 (AR).
"""

from __future__ import annotations

from typing import NamedTuple

from .rules import Rules
from .tiles import CITY, ROAD


def feature_points(kind: str, tiles: int, pennants: int, complete: bool, rules: Rules) -> int:
    """Points for a road or city of ``tiles`` tiles with ``pennants`` pennants.

    A road scores 1 per tile, complete or not. A completed city scores 2 per tile
    and per pennant; an incomplete one at the end 1 per tile and per pennant (AR
    "Final scoring"). With the small-city rule a completed two-tile city scores
    like an incomplete one (AR footnote 17); so does a one-tile city, which only
    the house rule ``table_closes`` can complete.
    """
    if kind == ROAD:
        return tiles
    if kind != CITY:
        raise ValueError(f"feature_points scores roads and cities, not {kind!r}")
    if not complete or (rules.small_city and tiles <= 2):
        return tiles + pennants
    return 2 * (tiles + pennants)


def cloister_points(neighbours: int) -> int:
    """A cloister scores 1 for itself and 1 per tile around it (AR "Scoring a cloister")."""
    return 1 + neighbours


class Award(NamedTuple):
    """One award of the final scoring, before the game dresses it as a ``ScoreEvent``."""

    feature: str
    points: int
    players: tuple[int, ...]
    #: The root whose tiles the event shows (and, for a road, city or cloister, whose followers go home).
    tiles_of: int
    detail: int
    #: The squares the event shows when it belongs to no feature (``tiles_of`` is -1).
    squares: tuple[tuple[int, int], ...] = ()
