"""Aids for players: what can still go where, and what the score would be now.

Only public knowledge is used (the board and the counts of tiles left, never
their order), so the aids tell a player nothing an attentive player could not
work out at the table.
"""

from __future__ import annotations

from .game import Game
from .geometry import coords, in_reach, square


def tiles_that_fit(game: Game, x: int, y: int) -> dict[str, tuple[int, ...]]:
    """Tiles still to come (the one drawn included; when players hold several, everyone's:
    public counts) that could go at (x, y), with their rotations."""
    if not in_reach(x, y):
        return {}
    sq = square(x, y)
    key = game.open.get(sq)
    if key is None:
        return {}
    out: dict[str, tuple[int, ...]] = {}
    for tile, left in sorted(game.tiles_to_come().items()):
        if left <= 0:
            continue
        kind = game.tiles[tile]
        decided = game.module_placements(kind)
        rotations = kind.fits(key) if decided is None else tuple(r for s, r in decided if s == sq)
        if rotations:
            out[tile] = rotations
    return out


def dead_spots(game: Game) -> list[tuple[int, int]]:
    """Open squares that no tile left in the box (or held by a player) can ever fill.

    A dead spot stays dead (the board only adds constraints), so a feature
    with an open edge there can never be completed.
    """
    kinds = []  # the tiles left that go wherever their edges match
    decided: set[int] = set()  # squares a rule module lets some tile left fill (where it decides)
    for tile, left in game.tiles_to_come().items():
        if left > 0:
            kind = game.tiles[tile]
            found = game.module_placements(kind)
            if found is None:
                kinds.append(kind)
            else:
                decided.update(s for s, _ in found)
    dead = []
    for sq, key in game.open.items():
        if sq in decided or any(key in kind._fits for kind in kinds):
            continue
        dead.append(coords(sq))
    return sorted(dead)


def projected_scores(game: Game) -> list[int]:
    """Each player's score if the game ended now, final scoring included."""
    if game.finished:
        return game.scores[:]
    scores = game.scores[:]
    for event in game.final_scoring():
        for p in event.players:
            scores[p] += event.points
    return scores
