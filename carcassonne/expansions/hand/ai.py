"""How the computer players see a hand of tiles: their own hand, the others' when hands are
open, and a guess at hidden hands from public counts (never the real ones)."""

from __future__ import annotations

import random

from ...ai.valuation import Valuation
from ...engine import Game
from ...engine.deck import Deck
from .rules import hand_module


class Value(Valuation):
    """A hand of tiles hides the other players' hands when they are not open."""

    @staticmethod
    def imagined(game: Game, rng: random.Random) -> Game | None:
        """What the player to move may know is their own hand, the others' when hands are
        open (HR: "visible to all or hidden to the other players"), and the tiles the bag and
        the hidden hands hold together (the box less the rest): those are dealt again."""
        module = hand_module(game)
        if module is None:
            return None
        g = game.copy()
        g.seed = None
        state = module.get(game)
        me, hands = game.current, list(state.held)
        hidden = [p for p in range(game.players) if p != me and not module.open]
        pool = dict(game.deck.counts)
        for p in hidden:
            for tile in hands[p]:
                pool[tile] = pool.get(tile, 0) + 1
        deck = Deck(pool, [], game.deck.phase_of).shuffled(rng)
        for p in hidden:
            dealt = []
            for _ in hands[p]:
                tile = deck.pile[-1]
                deck.take(tile)
                dealt.append(tile)
            hands[p] = tuple(dealt)
        g.deck = deck
        module.put(g, state._replace(held=tuple(hands)))
        return g
