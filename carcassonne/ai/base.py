"""What every computer player shares: the interface, its moves and what it may know.

A bot sees what a player at the table sees: the board, the scores, the followers,
the tile in hand and how many tiles of each kind are left (``game.deck.counts``),
never the order of the draw pile. Searching bots imagine the future on
*determinized* copies: the same tiles left, shuffled with the bot's own random
generator (:func:`imagined`).

When the players hold several tiles (a rule module's), a bot weighs every tile it holds
(:func:`tiles_in_hand`); what an expansion hides from it (another player's hidden tiles)
it imagines afresh from public counts (:func:`imagined`, the expansion's
:meth:`Valuation.imagined <carcassonne.ai.valuation.Valuation.imagined>`).

Bots are reproducible: a bot's random generator for a turn is derived from its
seed and the public state of that turn (:func:`turn_rng`), so the same seed in the
same position always gives the same move, whatever was asked of the bot before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from ..engine import Decision, Game, IllegalMoveError, Move
from .valuation import Valuation, valuation_types

#: Moves are compared by value; a move worth less than the best by this much is a different move.
EPSILON = 1e-9


class Bot:
    """A computer player: ``choose(game)`` returns the whole move for the tile in hand.

    Call it after ``game.draw()`` returned the tile: the bot places
    ``game.next_from_bag()``. It does not change ``game``; apply the move with
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
        """The move for one of ``tiles`` (the tile drawn, or each of the tiles the player holds)."""
        raise NotImplementedError

    def decide(self, game: Game, move: Move, decision: Decision) -> Any:
        """This player's answer to ``decision``, asked during ``move`` (perhaps another
        player's turn): the option that leaves this player furthest ahead when the move's
        later decisions take their first options, by the evaluation of :meth:`judge`.
        Reproducible, as :meth:`choose` is."""
        rng = turn_rng(self.seed, game, f"{move.tile}/decide/{len(move.decisions)}")
        best: list[Any] = []
        top = float("-inf")
        for option, value in zip(decision.options, self.option_values(game, move, decision)):
            if value > top + EPSILON:
                best, top = [option], value
            elif value >= top - EPSILON:
                best.append(option)
        return best[0] if len(best) == 1 else rng.choice(best)

    def option_values(self, game: Game, move: Move, decision: Decision) -> list[float]:
        """Each of ``decision``'s options valued for the player asked (:meth:`decide` takes the
        best): by :meth:`judge`, the move's later decisions taking their first options."""
        return [self.judge(game, _completed(game, move.deciding(option)), decision.player)
                for option in decision.options]

    def judge(self, game: Game, move: Move, player: int) -> float:
        """How good ``move`` (complete) leaves the position for ``player``: its points for
        them less the others' best (a bot with an evaluation of its own judges by that)."""
        trial = game.copy()
        trial.push(move)
        scores = trial.scores
        return float(scores[player] - max(s for p, s in enumerate(scores) if p != player))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def _completed(game: Game, move: Move) -> Move:
    """``move`` with every later decision answered by its first option (to judge it)."""
    while (asked := game.decision(move)) is not None and asked.options:
        move = move.deciding(asked.options[0])
    return move


def tile_in_hand(game: Game) -> str:
    """The tile the player to move holds (public): the one ``game.draw()`` returned."""
    return tiles_in_hand(game)[0]


def tiles_in_hand(game: Game) -> tuple[str, ...]:
    """The tiles the player to move may play, each kind once: the one ``game.draw()``
    returned, or every tile they hold when players hold several (known to their holder)."""
    if game.finished or game.is_over:
        raise IllegalMoveError("the game is over: there is no tile to place")
    tiles = tuple(dict.fromkeys(game.held())) if game.holds_tiles else (game.next_from_bag() or "",)
    for tile in tiles:
        if not game.has_placement(tile):
            raise IllegalMoveError(f"tile {tile} fits nowhere: call game.draw() before asking a bot")
    return tiles


def held(tiles: str | Sequence[str]) -> tuple[str, ...]:
    """One tile or several held, each kind once, in order."""
    return (tiles,) if isinstance(tiles, str) else tuple(dict.fromkeys(tiles))


def turn_rng(seed: int, game: Game, tile: str) -> random.Random:
    """The bot's random generator for this turn, from its seed and public facts only.

    Seeding ``random.Random`` with a string is stable across runs and machines
    (it hashes with SHA-512, not Python's salted ``hash``).
    """
    return random.Random(f"{seed}/{game.turn_number}/{tile}/{game.scores}/{len(game.board)}")


def moves_of(game: Game, tile: str) -> Iterator[Move]:
    """Every legal move with ``tile`` a computer player tries: each placement without a figure,
    then with each figure step (a follower on each place, then the rule modules' figures and
    actions), less those an expansion says are the same as one tried (:meth:`Valuation.tried_steps`)."""
    listing = [v for v in valuation_types(game) if v.tried_steps is not Valuation.tried_steps]
    for placement in game.legal_placements(tile):
        yield placement.with_figure(None)
        steps = None
        for value in listing:  # an expansion's equivalent steps tried once
            steps = value.tried_steps(game, placement)
            if steps is not None:
                break
        for step in game.figure_steps(placement) if steps is None else steps:
            yield placement.with_figure(step)


def imagined(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` whose hidden draw order is replaced by a guess.

    The tile in hand stays on top (everyone has seen it); the tiles after it are
    the public counts shuffled by ``rng``. Search on this copy, never on ``game``.
    An expansion that hides more (tiles another player holds unseen) imagines its own copy.
    """
    for value in valuation_types(game):
        found = value.imagined(game, rng)
        if found is not None:
            return found
    g = game.copy()
    g.seed = None  # the seed would tell the real order: the copy knows no more than a player
    hand = game.next_from_bag()
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
