"""A game of Carcassonne: the board, the features on it, followers, scores and turns.

Features (roads, cities, fields, cloisters) are kept as JCloisterZone keeps them:
each placed segment becomes a node; placing a tile merges its nodes with the
neighbours' features (union by size) and closes the edges it meets. A road or
city with no open edge is complete. Every change a turn makes is written to a
journal, so :meth:`Game.pop` undoes a turn exactly (like python-chess's move
stack) and computer players can search with push/pop or :meth:`Game.copy`.

Expansions and house rules are rule modules (:mod:`carcassonne.engine.modules`),
consulted at fixed hooks; the game never names one. The refusals are worded in
:mod:`carcassonne.engine.refusals`, the farms scored in :mod:`carcassonne.engine.modules.farms`.

Rules cited: annotated rules 2007 (AR), Wikicarpedia's base-game page (HR).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import compress, count
from typing import Any, cast

from . import refusals
from .deck import Deck, start_tile
from .errors import IllegalMoveError, Reason
from .events import FigureAt, ScoreEvent
from .expansion import Decision
from .features import Feature, place_of
from .figures import FOLLOWER, FigureKind, FigureStep
from .geometry import REACH, RING, STEP, coords, in_reach, square
from .modules import modules_for, overrides
from .modules.base import RuleModule
from .modules.table import Table
from .moves import Discard, Move, Placement, Turn
from .refusals import ROLE
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import Award, cloister_points, feature_points
from .tiles import CITY, CLOISTER, FIELD, ROAD, Orientation, Segment, TileKind, TileSet

#: The undo journal of a move: what :meth:`Game.pop` puts back, entry by entry.
Journal = list[tuple[Any, ...]]

__all__ = ["ROLE", "Game"]

#: Constraint key weight of each side of an open square (see TileKind.fits).
_POW = (1, 5, 25, 125)
#: The order of the final scoring; any other kind (an expansion's) scores with the cloisters.
_SCORE_ORDER = {ROAD: 0, CITY: 1, CLOISTER: 2, FIELD: 3}
#: Features that spread over tiles; any other (a cloister, an expansion's) lies on one tile and
#: is worth 1 + the tiles around it.
_SPREADING = (ROAD, CITY, FIELD)

#: The base game's figure, by name (the hot paths compare it).
_FOLLOWER = FOLLOWER.name

# Journal entries: (op, ...). Undone in reverse order by Game.pop().
_OPEN_SQ, _MERGE, _SET_OPEN, _SET_FOLLOWERS = 0, 1, 2, 3


class _Frame:
    """What :meth:`Game.pop` needs to take one turn back."""

    __slots__ = ("turn", "journal", "node_base", "sq", "scores", "supply", "current",
                 "n_events", "deck_index", "bag_index", "states", "placed", "goes_on")

    def __init__(self, game: Game, turn: Turn) -> None:
        self.turn = turn
        self.journal: Journal = []
        self.node_base = len(game._parent)
        self.sq = -1
        self.scores = game.scores[:]
        self.supply = game.supply[:]
        self.current = game.current
        self.n_events = len(game.events)
        self.deck_index = -1
        self.bag_index = -1  # where a tile returned to the bag went
        self.states = tuple(game._states) if game._stateful else ()  # the rule modules' state
        self.placed = dict(game.placed) if game.placed else None  # the expansions' figures out
        #: The player's turn goes on after this entry (a tile set aside, a second part): the
        #: next entry starts no new turn. Kept only when a rule module hooks a turn's start.
        self.goes_on = False




class Game:
    """One game in progress. Not thread-safe; copy it for another thread."""

    def __init__(self, tiles: TileSet, rules: Rules | None = None, players: int = 2,
                 seed: int | None = None, names: Sequence[str] | None = None,
                 start: str | None = None) -> None:
        """``start``: with ``start: "random"`` and no seed, the start tile a record names
        (``start_tile``); with a seed the shuffled bag's first tile is the start tile."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalMoveError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.rules = rules or Rules()
        for module in modules_for(self.rules):
            tiles = module.tiles(tiles)
        self.tiles = tiles
        self.players = players
        self.names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        self.seed = seed
        self.deck = Deck.for_rules(tiles, self.rules, seed, start)
        #: The tile at (0, 0): D, a rule module's start tile, or the bag's first with ``start: "random"``.
        self.start_tile: str = self.deck.start or start_tile(tiles, self.rules)
        #: The rule modules this game plays with (expansions, house rules), in hook order.
        self.modules = modules = modules_for(self.rules)
        #: Each rule module's state, in its slot (:meth:`RuleModule.get`).
        self._states: list[Any] = [None] * len(modules)
        #: The figure kinds in play besides the follower, by name (the expansions').
        self.kinds: dict[str, FigureKind] = {k.name: k for m in modules for k in m.figures}
        #: Per figure kind besides the follower: per player, the nodes where theirs stand
        #: (the rest are in their supply; a neutral figure's is its module's state).
        self.placed: dict[str, tuple[tuple[int, ...], ...]] = {
            name: ((),) * players for name, k in self.kinds.items() if not k.neutral}
        self._hook_modules()
        #: The table's squares (min x, max x, min y, max y), or None (HR "Use of a Table").
        self.bounds = self.rules.bounds
        self.board: dict[int, Orientation] = {}
        self._base: dict[int, int] = {}  # square -> its first node
        self.open: dict[int, int] = {}  # empty square next to a tile -> constraint key
        self._cloisters: dict[int, int] = {}  # square -> cloister node
        # Nodes (one per placed segment) and, at each root, the feature's totals.
        self._parent: list[int] = []
        self._kind: list[str] = []
        self._sq: list[int] = []
        self._seg: list[int] = []
        self._open: list[int] = []
        self._pennants: list[int] = []
        self._members: list[tuple[int, ...]] = []
        self._followers: list[tuple[tuple[int, int], ...]] = []
        self._cities: list[tuple[int, ...]] = []
        self.scores = [0] * players
        self.supply = [FOLLOWER.per_player] * players
        self.current = 0
        self.history: list[Turn] = []
        self.events: list[ScoreEvent] = []
        self.finished = False
        self._final_frame: tuple[list[int], int] | None = None
        self._frames: list[_Frame] = []
        first = self.tiles[self.start_tile].orientations[0]
        self._lay(square(0, 0), first, [])
        for module in modules:
            module.start(self, first)

    def _hook_modules(self) -> None:
        """List, per hook, the modules that use it: a hook no module uses costs one empty check."""
        modules = self.modules

        def using(hook: str) -> tuple[RuleModule, ...]:
            return tuple(m for m in modules if overrides(m, hook))

        self._placers = using("placements")
        self._figures = using("play_figure")
        self._deciders = using("decision")
        self._starters = using("turn_begins")
        self._keepers = using("keeps_back")
        self._scorers = using("scored")
        self._elsewhere = using("why_not_elsewhere")
        self._no_stand = using("why_not_on_tile")
        self._final_scorers = using("final_scored")
        self._removers = using("removed")
        self._after_place = using("after_place")
        self._extra_turn = using("another_turn")
        self._going_on = using("turn_goes_on")
        self._bag = using("returns_to_bag")
        self._finals = using("final_awards")
        self._extras = using("final_extras")
        self._completers = using("completed")
        self._farm_bonus = using("city_bonus")
        self._pointers = using("points")
        self._stateful = any(m.stateful for m in modules)
        #: The figure kinds on features that count otherwise than 1 in a majority (a stronger kind 2).
        self._strong = tuple((name, k.strength - 1) for name, k in self.kinds.items()
                             if k.follower and k.strength != 1)
        #: The module that decides each figure kind's places and refusals.
        self._owner = {k.name: m for m in modules for k in m.figures}
        #: The module whose players hold several tiles each, or None: the draw pile's top.
        self._holder = next((m for m in modules if m.holds_tiles), None)
        #: Feature kinds a follower may claim (a cloister always may; farms with farmers).
        self._claims = frozenset({ROAD, CITY}).union(*(m.claims for m in modules))
        edge = next((m for m in modules if overrides(m, "edges_off")), None)
        self._table: Table | None = edge if isinstance(edge, Table) else None
        self._edges_off = edge.edges_off if edge is not None else None
        #: Whether the board's edge completes the features that meet it (HR ``table_closes``).
        self._closes = edge is not None and edge.edge_closes

    # ------------------------------------------------------------------ copies
    def copy(self) -> Game:
        """An independent copy (for search): features are immutable tuples, so this is shallow."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.deck = self.deck.copy()
        for name in ("board", "_base", "open", "_cloisters"):
            setattr(g, name, dict(getattr(self, name)))
        for name in ("_parent", "_kind", "_sq", "_seg", "_open", "_pennants", "_members",
                     "_followers", "_cities", "scores", "supply", "history", "events", "_frames"):
            setattr(g, name, getattr(self, name)[:])
        g.names = self.names[:]
        g._states = self._states[:]
        g.placed = dict(self.placed)
        return g

    # ----------------------------------------------------------------- queries
    @property
    def turn_number(self) -> int:
        """Turns played so far (discards count, as in the record)."""
        return len(self.history)

    @property
    def is_over(self) -> bool:
        """No tile is left to draw: the game ends after the turn that placed the last tile
        (when the players hold several tiles, once the bag and every player's are used up)."""
        if self._keepers:  # tiles kept back for now are no tiles left (JCZ's deactivated tiles)
            return self.next_from_bag() is None and not (self._holder is not None and any(self._holder.held(self)))
        return not self.deck.pile and not (self._holder is not None and any(self._holder.held(self)))

    def next_from_bag(self) -> str | None:
        """The tile the bag gives next: the top of the draw pile, passing over the tiles a rule
        module keeps back for now (they keep their place in the pile), or None."""
        pile = self.deck.pile
        keepers = self._keepers
        if not keepers:
            return pile[-1] if pile else None
        for i in range(len(pile) - 1, -1, -1):
            tile = pile[i]
            if not any(m.keeps_back(self, tile) for m in keepers):
                return tile
        return None

    def held(self, player: int | None = None) -> tuple[str, ...]:
        """The tiles ``player`` (default: the player to move) may play from, in order.

        In the book's game, the tile :meth:`draw` returned for the player to move, nothing
        for the others. When the players hold several tiles (a rule module's, HR), theirs:
        a move names any one of them, and :meth:`draw` first sets aside those that fit
        nowhere. Whether another player may see them is the module's question.
        """
        player = self.current if player is None else player
        if self._holder is not None:
            return self._holder.held(self)[player]
        tile = self.next_from_bag()
        return (tile,) if tile is not None and player == self.current and not self.finished else ()

    @property
    def holds_tiles(self) -> bool:
        """Whether the players hold several tiles each (a rule module's; not the book's game)."""
        return self._holder is not None

    def tiles_to_come(self) -> dict[str, int]:
        """Per tile kind, how many are still to be played: the bag's and those the players
        hold. Public in every game: the box less the board and the discards (the draw
        pile's own counts when nobody holds tiles: no copy)."""
        counts = self.deck.counts
        if self._holder is None:
            return counts
        merged = dict(counts)
        for held in self._holder.held(self):
            for tile in held:
                merged[tile] = merged.get(tile, 0) + 1
        return merged

    def tiles_left(self) -> int:
        """Tiles still to be played: the bag's, and those the players hold."""
        if self._holder is None:
            return len(self.deck.pile)
        return len(self.deck.pile) + sum(map(len, self._holder.held(self)))

    def tile_at(self, x: int, y: int) -> Orientation | None:
        return self.board.get(square(x, y)) if in_reach(x, y) else None

    def placed_tiles(self) -> Iterable[tuple[int, int, Orientation]]:
        for sq, o in self.board.items():
            x, y = coords(sq)
            yield x, y, o

    def open_positions(self) -> list[tuple[int, int]]:
        """Empty squares touching the board edge to edge."""
        return [coords(sq) for sq in self.open]

    def draw(self) -> str | None:
        """The tile the current player places now, or None when the game is over.

        A tile that fits nowhere is discarded and the same player draws again
        (AR "Placing a tile"; the discard is a turn in the record); under the house
        rule ``discard: "bag"`` it goes back into the bag while some tile left fits
        (HR). Calling this again before a move is played returns the same tile.

        When the players hold several tiles (a rule module's), every tile the player holds
        that fits nowhere is discarded first (a turn each, the same player going on) and
        their first tile is returned: the move may name any tile of :meth:`held`.
        """
        if self._holder is not None:
            return self._holder.next_held(self)
        while True:
            tile = self.next_from_bag()
            if tile is None or self.has_placement(tile):
                return tile
            self.push(Discard(tile, returned=self._returns_to_bag()))

    def _returns_to_bag(self) -> bool:
        """Whether a tile that fits nowhere now goes back into the bag (a rule module says so)."""
        return any(m.returns_to_bag(self) for m in self._bag)

    def _any_tile_fits(self) -> bool:
        """Some tile that could be drawn now fits somewhere."""
        return any(self.has_placement(t) for t in self.deck.drawable()
                   if not any(m.keeps_back(self, t) for m in self._keepers))

    def inside(self, x: int, y: int) -> bool:
        """Whether (x, y) lies on the table (always, without the ``table`` house rule)."""
        return self._table is None or self._table.inside(x, y)

    def is_open(self, x: int, y: int) -> bool:
        """(x, y) is an empty square beside a placed tile (on the table): where a tile may go."""
        return in_reach(x, y) and square(x, y) in self.open

    def fills_hole(self, x: int, y: int) -> bool:
        """A tile at (x, y) would have a tile on all four sides (the ``hole_bonus`` house rule:
        the table's edge is no neighbour)."""
        sq = square(x, y)
        return all(sq + step in self.board for step in STEP)

    def has_placement(self, tile: str) -> bool:
        kind = self.tiles[tile]
        for module in self._placers:
            found = module.placements(self, kind)
            if found is not None:
                return bool(found)
        fits = kind._fits
        return any(key in fits for key in self.open.values())

    def module_placements(self, kind: TileKind) -> list[tuple[int, int]] | None:
        """Where ``kind`` may go as (packed square, rotation) when a rule module decides it
        (tiles that must continue a line of tiles), else None: any open square whose edges match."""
        for module in self._placers:
            found = module.placements(self, kind)
            if found is not None:
                return found
        return None

    def legal_placements(self, tile: str) -> list[Placement]:
        """Every square and rotation where ``tile`` can be placed now."""
        return [Placement(tile, x, y, r) for x, y, r in self._placements(self.tiles[tile])]

    def _placements(self, kind: TileKind) -> list[tuple[int, int, int]]:
        for module in self._placers:
            found = module.placements(self, kind)
            if found is not None:
                return [(*coords(sq), r) for sq, r in found]
        fits = kind._fits
        return [(sq // 1024 - 512, sq % 1024 - 512, r)
                for sq, key in self.open.items() if key in fits for r in fits[key]]

    def follower_spots(self, placement: Placement) -> list[str]:
        """Where the current player may put a follower after ``placement`` (AR "Placing a follower").

        Only on the tile just placed, only on a feature with no follower anywhere
        along it, never on a segment that is no feature, fields only with farmers in
        play (the kinds the rule modules let followers claim); none when the player
        has no follower left.
        """
        if not self.supply[self.current]:
            return []
        return self.free_spots(placement)

    def free_spots(self, placement: Placement) -> list[str]:
        """Where a follower could go after ``placement`` whether or not the current player has
        one left (as :meth:`follower_spots`; a rule module's own figure needs it);
        none on a tile a rule module bars this turn (:meth:`why_not_on_tile`)."""
        if self._no_stand and self.why_not_on_tile(placement) is not None:
            return []  # no figure on this tile this turn
        o = self.tiles[placement.tile].orientations[placement.rotation // 90]
        joined = self._joined_roots(square(placement.x, placement.y), o)
        claims = self._claims
        followers = self._followers
        spots = []
        for i, seg in enumerate(o.segments):
            kind = seg.kind
            if kind == CLOISTER or (kind in claims and not any(followers[r] for r in joined[i])):
                spots.append(seg.spot)
        return spots

    def figure_steps(self, placement: Placement) -> list[FigureStep]:
        """Every figure step the current player may take after ``placement`` besides placing
        nothing: an ordinary follower on each of :meth:`follower_spots` (the base game's
        order), then the rule modules' figures, then what may be done instead (an action)."""
        steps = [FigureStep(FOLLOWER.name, place) for place in self.follower_spots(placement)]
        for module in self.modules:
            steps += module.figure_steps(self, placement)
        if self._no_stand and self.why_not_on_tile(placement) is not None:
            steps = [s for s in steps if s.at is not None]  # none on the tile this turn
        for module in self.modules:
            steps += module.actions(self, placement)
        return steps

    def why_not_on_tile(self, placement: Placement) -> Reason | None:
        """Why no figure may stand on the tile of ``placement`` this turn (a rule module's:
        a tile a neutral figure lands on), or None."""
        for module in self._no_stand:
            reason = module.why_not_on_tile(self, placement)
            if reason is not None:
                return reason
        return None

    @property
    def strengths_vary(self) -> bool:
        """Whether some figure in play counts otherwise than 1 in a majority (a stronger kind)."""
        return bool(self._strong)

    def home(self, player: int) -> dict[str, int]:
        """The figures ``player`` has in their supply, per kind (``follower`` first)."""
        out = {FOLLOWER.name: self.supply[player]}
        for name, nodes in self.placed.items():
            out[name] = self.kinds[name].per_player - len(nodes[player])
        return out

    def figure_of(self, player: int, node: int) -> str:
        """The kind of ``player``'s figure standing on ``node`` (a follower unless a rule
        module's kind stands there)."""
        for name, nodes in self.placed.items():
            if node in nodes[player]:
                return name
        return FOLLOWER.name

    def _joined_roots(self, sq: int, o: Orientation) -> list[set[int]]:
        """Per segment of ``o`` laid at ``sq``: the features already on the board that its
        feature will contain once the tile lies there.

        A segment joins the features it touches directly, and also, through them, those
        its tile's other segments touch: a field can join an occupied farm through the
        tile's other field (AR "Placing a follower": no follower on the feature connected
        to the tile just placed, however far away). Decided on the features as they are
        after the placement, for every kind.
        """
        board, base, find = self.board, self._base, self._find
        touched: list[set[int]] = []
        total = 0
        for links in o.links:
            roots: set[int] = set()
            for d, is_half, theirs in links:
                nsq = sq + STEP[d]
                nb = board.get(nsq)
                if nb is not None:
                    roots.add(find(base[nsq] + (nb.half_segment[theirs] if is_half
                                                else nb.edge_segment[theirs])))
            total += len(roots)
            touched.append(roots)
        if total > 1 and len(set().union(*touched)) < total:
            # Two segments touch one feature: after the placement they and everything
            # either touches are one feature.
            n = len(touched)
            merged = True
            while merged:
                merged = False
                for i in range(n):
                    for j in range(i + 1, n):
                        a, b = touched[i], touched[j]
                        if a is not b and a & b:
                            union = a | b
                            for k in range(n):
                                if touched[k] is a or touched[k] is b:
                                    touched[k] = union
                            merged = True
        return touched

    def _joined_followers(self, sq: int, o: Orientation, seg: int) -> tuple[list[tuple[int, int]], bool]:
        """Followers already on the feature segment ``seg`` lies in once the tile is placed,
        and whether they are reached only through another segment of the tile."""
        joined = self._joined_roots(sq, o)
        found = [f for r in joined[seg] for f in self._followers[r]]
        direct = set()
        for d, is_half, theirs in o.links[seg]:
            nsq = sq + STEP[d]
            nb = self.board.get(nsq)
            if nb is not None:
                direct.add(self._find(self._base[nsq] + (nb.half_segment[theirs] if is_half
                                                           else nb.edge_segment[theirs])))
        return found, not any(self._followers[r] for r in direct)

    def joining(self, placement: Placement, place: str) -> tuple[tuple[tuple[int, int], ...], bool]:
        """What the segment ``place`` of a tile not yet placed would join: the followers
        (player, node) on its feature once the tile lies there, and whether the placement
        would complete that road or city (for a rule module's figure that must stand beside
        its player's follower on a feature the tile does not complete)."""
        o = self.tiles[placement.tile].orientations[placement.rotation // 90]
        sq = square(placement.x, placement.y)
        index = o.spots[place]
        joined = self._joined_roots(sq, o)
        followers = tuple(f for r in joined[index] for f in self._followers[r])
        kind = o.segments[index].kind
        if kind != ROAD and kind != CITY:
            return followers, False
        # The open edges the feature keeps: its old parts' and the tile's own segments in
        # it, less two for each edge the tile meets a neighbour by (as _lay counts them).
        group = [j for j, roots in enumerate(joined) if j == index or (roots and roots is joined[index])]
        off = self._edges_off(sq) if self._edges_off is not None and self._closes else _ON_TABLE
        left = sum(self._open[r] for r in joined[index])
        board = self.board
        for j in group:
            left += sum(1 for e in o.segments[j].edges if not off[e])
            left -= 2 * sum(1 for d, is_half, _ in o.links[j] if not is_half and sq + STEP[d] in board)
        return followers, left == 0

    def figures_on_board(self) -> list[FigureAt]:
        """Every player's figure on the board: those on features (followers, a rule module's kinds,
        an expansion's), then those that stand beside them."""
        out: list[FigureAt] = []
        for root, fs in enumerate(self._followers):
            if fs and self._parent[root] == root:
                out.extend(self._figure_at(p, node) for p, node in fs)
        for name, nodes in self.placed.items():
            if not self.kinds[name].follower:
                for p, held in enumerate(nodes):
                    out.extend(self._figure_at(p, node, name) for node in held)
        return out

    def _figure_at(self, player: int, node: int, kind: str | None = None) -> FigureAt:
        sq = self._sq[node]
        x, y = coords(sq)
        kind = kind or (self.figure_of(player, node) if self.placed else _FOLLOWER)
        return FigureAt(player, x, y, place_of(self.board[sq].segments[self._seg[node]]), kind)

    def _send_home(self, player: int, node: int) -> None:
        """``player``'s figure on ``node`` goes back to their supply (the follower count, or its
        kind's place in :attr:`placed`); the turn's frame restores both on undo."""
        if self.placed:
            for name, nodes in self.placed.items():
                if node in nodes[player]:
                    self._set_placed(name, player, tuple(n for n in nodes[player] if n != node))
                    return
        self.supply[player] += 1

    def _set_placed(self, kind: str, player: int, nodes: tuple[int, ...]) -> None:
        held = list(self.placed[kind])
        held[player] = nodes
        self.placed[kind] = tuple(held)

    def stand(self, player: int, node: int, kind: str, journal: Journal) -> None:
        """Put ``player``'s figure of ``kind`` on ``node``: among the feature's followers if
        the kind is one, and out of the player's supply (for rule modules that place figures)."""
        if self.kinds.get(kind, FOLLOWER).follower:
            root = self._find(node)
            journal.append((_SET_FOLLOWERS, root, self._followers[root]))
            self._followers[root] += ((player, node),)
        if kind == FOLLOWER.name:
            self.supply[player] -= 1
        else:
            self._set_placed(kind, player, self.placed[kind][player] + (node,))

    def feature_tiles(self, x: int, y: int, spot: str) -> list[tuple[int, int]]:
        """The tiles of the whole feature a place on a placed tile belongs to (for highlighting)."""
        return list(self.feature_at(x, y, spot).tiles)

    def feature_at(self, x: int, y: int, spot: str) -> Feature:
        """The feature that a place (``"city:N"``...) of the tile at (x, y) belongs to."""
        sq = square(x, y)
        o = self.board.get(sq) if in_reach(x, y) else None
        if o is None or spot not in o.spots:
            raise KeyError(f"no place {spot!r} on a tile at ({x}, {y})")
        return Feature(self, self._find(self._base[sq] + o.spots[spot]))

    def features(self, kind: str | None = None, occupied: bool = False) -> list[Feature]:
        """Every feature on the board (of one ``kind``; only those with followers if ``occupied``)."""
        parent, kinds = self._parent, self._kind
        if occupied:  # the nodes whose follower tuple is not empty, picked at C speed
            nodes: Iterable[int] = compress(count(), self._followers)
        else:
            nodes = range(len(parent))
        return [Feature(self, n) for n in nodes
                if parent[n] == n and (kind is None or kinds[n] == kind)]

    # ------------------------------------------------------------ checking
    def why_not_placement(self, placement: Placement) -> Reason | None:
        """None if the placement is legal, else why not, in a player's words.

        Reasons about the square carry ``facts["detail"]`` (the sentence after
        "tile E cannot go at ...: "); an edge mismatch also names the ``edge``
        (north/east/south/west), the tile's ``own`` edge kind and the neighbour's ``theirs``.
        """
        return refusals.why_not_placement(self, placement)

    def why_not_figure(self, placement: Placement, step: FigureStep) -> Reason | None:
        """None if the current player may take the figure ``step`` after ``placement``.

        An ``occupied`` reason names the ``feature``, its ``owner`` and their follower's ``role``.
        """
        return refusals.why_not_figure(self, placement, step)

    def why_not_follower(self, placement: Placement, place: str) -> Reason | None:
        """None if the current player may put an ordinary follower on ``place`` after ``placement``."""
        return refusals.why_not_figure(self, placement, FigureStep(FOLLOWER.name, place))

    def why_not(self, turn: Turn) -> Reason | None:
        """None if ``turn`` is legal now, else the reason."""
        if self.finished:
            return Reason("the game is over", "game-over")
        if isinstance(turn, Discard):
            return refusals.why_not_discard(self, turn)
        reason = self.why_not_placement(turn.placement)
        if reason is None and turn.figure is not None:
            reason = self.why_not_figure(turn.placement, turn.figure)
        if reason is None and (turn.decisions or self._deciders):
            reason = self._why_not_decisions(turn)
        return reason

    # ------------------------------------------------------------ decisions
    def decision(self, move: Move) -> Decision | None:
        """The next decision ``move`` needs from a player, or None once it is complete.

        ``move`` holds its tile, its figure step and the decisions made so far; each answer
        is added with :meth:`Move.deciding`. Who decides may be any player (a neutral figure's steps
        go round the table). Without rule modules that ask, always None.
        """
        if not self._deciders:
            return None
        self._begin(move)
        try:
            self._decide_all(move)
            return self._next_decision(move)
        finally:
            self.pop()

    def _next_decision(self, move: Move) -> Decision | None:
        for module in self._deciders:
            found = module.decision(self, move)
            if found is not None:
                return found
        return None

    def _why_not_decisions(self, move: Move) -> Reason | None:
        """Each decision of ``move`` answers the one asked, and none is missing (a rule module
        may word the refusal its own way, :meth:`RuleModule.why_not_decisions`)."""
        if not self._deciders:
            return Reason("this turn asks no decision of anyone", "no-decision")
        self._begin(move)
        try:
            reason = self._decisions_refused(move)
            if reason is not None:
                for module in self._deciders:
                    own = module.why_not_decisions(self, move, reason)
                    if own is not None:
                        return own
            return reason
        finally:
            self.pop()

    def _decisions_refused(self, move: Move) -> Reason | None:
        """:meth:`_why_not_decisions`' check, on the turn being pushed: the game is left where
        the refusal is (the decisions before it played)."""
        for number, choice in enumerate(move.decisions):
            asked = self._next_decision(move._replace(decisions=move.decisions[:number]))
            if asked is None:
                return Reason(f"this turn asks no more than {number} decisions", "no-decision",
                              made=number)
            if choice not in asked.options:
                return Reason(f"{choice} is not one of the choices ({asked.kind})", "bad-decision",
                              kind=asked.kind, choice=choice, player=self.names[asked.player], made=number)
            self._decide(move._replace(decisions=move.decisions[:number]), choice)
        asked = self._next_decision(move)
        if asked is not None:
            return Reason(f"{self.names[asked.player]} still has to decide ({asked.kind})", "decision-due",
                          kind=asked.kind, player=self.names[asked.player], options=asked.options,
                          made=len(move.decisions))
        return None

    def _decide_all(self, move: Move) -> None:
        """Play every decision of ``move`` in order on the turn being pushed."""
        for number, choice in enumerate(move.decisions):
            self._decide(move._replace(decisions=move.decisions[:number]), choice)

    def _decide(self, before: Move, choice: Any) -> None:
        """Play ``choice``, the answer to the decision ``before`` (the move with the earlier
        decisions) asks, on the turn being pushed."""
        journal = self._frames[-1].journal
        for module in self._deciders:
            asked = module.decision(self, before)
            if asked is not None:
                module.decide(self, before, asked, choice, journal)
                return

    def play(self, turn: Turn) -> list[ScoreEvent]:
        """Check ``turn`` against the rules, then play it; returns the score events it caused."""
        reason = self.why_not(turn)
        if reason:
            raise IllegalMoveError(reason, reason=reason)
        n = len(self.events)
        self.push(turn)
        return self.events[n:]

    # ------------------------------------------------------------ playing
    def push(self, turn: Turn) -> None:
        """Play ``turn`` without checking it (see :meth:`play`): the fast path for search.

        Only a square beyond reach is refused even here, since it would alias another one.
        """
        laid = self._begin(turn)
        if laid is not None:
            move = cast(Move, turn)
            if move.decisions:
                self._decide_all(move)
            self._finish(move, *laid)

    def _begin(self, turn: Turn) -> tuple[int, Orientation, int] | None:
        """A turn's first steps: its frame, the tile drawn and laid, the figure step; the
        square, the tile as it lies and its first node, or None when the turn ends there (a
        tile set aside)."""
        if not isinstance(turn, Discard) and not in_reach(turn.x, turn.y):
            raise IllegalMoveError(f"no board reaches ({turn.x}, {turn.y}): "
                                   f"x and y go from -{REACH} to {REACH}")
        frame = _Frame(self, turn)
        self.history.append(turn)  # before the draw: a tile drawn this turn comes after it
        self._frames.append(frame)
        holder = self._holder
        if holder is None:
            frame.deck_index = self.deck.take(turn.tile)
        else:  # from the player's tiles, and one drawn for them
            frame.deck_index = holder.take_held(self, turn.tile)
        if self._starters and not (len(self._frames) > 1 and self._frames[-2].goes_on):
            for module in self._starters:  # the first entry of a player's turn (a point for standing beside a follower)
                module.turn_begins(self, frame.journal)
        if isinstance(turn, Discard):  # the same player draws again
            frame.goes_on = True
            if turn.returned:
                self.deck.put_back(turn.tile, frame.deck_index)
                rng = random.Random(f"{self.seed}:{len(self.history)}")
                frame.deck_index, frame.bag_index = self.deck.return_to_bag(turn.tile, rng)
            elif holder is not None:
                holder.after_turn(self)
            return None
        tile, x, y, rotation, step, _decisions = turn
        o = self.tiles.kinds[tile].orientations[rotation // 90]
        sq = square(x, y)
        frame.sq = sq
        journal = frame.journal
        base = len(self._parent)
        self._lay(sq, o, journal)
        if step is not None:
            player = self.current
            kind = step.kind
            if kind == _FOLLOWER and step.at is None:
                node = base + o.spots[step.place]
                root = self._find(node)
                journal.append((_SET_FOLLOWERS, root, self._followers[root]))
                self._followers[root] += ((player, node),)
                self.supply[player] -= 1
            elif not step.action and step.at is None and kind in self.placed:
                self.stand(player, base + o.spots[step.place], kind, journal)
            else:  # a rule module's own step: an action, or a figure on another tile (``at``)
                for module in self._figures:
                    module.play_figure(self, sq, o, base, step, journal)
        return sq, o, base

    def _finish(self, turn: Move, sq: int, o: Orientation, base: int) -> None:
        """A turn's last steps: score what the tile completed, then who plays next."""
        frame = self._frames[-1]
        journal = frame.journal
        self._score_completed(sq, o, base, journal)
        for module in self._after_place:
            module.after_place(self, sq, o, journal)
        giver = next((m for m in self._extra_turn if m.another_turn(self, turn)), None) if self._extra_turn else None
        if giver is None:
            self.current = (frame.current + 1) % self.players
        else:
            frame.goes_on = giver.continues_turn
        if self._holder is not None:
            self._holder.after_turn(self)

    def pop(self) -> Turn:
        """Take back the last turn (or the final scoring, if applied) exactly."""
        if self.finished:
            self.finished = False
            scores, n_events = self._final_frame  # type: ignore[misc]
            self.scores = scores[:]
            del self.events[n_events:]
            self._final_frame = None
            return self.history[-1]
        frame = self._frames.pop()
        self.history.pop()
        parent, open_, pennants = self._parent, self._open, self._pennants
        members, followers, cities = self._members, self._followers, self._cities
        for entry in reversed(frame.journal):
            op = entry[0]
            if op == _MERGE:
                _, child, root, o_open, o_pen, o_members, o_followers, o_cities = entry
                parent[child] = child
                open_[root], pennants[root], members[root] = o_open, o_pen, o_members
                followers[root], cities[root] = o_followers, o_cities
            elif op == _OPEN_SQ:
                _, sq, key = entry
                if key:
                    self.open[sq] = key
                else:
                    del self.open[sq]
            elif op == _SET_OPEN:
                open_[entry[1]] = entry[2]
            else:
                followers[entry[1]] = entry[2]
        nb = frame.node_base
        if frame.sq >= 0:
            for arr in (parent, self._kind, self._sq, self._seg, open_, pennants, members,
                        followers, cities):
                del arr[nb:]
            del self.board[frame.sq]
            del self._base[frame.sq]
            self._cloisters.pop(frame.sq, None)
        if frame.bag_index >= 0:
            self.deck.undo_return(frame.turn.tile, frame.deck_index, frame.bag_index)
        else:
            if self._holder is None:
                self.deck.put_back(frame.turn.tile, frame.deck_index)
            else:  # the tile drawn goes back; the tiles held are the module's state, restored below
                self._holder.put_back_held(self, frame.deck_index)
        self.scores, self.supply, self.current = frame.scores[:], frame.supply[:], frame.current
        del self.events[frame.n_events:]
        if frame.states:
            self._states[:] = frame.states
        if frame.placed is not None:
            self.placed = frame.placed
        return frame.turn

    def finish(self) -> list[ScoreEvent]:
        """Apply the final scoring (AR "Final scoring"); :meth:`pop` takes it back."""
        if self.finished:
            return []
        events = self.final_scoring()
        self._final_frame = (self.scores[:], len(self.events))
        for event in events:
            for p in event.players:
                self.scores[p] += event.points
        self.events.extend(events)
        self.finished = True
        return events

    # ------------------------------------------- the board, for rule modules
    # A rule module reads and changes the board through these, never through the
    # union-find itself: a feature is named by its root node, a placed segment by its node.
    def find(self, node: int) -> int:
        """The feature (its root node) the placed segment ``node`` belongs to now."""
        return self._find(node)

    def board_key(self) -> object:
        """An object that stands for the tiles on the board as they lie now: the same object
        (``is``) while no tile is laid or taken back, in this game and in its copies. What a
        computer player works out from the tiles alone is kept under it; holding it, the key
        is never mistaken for another board's (a turn's frame: a tile laid starts a new one)."""
        return self._frames[-1] if self._frames else self

    def node(self, sq: int, index: int) -> int:
        """The node of segment ``index`` of the tile on packed square ``sq``."""
        return self._base[sq] + index

    def kind_of(self, node: int) -> str:
        """The kind of the feature ``node`` belongs to (``road``, ``city``...)."""
        return self._kind[node]

    def segments_of(self, root: int) -> Iterator[Segment]:
        """Every placed segment of the feature ``root``, as it lies on its tile."""
        board, sqs, segs = self.board, self._sq, self._seg
        for n in self._members[root]:
            yield board[sqs[n]].segments[segs[n]]

    def pennants_of(self, root: int) -> int:
        return self._pennants[root]

    def complete(self, root: int) -> bool:
        """Whether the road or city ``root`` has no open edge."""
        return self._open[root] == 0

    def followers_on(self, root: int) -> tuple[tuple[int, int], ...]:
        """The figures on the feature ``root`` that count as its followers: (player, node)."""
        return self._followers[root]

    def set_followers(self, root: int, followers: tuple[tuple[int, int], ...], journal: Journal) -> None:
        """Put ``followers`` (player, node) on the feature ``root``, undoably."""
        journal.append((_SET_FOLLOWERS, root, self._followers[root]))
        self._followers[root] = followers

    def take_home(self, player: int, node: int, journal: Journal) -> None:
        """``player``'s figure on ``node`` leaves its feature for their supply (undoably)."""
        root = self._find(node)
        self.set_followers(root, tuple(f for f in self._followers[root] if f != (player, node)), journal)
        self._send_home(player, node)

    def remove_figure(self, player: int, node: int, journal: Journal) -> None:
        """A rule sends ``player``'s figure on ``node`` home without scoring (eaten, removed):
        it leaves as :meth:`take_home` says, then the rule modules send home what stood
        by it (:meth:`RuleModule.removed`)."""
        self.take_home(player, node, journal)
        for module in self._removers:
            module.removed(self, player, node, journal)

    @contextmanager
    def laid(self, placement: Placement) -> Iterator[None]:
        """The board with ``placement``'s tile laid, before its figure step and its scoring
        (the features it joins, those it completes still holding their followers); taken
        back on leaving. For a rule module's places on other tiles (a follower sent anywhere)."""
        self._begin(placement.with_figure(None))
        try:
            yield
        finally:
            self.pop()

    def score_feature(self, root: int, journal: Journal) -> None:
        """Score the feature ``root`` now, as completed, and send its followers home."""
        self._score(root, journal)

    def value(self, root: int, complete: bool) -> int:
        """What the feature ``root`` scores: completed, or left open at the end."""
        return self._points(root, complete)

    def ring_filled(self, sq: int) -> int:
        """How many of the 8 squares around ``sq`` count as filled (a cloister's neighbours)."""
        return self._cloister_neighbours(sq)

    def majority(self, figures: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """The players whose figures among ``figures`` are strongest (all tied ones)."""
        return self._majority(figures)

    def tiles_of(self, root: int) -> list[tuple[int, int]]:
        """The tiles that count for the feature ``root``'s points (a cloister's: its ring too)."""
        return self._tiles_of(root)

    def figure_at(self, player: int, node: int) -> FigureAt:
        """``player``'s figure on ``node``, as events and the board name it."""
        return self._figure_at(player, node)

    def event(self, event: ScoreEvent) -> None:
        """Add a score event a rule module made (its points already counted)."""
        self.events.append(event)

    # ----------------------------------------------------------- internals
    def _find(self, node: int) -> int:
        parent = self._parent
        while parent[node] != node:
            node = parent[node]
        return node

    def _lay(self, sq: int, o: Orientation, journal: Journal) -> None:
        """Put a tile on the board: new nodes, merges with the neighbours, open squares."""
        board, base_of, open_sq = self.board, self._base, self.open
        parent, open_, pennants = self._parent, self._open, self._pennants
        members, followers, cities = self._members, self._followers, self._cities
        base = len(parent)
        board[sq] = o
        base_of[sq] = base
        journal.append((_OPEN_SQ, sq, open_sq.pop(sq, 0)))
        codes = o.codes
        edges_off = self._edges_off
        off = edges_off(sq) if edges_off is not None else _ON_TABLE
        for d in range(4):
            nsq = sq + STEP[d]
            if nsq not in board and not off[d]:
                old = open_sq.get(nsq, 0)
                journal.append((_OPEN_SQ, nsq, old))
                open_sq[nsq] = old + codes[d] * _POW[(d + 2) % 4]
        closes = self._closes
        for i, seg in enumerate(o.segments):
            node = base + i
            kind = seg.kind
            parent.append(node)
            self._kind.append(kind)
            self._sq.append(sq)
            self._seg.append(i)
            if kind == ROAD or kind == CITY:
                # HR: with table_closes, an edge facing the table's edge is closed.
                open_.append(sum(1 for e in seg.edges if not off[e]) if closes else len(seg.edges))
            else:
                open_.append(0)
            pennants.append(1 if seg.pennant else 0)
            members.append((node,))
            followers.append(())
            cities.append(tuple(base + c for c in seg.cities))
            if kind == CLOISTER:
                self._cloisters[sq] = node
        find = self._find
        for i, links in enumerate(o.links):
            for d, is_half, theirs in links:
                nsq = sq + STEP[d]
                nb = board.get(nsq)
                if nb is None:
                    continue
                a = find(base + i)
                b = find(base_of[nsq] + (nb.half_segment[theirs] if is_half else nb.edge_segment[theirs]))
                close = 0 if is_half else 2
                if a == b:
                    if close:
                        journal.append((_SET_OPEN, a, open_[a]))
                        open_[a] -= close
                    continue
                if len(members[a]) < len(members[b]):
                    a, b = b, a
                journal.append((_MERGE, b, a, open_[a], pennants[a], members[a], followers[a], cities[a]))
                parent[b] = a
                open_[a] += open_[b] - close
                pennants[a] += pennants[b]
                members[a] += members[b]
                if followers[b]:
                    followers[a] += followers[b]
                if cities[b]:
                    cities[a] += cities[b]

    def _cloister_neighbours(self, c: int) -> int:
        """Squares around a cloister that count as filled: tiles, and with ``table_closes``
        the squares beyond the table's edge, as around an Abbey (HR)."""
        board = self.board
        if not self._closes:
            return sum(1 for r in RING if c + r in board)
        return sum(1 for r in RING if c + r in board or self.beyond_closing_edge(c + r))

    def beyond_closing_edge(self, sq: int) -> bool:
        """Whether packed square ``sq`` lies beyond a table edge that closes features (HR)."""
        return self._closes and not self.inside(*coords(sq))

    def _score_completed(self, sq: int, o: Orientation, base: int, journal: Journal) -> None:
        """Score every road, city and cloister the tile just completed (AR "Scoring", step 3)."""
        open_, followers = self._open, self._followers
        done: list[int] = []
        for i, seg in enumerate(o.segments):
            kind = seg.kind
            if kind == ROAD or kind == CITY:
                root = self._find(base + i)
                if open_[root] == 0 and root not in done:
                    done.append(root)
                    for module in self._completers:  # whoever holds it, even nobody (tokens taken)
                        module.completed(self, root, journal)
                    if followers[root]:
                        self._score(root, journal)
        cloisters = self._cloisters
        for r in (0, *RING):
            node = cloisters.get(sq + r)
            if node is not None and followers[node]:
                c = sq + r
                if self._cloister_neighbours(c) == 8:
                    self._score(node, journal)

    def _score(self, root: int, journal: Journal) -> None:
        """Score one completed feature during play and send its followers home."""
        fs = self._followers[root]
        points = self._points(root, complete=True)
        winners = self._majority(fs)
        for p in winners:
            self.scores[p] += points
        returned = tuple(self._figure_at(p, n) for p, n in fs)
        if self.placed:
            for p, n in fs:
                self._send_home(p, n)
        else:
            for p, _ in fs:
                self.supply[p] += 1
        journal.append((_SET_FOLLOWERS, root, fs))
        self._followers[root] = ()
        kind = self._kind[root]
        self.events.append(ScoreEvent(
            turn=len(self.history), feature=kind, points=points, players=winners,
            tiles=tuple(self._tiles_of(root)), figures_returned=returned,
            complete=True, detail=self._pennants[root] if kind == CITY else 0))
        for module in self._scorers:  # what follows a feature's scoring (a bonus to one of its followers)
            module.scored(self, root, fs, journal)

    def _points(self, root: int, complete: bool) -> int:
        kind = self._kind[root]
        if kind not in _SPREADING:
            return cloister_points(self._cloister_neighbours(self._sq[root]))
        tiles = len({self._sq[n] for n in self._members[root]})
        for module in self._pointers:  # a road or city whose marks change its points
            points = module.points(self, root, kind, tiles, complete)
            if points is not None:
                return points
        return feature_points(kind, tiles, self._pennants[root], complete, self.rules)

    def _majority(self, fs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """Players with the most followers on a feature; all tied players score (AR "several followers").
        A rule module may count a figure more (a kind worth 2: AR FAQ 17, "the size of the
        followers ... is only important in establishing who has the majority")."""
        counts = [0] * self.players
        for p, _ in fs:
            counts[p] += 1
        for kind, more in self._strong:  # a stronger kind counts more
            placed = self.placed[kind]
            for p, n in fs:
                if n in placed[p]:
                    counts[p] += more
        most = max(counts)
        return tuple(p for p, n in enumerate(counts) if n == most) if most else ()

    def _tiles_of(self, root: int) -> list[tuple[int, int]]:
        if self._kind[root] not in _SPREADING:
            c = self._sq[root]
            return [coords(c)] + [coords(c + r) for r in RING if c + r in self.board]
        seen: dict[int, None] = {}
        for n in self._members[root]:
            seen[self._sq[n]] = None
        return [coords(sq) for sq in seen]

    def _roots_with_followers(self) -> list[int]:
        parent, followers = self._parent, self._followers
        roots = [n for n, fs in enumerate(followers) if fs and parent[n] == n]
        roots.sort(key=lambda n: (_SCORE_ORDER.get(self._kind[n], 2), n))
        return roots

    def final_scoring(self) -> list[ScoreEvent]:
        """The end-of-game score events for the board as it is, without applying them.

        Incomplete roads, cities and cloisters score 1 per tile (and per pennant,
        and per neighbour of a cloister), or nothing with the house rule
        ``incomplete_score: false``; then farms (AR "Final scoring"). The UI
        uses this for the projected score.
        """
        turn = len(self.history)
        followers = self._followers
        return [ScoreEvent(
            turn=turn, feature=award.feature, points=award.points, players=award.players,
            tiles=tuple(self._tiles_of(award.tiles_of)) if award.tiles_of >= 0 else award.squares,
            figures_returned=(tuple(self._figure_at(p, n) for p, n in followers[award.tiles_of])
                              if award.feature != "farm" and award.tiles_of >= 0 else ()),
            complete=False, final=True, detail=award.detail) for award in self._final_awards()]

    def final_points(self) -> list[int]:
        """What each player would gain from the final scoring now: :meth:`final_scoring`'s
        points without the events' tiles and followers (the computer players' end positions)."""
        points = [0] * self.players
        for award in self._final_awards():
            for p in award.players:
                points[p] += award.points
        return points

    def _final_awards(self) -> list[Award]:
        """The final scoring's awards, in the order :meth:`final_scoring` reports them:
        incomplete roads, cities and cloisters, then what the rule modules add (the farms)."""
        roots = self._roots_with_followers()
        kinds, followers, pennants = self._kind, self._followers, self._pennants
        awards = [Award(kind, self._points(root, complete=False), self._majority(followers[root]),
                        root, pennants[root] if kind == CITY else 0)
                  for root in roots if (kind := kinds[root]) != FIELD]
        for module in self._finals:
            module.final_awards(self, roots, awards)
        for module in self._extras:  # awards that belong to no feature (majorities of tokens)
            awards.extend(module.final_extras(self))
        for module in self._final_scorers:  # awards that follow a feature's (a bonus to one of its followers)
            module.final_scored(self, awards)
        return awards

    def city_points(self, player: int, farm: int, per_city: int) -> int:
        """What one city a farm supplies scores for ``player`` who wins the farm: ``per_city``
        (the edition's 3 or 4) and what rule modules add (a module's figure on the farm, one more)."""
        for module in self._farm_bonus:
            per_city += module.city_bonus(self, player, farm)
        return per_city

    def turn_goes_on(self) -> bool:
        """Whether the player to move is between two parts of one turn (a rule module's
        second part is due): held tiles are drawn only when the turn is over."""
        return any(m.turn_goes_on(self) for m in self._going_on)

    def counters(self, player: int) -> dict[str, int]:
        """What ``player`` has collected that rule modules count (tokens by kind)."""
        found: dict[str, int] = {}
        for module in self.modules:
            found.update(module.counters(self, player))
        return found


_ON_TABLE = (False, False, False, False)
