"""A read-only view of one feature on the board: a road, city, cloister or field.

The game keeps its features in a union-find with an undo journal (fast, but not
something other layers should read). A :class:`Feature` is the public face of
one of them, like JCloisterZone's ``Feature`` objects: its kind, the places and
tiles it covers, its open edges, pennants, followers, the cities a field borders,
whether it is complete and what it is worth. The computer players, the aids, the
board's highlights and the results all look at features through it.

A view describes the board as it was when it was taken: once a tile is placed
(or taken back) take a new one. Its values are computed when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .events import FigureAt
from .geometry import RING, STEP, coords
from .rules import FIRST_EDITION
from .tiles import CITY, FIELD, ROAD, SPOT_PREFIX, Segment

if TYPE_CHECKING:
    from .game import Game

T = TypeVar("T")
#: Features that spread over tiles; any other (a cloister, an expansion's) lies on one tile.
_SPREADING = (ROAD, CITY, FIELD)


def place_of(seg: Segment) -> str:
    """The record's name of a place on a tile: ``road:E``, ``cloister``, and for a rule
    module's one-tile feature its kind."""
    return seg.spot if seg.kind in SPOT_PREFIX else seg.kind


class _once(Generic[T]):
    """A property computed on first use, then a plain attribute (no lock: views are per thread).

    ``functools.cached_property`` takes a lock on every first read in Python 3.11,
    which costs the computer players' evaluation a third of its time.
    """

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, view: Any, owner: type | None = None) -> T:
        value = self.compute(view)
        view.__dict__[self.name] = value
        return value


class Feature:
    """One feature of a game's board, as it is now (see the module docstring)."""

    def __init__(self, game: Game, key: int) -> None:
        self._game = game
        #: Identifies the feature while the board stays the same (its root node).
        self.key = key
        #: ``road``, ``city``, ``cloister`` or ``field``.
        self.kind: str = game._kind[key]

    def __repr__(self) -> str:
        return f"<Feature {self.kind} {self.key}: {len(self.tiles)} tiles, {self.followers}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Feature) and other._game is self._game and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    # ------------------------------------------------------------- shape
    @property
    def signature(self) -> tuple[int, ...]:
        """A value that changes whenever the feature gains a segment (for caches)."""
        return self._game._members[self.key]

    @_once
    def segments(self) -> tuple[tuple[int, int, str], ...]:
        """Every placed segment of the feature: (x, y, place) such as (0, 0, "city:N")."""
        g = self._game
        out = []
        for n in g._members[self.key]:
            sq = g._sq[n]
            x, y = coords(sq)
            out.append((x, y, place_of(g.board[sq].segments[g._seg[n]])))
        return tuple(out)

    @_once
    def squares(self) -> frozenset[int]:
        """The packed squares (``geometry.square``) of the tiles its segments lie on."""
        g = self._game
        return frozenset(g._sq[n] for n in g._members[self.key])

    @property
    def tile_count(self) -> int:
        """How many tiles its segments lie on (what a road or city scores by)."""
        return len(self.squares)

    @_once
    def tiles(self) -> tuple[tuple[int, int], ...]:
        """The tiles that count for its points; a cloister's include the tiles around it."""
        return tuple(self._game._tiles_of(self.key))

    @_once
    def frontier(self) -> tuple[int, ...]:
        """Empty squares (packed) a tile must fill to complete it.

        For a road or city: the squares beyond its open edges. For a cloister: the
        empty squares around it. A field is never completed: none. Squares beyond a
        table edge that closes features (house rule ``table_closes``) need no tile;
        beyond one that does not, they can never be filled.
        """
        g = self._game
        board = g.board
        closed = g.beyond_closing_edge
        if self.kind not in _SPREADING:  # a cloister, or another one-tile feature
            c = g._sq[self.key]
            return tuple(c + r for r in RING if c + r not in board and not closed(c + r))
        if self.kind == FIELD:
            return ()
        empty: dict[int, None] = {}
        for n in g._members[self.key]:
            sq = g._sq[n]
            for e in board[sq].segments[g._seg[n]].edges:
                nsq = sq + STEP[e]
                if nsq not in board and not closed(nsq):
                    empty[nsq] = None
        return tuple(empty)

    @property
    def open_edges(self) -> int:
        """Edges of a road or city that no tile meets yet (0: complete)."""
        return self._game._open[self.key]

    @property
    def pennants(self) -> int:
        return self._game._pennants[self.key]

    @_once
    def marks(self) -> frozenset[str]:
        """Every mark on its segments (the words its expansion's tileset declares)."""
        g = self._game
        found: set[str] = set()
        for seg in g.segments_of(self.key):
            found |= seg.marks
        return frozenset(found)

    @property
    def center(self) -> tuple[int, int]:
        """For a cloister, its tile; for others the tile of the feature's first segment."""
        return coords(self._game._sq[self.key])

    # ---------------------------------------------------------- followers
    @property
    def owners(self) -> tuple[int, ...]:
        """The player of each follower on it (one entry per follower)."""
        fs = self._game._followers[self.key]
        if len(fs) == 1:
            return (fs[0][0],)
        return tuple([p for p, _ in fs])

    @_once
    def followers(self) -> tuple[FigureAt, ...]:
        """The figures that stand on it as its followers (an expansion's too)."""
        g = self._game
        return tuple(g._figure_at(p, n) for p, n in g._followers[self.key])

    @property
    def followers_by_player(self) -> tuple[int, ...]:
        counts = [0] * self._game.players
        for p in self.owners:
            counts[p] += 1
        return tuple(counts)

    @property
    def strength(self) -> tuple[int, ...]:
        """Per player, their strength on it: one per figure, more for a stronger kind (one counting 2)."""
        g = self._game
        counts = list(self.followers_by_player)
        for kind, more in g._strong:
            placed = g.placed[kind]
            for p, n in g._followers[self.key]:
                if n in placed[p]:
                    counts[p] += more
        return tuple(counts)

    @property
    def leaders(self) -> tuple[int, ...]:
        """Players with the most followers on it, all tied ones (AR "several followers"),
        each figure counting its strength (:attr:`strength`)."""
        return self._game._majority(self._game._followers[self.key])

    @property
    def occupied(self) -> bool:
        return bool(self._game._followers[self.key])

    # ------------------------------------------------------------ scoring
    @_once
    def cities(self) -> tuple[Feature, ...]:
        """For a field, the cities it borders (each once); none for other kinds."""
        g = self._game
        if self.kind != FIELD:
            return ()
        roots = sorted({g._find(c) for c in g._cities[self.key]})
        return tuple(Feature(g, r) for r in roots)

    @property
    def complete(self) -> bool:
        """A road or city with no open edge, a cloister with all eight neighbours; never a field."""
        if self.kind not in _SPREADING:  # a cloister, or another one-tile feature
            return not self.frontier
        if self.kind == FIELD:
            return False
        return self._game._open[self.key] == 0

    @property
    def points(self) -> int:
        """What it scores under the game's rules: when completed if it is, else in final scoring.

        A field is worth its completed cities (3 each; 4 each under the first
        edition's rule, where the cities are pooled over every farm that borders
        them, so this is an upper bound there, as under the second edition's, where
        a player scores each city once whichever farms they win).
        """
        g = self._game
        if self.kind == FIELD:
            per_city = 4 if g.rules.farm_scoring == FIRST_EDITION else 3
            return per_city * sum(1 for c in self.cities if c.complete)
        return g._points(self.key, complete=self.complete)

