"""Hidden hands over the network: what each receiver may know of the tiles the players hold.

With a hand of tiles (``carcassonne/expansions/hand``, HR "Play with a three-tile hand ...
These tiles could be visible to all or hidden to the other players"), the server's game holds
every hand and the bag's order. What leaves the server is, per receiver, its own seats' hands
(every hand when hands are open) and the others' counts only (:func:`hands_seen`); a spectator
is a receiver with no seat. A computer player on the server thinks on :func:`seat_view`: its
own hand, the others' hidden hands dealt again from what it cannot see, the bag in a new order.

A client's copy of a hand game (:mod:`.mirror`) plays each turn the server announces with the
tile it names in its player's hand (:func:`play_announced`), then holds exactly the hands the
server says it may see and, for the others, as many tiles taken from what it cannot see
(:func:`fit_hands`): the counts of tiles still to come stay exact, the rest says nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..engine import Discard, Game, IllegalMoveError, Turn
from ..engine.deck import Deck
from ..engine.record import GameRecord, Seat

#: What a receiver is told of one player's hand: its count, and its tiles when it may see them.
HandSeen = dict[str, Any]


def _module(game: Game) -> Any:
    """The game's hand of tiles (a rule module), or None (imported late: an expansion's own)."""
    from ..expansions.hand.rules import hand_module

    return hand_module(game)


def hidden(game: Game | None) -> bool:
    """Whether the players hold tiles the others may not see (each receiver is told otherwise)."""
    module = None if game is None else _module(game)
    return module is not None and not module.open


def may_see(game: Game, player: int, seats: Sequence[int]) -> bool:
    """Whether a receiver holding ``seats`` (none: a spectator) may see ``player``'s hand."""
    module = _module(game)
    return module is None or module.open or player in seats


def hands_seen(game: Game | None, seats: Sequence[int]) -> list[HandSeen] | None:
    """Every player's hand as a receiver holding ``seats`` may know it (None: nobody holds tiles)."""
    if game is None or not game.holds_tiles:
        return None
    shown: list[HandSeen] = []
    for player in range(game.players):
        held = game.held(player)
        seen: HandSeen = {"count": len(held)}
        if may_see(game, player, seats):
            seen["tiles"] = list(held)
        shown.append(seen)
    return shown


def tile_seen(game: Game | None, tile: str | None, seats: Sequence[int]) -> str | None:
    """The tile in hand a receiver is told of: in a hand game the first of the mover's hand,
    only to whoever may see that hand."""
    if game is None or tile is None or not game.holds_tiles:
        return tile
    return tile if may_see(game, game.current, seats) else None


def stored_turns(game: Game, since: int) -> list[dict[str, Any]]:
    """The turns from ``since`` as a record writes them, with what a turn draws in a hand game
    (a game read back from its stored turns replays them through the record's checks)."""
    if not game.holds_tiles:
        return [t.to_record() for t in game.history[since:]]
    seats = [Seat(name, "red", "human") for name in game.names]
    turns: list[dict[str, Any]] = GameRecord.from_game(game, seats).to_data()["turns"]
    return turns[since:]


# ------------------------------------------------------------------ a computer's view
def seat_view(game: Game, seat: int, tile: str | None, rng: random.Random) -> Game:
    """The game as ``seat`` may know it, for a computer player: its own hand, every hand when
    hands are open, the others' hidden hands dealt again from the tiles it has not seen, and the
    bag in a new order (``tile``, the tile drawn, on top in a game without hands)."""
    view = game.copy()
    view.seed = None
    module = _module(view)
    if module is None:
        view.deck = view.deck.shuffled(rng)
        if tile is not None:
            _on_top(view.deck, tile)
        return view
    state = module.get(view)
    hands = list(state.held)
    unseen = [p for p in range(view.players) if not may_see(view, p, [seat])]
    pool = Counter(view.deck.counts)
    for p in unseen:
        pool.update(hands[p])
    deck = Deck(dict(pool), [], view.deck.phase_of).shuffled(rng)
    for p in unseen:
        dealt = []
        for _ in hands[p]:
            drawn = deck.pile[-1]
            deck.take(drawn)
            dealt.append(drawn)
        hands[p] = tuple(dealt)
    view.deck = deck
    module.put(view, state._replace(held=tuple(hands), taken=()))
    return view


def _on_top(deck: Deck, tile: str) -> None:
    pile = deck.pile
    if tile in pile:
        pile.remove(tile)
        pile.append(tile)


