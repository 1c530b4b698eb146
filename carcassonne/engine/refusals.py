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
from .figures import FOLLOWER, FigureStep
from .geometry import REACH, STEP, in_reach, square
from .moves import Discard, Placement
from .rules import BAG
from .tiles import CITY, CLOISTER, FIELD, ROAD, edge_kind

if TYPE_CHECKING:
    from .game import Game

#: What a follower is called on each feature (AR "Placing a follower"); a rule module's
#: one-place feature is a "follower" here.
ROLE = {ROAD: "thief", CITY: "knight", CLOISTER: "monk", FIELD: "farmer"}
#: The feature kinds a follower may ever claim (fields only with farmers in play).
CLAIMABLE = frozenset({ROAD, CITY, CLOISTER, FIELD})
_EDGE_WORD = ("north", "east", "south", "west")
#: The rule of a tile a rule module keeps back for now (``RuleModule.keeps_back``): refused by
#: its ``why_not_draw`` until the board frees it.
KEPT_BACK = "kept-back"


def _why_not_tile(game: Game, tile: str, discard: bool) -> Reason | None:
    """Why the player to move cannot play (or set aside) ``tile``: it is not the tile drawn,
    or, when the players hold several tiles (HR), not one of theirs."""
    holder = game._holder
    if holder is not None:
        return holder.why_not_held(game, tile, discard)
    return why_not_drawable(game, tile)


def why_not_drawable(game: Game, tile: str) -> Reason | None:
    """None if ``tile`` can be the next tile drawn: it is in the bag, and no rule module
    keeps it back now (tiles drawn in an order of their own)."""
    reason = game.deck.why_not_drawable(tile)
    if reason is None or reason.rule == "draw-order":
        for module in game.modules:
            found = module.why_not_draw(game, tile)
            if found:
                return found
    return reason


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
            own, theirs = edge_kind(o.edges[d]), edge_kind(nb.edges[(d + 2) % 4])
            return refuse(f"its {_EDGE_WORD[d]} edge is {own}, the neighbour's "
                          f"{_EDGE_WORD[(d + 2) % 4]} edge is {theirs}", "edge-mismatch",
                          edge=_EDGE_WORD[d], own=own, theirs=theirs)
    for module in game.modules:
        reason = module.why_not_placement(game, sq, o)
        if reason:
            return refuse(reason, reason.rule, **reason.facts)
    return None


def why_not_figure(game: Game, placement: Placement, step: FigureStep) -> Reason | None:
    """None if the current player may take the figure ``step`` after ``placement`` (see
    :meth:`Game.why_not_figure`): an ordinary follower by the base game's rules, another
    kind or an action by the rule module that brings it."""
    if step.at is not None:  # a figure onto another tile (any tile), or an action there
        for module in game._elsewhere:
            return module.why_not_elsewhere(game, placement, step)
        if step.kind == FOLLOWER.name:
            return Reason("a follower goes only onto the tile just placed in this game", "not-elsewhere")
    elif not step.action and game._no_stand:
        reason = game.why_not_on_tile(placement)
        if reason is not None:
            return reason
    if step.kind == FOLLOWER.name and not step.action and step.at is None:
        return why_not_stand(game, placement, step.place, supply=True)
    owner = game._owner.get(step.kind)
    if owner is None:
        owner = next((m for m in game.modules if step in m.actions(game, placement)), None)
    if owner is None:
        from ..expansions import declared  # the expansion that would bring it says it is not in play

        for expansion in declared():
            if any(kind.name == step.kind for kind in expansion.figures) or any(
                    kind == step.kind for kind, _ in expansion.actions):
                return expansion.not_in_play(step)
        return Reason(f"no figure {step.kind!r} in this game", "no-such-figure", kind=step.kind)
    return owner.why_not_figure(game, placement, step)


def why_not_stand(game: Game, placement: Placement, place: str, supply: bool = False) -> Reason | None:
    """None if a follower could stand on ``place`` after ``placement``: the place is on the
    tile, a follower may claim it and its feature is unoccupied (AR "Placing a follower").
    ``supply``: the current player must also have one of the 7 left (a figure of a rule
    module's own kind may need none)."""
    o = game.tiles[placement.tile].orientations[placement.rotation // 90]
    seg_index = o.spots.get(place)
    seg = o.segments[seg_index] if seg_index is not None else None
    if seg is None or seg_index is None or not (seg.kind == CLOISTER or seg.kind in CLAIMABLE):
        for module in game.modules:
            reason = module.why_not_place(game, placement, place)
            if reason:
                return reason
        return Reason(f"tile {placement.tile} rotation {placement.rotation} has no place {place!r}",
                      "no-such-place")
    if seg.kind == FIELD and not game.rules.farmers:
        return Reason("farmers are not in play in this game", "no-farmers")
    if supply and not game.supply[game.current]:
        name = game.names[game.current]
        for module in game.modules:  # a figure of a rule module's may still go (one not from the supply)
            reason = module.why_not_supply(game)
            if reason:
                return reason
        return Reason(f"{name} has no follower left", "no-follower-left")
    taken, through_tile = game._joined_followers(square(placement.x, placement.y), o, seg_index)
    if taken:
        owner = game.names[taken[0][0]]
        feature = "farm" if seg.kind == FIELD else seg.kind
        role = ROLE.get(game._kind[taken[0][1]], "follower")
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
