"""Edges, half-edges, rotations and board squares.

Conventions follow ``tiles.md``: edges are N, E, S, W (indices 0-3, clockwise);
each edge has two halves for fields, named edge letter first, then the side
(``NW NE EN ES SE SW WS WN``, indices 0-7, clockwise from the north edge's west
half). Rotating a tile 90 degrees clockwise moves edge ``e`` to ``e + 1`` and
half-edge ``h`` to ``h + 2``, as JCloisterZone does with its location bit masks.

Board squares are packed into one int (``square(x, y)``) because the move
generator looks neighbours up thousands of times per game; x grows east, y grows
south, as in the game record format and in Tiled maps.
"""

from __future__ import annotations

EDGE_NAMES = ("N", "E", "S", "W")
HALF_NAMES = ("NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN")
ROTATIONS = (0, 90, 180, 270)

EDGE_INDEX = {name: i for i, name in enumerate(EDGE_NAMES)}
HALF_INDEX = {name: i for i, name in enumerate(HALF_NAMES)}

#: The edge each half-edge lies on.
HALF_EDGE = tuple(h // 2 for h in range(8))


def opposite(edge: int) -> int:
    """The edge of the neighbour that meets ``edge``."""
    return (edge + 2) % 4


def _mirror(half: int) -> int:
    # NW<->SW, NE<->SE (north/south edges); EN<->WN, ES<->WS (east/west edges).
    return (5 - half) % 8 if HALF_EDGE[half] in (0, 2) else (9 - half) % 8


#: The neighbour's half-edge that meets each half-edge across the shared edge.
HALF_OPPOSITE = tuple(_mirror(h) for h in range(8))


def rotate_edge(edge: int, rotation: int) -> int:
    """Where a tile's canonical ``edge`` lies after turning it ``rotation`` degrees clockwise."""
    return (edge + rotation // 90) % 4


def rotate_half(half: int, rotation: int) -> int:
    """Where a tile's canonical half-edge lies after turning it clockwise."""
    return (half + rotation // 45) % 8


# Squares: x and y packed into one int. 72 + 12 tiles never reach 512 squares away.
_BIAS = 512
_STRIDE = 1024
#: How far from the start tile a square may lie, in x and in y: every square within reach
#: and its neighbours pack to a distinct int. A box of 84 tiles never reaches further.
REACH = _BIAS - 2
#: Add to a square to step across each edge (N, E, S, W).
STEP = (-1, _STRIDE, 1, -_STRIDE)


def square(x: int, y: int) -> int:
    """The packed board square of position (x, y)."""
    return (x + _BIAS) * _STRIDE + (y + _BIAS)


def in_reach(x: int, y: int) -> bool:
    """Whether (x, y) is a square the board can hold; beyond it, squares would alias."""
    return -REACH <= x <= REACH and -REACH <= y <= REACH


def coords(sq: int) -> tuple[int, int]:
    """The (x, y) position of a packed square."""
    return sq // _STRIDE - _BIAS, sq % _STRIDE - _BIAS


#: The eight squares around a square (for cloisters).
RING = tuple(dx * _STRIDE + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
