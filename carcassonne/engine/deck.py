"""The tiles still to come: what every player may know (counts) and the hidden draw order.

The draw order is part of the game state and comes from a seed, as in
boardgame.io: a game is its seed plus its moves, so it can always be rebuilt.
Computer players are shown :attr:`Deck.counts` only, never the order.

Every tile has a draw *phase*: all the tiles of a lower phase are drawn before any of
a higher one. The base game's tiles are phase 0; a rule module may put its tiles
before them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import Reason, RecordError
from .rules import Rules
from .tiles import TileKind, TileSet
from .untrusted import shown

if TYPE_CHECKING:
    from .modules import RuleModule

#: The base game's draw phase; a rule module's tiles drawn before them have lower ones.
BASE = 0


class Deck:
    """Counts of the tiles left and their draw order (``pile[-1]`` comes next)."""

    __slots__ = ("counts", "pile", "phase_of", "_left", "start")

    def __init__(self, counts: dict[str, int], pile: list[str], phase_of: dict[str, int],
                 start: str | None = None) -> None:
        self.counts = counts
        self.pile = pile
        self.phase_of = phase_of
        #: The tile at (0, 0) when :meth:`for_rules` built this deck.
        self.start = start
        #: Tiles left of each phase before the base tiles, in draw order (empty in a base game).
        self._left = {phase: sum(n for t, n in counts.items() if phase_of[t] == phase)
                      for phase in sorted(set(phase_of.values())) if phase < BASE}

    @classmethod
    def for_rules(cls, tiles: TileSet, rules: Rules, seed: int | None,
                  start: str | None = None) -> Deck:
        """The box for ``rules`` (the base tiles, and what its rule modules add), less the
        start tile, shuffled with ``seed``.

        When a rule module draws the start tile from the bag (``start: "random"``), it is
        the first tile of the shuffled bag, or ``start`` when given without a seed (a
        record's ``start_tile``); :attr:`start` names it either way.
        """
        counts: dict[str, int] = {}
        phase_of: dict[str, int] = {}
        modules = _modules(rules)
        for kind in tiles:
            if kind.expansion == "base":
                counts[kind.id] = kind.count
                phase_of[kind.id] = BASE
        for module in modules:
            module.box(tiles, counts, phase_of)
        from_bag = any(m.start_from_bag for m in modules)
        if from_bag:
            if start is not None and seed is None:
                if counts.get(start, 0) <= 0:
                    raise RecordError(f"start_tile {shown(start)} is not a tile of this game's bag")
                for module in modules:
                    reason = module.why_not_start(tiles[start])
                    if reason is not None:
                        raise RecordError(f"start_tile {shown(start)} cannot be the start tile: {reason}")
                counts[start] -= 1
            else:
                start = None
        else:
            start = start_tile(tiles, rules)
            counts[start] -= 1
        rng = random.Random(seed)
        piles = []
        for phase in sorted(set(phase_of.values())):
            tiles_in_phase = sorted(_expand({t: n for t, n in counts.items() if phase_of[t] == phase}))
            rng.shuffle(tiles_in_phase)
            piles.extend(tiles_in_phase)
        piles.reverse()
        if start is None:  # the first tile drawn from the shuffled bag that may start
            at = len(piles) - 1
            while at > 0 and any(m.why_not_start(tiles[piles[at]]) is not None for m in modules):
                at -= 1
            start = piles.pop(at)
            counts[start] -= 1
        return cls(counts, piles, phase_of, start)

    @classmethod
    def in_order(cls, order: list[str], phase_of: dict[str, int]) -> Deck:
        """A deck holding exactly ``order``, drawn first to last (a lesson's scripted tiles).

        Each tile keeps its phase (``phase_of``, a real deck's), so the rules that order
        the draw still apply.
        """
        counts: dict[str, int] = {}
        for tile in order:
            counts[tile] = counts.get(tile, 0) + 1
        return cls(counts, list(reversed(order)), {t: phase_of.get(t, BASE) for t in counts})

    def copy(self) -> Deck:
        return Deck(dict(self.counts), self.pile[:], self.phase_of)

    def __len__(self) -> int:
        """Tiles left (the pile always holds exactly the tiles counted)."""
        return len(self.pile)

    def peek(self) -> str | None:
        return self.pile[-1] if self.pile else None

    def phase(self) -> int:
        """Which tiles may be drawn now: the lowest phase with tiles left."""
        for phase, left in self._left.items():
            if left:
                return phase
        return BASE

    def why_not_drawable(self, tile: str) -> Reason | None:
        """None if ``tile`` can be the next tile, else the reason (a rule module words a
        tile of a later phase: ``draw-order``)."""
        if tile not in self.counts:
            return Reason(f"tile {tile} is not in this game's box", "not-in-box", tile=tile)
        if self.counts[tile] <= 0:
            return Reason(f"no tile {tile} is left in the box", "none-left", tile=tile)
        if self.phase_of[tile] != self.phase():
            return Reason(f"tile {tile} cannot be drawn yet", "draw-order", tile=tile)
        return None

    def take(self, tile: str) -> int:
        """Remove one ``tile``; returns where it was in the pile (for :meth:`put_back`)."""
        self.counts[tile] -= 1
        left = self._left
        if left:
            phase = self.phase_of[tile]
            if phase in left:
                left[phase] -= 1
        pile = self.pile
        if pile and pile[-1] == tile:
            pile.pop()
            return len(pile)
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == tile:
                del pile[i]
                return i
        return -1

    def put_back(self, tile: str, index: int) -> None:
        self.counts[tile] += 1
        left = self._left
        if left:
            phase = self.phase_of[tile]
            if phase in left:
                left[phase] += 1
        if index >= 0:
            self.pile.insert(index, tile)

    def return_to_bag(self, tile: str, rng: random.Random) -> tuple[int, int]:
        """Put ``tile`` back into the bag at a random place below the top (house rule),
        among the tiles of its own phase.

        Returns where it was and where it went, for :meth:`undo_return`.
        """
        pile, phase = self.pile, self.phase_of[tile]
        old = len(pile) - 1 - pile[::-1].index(tile)
        del pile[old]
        low = len(pile)
        while low > 0 and self.phase_of[pile[low - 1]] == phase:
            low -= 1
        new = rng.randrange(low, len(pile)) if low < len(pile) else len(pile)
        pile.insert(new, tile)
        return old, new

    def undo_return(self, tile: str, old: int, new: int) -> None:
        del self.pile[new]
        self.pile.insert(old, tile)

    def drawable(self) -> list[str]:
        """The tiles (each kind once) that could be drawn now."""
        phase = self.phase()
        return [t for t, n in self.counts.items() if n > 0 and self.phase_of[t] == phase]

    def shuffled(self, rng: random.Random) -> Deck:
        """A deck with the same tiles left in a new random order (phases kept).

        This is what a player can imagine about the future: computer players
        search over such decks, never over the real one.
        """
        piles: list[str] = []
        for phase in sorted(set(self.phase_of.values())):
            part = list(_expand({t: n for t, n in self.counts.items() if self.phase_of[t] == phase}))
            rng.shuffle(part)
            piles.extend(part)
        piles.reverse()
        return Deck(dict(self.counts), piles, self.phase_of)


def put_in_box(tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int], kind: TileKind,
               phase: int = BASE) -> None:
    """Put ``kind``'s copies into a box being filled (a rule module's :meth:`box`), a twin of it
    in ``tiles`` (made by another module) taking the place of one copy."""
    twin = next((t for t in tiles if t.twin_of == kind.id), None)
    if kind.count > 1 or twin is None:
        counts[kind.id] = kind.count - (1 if twin is not None else 0)
        phase_of[kind.id] = phase
    if twin is not None:
        counts[twin.id] = 1
        phase_of[twin.id] = phase


def start_tile(tiles: TileSet, rules: Rules) -> str:
    """The tile a rule module puts at (0, 0), else the base game's start tile D."""
    for module in _modules(rules):
        tile = module.start_tile(tiles)
        if tile is not None:
            return tile
    return tiles.with_role("start").id


def _modules(rules: Rules) -> tuple[RuleModule, ...]:
    from .modules import modules_for  # the modules know the deck's phases: import them late

    return modules_for(rules)


def _expand(counts: dict[str, int]) -> Iterable[str]:
    for tile, n in counts.items():
        for _ in range(n):
            yield tile
