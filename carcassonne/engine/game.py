"""A game of Carcassonne: the board, the features on it, followers, scores and turns.

Features (roads, cities, fields, cloisters) are kept as JCloisterZone keeps them:
each placed segment becomes a node; placing a tile merges its nodes with the
neighbours' features (union by size) and closes the edges it meets. A road or
city with no open edge is complete. Every change a turn makes is written to a
journal, so :meth:`Game.pop` undoes a turn exactly (like python-chess's move
stack) and computer players can search with push/pop or :meth:`Game.copy`.

Rules cited: annotated rules 2007 (AR), Rio Grande rules 2013 (RG), The River (RV),
Wikicarpedia's base-game page, "House Rules" and "Use of a Table" (HR).
"""

from __future__ import annotations

import random
from itertools import compress, count
from typing import Iterable, NamedTuple, Sequence

from .deck import Deck, start_tile
from .errors import IllegalMoveError, Reason
from .events import FollowerAt, ScoreEvent
from .features import Feature
from .geometry import REACH, RING, STEP, coords, in_reach, square
from .moves import Discard, Placement, Turn
from .river import RiverState
from .rules import BAG, FIRST_EDITION, FOLLOWERS, MAX_PLAYERS, MIN_PLAYERS, SECOND_EDITION, Rules
from .scoring import cloister_points, feature_points
from .tiles import CITY, CLOISTER, FIELD, ROAD, Orientation, TileKind, TileSet

#: Constraint key weight of each side of an open square (see TileKind.fits).
_POW = (1, 5, 25, 125)
#: What a follower is called on each feature (AR "Placing a follower").
ROLE = {ROAD: "thief", CITY: "knight", CLOISTER: "monk", FIELD: "farmer"}
_SCORE_ORDER = {ROAD: 0, CITY: 1, CLOISTER: 2, FIELD: 3}

# Journal entries: (op, ...). Undone in reverse order by Game.pop().
_OPEN_SQ, _MERGE, _SET_OPEN, _SET_FOLLOWERS = 0, 1, 2, 3


class _Frame:
    """What :meth:`Game.pop` needs to take one turn back."""

    __slots__ = ("turn", "journal", "node_base", "sq", "scores", "supply", "current",
                 "n_events", "deck_index", "bag_index", "river")

    def __init__(self, game: "Game", turn: Turn) -> None:
        self.turn = turn
        self.journal: list[tuple] = []
        self.node_base = len(game._parent)
        self.sq = -1
        self.scores = game.scores[:]
        self.supply = game.supply[:]
        self.current = game.current
        self.n_events = len(game.events)
        self.deck_index = -1
        self.bag_index = -1  # where a tile returned to the bag went
        self.river = game.river


