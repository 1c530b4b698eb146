"""A hand of tiles as a rule module (Wikicarpedia, base game, "House Rules": "Play with a
three-tile hand. ... Play your turn ... and then draw back up to three tiles. These tiles
could be visible to all or hidden to the other players").

``shared/docs/game-record.md``, "A hand of tiles" (``hand`` 2 or 3, ``hand_open``):

- each player is dealt ``hand`` tiles before the first turn, player by player, from the
  top of the shuffled bag (after the start tile with ``start: "random"``);
- on a turn the player plays any tile of their hand, then draws one (while the bag holds
  any); a turn of several parts (a rule module's :meth:`~RuleModule.turn_goes_on`, such as
  a second part earned by the tile just laid) draws nothing until its last part, which
  draws back up to ``hand`` tiles (HR: "Play your turn ... and then draw back up to three
  tiles"); before playing, every tile of the hand that fits nowhere is discarded, one turn
  each, and a tile is drawn for each: a tile drawn that fits nowhere waits for its
  holder's next turn;
- once the bag is empty, play goes on in turn order, a player with an empty hand being
  skipped, until every hand is empty;
- not with ``discard: "bag"`` (:class:`~carcassonne.engine.rules.Rules`), nor with tiles
  drawn in an order of their own (their expansion refuses it).

The module's state in the game is a :class:`Hands`: per player the tiles held (in the
order dealt and drawn), per turn the tile drawn after it (the tiles drawn back up after
the last part of a turn of several parts; None), and the hands before the first turn.
A turn is the ordinary :class:`Move` or :class:`Discard`, naming the tile of the hand it
plays; the draw follows from the bag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...engine.errors import Reason, RecordError
from ...engine.modules.base import RuleModule
from ...engine.moves import Discard, Move
from ...engine.refusals import KEPT_BACK, why_not_drawable
from ...engine.tiles import Orientation
from ...engine.untrusted import shown

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.moves import Turn


class Hands(NamedTuple):
    """The hands in a game: held now, drawn turn by turn (a tile, the tiles drawn back up to
    the hand at the end of a turn of several parts, or None), dealt before the first turn,
    and where the last entry's draws lay in the pile (to put them back)."""

    held: tuple[tuple[str, ...], ...]
    drawn: tuple[str | tuple[str, ...] | None, ...]
    dealt: tuple[tuple[str, ...], ...]
    taken: tuple[int, ...] = ()


class Hand(RuleModule):
    """A hand of ``size`` tiles per player, ``open`` to all or each hidden from the others."""

    record_keys = ("hand", "hand_open")
    stateful = True
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
                tile = game.next_from_bag()
                if tile is None:
                    break
                deck.take(tile)
                hand.append(tile)
            hands.append(tuple(hand))
        self.put(game, Hands(tuple(hands), (), tuple(hands)))

    def held(self, game: Game) -> tuple[tuple[str, ...], ...]:
        state: Hands = self.get(game)
        return state.held

    def why_not_held(self, game: Game, tile: str, discard: bool) -> Reason | None:
        player = game.current
        hand = self.held(game)[player]
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
        """Play ``tile`` from the hand and draw: one tile, or back up to ``size`` for an entry
        that ends a turn of several parts (a rule module's second part, HR "Play your turn ...
        and then draw back up to three tiles"); a discard draws one."""
        player = game.current
        state: Hands = self.get(game)
        hands = list(state.held)
        hand = list(hands[player])
        hand.remove(tile)
        deck = game.deck
        count = 1
        up_to = not isinstance(game.history[-1], Discard) and game.turn_goes_on()
        if up_to:
            count = self.size - len(hand)
        tiles: list[str] = []
        taken: list[int] = []
        for _ in range(count):
            drawn = game.next_from_bag()
            if drawn is None:
                break
            taken.append(deck.take(drawn))
            tiles.append(drawn)
        hand.extend(tiles)
        hands[player] = tuple(hand)
        entry: str | tuple[str, ...] | None = (tuple(tiles) if up_to else tiles[0]) if tiles else None
        self.put(game, state._replace(held=tuple(hands), drawn=state.drawn + (entry,), taken=tuple(taken)))
        return taken[0] if taken else -1

    def put_back_held(self, game: Game, index: int) -> None:
        state: Hands = self.get(game)
        drawn = state.drawn[-1]
        if drawn is None:
            return
        tiles = (drawn,) if isinstance(drawn, str) else drawn
        for tile, at in reversed(list(zip(tiles, state.taken))):
            game.deck.put_back(tile, at)

    def _draw_nothing(self, game: Game) -> None:
        """The entry just played earned another part of the same turn: it draws nothing
        (the tile drawn for it goes back on top of the bag); the turn's last part draws."""
        state: Hands = self.get(game)
        drawn = state.drawn[-1] if state.drawn else None
        if not isinstance(drawn, str):
            return
        player = game.current
        hands = list(state.held)
        hands[player] = hands[player][:-1]  # drawn last
        game.deck.put_back(drawn, state.taken[0])
        self.put(game, state._replace(held=tuple(hands), drawn=state.drawn[:-1] + (None,), taken=()))

    def next_held(self, game: Game) -> str | None:
        while any(self.held(game)):
            hand = self.held(game)[game.current]
            unplayable = next((t for t in hand if not game.has_placement(t)), None)
            if unplayable is None:
                return hand[0]
            game.push(Discard(unplayable))
        return None

    def after_turn(self, game: Game) -> None:
        if not isinstance(game.history[-1], Discard) and game.turn_goes_on():
            self._draw_nothing(game)
        hands = self.held(game)
        if hands[game.current] or not any(hands):
            return
        n = game.players
        player = game.current
        while not hands[player]:
            player = (player + 1) % n
        game.current = player


