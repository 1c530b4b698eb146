"""A client's copy of a game: built from what every player at the table may see.

The server owns the real :class:`~carcassonne.engine.Game` with its bag; a client gets
the rules, the seats, every turn played and the tile in hand, never the seed or the
order of the tiles still in the bag. From these it rebuilds a ``Game`` with the same
board, features, followers, scores and counts of tiles left, so the play screen, the
aids and the computer players work on it exactly as on a local game: they read only
the counts and the tile in hand (``engine/deck.py``), which are the same here.

The bag of the copy is an arbitrary order of the tiles left with the tile in hand on
top; it stands for "some tile the player has not seen" and nothing reads further.
Every turn the server sends is checked by this copy's rules engine: a turn it finds
illegal means the two disagree, and the client asks for the whole game again. With a hand of
tiles the copy holds the hands the server says this client may see, and counts for the
others (:mod:`.hands`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Game, IllegalMoveError, Rules, TileSet, Turn
from ..engine.deck import Deck
from .hands import HandSeen, fit_hands, play_announced


def public_game(tiles: TileSet, rules: Rules, names: Sequence[str], turns: Sequence[Turn],
                tile: str | None, finished: bool = False, start: str | None = None,
                hands: Sequence[HandSeen] | None = None) -> Game:
    """The game as a player at the table knows it, with ``tile`` in the current player's hand
    and ``start`` at (0, 0) (the tile on the table, needed with ``start: "random"``); with a
    hand of tiles, ``hands`` as the server told this client (:mod:`.hands`).

    Raises :class:`IllegalMoveError` if the turns or the tile do not fit the rules.
    """
    game = Game(tiles, rules, players=len(names), seed=None, names=names, start=start)
    game.deck = _unknown_order(game.deck)
    apply_turns(game, turns, tile, finished, hands)
    return game


def apply_turns(game: Game, turns: Sequence[Turn], tile: str | None, finished: bool = False,
                hands: Sequence[HandSeen] | None = None) -> None:
    """Play the turns the server announced on the client's copy, then put ``tile`` in hand
    (with a hand of tiles: hold the ``hands`` told)."""
    if game.holds_tiles:
        if hands is None:
            raise IllegalMoveError("the server told nothing of the hands of a game played with a hand of tiles")
        for turn in turns:
            play_announced(game, turn)
        fit_hands(game, hands)
    else:
        for turn in turns:
            game.play(turn)
        set_hand(game, tile)
    if finished and not game.finished:
        game.finish()


def set_hand(game: Game, tile: str | None) -> None:
    """Put ``tile`` on top of the copy's bag: the tile the server says was drawn."""
    if tile is None:
        if game.next_from_bag() is not None:
            raise IllegalMoveError(f"the server says the game is over, but {len(game.deck)} tiles are left")
        return
    reason = game.deck.why_not_drawable(tile)
    if reason is not None:
        raise IllegalMoveError(reason, reason=reason)
    pile = game.deck.pile
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == tile:
            del pile[i]
            break
    pile.append(tile)


def _unknown_order(deck: Deck) -> Deck:
    """The same tiles (each draw phase still first) in a fixed order that says nothing about
    the real one."""
    return deck.shuffled(random.Random(0))
