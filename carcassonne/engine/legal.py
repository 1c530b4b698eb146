"""Every legal move of a position, as ``carcassonne replay --json --legal`` lists them.

Like chess's perft files: for each turn of a record, every legal placement of
its tile and every place a follower may then go, so that any other rules engine
can check this one move by move (``docs/game-record.md``).
"""

from __future__ import annotations

from typing import Any

from .game import Game
from .moves import Discard, Turn

#: One placement and its follower places: ``[x, y, rotation, ["road:N", ...]]``.
LegalMove = list[Any]


def legal_moves(game: Game, tile: str) -> list[LegalMove]:
    """Every placement of ``tile`` now, sorted, with the follower places each allows
    (and, with the Abbot, the abbot's places: ``["cloister"]``, ``["garden"]`` or ``[]``).

    With Inns & Cathedrals the places are listed once for both kinds of follower: a player
    whose big follower is home has them even with none of the 7 left."""
    placements = sorted(game.legal_placements(tile), key=lambda p: (p.x, p.y, p.rotation))
    spots = game.free_spots if big_home(game) else game.follower_spots
    if game.rules.abbot:
        return [[p.x, p.y, p.rotation, spots(p),
                 [place[6:] for place in game.extra_places(p) if place.startswith("abbot:")]]
                for p in placements]
    return [[p.x, p.y, p.rotation, spots(p)] for p in placements]


def big_home(game: Game) -> bool:
    """Whether the current player's big follower is in the supply (Inns & Cathedrals)."""
    return bool(game.bigs) and game.bigs[game.current] < 0


def legal_entry(game: Game, number: int, turn: Turn) -> dict[str, Any]:
    """The ``legal`` entry of turn ``number`` (from 1), for the position before it is played.

    A tile set aside (discarded or returned to the bag) has no placement: ``moves`` is empty.
    """
    moves = [] if isinstance(turn, Discard) else legal_moves(game, turn.tile)
    entry: dict[str, Any] = {"turn": number, "tile": turn.tile, "moves": moves}
    if game.rules.abbot:  # whether the abbot may be taken back: it is out and a tile is placed
        entry["abbot_back"] = not isinstance(turn, Discard) and bool(game.extra_actions(turn.placement))
    if game.rules.inns_cathedrals:  # whether the big follower may be placed: home, and a tile is placed
        entry["big"] = not isinstance(turn, Discard) and big_home(game)
    return entry
