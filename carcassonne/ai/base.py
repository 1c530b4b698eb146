"""What every computer player shares: the interface, its moves and what it may know.

A bot sees what a player at the table sees: the board, the scores, the followers,
the tile in hand and how many tiles of each kind are left (``game.deck.counts``),
never the order of the draw pile. Searching bots imagine the future on
*determinized* copies: the same tiles left, shuffled with the bot's own random
generator (:func:`imagined`).

Bots are reproducible: a bot's random generator for a turn is derived from its
seed and the public state of that turn (:func:`turn_rng`), so the same seed in the
same position always gives the same move, whatever was asked of the bot before.
"""

from __future__ import annotations

import random
from typing import Iterator

from ..engine import Game, IllegalMoveError, Move, Placement

#: Moves are compared by value; a move worth less than the best by this much is a different move.
EPSILON = 1e-9


class Bot:
    """A computer player: ``choose(game)`` returns the whole move for the tile in hand.

    Call it after ``game.draw()`` returned the tile: the bot places
    ``game.deck.peek()``. It does not change ``game``; apply the move with
    ``game.play(move)`` exactly as a click would.
    """

    #: The level's name (``random``, ``easy``, ``normal``, ``hard``).
    level = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else seed

    def choose(self, game: Game) -> Move:
        tile = tile_in_hand(game)
        return self._choose(game, tile, turn_rng(self.seed, game, tile))

    def _choose(self, game: Game, tile: str, rng: random.Random) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def tile_in_hand(game: Game) -> str:
    """The tile the player to move holds (public): the one ``game.draw()`` returned."""
    if game.finished or game.is_over:
        raise IllegalMoveError("the game is over: there is no tile to place")
    tile = game.deck.peek()
    assert tile is not None
    if not game.has_placement(tile):
        raise IllegalMoveError(f"tile {tile} fits nowhere: call game.draw() before asking a bot")
    return tile


def turn_rng(seed: int, game: Game, tile: str) -> random.Random:
    """The bot's random generator for this turn, from its seed and public facts only.

    Seeding ``random.Random`` with a string is stable across runs and machines
    (it hashes with SHA-512, not Python's salted ``hash``).
    """
    return random.Random(f"{seed}/{game.turn_number}/{tile}/{game.scores}/{len(game.board)}")


def moves_of(game: Game, tile: str) -> Iterator[Move]:
    """Every legal move with ``tile``: each placement without a follower, then with each spot,
    then the rule modules' figures and actions (the abbot's places, taking it back)."""
    for placement in game.legal_placements(tile):
        yield placement.with_follower(None)
        for spot in figure_choices(game, placement):
            yield placement.with_follower(spot)


def figure_choices(game: Game, placement: Placement) -> list[str]:
    """The follower step's choices after ``placement`` besides placing nothing: the follower
    spots first (the base game's order), then what the rule modules add."""
    return game.follower_spots(placement) + game.extra_places(placement) + game.extra_actions(placement)


def imagined(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` whose hidden draw order is replaced by a guess.

    The tile in hand stays on top (everyone has seen it); the tiles after it are
    the public counts shuffled by ``rng``. Search on this copy, never on ``game``.
    """
    g = game.copy()
    g.seed = None  # the seed would tell the real order: the copy knows no more than a player
    hand = game.deck.peek()
    deck = game.deck.shuffled(rng)
    if hand is not None:
        pile = deck.pile
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == hand:
                del pile[i]
                break
        pile.append(hand)
    g.deck = deck
    return g

