"""Every legal move of a position, as ``carcassonne replay --json --legal`` lists them.

Like chess's perft files: for each turn of a record, every legal placement of
its tile and every place a follower may then go, so that any other rules engine
can check this one move by move (``docs/game-record.md``). Each expansion in play
adds its own items (:meth:`Expansion.legal <carcassonne.engine.expansion.Expansion.legal>`:
the places of its own figures).
"""

from __future__ import annotations

from typing import Any

from .game import Game
from .moves import Discard, Turn

#: One placement and its follower places: ``[x, y, rotation, ["road:N", ...]]``.
LegalMove = list[Any]


def legal_moves(game: Game, tile: str) -> list[LegalMove]:
    """Every placement of ``tile`` now, sorted, with the places an ordinary follower may then take."""
    placements = sorted(game.legal_placements(tile), key=lambda p: (p.x, p.y, p.rotation))
    return [[p.x, p.y, p.rotation, game.follower_spots(p)] for p in placements]


def legal_entry(game: Game, number: int, turn: Turn) -> dict[str, Any]:
    """The ``legal`` entry of turn ``number`` (from 1), for the position before it is played.

    A tile set aside (discarded or returned to the bag) has no placement: ``moves`` is empty.
    """
    moves = [] if isinstance(turn, Discard) else legal_moves(game, turn.tile)
    entry: dict[str, Any] = {"turn": number, "tile": turn.tile, "moves": moves}
    for expansion in game.rules.expansions():
        expansion.legal(game, entry, moves, turn)
    return entry