class Game:
    """One game in progress. Not thread-safe; copy it for another thread."""

    def __init__(self, tiles: TileSet, rules: Rules | None = None, players: int = 2,
                 seed: int | None = None, names: Sequence[str] | None = None) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalMoveError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.tiles = tiles
        self.rules = rules or Rules()
        self.players = players
        self.names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        self.seed = seed
        self.deck = Deck.for_rules(tiles, self.rules, seed)
        #: The table's squares (min x, max x, min y, max y), or None (HR "Use of a Table").
        self.bounds = self.rules.bounds
        self._closes = self.rules.table_closes
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
        start = self.tiles[start_tile(tiles, self.rules)].orientations[0]
        self._lay(square(0, 0), start, [])
        self.river: RiverState | None = RiverState.from_spring(start) if self.rules.river else None

    # ------------------------------------------------------------------ copies
    def copy(self) -> "Game":
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
        """No tile is left to draw: the game ends after the turn that placed the last tile."""
        return not self.deck.pile

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
        """
        while True:
            tile = self.deck.peek()
            if tile is None or self.has_placement(tile):
                return tile
            self.push(Discard(tile, returned=self.rules.discard == BAG and self._any_tile_fits()))

    def _any_tile_fits(self) -> bool:
        """Some tile that could be drawn now fits somewhere."""
        return any(self.has_placement(t) for t in self.deck.drawable())

    def inside(self, x: int, y: int) -> bool:
        """Whether (x, y) lies on the table (always, without the ``table`` house rule)."""
        b = self.bounds
        return b is None or (b[0] <= x <= b[1] and b[2] <= y <= b[3])

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
        if self.river is not None and kind.is_river:
            return bool(self.river.placements(self, kind))
        fits = kind._fits
        return any(key in fits for key in self.open.values())

    def legal_placements(self, tile: str) -> list[Placement]:
        """Every square and rotation where ``tile`` can be placed now."""
        return [Placement(tile, x, y, r) for x, y, r in self._placements(self.tiles[tile])]

    def _placements(self, kind: TileKind) -> list[tuple[int, int, int]]:
        if self.river is not None and kind.is_river:
            return [(*coords(sq), r) for sq, r in self.river.placements(self, kind)]
        fits = kind._fits
        return [(sq // 1024 - 512, sq % 1024 - 512, r)
                for sq, key in self.open.items() if key in fits for r in fits[key]]

    def follower_spots(self, placement: Placement) -> list[str]:
        """Where the current player may put a follower after ``placement`` (AR "Placing a follower").

        Only on the tile just placed, only on a feature with no follower anywhere
        along it, never on the river, fields only with farmers in play; none
        when the player has no follower left.
        """
        if not self.supply[self.current]:
            return []
        o = self.tiles[placement.tile].orientations[placement.rotation // 90]
        joined = self._joined_roots(square(placement.x, placement.y), o)
        farmers = self.rules.farmers
        followers = self._followers
        spots = []
        for i, seg in enumerate(o.segments):
            kind = seg.kind
            if kind == CLOISTER or ((kind == CITY or kind == ROAD or (kind == FIELD and farmers))
                                    and not any(followers[r] for r in joined[i])):
                spots.append(seg.spot)
        return spots

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
        return FollowerAt(player, x, y, self.board[sq].segments[self._seg[node]].spot)

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
        tile, x, y, rotation = placement
        reason = self.deck.why_not_drawable(tile)
        if reason:
            return reason
        head = f"tile {tile} cannot go at ({x}, {y}) rotation {rotation}"

        def refuse(detail: str, rule: str, **facts: object) -> Reason:
            return Reason(f"{head}: {detail}", rule, detail=detail, **facts)

        if rotation not in (0, 90, 180, 270):
            return refuse("rotation must be 0, 90, 180 or 270", "bad-rotation")
        if not in_reach(x, y):
            return refuse(f"no board reaches that far (x and y from -{REACH} to {REACH})", "out-of-reach")
        sq = square(x, y)
        if sq in self.board:
            return refuse("that square already has a tile", "square-taken")
        if not self.inside(x, y):
            w, h = self.rules.table  # type: ignore[misc]
            return refuse(f"that square is off the table ({w} × {h} squares)", "off-table",
                          width=w, height=h)
        if sq not in self.open:
            return refuse("a tile must touch the tiles already placed along an edge", "not-touching")
        kind = self.tiles[tile]
        o = kind.orientations[rotation // 90]
        for d in range(4):
            nb = self.board.get(sq + STEP[d])
            if nb is not None and nb.edges[(d + 2) % 4] != o.edges[d]:
                own, theirs = _KIND_WORD[o.edges[d]], _KIND_WORD[nb.edges[(d + 2) % 4]]
                return refuse(f"its {_EDGE_WORD[d]} edge is {own}, the neighbour's "
                              f"{_EDGE_WORD[(d + 2) % 4]} edge is {theirs}", "edge-mismatch",
                              edge=_EDGE_WORD[d], own=own, theirs=theirs)
        if self.river is not None and kind.is_river:
            reason = self.river.why_not(self, sq, o)
            if reason:
                return refuse(reason, reason.rule, **reason.facts)
        return None

    def why_not_follower(self, placement: Placement, spot: str) -> Reason | None:
        """None if the current player may put a follower on ``spot`` after ``placement``.

        An ``occupied`` reason names the ``feature``, its ``owner`` and their follower's ``role``.
        """
        o = self.tiles[placement.tile].orientations[placement.rotation // 90]
        seg_index = o.spots.get(spot)
        if seg_index is None:
            if spot.startswith("river"):
                return Reason("followers may not be placed on the river (The River rules)", "river-follower")
            return Reason(f"tile {placement.tile} rotation {placement.rotation} has no place {spot!r}",
                          "no-such-place")
        seg = o.segments[seg_index]
        if seg.kind == FIELD and not self.rules.farmers:
            return Reason("farmers are not in play in this game", "no-farmers")
        if not self.supply[self.current]:
            return Reason(f"{self.names[self.current]} has no follower left", "no-follower-left")
        taken, through_tile = self._joined_followers(square(placement.x, placement.y), o, seg_index)
        if taken:
            owner = self.names[taken[0][0]]
            feature = "farm" if seg.kind == FIELD else seg.kind
            role = ROLE[self._kind[taken[0][1]]]
            if through_tile:
                return Reason(f"this tile joins the {feature} to one already occupied by {owner}'s "
                              f"{role}", "occupied", feature=feature, owner=owner, role=role, joined=True)
            return Reason(f"the {feature} is already occupied by {owner}'s {role}", "occupied",
                          feature=feature, owner=owner, role=role, joined=False)
        return None

    def why_not(self, turn: Turn) -> Reason | None:
        """None if ``turn`` is legal now, else the reason."""
        if self.finished:
            return Reason("the game is over", "game-over")
        if isinstance(turn, Discard):
            return self._why_not_discard(turn)
        reason = self.why_not_placement(turn.placement)
        if reason is None and turn.follower:
            reason = self.why_not_follower(turn.placement, turn.follower)
        return reason

    def _why_not_discard(self, turn: Discard) -> Reason | None:
        tile = turn.tile
        reason = self.deck.why_not_drawable(tile)
        if reason:
            return reason
        verb = "go back into the bag" if turn.returned else "be discarded"
        if self.has_placement(tile):
            return Reason(f"tile {tile} cannot {verb}: it fits on the board", "fits", tile=tile,
                          returned=turn.returned)
        bag = self.rules.discard == BAG
        if turn.returned and not bag:
            return Reason(f"tile {tile} cannot go back into the bag: unplayable tiles leave the game "
                          "(the house rule discard: bag is off)", "no-bag", tile=tile)
        if bag and turn.returned != self._any_tile_fits():
            if turn.returned:
                return Reason(f"tile {tile} cannot go back into the bag: no tile left fits anywhere, "
                              "so it is discarded", "nothing-fits", tile=tile)
            return Reason(f"tile {tile} cannot be discarded: another tile left fits, so it goes "
                          "back into the bag (house rule)", "bag", tile=tile)
        return None

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
        frame.deck_index = self.deck.take(turn.tile)
        self.history.append(turn)
        self._frames.append(frame)
        if isinstance(turn, Discard):  # the same player draws again
            if turn.returned:
                self.deck.put_back(turn.tile, frame.deck_index)
                rng = random.Random(f"{self.seed}:{len(self.history)}")
                frame.deck_index, frame.bag_index = self.deck.return_to_bag(turn.tile, rng)
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
            node = base + o.spots[follower]
            root = self._find(node)
            journal.append((_SET_FOLLOWERS, root, self._followers[root]))
            self._followers[root] += ((player, node),)
            self.supply[player] -= 1
        self._score_completed(sq, o, base, journal)
        if self.river is not None and o.kind.is_river:
            self.river = self.river.after(sq, o)
        if not (self.rules.hole_bonus and self.fills_hole(x, y)):
            self.current = (player + 1) % self.players

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
            self.deck.put_back(frame.turn.tile, frame.deck_index)
        self.scores, self.supply, self.current = frame.scores[:], frame.supply[:], frame.current
        del self.events[frame.n_events:]
        self.river = frame.river
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

    def _lay(self, sq: int, o: Orientation, journal: list[tuple]) -> None:
        """Put a tile on the board: new nodes, merges with the neighbours, open squares."""
        board, base_of, open_sq = self.board, self._base, self.open
        parent, open_, pennants = self._parent, self._open, self._pennants
        members, followers, cities = self._members, self._followers, self._cities
        base = len(parent)
        board[sq] = o
        base_of[sq] = base
        journal.append((_OPEN_SQ, sq, open_sq.pop(sq, 0)))
        codes = o.codes
        off = self._off_table(sq)
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

    def _off_table(self, sq: int) -> tuple[bool, bool, bool, bool]:
        """Whether each neighbour of ``sq`` (N, E, S, W) lies beyond the table's edge."""
        b = self.bounds
        if b is None:
            return _ON_TABLE
        x, y = coords(sq)
        return y - 1 < b[2], x + 1 > b[1], y + 1 > b[3], x - 1 < b[0]

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

    def _score_completed(self, sq: int, o: Orientation, base: int, journal: list[tuple]) -> None:
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
        board, cloisters = self.board, self._cloisters
        for r in (0, *RING):
            node = cloisters.get(sq + r)
            if node is not None and followers[node]:
                c = sq + r
                if self._cloister_neighbours(c) == 8:
                    self._score(node, journal)

    def _score(self, root: int, journal: list[tuple]) -> None:
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
        if kind == CLOISTER:
            return cloister_points(self._cloister_neighbours(self._sq[root]))
        tiles = len({self._sq[n] for n in self._members[root]})
        return feature_points(kind, tiles, self._pennants[root], complete, self.rules)

    def _majority(self, fs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """Players with the most followers on a feature; all tied players score (AR "several followers")."""
        counts = [0] * self.players
        for p, _ in fs:
            counts[p] += 1
        most = max(counts)
        return tuple(p for p, n in enumerate(counts) if n == most) if most else ()

    def _tiles_of(self, root: int) -> list[tuple[int, int]]:
        if self._kind[root] == CLOISTER:
            c = self._sq[root]
            return [coords(c)] + [coords(c + r) for r in RING if c + r in self.board]
        seen: dict[int, None] = {}
        for n in self._members[root]:
            seen[self._sq[n]] = None
        return [coords(sq) for sq in seen]

    def _roots_with_followers(self) -> list[int]:
        parent, followers = self._parent, self._followers
        roots = [n for n, fs in enumerate(followers) if fs and parent[n] == n]
        roots.sort(key=lambda n: (_SCORE_ORDER[self._kind[n]], n))
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

    def _final_awards(self) -> list["_Award"]:
        """The final scoring's awards, in the order :meth:`final_scoring` reports them."""
        awards: list[_Award] = []
        farms = []
        for root in self._roots_with_followers():
            kind = self._kind[root]
            if kind == FIELD:
                farms.append(root)
                continue
            if not self.rules.incomplete_score:
                continue
            awards.append(_Award(kind, self._points(root, complete=False), self._majority(self._followers[root]),
                                 root, self._pennants[root] if kind == CITY else 0))
        if farms and self.rules.farmers:
            if self.rules.farm_scoring == FIRST_EDITION:
                awards.extend(self._farms_first_edition(farms))
            elif self.rules.farm_scoring == SECOND_EDITION:
                awards.extend(self._farms_second_edition(farms))
            else:
                awards.extend(self._farms_third_edition(farms))
        return awards

    def _completed_cities(self, farm: int) -> list[int]:
        roots = {self._find(c) for c in self._cities[farm]}
        return sorted(r for r in roots if self._open[r] == 0)

    def _farms_third_edition(self, farms: list[int]) -> list["_Award"]:
        """Each farm: 3 points per completed city it borders to its majority (AR p. 10, FAQ 25-27)."""
        awards = []
        for farm in farms:
            cities = self._completed_cities(farm)
            if cities:
                awards.append(_Award("farm", 3 * len(cities), self._majority(self._followers[farm]),
                                     farm, len(cities)))
        return awards

    def _farms_second_edition(self, farms: list[int]) -> list["_Award"]:
        """Farm by farm, 3 points per completed city to its majority, but a player scores
        any one city at most once however many of its farms they win (AR FAQ 28)."""
        scored: list[set[int]] = [set() for _ in range(self.players)]
        awards = []
        for farm in farms:
            cities = self._completed_cities(farm)
            if not cities:
                continue
            by_count: dict[int, list[int]] = {}
            for p in self._majority(self._followers[farm]):
                new = [c for c in cities if c not in scored[p]]
                scored[p].update(new)
                if new:
                    by_count.setdefault(len(new), []).append(p)
            for n, players in sorted(by_count.items(), reverse=True):
                awards.append(_Award("farm", 3 * n, tuple(players), farm, n))
        return awards

    def _farms_first_edition(self, farms: list[int]) -> list["_Award"]:
        """Each completed city: 4 points to the majority of farmers on all farms bordering it (RG)."""
        supplying: dict[int, list[int]] = {}
        for farm in farms:
            for city in self._completed_cities(farm):
                supplying.setdefault(city, []).append(farm)
        awards = []
        for city in sorted(supplying):
            fs = tuple(f for farm in supplying[city] for f in self._followers[farm])
            awards.append(_Award("farm", 4, self._majority(fs), city, 1))
        return awards


class _Award(NamedTuple):
    """One award of the final scoring, before it is dressed as a :class:`ScoreEvent`."""

    feature: str
    points: int
    players: tuple[int, ...]
    #: The root whose tiles the event shows (and, for a road, city or cloister, whose followers go home).
    tiles_of: int
    detail: int


_EDGE_WORD = ("north", "east", "south", "west")
_ON_TABLE = (False, False, False, False)
_KIND_WORD = {"c": "city", "r": "road", "f": "field", "s": "river"}