# ------------------------------------------------------------------ a client's copy
def play_announced(game: Game, turn: Turn) -> None:
    """Play a turn the server announced on a client's copy of a hand game: the tile it names
    is put in its player's hand first (the copy knew only how many tiles that hand holds, or
    drew another tile for it), then the turn is checked by the rules and played. A hand the
    copy imagined may hold a tile that fits nowhere: that refusal is the server's to make.

    Raises :class:`IllegalMoveError` if the turn breaks the rules or names a tile none can hold."""
    module = _module(game)
    assert module is not None
    player = game.current
    state = module.get(game)
    hands = [list(h) for h in state.held]
    if turn.tile not in hands[player]:
        if not hands[player]:
            raise IllegalMoveError(f"the server says {game.names[player]} plays {turn.tile} from an empty hand")
        _swap_in(game, hands, player, turn.tile)
        module.put(game, state._replace(held=tuple(tuple(h) for h in hands), taken=()))
    reason = game.why_not(turn)
    if reason is not None and reason.rule != "discard-first":
        raise IllegalMoveError(reason, reason=reason)
    if isinstance(turn, Discard) and game.has_placement(turn.tile):
        raise IllegalMoveError(f"the server discards {turn.tile}, which fits")
    game.push(turn)


def _swap_in(game: Game, hands: list[list[str]], player: int, tile: str) -> None:
    """Put ``tile`` in ``player``'s hand in place of its last tile, from the bag of the copy or
    another hand the copy imagined."""
    deck = game.deck
    given = hands[player].pop()
    if deck.counts.get(tile, 0) > 0:
        deck.take(tile)
        _put_in(deck, given)
    else:
        other = next((p for p, h in enumerate(hands) if p != player and tile in h), None)
        if other is None:
            hands[player].append(given)
            raise IllegalMoveError(f"tile {tile} is not among the tiles still to come")
        hands[other][hands[other].index(tile)] = given
    hands[player].append(tile)


def _put_in(deck: Deck, tile: str) -> None:
    deck.counts[tile] = deck.counts.get(tile, 0) + 1
    deck.pile.insert(0, tile)


def fit_hands(game: Game, seen: Sequence[HandSeen]) -> None:
    """Make a client's copy hold the hands the server told it of: the tiles it may see, and as
    many tiles as each other hand holds, taken from those it cannot see (kept where they were
    already). The tiles still to come, counted, stay exact.

    Raises :class:`IllegalMoveError` if the hands told do not fit the tiles still to come."""
    module = _module(game)
    if module is None or len(seen) != game.players:
        raise IllegalMoveError("the server's hands do not fit this game")
    state = module.get(game)
    pool = Counter(game.deck.counts)
    for held in state.held:
        pool.update(held)
    hands: list[list[str] | None] = []
    for told in seen:
        tiles = told.get("tiles")
        if tiles is None:
            hands.append(None)
            continue
        wanted: Counter[str] = Counter(tiles)
        if any(pool[t] < n for t, n in wanted.items()) or len(tiles) != told.get("count", len(tiles)):
            raise IllegalMoveError(f"the server says a hand holds {', '.join(tiles)}: not all are still to come")
        pool.subtract(wanted)
        hands.append(list(tiles))
    fits: dict[str, bool] = {}

    def fitting(tile: str) -> bool:  # (a copy's imagined hand of the mover holds no tile to discard)
        if tile not in fits:
            fits[tile] = game.has_placement(tile)
        return fits[tile]

    unseen = [p for p, told in enumerate(seen) if hands[p] is None]
    unseen.sort(key=lambda p: p != game.current)  # the mover first: its real tiles all fit
    for player in unseen:
        count = int(seen[player].get("count", 0))
        kept: list[str] = []
        for tile in state.held[player]:
            if len(kept) < count and pool[tile] > 0 and fitting(tile):
                pool[tile] -= 1
                kept.append(tile)
        rest = sorted(pool.elements(), key=lambda t: (not fitting(t), t))
        while len(kept) < count:
            if not rest:
                raise IllegalMoveError("the server's hands hold more tiles than are still to come")
            tile = rest.pop(0)
            pool[tile] -= 1
            kept.append(tile)
        hands[player] = kept
    left = Counter(game.deck.counts)
    left.update(t for held in state.held for t in held)
    for hand in hands:
        assert hand is not None
        left.subtract(hand)
    counts = {t: n for t, n in left.items() if n > 0}
    game.deck = Deck({t: counts.get(t, 0) for t in game.deck.counts}, [], game.deck.phase_of).shuffled(
        random.Random(0))
    module.put(game, state._replace(held=tuple(tuple(h or ()) for h in hands), taken=()))
