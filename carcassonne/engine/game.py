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
from collections.abc import Iterable, Sequence
from itertools import compress, count
from typing import Any

from . import refusals
from .deck import Deck, start_tile
from .errors import IllegalMoveError, Reason
from .events import FollowerAt, ScoreEvent
from .features import Feature, place_of
from .geometry import REACH, RING, STEP, coords, in_reach, square
from .modules import modules_for, overrides
from .modules.base import RuleModule
from .modules.table import Table
from .moves import Discard, Placement, Turn
from .refusals import ROLE
from .river import RiverState
from .rules import FOLLOWERS, MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import Award, cloister_points, feature_points
from .tiles import CITY, CLOISTER, FIELD, ROAD, Orientation, TileKind, TileSet

#: The undo journal of a move: what :meth:`Game.pop` puts back, entry by entry.
Journal = list[tuple[Any, ...]]

__all__ = ["ROLE", "Game"]

#: Constraint key weight of each side of an open square (see TileKind.fits).
_POW = (1, 5, 25, 125)
#: The order of the final scoring; any other kind (a garden) scores with the cloisters.
_SCORE_ORDER = {ROAD: 0, CITY: 1, CLOISTER: 2, FIELD: 3}
#: Features that spread over tiles; any other (a cloister, a garden) lies on one tile and
#: is worth 1 + the tiles around it.
_SPREADING = (ROAD, CITY, FIELD)

# Journal entries: (op, ...). Undone in reverse order by Game.pop().
_OPEN_SQ, _MERGE, _SET_OPEN, _SET_FOLLOWERS = 0, 1, 2, 3