def hand_module(game: Game) -> Hand | None:
    """The hand module of ``game``, or None without a hand of tiles."""
    for module in game.modules:
        if isinstance(module, Hand):
            return module
    return None


def hands_state(game: Game) -> Hands | None:
    """The hands of ``game`` (held, drawn, dealt), or None without a hand of tiles."""
    module = hand_module(game)
    if module is None:
        return None
    state: Hands = module.get(game)
    return state


def hand_shown(game: Game, player: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (None: an onlooker) may see ``player``'s hand: their own always,
    another's only with ``hand_open`` (HR: "visible to all or hidden to the other players")."""
    module = hand_module(game)
    return module is None or module.open or player == viewer


def deal(game: Game, hands: Sequence[Sequence[str]]) -> None:
    """Give the players the hands a record names (``hands``; a record without a seed),
    instead of those the shuffled bag dealt. Raises RecordError for a wrong deal."""
    module = hand_module(game)
    assert module is not None
    size = module.size
    if len(hands) != game.players or any(len(h) != size for h in hands):
        raise RecordError(f"'hands' must list {size} tiles for each of the {game.players} players")
    deck = game.deck
    for held in module.held(game):
        for tile in reversed(held):
            deck.put_back(tile, len(deck.pile))
    for hand in hands:
        for tile in hand:
            reason = why_not_drawable(game, tile) if tile in game.tiles else Reason(
                f"unknown tile {shown(tile)}", "not-in-box")
            if reason:
                raise RecordError(f"'hands': {reason}", reason=reason)
            deck.take(tile)
    dealt = tuple(tuple(hand) for hand in hands)
    module.put(game, Hands(dealt, (), dealt))


def arrange_draw(game: Game, number: int, drawn: str | tuple[str, ...] | None, turn: Turn | None = None) -> None:
    """Put the tiles a record says turn ``number`` (``turn``) draws (``draw``) on top of the
    bag, in drawing order, so the turn draws them; then check, playing ``turn`` (when given)
    and taking it back, that it draws exactly those. Raises RecordError naming the turn."""
    deck = game.deck
    tiles = (drawn,) if isinstance(drawn, str) else drawn or ()
    if not deck.pile:
        if tiles:
            raise RecordError(f"turn {number}: 'draw' names tile {shown(tiles[0])}, but the bag is empty")
        return
    for tile in tiles:
        reason = why_not_drawable(game, tile) if tile in game.tiles else Reason(
            f"unknown tile {shown(tile)}", "not-in-box")
        if reason and not (reason.rule == KEPT_BACK and _freed_by(game, turn, tile)):
            raise RecordError(f"turn {number}: 'draw': {reason}", reason=reason, turn=number)
    for tile in reversed(tiles):  # the first drawn ends on top
        if deck.pile[-1] != tile:
            deck.take(tile)
            deck.put_back(tile, len(deck.pile))
    module = hand_module(game)
    if turn is None or module is None:
        return
    game.push(turn)
    state: Hands = module.get(game)
    played = state.drawn[-1]
    game.pop()
    if played == drawn:
        return
    if played is None:
        raise RecordError(f"turn {number}: 'draw' must be absent: the turn draws nothing "
                          "(the bag is empty, or the same turn goes on)")
    if isinstance(played, str):
        if drawn is None:
            raise RecordError(f"turn {number}: 'draw' must name the tile drawn after it "
                              f"(the bag holds {len(deck.pile)} tiles)")
        raise RecordError(f"turn {number}: 'draw' must name the one tile drawn after it")
    raise RecordError(f"turn {number}: 'draw' must list the {len(played)} tiles drawn back up to "
                      f"the hand of {module.size}, in drawing order")


def _freed_by(game: Game, turn: Turn | None, tile: str) -> bool:
    """Whether ``tile``, kept back by a rule module now, comes free with ``turn`` itself (the
    tile it lays frees it), so that the turn may draw it."""
    if not isinstance(turn, Move):
        return False
    with game.laid(turn.placement):
        return not any(module.keeps_back(game, tile) for module in game.modules)
