"""The hooks a rule module offers the game, as JCloisterZone's capabilities do.

An expansion or a house rule is one or more :class:`RuleModule`: a class the game
consults at fixed hooks (the box of tiles, where a tile may go, which figures it plays
and where they may stand, what a turn may do instead, what a player must decide during
a turn, what a turn scores, the final scoring). The core never names a module:
switching one on is adding it to the game's modules
(:func:`carcassonne.engine.modules.modules_for`).

A hook left as the default here is never called: the game lists, per hook, the
modules that override it, so a hook no module uses costs one empty check on the
engine's hot paths (``carcassonne bench``).

A module is shared by every game with the same rules, so it keeps no state of its own:
what it must remember during a game lives in the game, in the module's slot
(:meth:`RuleModule.get` and :meth:`RuleModule.put`, an immutable value that each turn
saves so that undo restores it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import Reason
from ..figures import FigureKind, FigureStep
from ..scoring import Award
from ..tiles import Orientation, TileKind, TileSet

if TYPE_CHECKING:
    from ..expansion import Decision
    from ..game import Game, Journal
    from ..moves import Move, Placement

#: A neighbour beyond the board's edge, per side (N, E, S, W).
EdgesOff = tuple[bool, bool, bool, bool]


class RuleModule:
    """One rule module (see the module docstring)."""

    #: The ``rules`` keys of a game record (``docs/game-record.md``) this module reads.
    record_keys: tuple[str, ...] = ()
    #: Whether it keeps state during a game, in its slot of the game (:meth:`get`, :meth:`put`).
    stateful: bool = False
    #: Its slot among the game's modules (set by :func:`~carcassonne.engine.modules.modules_for`).
    slot: int = -1
    #: The figure kinds it brings into the game; where each may stand is :meth:`figure_steps`.
    figures: tuple[FigureKind, ...] = ()
    #: Feature kinds a follower may claim besides roads and cities (a cloister always may).
    claims: frozenset[str] = frozenset()
    #: Whether the board's edge (see :meth:`edges_off`) completes the features that meet it.
    edge_closes: bool = False
    #: Whether the start tile is the first tile drawn from the shuffled bag (HR; ``start: "random"``).
    start_from_bag: bool = False
    #: Whether the players hold their tiles (several each): the game then asks this module's
    #: ``*_held`` hooks where the draw pile would answer.
    holds_tiles: bool = False
    #: Whether the extra entry it gives (:meth:`another_turn`) continues the same turn (a
    #: second part) rather than starting a new one (a hole's bonus turn): a new
    #: turn starts with :meth:`turn_begins`.
    continues_turn: bool = False

    # ------------------------------------------------------------ its state
    def get(self, game: Game) -> Any:
        """This module's state in ``game``."""
        return game._states[self.slot]

    def put(self, game: Game, value: Any) -> None:
        """Change this module's state in ``game`` (an immutable value: undo restores the old one)."""
        game._states[self.slot] = value

    # ------------------------------------------------------------- the box
    def tiles(self, tiles: TileSet) -> TileSet:
        """The tile kinds in play: ``tiles`` with this module's own kinds added (the same
        set when it adds none)."""
        return tiles

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int]) -> None:
        """Add or change tiles of the box: ``counts`` per tile, ``phase_of`` its draw phase
        (every tile of a lower phase is drawn before any of a higher one; the base game's is 0)."""

    def start_tile(self, tiles: TileSet) -> str | None:
        """The tile at (0, 0) instead of the base game's D, or None."""
        return None

    def start(self, game: Game, start: Orientation) -> None:
        """Set up this module's state once the start tile lies on the board."""

    def why_not_draw(self, game: Game, tile: str) -> Reason | None:
        """Why ``tile``, still in the bag, may not be the next tile drawn (tiles drawn in order)."""
        return None

    def why_not_start(self, kind: TileKind) -> Reason | None:
        """Why ``kind``, drawn from the bag, may not be the start tile (``start: "random"``: the
        bag's first tile that may), or None."""
        return None

    def keeps_back(self, game: Game, tile: str) -> bool:
        """Whether ``tile`` stays in the bag for now: drawing passes over it (it keeps its place
        in the pile) and it is no tile left for the game's end or a discard (JCZ's deactivated
        tiles). Its refusal in a record is :meth:`why_not_draw`'s."""
        return False

    # ----------------------------------------------------------- placement
    def placements(self, game: Game, kind: TileKind) -> list[tuple[int, int]] | None:
        """Where ``kind`` may go as (square, rotation) when this module decides it, else None
        (the base rule: any open square whose edges match)."""
        return None

    def edges_off(self, sq: int) -> EdgesOff:
        """Per side of square ``sq``: whether its neighbour lies beyond the board's edge."""
        return (False, False, False, False)

    def why_not_square(self, game: Game, x: int, y: int) -> Reason | None:
        """Why no tile may go on the empty square (x, y), checked before it must touch the
        board; the reason's text is the detail after "tile E cannot go at ...: "."""
        return None

    def why_not_placement(self, game: Game, sq: int, o: Orientation) -> Reason | None:
        """Why ``o`` may not lie on ``sq`` although its edges match (a detail, as above)."""
        return None

    # -------------------------------------------------------------- figures
    def why_not_place(self, game: Game, placement: Placement, place: str) -> Reason | None:
        """Why no follower may stand on ``place`` of the tile (a segment no follower claims)."""
        return None

    def why_not_supply(self, game: Game) -> Reason | None:
        """Why the current player, with none of the 7 followers left, cannot place one, when
        this module has more to say (only its own figure is left)."""
        return None

    def figure_steps(self, game: Game, placement: Placement) -> list[FigureStep]:
        """The current player's steps with this module's figures after ``placement``."""
        return []

    def actions(self, game: Game, placement: Placement) -> list[FigureStep]:
        """What the current player may do instead of placing a figure after ``placement``."""
        return []

    def why_not_elsewhere(self, game: Game, placement: Placement, step: FigureStep) -> Reason | None:
        """Why the current player may not take ``step``, whatever its kind, on the tile at
        ``step.at`` (not the one just placed: a follower sent anywhere, a neutral figure moved). Asked of the first
        module that has this hook; without one, no figure goes onto another tile. The module
        plays such a step (:meth:`play_figure`)."""
        return None

    def why_not_on_tile(self, game: Game, placement: Placement) -> Reason | None:
        """Why no figure may stand on the tile of ``placement`` this turn (a neutral figure lands there), or None."""
        return None

    def why_not_figure(self, game: Game, placement: Placement, step: FigureStep) -> Reason | None:
        """Why the current player may not take ``step``, one of this module's figures or actions."""
        return Reason(f"{step} is not possible here", "no-such-place")

    def play_figure(self, game: Game, sq: int, o: Orientation, base: int, step: FigureStep,
                    journal: Journal) -> None:
        """Play ``step``, one of this module's actions (or a figure it places itself), for the
        tile ``o`` just laid on ``sq`` (its segments are nodes ``base``, ``base + 1``...).
        Called before the tile's completed features are scored."""

    # ------------------------------------------------------------ decisions
    def decision(self, game: Game, move: Move) -> Decision | None:
        """The next decision ``move`` needs from a player (its tile and figure step played,
        and its decisions so far), or None. Called with the move pushed up to that point."""
        return None

    def decide(self, game: Game, move: Move, decision: Decision, choice: Any, journal: Journal) -> None:
        """Play ``choice``, the answer to ``decision`` (this module's, asked of ``move`` with the
        decisions before it), before the turn is scored; changes go to ``journal`` or the state."""

    def why_not_decisions(self, game: Game, move: Move, reason: Reason) -> Reason | None:
        """This module's words for ``reason``, the game's refusal of ``move``'s decisions (its
        rule ``no-decision``, ``bad-decision`` or ``decision-due``; ``made``: how many were
        played before it, as the game now stands), or None to keep the game's."""
        return None

    # ---------------------------------------------------------------- turn
    def turn_begins(self, game: Game, journal: Journal) -> None:
        """A player's turn begins (``game.current``'s): called on its first entry, before the
        tile is laid or set aside, once per turn (not again after a tile set aside or on a
        second part, :attr:`continues_turn`); what it scores counts for that entry."""

    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        """The tile ``o`` lies on ``sq`` and its completed features are scored: update state,
        score more; every change the game must undo goes to ``journal`` or the module's state."""

    def completed(self, game: Game, root: int, journal: Journal) -> None:
        """The tile just placed completed the road or city ``root`` (before it is scored,
        whoever holds it, even nobody): the player to move placed it."""

    def another_turn(self, game: Game, move: Move) -> bool:
        """Whether the player who just played ``move`` plays again (the first module that says
        so gives the one extra entry: a second part before a hole's bonus)."""
        return False

    def turn_goes_on(self, game: Game) -> bool:
        """Whether the player to move is in the middle of one turn of several entries (the
        entry just played earned a second part of the same turn): held tiles are drawn at
        the turn's end, not between its parts."""
        return False

    def returns_to_bag(self, game: Game) -> bool:
        """Whether a tile that fits nowhere goes back into the bag (else out of the game)."""
        return False

    # ----------------------------------------------------------- held tiles
    # Consulted only on the one module with :attr:`holds_tiles`.
    def held(self, game: Game) -> tuple[tuple[str, ...], ...]:
        """The tiles each player holds, in turn order."""
        return ()

    def why_not_held(self, game: Game, tile: str, discard: bool) -> Reason | None:
        """Why the current player may not play ``tile`` now (``discard``: set it aside);
        stands for "is it the tile drawn"."""
        return None

    def take_held(self, game: Game, tile: str) -> int:
        """Take ``tile`` from the current player and draw one: where the drawn tile lay in
        the pile (for :meth:`put_back_held`), -1 when none was drawn."""
        return -1

    def put_back_held(self, game: Game, index: int) -> None:
        """Undo :meth:`take_held`'s draw; called before the module's state is restored."""

    def next_held(self, game: Game) -> str | None:
        """:meth:`Game.draw <carcassonne.engine.game.Game.draw>` with held tiles: set aside what
        must be, then a tile the current player may play, or None when the game is over."""
        return None

    def after_turn(self, game: Game) -> None:
        """A turn is played: pass over the players who hold no tile."""

    # ------------------------------------------------------------- scoring
    def points(self, game: Game, root: int, kind: str, tiles: int, complete: bool) -> int | None:
        """What the road or city ``root`` (of ``tiles`` tiles; ``complete``, else at the end)
        scores when this module decides it (a mark on it changes its points), else None."""
        return None

    def final_awards(self, game: Game, roots: list[int], awards: list[Award]) -> None:
        """Change the final scoring: ``roots`` are the occupied features (roads, cities,
        cloisters, then fields); ``awards`` holds what is scored so far, in order."""

    def scored(self, game: Game, root: int, followers: tuple[tuple[int, int], ...], journal: Journal) -> None:
        """The feature ``root`` was just scored during play (its event is the last one) and its
        ``followers`` (player, node) went home: score what follows it (a bonus to one of them)."""

    def final_scored(self, game: Game, awards: list[Award]) -> None:
        """The final scoring's awards are all known (every module's, in order): add in place
        those that follow a feature's award (a bonus to one of its followers)."""

    def removed(self, game: Game, player: int, node: int, journal: Journal) -> None:
        """A rule sent ``player``'s figure on ``node`` home without scoring
        (:meth:`Game.remove_figure`): send home what depended on it (a figure that may
        stand only beside its owner's follower)."""

    def final_extras(self, game: Game) -> list[Award]:
        """Awards of the final scoring that belong to no feature (majorities of tokens), after
        every feature's; an award's ``tiles_of`` is -1."""
        return []

    def city_bonus(self, game: Game, player: int, farm: int) -> int:
        """What each city the farm ``farm`` supplies scores more for ``player``, who wins it."""
        return 0

    def counters(self, game: Game, player: int) -> dict[str, int]:
        """What ``player`` has collected that this module counts, by name (tokens)."""
        return {}


def overrides(module: RuleModule, hook: str) -> bool:
    """Whether ``module`` has its own ``hook``."""
    return getattr(type(module), hook) is not getattr(RuleModule, hook)
