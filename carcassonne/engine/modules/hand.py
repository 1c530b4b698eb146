"""A hand of tiles as a rule module (Wikicarpedia, base game, "House Rules": "Play with a
three-tile hand. ... Play your turn ... and then draw back up to three tiles. These tiles
could be visible to all or hidden to the other players").

``shared/docs/game-record.md``, "A hand of tiles" (``hand`` 2 or 3, ``hand_open``):

- each player is dealt ``hand`` tiles before the first turn, player by player, from the
  top of the shuffled bag (after the start tile with ``start: "random"``);
- on a turn the player plays any tile of their hand, then draws one (while the bag holds
  any); before playing, every tile of the hand that fits nowhere is discarded, one turn
  each, and a tile is drawn for each: a tile drawn that fits nowhere waits for its
  holder's next turn;
- once the bag is empty, play goes on in turn order, a player with an empty hand being
  skipped, until every hand is empty;
- not with the river nor with ``discard: "bag"`` (:class:`~carcassonne.engine.rules.Rules`).

State on the game: ``game.hands`` (per player, the tiles held, in the order dealt and
drawn), ``game.drawn`` (per turn, the tile drawn after it, or None) and ``game.dealt``
(the hands before the first turn). A turn is the ordinary :class:`Move` or
:class:`Discard`, naming the tile of the hand it plays; the draw follows from the bag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import Reason, RecordError
from ..moves import Discard
from ..tiles import Orientation
from ..untrusted import shown
from .base import RuleModule

if TYPE_CHECKING:
    from ..game import Game


class Hand(RuleModule):
    """A hand of ``size`` tiles per player, ``open`` to all or each hidden from the others."""

    record_keys = ("hand", "hand_open")
    state = ("hands", "drawn")
    holds_tiles = True

    def __init__(self, size: int, open_: bool = True) -> None:
        self.size = size
        self.open = open_

    def start(self, game: Game, start: Orientation) -> None:
        """Deal each player ``size`` tiles from the top of the bag, player by player."""
        deck = game.deck
        hands = []
        for _ in range(game.players):
            hand = []
            for _ in range(self.size):
                tile = deck.peek()
                if tile is None:
                    break
                deck.take(tile)
                hand.append(tile)
            hands.append(tuple(hand))
        game.hands = game.dealt = tuple(hands)
        game.drawn = ()

    def why_not_held(self, game: Game, tile: str, discard: bool) -> Reason | None:
        player = game.current
        hand = game.hands[player]
        name = game.names[player]
        if tile not in hand:
            held = ", ".join(hand) or "nothing"
            return Reason(f"tile {tile} is not in {name}'s hand ({held})", "not-in-hand", tile=tile)
        if not discard:  # "before playing, every tile of the hand that fits nowhere is discarded"
            for held in hand:
                if not game.has_placement(held):
                    return Reason(f"tile {held} in {name}'s hand fits nowhere: it is discarded "
                                  "before a tile is played", "discard-first", tile=held)
        return None

    def take_held(self, game: Game, tile: str) -> int:
        player = game.current
        hands = list(game.hands)
        hand = list(hands[player])
        hand.remove(tile)
        deck = game.deck
        drawn = deck.peek()
        index = -1
        if drawn is not None:
            index = deck.take(drawn)
            hand.append(drawn)
        hands[player] = tuple(hand)
        game.hands = tuple(hands)
        game.drawn += (drawn,)
        return index

    def put_back_held(self, game: Game, index: int) -> None:
        drawn = game.drawn[-1]
        if drawn is not None:
            game.deck.put_back(drawn, index)

    def next_held(self, game: Game) -> str | None:
        while any(game.hands):
            hand = game.hands[game.current]
            unplayable = next((t for t in hand if not game.has_placement(t)), None)
            if unplayable is None:
                return hand[0]
            game.push(Discard(unplayable))
        return None

    def after_turn(self, game: Game) -> None:
        hands = game.hands
        if hands[game.current] or not any(hands):
            return
        n = game.players
        player = game.current
        while not hands[player]:
            player = (player + 1) % n
        game.current = player


def hand_of(game: Game, player: int | None = None) -> tuple[str, ...]:
    """The tiles ``player`` (default: the player to move) holds, in order.

    With a hand of tiles, their hand (empty once the bag and the hand are used up). In
    the book's game, the tile on top of the bag for the player to move (the one
    :meth:`Game.draw` returned) and nothing for the others. Whether another player may
    see a hand is :func:`hand_shown`'s question.
    """
    player = game.current if player is None else player
    if game.rules.hand > 1:
        return game.hands[player]
    tile = game.deck.peek()
    return (tile,) if tile is not None and player == game.current and not game.finished else ()


def hand_shown(game: Game, player: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (None: an onlooker) may see ``player``'s hand: their own always,
    another's only with ``hand_open`` (HR: "visible to all or hidden to the other players")."""
    return game.rules.hand_open or player == viewer


def tiles_to_come(game: Game) -> dict[str, int]:
    """Per tile kind, how many are still to be played: the bag's and, with a hand of tiles,
    those in every hand. Public in every game: the box less the board and the discards
    (the draw pile's own counts when nobody holds tiles: no copy)."""
    counts = game.deck.counts
    if not game.hands:
        return counts
    merged = dict(counts)
    for hand in game.hands:
        for tile in hand:
            merged[tile] = merged.get(tile, 0) + 1
    return merged


def tiles_left(game: Game) -> int:
    """Tiles still to be played: the bag's, and those in the hands."""
    return len(game.deck.pile) + sum(map(len, game.hands))


def deal(game: Game, hands: Sequence[Sequence[str]]) -> None:
    """Give the players the hands a record names (``hands``; a record without a seed),
    instead of those the shuffled bag dealt. Raises RecordError for a wrong deal."""
    size = game.rules.hand
    if len(hands) != game.players or any(len(h) != size for h in hands):
        raise RecordError(f"'hands' must list {size} tiles for each of the {game.players} players")
    deck = game.deck
    for held in game.hands:
        for tile in reversed(held):
            deck.put_back(tile, len(deck.pile))
    for hand in hands:
        for tile in hand:
            reason = deck.why_not_drawable(tile) if tile in game.tiles else Reason(
                f"unknown tile {shown(tile)}", "not-in-box")
            if reason:
                raise RecordError(f"'hands': {reason}", reason=reason)
            deck.take(tile)
    game.hands = game.dealt = tuple(tuple(hand) for hand in hands)


def arrange_draw(game: Game, number: int, tile: str | None) -> None:
    """Put the tile a record says turn ``number`` draws (``draw``) on top of the bag, so the
    turn draws it; none when the bag is empty. Raises RecordError naming the turn."""
    deck = game.deck
    if not deck.pile:
        if tile is not None:
            raise RecordError(f"turn {number}: 'draw' names tile {shown(tile)}, but the bag is empty")
        return
    if tile is None:
        raise RecordError(f"turn {number}: 'draw' must name the tile drawn after it "
                          f"(the bag holds {len(deck.pile)} tiles)")
    reason = deck.why_not_drawable(tile) if tile in game.tiles else Reason(
        f"unknown tile {shown(tile)}", "not-in-box")
    if reason:
        raise RecordError(f"turn {number}: 'draw': {reason}", reason=reason, turn=number)
    if deck.pile[-1] != tile:
        deck.take(tile)
        deck.put_back(tile, len(deck.pile))
