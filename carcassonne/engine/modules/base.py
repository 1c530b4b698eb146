"""The hooks a rule module offers the game, as JCloisterZone's capabilities do.

An expansion or a house rule is one :class:`RuleModule`: a class the game consults
at fixed hooks (the box of tiles, where a tile may go, where a follower may stand,
what a turn may do instead, what a turn scores, the final scoring, the record keys).
The core never names a module: switching one on is adding it to the game's modules
(:func:`carcassonne.engine.modules.modules_for`).

A hook left as the default here is never called: the game lists, per hook, the
modules that override it, so a hook no module uses costs one empty check on the
engine's hot paths (``carcassonne bench``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Reason
from ..scoring import Award
from ..tiles import Orientation, TileKind, TileSet

if TYPE_CHECKING:
    from ..game import Game, Journal
    from ..moves import Placement

#: A neighbour beyond the board's edge, per side (N, E, S, W).
EdgesOff = tuple[bool, bool, bool, bool]


class RuleModule:
    """One rule module. Modules are immutable and shared between games with the same rules:
    a module's state during a game lives on the game, in the attributes named by :attr:`state`."""

    #: The ``rules`` keys of a game record (``docs/game-record.md``) this module reads.
    record_keys: tuple[str, ...] = ()
    #: Game attributes holding this module's state; each turn saves them so that undo restores them.
    state: tuple[str, ...] = ()
    #: Feature kinds a follower may claim besides roads and cities (a cloister always may).
    claims: frozenset[str] = frozenset()
    #: Whether the board's edge (see :meth:`edges_off`) completes the features that meet it.
    edge_closes: bool = False
    #: Whether the start tile is the first tile drawn from the shuffled bag (HR; ``start: "random"``).
    start_from_bag: bool = False
    #: Whether the players hold their tiles in hands (HR, a hand of tiles): the game then
    #: asks this module's ``*_held`` hooks where the draw pile would answer.
    holds_tiles: bool = False

    # ------------------------------------------------------------- the box
    def tiles(self, tiles: TileSet) -> TileSet:
        """The tile kinds in play: ``tiles`` with this module's own kinds added (the same
        set when it adds none)."""
        return tiles

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, str]) -> None:
        """Add or change tiles of the box: ``counts`` per tile, ``phase_of`` its draw phase."""

    def start_tile(self, tiles: TileSet) -> str | None:
        """The tile at (0, 0) instead of the base game's D, or None."""
        return None

    def start(self, game: Game, start: Orientation) -> None:
        """Set up this module's state once the start tile lies on the board."""

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

    # ----------------------------------------------------------- followers
    def why_not_place(self, game: Game, placement: Placement, spot: str) -> Reason | None:
        """Why nothing may stand on ``spot``, a place the tile does not offer a follower."""
        return None

    def extra_places(self, game: Game, placement: Placement) -> list[str]:
        """Places besides the followers' that the current player may take after ``placement``."""
        return []

    def extra_actions(self, game: Game, placement: Placement) -> list[str]:
        """What the current player may do instead of placing a figure after ``placement``."""
        return []

    def play_figure(self, game: Game, sq: int, o: Orientation, base: int, figure: str,
                    journal: Journal) -> None:
        """Play ``figure``, one of this module's :meth:`extra_places` or :meth:`extra_actions`,
        for the tile ``o`` just laid on ``sq`` (its segments are nodes ``base``, ``base + 1``...).
        Called before the tile's completed features are scored."""

    # ---------------------------------------------------------------- turn
    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        """The tile ``o`` lies on ``sq`` and its completed features are scored: update state,
        score more; every change the game must undo goes to ``journal`` or :attr:`state`."""

    def another_turn(self, game: Game, x: int, y: int) -> bool:
        """Whether the player who placed a tile at (x, y) plays again."""
        return False

    def returns_to_bag(self, game: Game) -> bool:
        """Whether a tile that fits nowhere goes back into the bag (else out of the game)."""
        return False

    # --------------------------------------------------------------- hands
    # Consulted only on the one module with :attr:`holds_tiles`.
    def why_not_held(self, game: Game, tile: str, discard: bool) -> Reason | None:
        """Why the current player may not play ``tile`` now (``discard``: set it aside);
        stands for "is it the tile drawn"."""
        return None

    def take_held(self, game: Game, tile: str) -> int:
        """Take ``tile`` from the current player and draw one: where the drawn tile lay in
        the pile (for :meth:`put_back_held`), -1 when none was drawn."""
        return -1

    def put_back_held(self, game: Game, index: int) -> None:
        """Undo :meth:`take_held`'s draw; called before the module's :attr:`state` is restored."""

    def next_held(self, game: Game) -> str | None:
        """:meth:`Game.draw <carcassonne.engine.game.Game.draw>` with hands: set aside what
        must be, then a tile the current player may play, or None when the game is over."""
        return None

    def after_turn(self, game: Game) -> None:
        """A turn is played: pass over the players who hold no tile."""

    # ------------------------------------------------------------- scoring
    def points(self, game: Game, root: int, kind: str, tiles: int, complete: bool) -> int | None:
        """What the road or city ``root`` (of ``tiles`` tiles; ``complete``, else at the end)
        scores when this module decides it (an inn road, a cathedral city), else None."""
        return None

    def strength(self, game: Game, figures: tuple[tuple[int, int], ...], counts: list[int]) -> None:
        """Add to ``counts`` (per player, 1 per figure so far) what this module's figures among
        ``figures`` (player, node) count more for the majority (a big follower counts 2)."""

    def final_awards(self, game: Game, roots: list[int], awards: list[Award]) -> None:
        """Change the final scoring: ``roots`` are the occupied features (roads, cities,
        cloisters, then fields); ``awards`` holds what is scored so far, in order."""


def overrides(module: RuleModule, hook: str) -> bool:
    """Whether ``module`` has its own ``hook``."""
    return getattr(type(module), hook) is not getattr(RuleModule, hook)
