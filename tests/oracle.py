"""A second, deliberately naive rules engine for checking the real one.

It shares nothing with :mod:`carcassonne.engine.game` but the tile definitions
(each kind's canonical edges and segments): it turns tiles itself, rebuilds
features by flood fill over the board's segments after the placement (never the
engine's union-find), and decides placement and follower legality from the rule
texts alone (annotated rules 2007, "Placing a tile" and "Placing a follower"; The
River; the table of Wikicarpedia's house rules). Slow and obviously right is the point.
"""

from __future__ import annotations

from collections import deque

from carcassonne.engine import Game
from carcassonne.engine.tiles import CITY, CLOISTER, FIELD, ROAD, TileKind

EDGES = "NESW"
HALVES = ("NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN")
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
#: The neighbour's half-edge across the shared edge.
MEETS = {"NW": "SW", "NE": "SE", "EN": "WN", "ES": "WS",
         "SE": "NE", "SW": "NW", "WS": "ES", "WN": "EN"}
SPOT_KIND = {"road": ROAD, "city": CITY, "farm": FIELD}

Square = tuple[int, int]
#: A segment as it lies on the board: kind, edge letters, half-edge names.
Seg = tuple[str, frozenset[str], frozenset[str]]


def turned(kind: TileKind, rotation: int) -> tuple[str, list[Seg]]:
    """The tile's edge letters (N E S W) and segments after turning it clockwise."""
    known = _TURNED.get((kind.id, rotation))
    if known is None:
        known = _TURNED[(kind.id, rotation)] = _turn(kind, rotation)
    return known


_TURNED: dict[tuple[str, int], tuple[str, list[Seg]]] = {}


def _turn(kind: TileKind, rotation: int) -> tuple[str, list[Seg]]:
    q = rotation // 90
    edges = "".join(kind.edges[(i - q) % 4] for i in range(4))
    segs = [(s.kind, frozenset(EDGES[(e + q) % 4] for e in s.edges),
             frozenset(HALVES[(h + 2 * q) % 8] for h in s.halves)) for s in kind.segments]
    return edges, segs


