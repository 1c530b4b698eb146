"""How the computer players value The Princess & the Dragon.

The dragon's steps are the engine's pending decision: each level answers it with its own
evaluation (``Bot.decide``), which values every follower on the board, so a step that eats
another's follower is worth more and one that eats one's own less. The fairy is worth to the
owner of the follower she stands beside the point of their next turn (any player may move her
beside their own follower instead of placing one, and the next player often does: counted as
staying longer, she drew both players into moving her back and forth most turns) and half the
3 points her follower's feature brings when it is scored. A portal's or princess's figure step
is one of the moves every level tries; the evaluation of the position after it says what it is
worth. The look-ahead answers the dragon's steps as each player would (``simple.steered``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai.valuation import Valuation
from ...engine.figures import FOLLOWER, FigureStep
from ...engine.geometry import RING, coords, square
from ...engine.tiles import CITY, FIELD, ROAD
from .rules import (
    FAIRY,
    FAIRY_BONUS,
    FAIRY_POINT,
    PORTAL,
    PrincessDragon,
    fairy_follower,
    follower_kinds,
    module_of,
    place_node,
    state,
    symbol,
)

if TYPE_CHECKING:
    from ...engine import Game, Placement


#: The turns of her owner the fairy is expected to stay, tuned by self-play (greedy players,
#: seats swapped on each deck, docs/computer-players.md): 1 turn beat 3 turns in 73 % of 126
#: games and 2 turns in 66 % of 200; 0.5 turns drew with it (50 % of 200).
STAY = 1.0
#: How many times a base game's move a search takes with the expansion (Valuation.search_cost),
#: on a board of up to :data:`BASE_BOARD` tiles (a base game's 72), more on a bigger one.
SEARCH_COST = 1.8
BASE_BOARD = 72
#: How many features a computer player weighs sending a figure to through a portal.
PORTAL_TRIED = 8


class Value(Valuation):
    _turns = 0.0

    @staticmethod
    def search_cost(game: Game) -> float:
        """A position holds 30 more tiles, and each tile more moves: the fairy beside a follower,
        a portal's features. Both grow with the board: beyond a base game's full board, the
        cost grows in proportion to the tiles on it."""
        return SEARCH_COST * max(1.0, len(game.board) / BASE_BOARD)

    def begin(self, game: Game, left: int, draws: float, follower: float) -> None:
        """Each player's turns still to come (the fairy's points)."""
        self._turns = left / game.players

    def at_home(self, game: Game, values: list[float], follower: float) -> None:
        found = fairy_follower(game)
        if found is not None:
            values[found[0]] += FAIRY_POINT * min(self._turns, STAY) + FAIRY_BONUS / 2

    @staticmethod
    def tried_steps(game: Game, placement: Placement) -> list[FigureStep] | None:
        """The figure steps worth weighing: the fairy beside one of the player's followers
        once (beside another is the same position for the players' values, unless the tile
        completes that follower's feature: then she scores with it), and after a portal tile
        one place per feature and kind of figure (the same road, city or farm reached on
        another of its tiles is the same move for the players' values), of the
        :data:`PORTAL_TRIED` largest features: a portal offers hundreds of places on every one
        of its placements, too many to weigh each. The rules' own checks decide which are
        legal, asked only of the features that may be among the largest."""
        rules = module_of(game)
        if rules is None:
            return None
        portal = symbol(game, placement.tile) == PORTAL
        if not portal:
            steps = game.figure_steps(placement)
        else:  # the rules' figure steps (Game.figure_steps) with those through the portal left out
            steps = [FigureStep(FOLLOWER.name, place) for place in game.follower_spots(placement)]
            for module in game.modules:
                steps += rules._fairy_steps(game) if module is rules else module.figure_steps(game, placement)
            if game.why_not_on_tile(placement) is not None:
                steps = [s for s in steps if s.at is not None]  # none on the tile this turn
            for module in game.modules:
                steps += module.actions(game, placement)
        if sum(1 for s in steps if s.kind == FAIRY.name) > 1:
            steps = _one_fairy(game, placement, steps)
        return steps + _through_portal(game, rules, placement) if portal else steps


def _one_fairy(game: Game, placement: Placement, steps: list[FigureStep]) -> list[FigureStep]:
    """``steps`` with the fairy beside the first follower whose feature the tile leaves
    open, and beside each one whose feature it completes (she scores with it)."""
    kept: list[FigureStep] = []
    open_one = False
    with game.laid(placement):
        for step in steps:
            if step.kind == FAIRY.name and step.at is not None:
                at = step.at
                root = game.find(place_node(game, at, step.place))
                kind = game.kind_of(root)
                if kind == ROAD or kind == CITY:
                    done = game.complete(root)
                elif kind == FIELD:
                    done = False
                else:  # a cloister, a garden: its 8 neighbours
                    done = game.ring_filled(square(*at)) == len(RING)
                if not done:
                    if open_one:
                        continue
                    open_one = True
            kept.append(step)
    return kept


def _through_portal(game: Game, rules: PrincessDragon, placement: Placement) -> list[FigureStep]:
    """The portal's steps tried: for each feature and kind of figure its first legal place in
    the rules' order, of the :data:`PORTAL_TRIED` largest features (ties in that order)."""
    kinds = [k for k in follower_kinds(game) if game.home(game.current).get(k, 0) > 0]
    if not kinds:
        return []
    groups, on_square = _board_places(game)
    dragon = state(game).dragon
    under_dragon = on_square.get(dragon, ()) if dragon is not None else ()
    with game.laid(placement):
        board = game.board
        # The tile laid only joins features: each of the board's features before it lies in
        # one after it, its places still in board order (the laid tile's own are left out, and
        # those on the dragon's square).
        joined: dict[int, list[Places]] = {}
        for root, spots in groups:
            if root in under_dragon:
                spots = [p for p in spots if p[1] != dragon]
            joined.setdefault(game.find(root), []).append(spots)
        places: dict[int, Places] = {}  # feature: its places, in order
        for root, lists in joined.items():
            spots = lists[0] if len(lists) == 1 else sorted(p for spots in lists for p in spots)
            if spots:
                places[root] = spots
        sizes = {root: len(game.tiles_of(root)) for root in places}
        found: list[tuple[int, int, int, FigureStep]] = []  # size, order, kind, step
        for root in sorted(places, key=lambda r: (-sizes[r], places[r][0][0])):
            size = sizes[root]
            if len(found) >= PORTAL_TRIED and -sorted(found)[PORTAL_TRIED - 1][0] > size:
                break  # no smaller feature is among the largest (an equal one may come first)
            _, sq, place = places[root][0]
            if rules._portal_free(game, sq, board[sq], place) is not None:
                continue  # occupied or complete: on every one of its tiles
            for k, kind in enumerate(kinds):
                for at, sq, place in places[root]:
                    x, y = coords(sq)
                    if rules._portal_kind(game, (x, y), place, kind) is None:
                        found.append((-size, at, k, FigureStep(kind, place, at=(x, y))))
                        break
    return [step for *_, step in sorted(found)[:PORTAL_TRIED]]


#: A feature's places: their number in board order, the square, the place.
Places = list[tuple[int, int, str]]
#: The last board's places by feature (:func:`_board_places`), under its key (Game.board_key).
_last_board: tuple[object, tuple[list[tuple[int, Places]], dict[int, set[int]]]] | None = None


def _board_places(game: Game) -> tuple[list[tuple[int, Places]], dict[int, set[int]]]:
    """Every place of the board's tiles by feature (its root), each feature's places in board
    order, and the features with a place on each square: the same for every placement of a
    portal tile weighed on one board, so worked out once for them all."""
    global _last_board
    key = game.board_key()
    last = _last_board
    if last is not None and last[0] is key:
        return last[1]
    board = game.board
    features: dict[int, Places] = {}
    on_square: dict[int, set[int]] = {}
    order = 0
    for sq in sorted(board, key=coords):
        for place, index in board[sq].spots.items():
            root = game.find(game.node(sq, index))
            features.setdefault(root, []).append((order, sq, place))
            on_square.setdefault(sq, set()).add(root)
            order += 1
    found = (list(features.items()), on_square)
    _last_board = (key, found)
    return found
