"""What every computer player shares: the interface, its moves and what it may know.

A bot sees what a player at the table sees: the board, the scores, the followers,
the tile in hand and how many tiles of each kind are left (``game.deck.counts``),
never the order of the draw pile. Searching bots imagine the future on
*determinized* copies: the same tiles left, shuffled with the bot's own random
generator (:func:`imagined`).

With a hand of tiles (HR, "Play with a three-tile hand"), a bot weighs every tile of
its hand (:func:`tiles_in_hand`); a hidden hand of another player is, to it, tiles
drawn from the bag like the rest: :func:`imagined` deals those hands afresh.

Bots are reproducible: a bot's random generator for a turn is derived from its
seed and the public state of that turn (:func:`turn_rng`), so the same seed in the
same position always gives the same move, whatever was asked of the bot before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..engine import Game, IllegalMoveError, Move, Placement
from ..engine.deck import Deck

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
        tiles = tiles_in_hand(game)
        return self._choose(game, tiles, turn_rng(self.seed, game, "/".join(tiles)))

    def _choose(self, game: Game, tiles: tuple[str, ...], rng: random.Random) -> Move:
        """The move for one of ``tiles`` (the tile drawn; with a hand of tiles, the hand's)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def tile_in_hand(game: Game) -> str:
    """The tile the player to move holds (public): the one ``game.draw()`` returned."""
    return tiles_in_hand(game)[0]


def tiles_in_hand(game: Game) -> tuple[str, ...]:
    """The tiles the player to move may play, each kind once: the one ``game.draw()``
    returned, or with a hand of tiles every tile of the hand (known to its holder)."""
    if game.finished or game.is_over:
        raise IllegalMoveError("the game is over: there is no tile to place")
    tiles = tuple(dict.fromkeys(game.hands[game.current])) if game.hands else (game.deck.peek() or "",)
    for tile in tiles:
        if not game.has_placement(tile):
            raise IllegalMoveError(f"tile {tile} fits nowhere: call game.draw() before asking a bot")
    return tiles


def held(tiles: str | Sequence[str]) -> tuple[str, ...]:
    """One tile or several (a hand), each kind once, in order."""
    return (tiles,) if isinstance(tiles, str) else tuple(dict.fromkeys(tiles))


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
    With a hand of tiles, the player to move keeps their hand (and, with open hands,
    everyone theirs); hidden hands of the others are dealt again from the bag's tiles and theirs.
    """
    if game.hands:
        return _imagined_hands(game, rng)
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


def _imagined_hands(game: Game, rng: random.Random) -> Game:
    """:func:`imagined` with hands: what the player to move may know is their own hand,
    the others' when hands are open (HR: "visible to all or hidden to the other players"),
    and the tiles the bag and the hidden hands hold together (the box less the rest)."""
    g = game.copy()
    g.seed = None
    me, hands = game.current, list(game.hands)
    hidden = [p for p in range(game.players) if p != me and not game.rules.hand_open]
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
    g.hands = tuple(hands)
    return g

