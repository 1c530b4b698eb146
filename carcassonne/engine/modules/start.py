"""A random start tile as a rule module (Wikicarpedia, base game, "House Rules": "the
original starting tile may be put into the bag").

``shared/docs/game-record.md``, ``"start": "random"``: the tile at (0, 0), rotation 0,
is the first tile drawn from the shuffled bag, D being one of the bag's tiles; the
record's top-level ``"start_tile"`` names it. Not with an expansion that has its own start tile (refused by
:class:`~carcassonne.engine.rules.Rules`). The deck draws it
(:meth:`carcassonne.engine.deck.Deck.for_rules`); the game then plays as usual.
"""

from __future__ import annotations

from .base import RuleModule


class RandomStart(RuleModule):
    """``start: "random"``: the start tile is the first tile drawn from the bag."""

    record_keys = ("start",)
    start_from_bag = True