class Position:
    """The board of ``game`` as plain data, and the followers on it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        self.board: dict[Square, tuple[str, list[Seg]]] = {
            (x, y): turned(o.kind, o.rotation) for x, y, o in game.placed_tiles()}
        self.board_ids = {(x, y): o.kind.id for x, y, o in game.placed_tiles()}
        self.followers: dict[tuple[int, int, int], int] = {}
        for f in game.figures_on_board():
            self.followers[(f.x, f.y, segment_of(self.board[(f.x, f.y)][1], f.place))] = f.player
        self.river_end, self.river_entry, self.last_turn = self._walk_river()

    # ---------------------------------------------------------------- table
    def inside(self, x: int, y: int) -> bool:
        table = self.rules.table
        if table is None:
            return True
        w, h = table
        return -((w - 1) // 2) <= x <= w // 2 and -((h - 1) // 2) <= y <= h // 2

    # ---------------------------------------------------------- placements
    def legal_placements(self, tile: str) -> set[tuple[int, int, int]]:
        kind = self.game.tiles[tile]
        candidates = {(x + dx, y + dy) for x, y in self.board for dx, dy in STEP.values()}
        out = set()
        for x, y in candidates:
            if (x, y) in self.board or not self.inside(x, y):
                continue
            for rotation in (0, 90, 180, 270):
                edges, _ = turned(kind, rotation)
                if not all(self.board[n][0][(d + 2) % 4] == edges[d]
                           for d in range(4) if (n := _next(x, y, d)) in self.board):
                    continue
                if "s" in kind.edges and not self._continues_river(x, y, edges):
                    continue
                out.add((x, y, rotation))
        return out

    def _walk_river(self) -> tuple[Square | None, int, int]:
        """Follow the river from the spring: its open end, the side it enters by, its last turn."""
        if not self.rules.river:
            return None, 0, 0
        at, entry, last = (0, 0), -1, 0
        while True:
            edges = self.board[at][0]
            exits = [d for d in range(4) if edges[d] == "s" and d != entry]
            if not exits:
                return None, 0, last  # the lake closed it
            if entry >= 0:
                last = (exits[0] - (entry + 2)) % 4  # 0 straight, 1 right, 3 left
            nxt = _next(*at, exits[0])
            if nxt not in self.board:
                return nxt, (exits[0] + 2) % 4, last
            at, entry = nxt, (exits[0] + 2) % 4

    def _continues_river(self, x: int, y: int, edges: str) -> bool:
        if (x, y) != self.river_end or edges[self.river_entry] != "s":
            return False
        exits = [d for d in range(4) if edges[d] == "s" and d != self.river_entry]
        turn = (exits[0] - (self.river_entry + 2)) % 4 if exits else 0
        return not (turn and turn == self.last_turn)  # no U-turn (The River)

    # ------------------------------------------------------------ followers
    def follower_places(self, tile: str, x: int, y: int, rotation: int) -> set[int]:
        """Segments of the placed tile a follower may take: cloisters always; a road, city
        or (with farmers) field whose whole feature, after the placement, has no follower."""
        if not self.game.supply[self.game.current]:
            return set()
        board = dict(self.board)
        board[(x, y)] = turned(self.game.tiles[tile], rotation)
        out = set()
        for i, (kind, _, _) in enumerate(board[(x, y)][1]):
            if kind == CLOISTER:
                out.add(i)
            elif kind in (ROAD, CITY) or (kind == FIELD and self.rules.farmers):
                if not any(node in self.followers for node in flood(board, (x, y, i))):
                    out.add(i)
        return out


    # ------------------------------------------------------------ completion
    def closed_beyond(self, x: int, y: int) -> bool:
        """A square beyond the table's edge when the edge closes features (house rule)."""
        return self.rules.table_closes and not self.inside(x, y)

    def open_edges(self, x: int, y: int, i: int) -> int:
        """Edges of the road or city through segment ``i`` at (x, y) that face a square
        still to be filled: an empty square, unless beyond a closing table edge."""
        count = 0
        for fx, fy, j in flood(self.board, (x, y, i)):
            for e in self.board[(fx, fy)][1][j][1]:
                n = _next(fx, fy, EDGES.index(e))
                if n not in self.board and not self.closed_beyond(*n):
                    count += 1
        return count

    def cloister_neighbours(self, x: int, y: int) -> int:
        """Squares around (x, y) holding a tile, or beyond a closing table edge."""
        return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and (
            (x + dx, y + dy) in self.board or self.closed_beyond(x + dx, y + dy)))

    def points_if_complete(self, x: int, y: int, i: int) -> tuple[set[Square], int]:
        """The tiles of a completed feature and its points (AR "Scoring"; small cities, fn. 17)."""
        kind = self.board[(x, y)][1][i][0]
        if kind == CLOISTER:
            return {(x, y)} | {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                               if (x + dx, y + dy) in self.board}, 9
        feature = flood(self.board, (x, y, i))
        tiles = {(fx, fy) for fx, fy, _ in feature}
        if kind == ROAD:
            return tiles, len(tiles)
        pennants = sum(1 for fx, fy, j in feature
                       if self.game.tiles[self.board_ids[(fx, fy)]].segments[j].pennant)
        if self.rules.small_city and len(tiles) <= 2:
            return tiles, len(tiles) + pennants
        return tiles, 2 * (len(tiles) + pennants)


def flood(board: dict[Square, tuple[str, list[Seg]]], start: tuple[int, int, int]) -> set:
    """Every segment of the feature ``start`` belongs to, found by walking across edges."""
    seen = {start}
    todo = deque([start])
    while todo:
        x, y, i = todo.popleft()
        kind, edges, halves = board[(x, y)][1][i]
        if kind in (ROAD, CITY):
            for e in edges:
                d = EDGES.index(e)
                n = _next(x, y, d)
                if n in board:
                    want = EDGES[(d + 2) % 4]
                    j = next(j for j, s in enumerate(board[n][1]) if s[0] == kind and want in s[1])
                    if (*n, j) not in seen:
                        seen.add((*n, j))
                        todo.append((*n, j))
        elif kind == FIELD:
            for h in halves:
                n = _next(x, y, EDGES.index(h[0]))
                if n in board:
                    j = next(j for j, s in enumerate(board[n][1]) if s[0] == FIELD and MEETS[h] in s[2])
                    if (*n, j) not in seen:
                        seen.add((*n, j))
                        todo.append((*n, j))
    return seen


def segment_of(segs: list[Seg], spot: str) -> int:
    """Which segment a record's follower place names (``road:E``, ``farm:SW``, ``cloister``, ``garden``)."""
    if ":" not in spot:  # a one-tile feature: the cloister, or a garden (the Abbot)
        return next(i for i, s in enumerate(segs) if s[0] == spot)
    prefix, where = spot.split(":")
    kind = SPOT_KIND[prefix]
    if where == "inner":  # a field that touches no edge (Inns & Cathedrals' IC3)
        return next(i for i, s in enumerate(segs) if s[0] == FIELD and not s[2])
    return next(i for i, s in enumerate(segs)
                if s[0] == kind and where in (s[2] if kind == FIELD else s[1]))


def _next(x: int, y: int, d: int) -> Square:
    dx, dy = STEP[d]
    return x + dx, y + dy

