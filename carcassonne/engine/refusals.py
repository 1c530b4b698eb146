"""Why a move is refused, in a player's words: the sentences of the rules engine.

:class:`~carcassonne.engine.game.Game` decides; this module words each refusal as a
:class:`Reason` (a sentence plus the rule broken and its facts as data, so every
language and every UI can say it its own way, ``app/explain.py``). A rule module
adds its own refusals through its hooks (``why_not_square``, ``why_not_placement``,
``why_not_place``). Rules cited: annotated rules 2007 (AR), house rules (HR).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import Reason
from .geometry import REACH, STEP, in_reach, square
from .moves import Discard, Placement
from .rules import BAG
from .tiles import CITY, CLOISTER, FIELD, ROAD

if TYPE_CHECKING:
    from .game import Game

#: What a follower is called on each feature (AR "Placing a follower").
ROLE = {ROAD: "thief", CITY: "knight", CLOISTER: "monk", FIELD: "farmer", "garden": "abbot"}
_EDGE_WORD = ("north", "east", "south", "west")
_KIND_WORD = {"c": "city", "r": "road", "f": "field", "s": "river"}


def _why_not_tile(game: Game, tile: str, discard: bool) -> Reason | None:
    """Why the player to move cannot play (or set aside) ``tile``: it is not the tile drawn,
    or, with a hand of tiles (HR), not in their hand."""
    holder = game._holder
    if holder is not None:
        return holder.why_not_held(game, tile, discard)
    return game.deck.why_not_drawable(tile)


def why_not_placement(game: Game, placement: Placement) -> Reason | None:
    """None if the placement is legal, else why not (see :meth:`Game.why_not_placement`)."""
    tile, x, y, rotation = placement
    reason = _why_not_tile(game, tile, discard=False)
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
    if sq in game.board:
        return refuse("that square already has a tile", "square-taken")
    for module in game.modules:
        reason = module.why_not_square(game, x, y)
        if reason:
            return refuse(reason, reason.rule, **reason.facts)
    if sq not in game.open:
        return refuse("a tile must touch the tiles already placed along an edge", "not-touching")
    o = game.tiles[tile].orientations[rotation // 90]
    for d in range(4):
        nb = game.board.get(sq + STEP[d])
        if nb is not None and nb.edges[(d + 2) % 4] != o.edges[d]:
            own, theirs = _KIND_WORD[o.edges[d]], _KIND_WORD[nb.edges[(d + 2) % 4]]
            return refuse(f"its {_EDGE_WORD[d]} edge is {own}, the neighbour's "
                          f"{_EDGE_WORD[(d + 2) % 4]} edge is {theirs}", "edge-mismatch",
                          edge=_EDGE_WORD[d], own=own, theirs=theirs)
    for module in game.modules:
        reason = module.why_not_placement(game, sq, o)
        if reason:
            return refuse(reason, reason.rule, **reason.facts)
    return None


def why_not_follower(game: Game, placement: Placement, spot: str, big: bool = False) -> Reason | None:
    """None if the current player may put a follower on ``spot`` after ``placement``
    (see :meth:`Game.why_not_follower`); ``big``: the big follower (Inns & Cathedrals),
    which needs none of the 7 in the supply."""
    o = game.tiles[placement.tile].orientations[placement.rotation // 90]
    if spot.startswith("big:") and game.bigs and not big:  # Inns & Cathedrals' big follower
        if game.bigs[game.current] >= 0:
            return Reason(f"{game.names[game.current]}'s big follower is already on the board", "big-out")
        place = spot[4:]  # it stands where a follower may, whatever the supply
        if place in o.spots:  # the same rules as a follower's; the reason says it was the big one
            reason = why_not_follower(game, placement, place, big=True)
            return None if reason is None else Reason(str(reason), reason.rule, **reason.facts, big=True)
        reason = why_not_follower(game, placement, place) if not place.startswith("big:") else None
        return reason or Reason(
            f"the big follower stands only on a road, city, cloister or farm of tile {placement.tile}",
            "big-place", place=place)
    seg_index = o.spots.get(spot)
    if seg_index is None:
        if spot in game.extra_places(placement) or spot in game.extra_actions(placement):
            return None
        for module in game.modules:
            reason = module.why_not_place(game, placement, spot)
            if reason:
                return reason
        if spot.startswith("abbot") and not game.rules.abbot:
            return Reason("the Abbot is not in play in this game", "no-abbot")
        if spot.startswith("big:") and not game.rules.inns_cathedrals:
            return Reason("the big follower is played only with Inns & Cathedrals", "no-inns-cathedrals")
        return Reason(f"tile {placement.tile} rotation {placement.rotation} has no place {spot!r}",
                      "no-such-place")
    seg = o.segments[seg_index]
    if seg.kind == FIELD and not game.rules.farmers:
        return Reason("farmers are not in play in this game", "no-farmers")
    if not big and not game.supply[game.current]:
        name = game.names[game.current]
        if game.bigs and game.bigs[game.current] < 0:  # Inns & Cathedrals: the big one is home
            return Reason(f"{name} has none of the 7 followers left, only the big follower",
                          "only-big-left", name=name)
        return Reason(f"{name} has no follower left", "no-follower-left")
    taken, through_tile = game._joined_followers(square(placement.x, placement.y), o, seg_index)
    if taken:
        owner = game.names[taken[0][0]]
        feature = "farm" if seg.kind == FIELD else seg.kind
        role = ROLE[game._kind[taken[0][1]]]
        if through_tile:
            return Reason(f"this tile joins the {feature} to one already occupied by {owner}'s "
                          f"{role}", "occupied", feature=feature, owner=owner, role=role, joined=True)
        return Reason(f"the {feature} is already occupied by {owner}'s {role}", "occupied",
                      feature=feature, owner=owner, role=role, joined=False)
    return None


def why_not_discard(game: Game, turn: Discard) -> Reason | None:
    """None if ``turn`` may set its tile aside now: it fits nowhere, and it goes where the
    rules send it (out of the game, or back into the bag under ``discard: "bag"``, HR)."""
    tile = turn.tile
    reason = _why_not_tile(game, tile, discard=True)
    if reason:
        return reason
    verb = "go back into the bag" if turn.returned else "be discarded"
    if game.has_placement(tile):
        return Reason(f"tile {tile} cannot {verb}: it fits on the board", "fits", tile=tile,
                      returned=turn.returned)
    bag = game.rules.discard == BAG
    if turn.returned and not bag:
        return Reason(f"tile {tile} cannot go back into the bag: unplayable tiles leave the game "
                      "(the house rule discard: bag is off)", "no-bag", tile=tile)
    if bag and turn.returned != game._returns_to_bag():
        if turn.returned:
            return Reason(f"tile {tile} cannot go back into the bag: no tile left fits anywhere, "
                          "so it is discarded", "nothing-fits", tile=tile)
        return Reason(f"tile {tile} cannot be discarded: another tile left fits, so it goes "
                      "back into the bag (house rule)", "bag", tile=tile)
    return None