class _Frame:
    """What :meth:`Game.pop` needs to take one turn back."""

    __slots__ = ("turn", "journal", "node_base", "sq", "scores", "supply", "current",
                 "n_events", "deck_index", "bag_index", "states")

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
        attrs = game._state_attrs  # the rule modules' state
        self.states = tuple([getattr(game, a) for a in attrs]) if attrs else ()




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
        #: The tile at (0, 0): D, the spring with The River, or the bag's first with ``start: "random"``.
        self.start_tile: str = self.deck.start or start_tile(tiles, self.rules)
        #: The rule modules this game plays with (expansions, house rules), in hook order.
        self.modules = modules = modules_for(self.rules)
        self._hook_modules()
        #: The table's squares (min x, max x, min y, max y), or None (HR "Use of a Table").
        self.bounds = self.rules.bounds
        #: The River's open end, kept by the river module; None without The River.
        self.river: RiverState | None = None
        #: Per player, the node their abbot stands on or -1, kept by the Abbot module; () without it.
        self.abbots: tuple[int, ...] = ()
        #: Per player, the tiles held with a hand of tiles (HR), kept by the hand module
        #: (:meth:`hand` reads them); () without it. ``dealt``: the hands before the first
        #: turn; ``drawn``: per turn, the tile drawn after it (None once the bag is empty).
        self.hands: tuple[tuple[str, ...], ...] = ()
        self.dealt: tuple[tuple[str, ...], ...] = ()
        self.drawn: tuple[str | None, ...] = ()
        #: Per player, the node their big follower stands on or -1, kept by the Inns & Cathedrals
        #: module; () without it.
        self.bigs: tuple[int, ...] = ()
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
        self.supply = [FOLLOWERS] * players
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
        self._after_place = using("after_place")
        self._extra_turn = using("another_turn")
        self._bag = using("returns_to_bag")
        self._finals = using("final_awards")
        self._pointers = using("points")
        self._strengths = using("strength")
        self._state_attrs = tuple(a for m in modules for a in m.state)
        #: The module whose players hold their tiles in hands (HR), or None: the draw pile's top.
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
        return g

    # ----------------------------------------------------------------- queries
    @property
    def turn_number(self) -> int:
        """Turns played so far (discards count, as in the record)."""
        return len(self.history)

    @property
    def is_over(self) -> bool:
        """No tile is left to draw: the game ends after the turn that placed the last tile
        (with a hand of tiles, once the bag and every hand are empty)."""
        return not self.deck.pile and not any(self.hands)

    def hand(self, player: int | None = None) -> tuple[str, ...]:
        """The tiles ``player`` (default: the player to move) may play from, in order.

        With a hand of tiles (HR), their hand: a move names any one of them, and
        :meth:`draw` first discards those that fit nowhere. In the book's game, the
        tile :meth:`draw` returned for the player to move, nothing for the others.
        Whether another player may see a hidden hand:
        :func:`~carcassonne.engine.modules.hand.hand_shown`.
        """
        from .modules.hand import hand_of

        return hand_of(self, player)

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

        With a hand of tiles (HR), every tile of the player's hand that fits nowhere is
        discarded first (a turn each, the same player going on) and the hand's first
        tile is returned: the move may name any tile of :meth:`hand`.
        """
        if self._holder is not None:
            return self._holder.next_held(self)
        while True:
            tile = self.deck.peek()
            if tile is None or self.has_placement(tile):
                return tile
            self.push(Discard(tile, returned=self._returns_to_bag()))

    def _returns_to_bag(self) -> bool:
        """Whether a tile that fits nowhere now goes back into the bag (a rule module says so)."""
        return any(m.returns_to_bag(self) for m in self._bag)

    def _any_tile_fits(self) -> bool:
        """Some tile that could be drawn now fits somewhere."""
        return any(self.has_placement(t) for t in self.deck.drawable())

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
        (a river tile with The River), else None: any open square whose edges match."""
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
        along it, never on the river (it is no segment), fields only with farmers in
        play (the kinds the rule modules let followers claim); none when the player
        has no follower left.
        """
        if not self.supply[self.current]:
            return []
        return self.free_spots(placement)

    def free_spots(self, placement: Placement) -> list[str]:
        """Where a follower could go after ``placement`` whether or not the current player has
        one left (as :meth:`follower_spots`; a rule module's figure, the big follower, needs it)."""
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

    def extra_places(self, placement: Placement) -> list[str]:
        """Places besides the followers' the rule modules offer the current player after
        ``placement`` (none in the base game)."""
        return [spot for m in self.modules for spot in m.extra_places(self, placement)]

    def extra_actions(self, placement: Placement) -> list[str]:
        """What the rule modules let the current player do instead of placing a figure
        after ``placement`` (nothing in the base game)."""
        return [action for m in self.modules for action in m.extra_actions(self, placement)]

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

    def followers_on_board(self) -> list[FollowerAt]:
        out: list[FollowerAt] = []
        for root, fs in enumerate(self._followers):
            if fs and self._parent[root] == root:
                out.extend(self._follower_at(p, node) for p, node in fs)
        return out

    def _follower_at(self, player: int, node: int) -> FollowerAt:
        sq = self._sq[node]
        x, y = coords(sq)
        figure = ("big" if self.bigs and self.bigs[player] == node
                  else "abbot" if self.abbots and self.abbots[player] == node else "follower")
        return FollowerAt(player, x, y, place_of(self.board[sq].segments[self._seg[node]]), figure)

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

    def why_not_follower(self, placement: Placement, spot: str) -> Reason | None:
        """None if the current player may put a follower on ``spot`` after ``placement``.

        An ``occupied`` reason names the ``feature``, its ``owner`` and their follower's ``role``.
        """
        return refusals.why_not_follower(self, placement, spot)

    def why_not(self, turn: Turn) -> Reason | None:
        """None if ``turn`` is legal now, else the reason."""
        if self.finished:
            return Reason("the game is over", "game-over")
        if isinstance(turn, Discard):
            return refusals.why_not_discard(self, turn)
        reason = self.why_not_placement(turn.placement)
        if reason is None and turn.follower:
            reason = self.why_not_follower(turn.placement, turn.follower)
        return reason

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
        if not isinstance(turn, Discard) and not in_reach(turn.x, turn.y):
            raise IllegalMoveError(f"no board reaches ({turn.x}, {turn.y}): "
                                   f"x and y go from -{REACH} to {REACH}")
        frame = _Frame(self, turn)
        holder = self._holder
        if holder is None:
            frame.deck_index = self.deck.take(turn.tile)
        else:  # from the player's hand, and one drawn into it
            frame.deck_index = holder.take_held(self, turn.tile)
        self.history.append(turn)
        self._frames.append(frame)
        if isinstance(turn, Discard):  # the same player draws again
            if turn.returned:
                self.deck.put_back(turn.tile, frame.deck_index)
                rng = random.Random(f"{self.seed}:{len(self.history)}")
                frame.deck_index, frame.bag_index = self.deck.return_to_bag(turn.tile, rng)
            elif holder is not None:
                holder.after_turn(self)
            return
        tile, x, y, rotation, follower = turn
        o = self.tiles.kinds[tile].orientations[rotation // 90]
        sq = square(x, y)
        frame.sq = sq
        journal = frame.journal
        base = len(self._parent)
        self._lay(sq, o, journal)
        player = self.current
        if follower:
            index = o.spots.get(follower)
            if index is None:  # a rule module's figure (the abbot)
                for module in self._figures:
                    module.play_figure(self, sq, o, base, follower, journal)
            else:
                node = base + index
                root = self._find(node)
                journal.append((_SET_FOLLOWERS, root, self._followers[root]))
                self._followers[root] += ((player, node),)
                self.supply[player] -= 1
        self._score_completed(sq, o, base, journal)
        for module in self._after_place:
            module.after_place(self, sq, o, journal)
        if not (self._extra_turn and any(m.another_turn(self, x, y) for m in self._extra_turn)):
            self.current = (player + 1) % self.players
        if holder is not None:
            holder.after_turn(self)

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
            else:  # the tile drawn goes back; the hands are the module's state, restored below
                self._holder.put_back_held(self, frame.deck_index)
        self.scores, self.supply, self.current = frame.scores[:], frame.supply[:], frame.current
        del self.events[frame.n_events:]
        for attr, value in zip(self._state_attrs, frame.states):
            setattr(self, attr, value)
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
                    if followers[root]:
                        self._score(root, journal)
        cloisters = self._cloisters
        for r in (0, *RING):
            node = cloisters.get(sq + r)
            if node is not None and followers[node]:
                c = sq + r
                if self._cloister_neighbours(c) == 8:
                    self._score(node, journal)

    def _set_followers(self, root: int, followers: tuple[tuple[int, int], ...], journal: Journal) -> None:
        """Put ``followers`` (player, node) on the feature ``root``, undoably (for rule modules)."""
        journal.append((_SET_FOLLOWERS, root, self._followers[root]))
        self._followers[root] = followers

    def _score(self, root: int, journal: Journal) -> None:
        """Score one completed feature during play and send its followers home."""
        fs = self._followers[root]
        points = self._points(root, complete=True)
        winners = self._majority(fs)
        for p in winners:
            self.scores[p] += points
        for p, _ in fs:
            self.supply[p] += 1
        journal.append((_SET_FOLLOWERS, root, fs))
        self._followers[root] = ()
        kind = self._kind[root]
        self.events.append(ScoreEvent(
            turn=len(self.history), feature=kind, points=points, players=winners,
            tiles=tuple(self._tiles_of(root)),
            followers_returned=tuple(self._follower_at(p, n) for p, n in fs),
            complete=True, detail=self._pennants[root] if kind == CITY else 0))

    def _points(self, root: int, complete: bool) -> int:
        kind = self._kind[root]
        if kind not in _SPREADING:
            return cloister_points(self._cloister_neighbours(self._sq[root]))
        tiles = len({self._sq[n] for n in self._members[root]})
        for module in self._pointers:  # an inn road, a cathedral city
            points = module.points(self, root, kind, tiles, complete)
            if points is not None:
                return points
        return feature_points(kind, tiles, self._pennants[root], complete, self.rules)

    def _majority(self, fs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """Players with the most followers on a feature; all tied players score (AR "several followers").
        A rule module may count a figure more (a big follower 2: AR FAQ 17, "the size of the
        followers ... is only important in establishing who has the majority")."""
        counts = [0] * self.players
        for p, _ in fs:
            counts[p] += 1
        for module in self._strengths:  # a big follower counts 2
            module.strength(self, fs, counts)
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
            tiles=tuple(self._tiles_of(award.tiles_of)),
            followers_returned=(tuple(self._follower_at(p, n) for p, n in followers[award.tiles_of])
                                if award.feature != "farm" else ()),
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
        return awards


_ON_TABLE = (False, False, False, False)
