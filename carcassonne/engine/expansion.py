"""What the engine knows of an expansion: its rules keys, its rule modules, its record keys.

Each expansion is one package, ``carcassonne/expansions/<name>/`` (Django's apps, pytest's
plugins): its ``__init__`` declares one :class:`Expansion`, and the registry
(:mod:`carcassonne.expansions`) lists the packages. The engine reaches an expansion only
through this declaration and the :class:`~carcassonne.engine.modules.base.RuleModule` it
makes; the core never names one. The other layers find the package's other parts by name
(``ai``, ``words``, ``app``: :func:`carcassonne.expansions.part`).

A :class:`Decision` is the engine's one way of asking a player something in the middle of
a turn, whoever's turn it is: who decides now, and what they may choose. The app, the
computer players, the server and the records all go through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import Reason, RecordError
from .figures import FigureKind, FigureStep

if TYPE_CHECKING:
    from .game import Game
    from .modules.base import RuleModule
    from .moves import Move, Turn
    from .rules import Rules
    from .tiles import TileSet


class RuleKey(NamedTuple):
    """One key of a record's ``rules`` block that an expansion reads."""

    name: str
    #: Its value when a record leaves it out (the book's game).
    default: Any
    #: Whether a record writes it even at its default value (a key the format has always
    #: written, false included).
    always: bool = False


class Decision(NamedTuple):
    """A choice the rules ask of one player during a turn (not always the player to move).

    ``options`` are what the player may choose: squares ``(x, y)`` or places
    ``(x, y, place)``; the expansion that asks says which. ``number`` counts the
    decisions of the turn from 0 (``Move.decisions`` holds those already made).
    """

    player: int
    kind: str
    options: tuple[Any, ...]
    number: int = 0


class Expansion:
    """One expansion, as its package declares it to the engine. Subclasses override what they use."""

    #: The package's name, ``carcassonne/expansions/<name>/``.
    name: str = ""
    #: The rules keys it reads, in a record's order; the first switches it on (see :meth:`enabled`).
    keys: tuple[RuleKey, ...] = ()
    #: The rules key of the base game or a house rule after which its keys come in a record.
    after: str = "start"
    #: The turn keys of a record it reads and writes, in a record's order (after ``meeple``).
    turn_keys: tuple[str, ...] = ()
    #: The figure kinds it brings (each named in :class:`FigureStep`).
    figures: tuple[FigureKind, ...] = ()
    #: The figure steps it adds that are actions, not figures placed: (kind, action).
    actions: tuple[tuple[str, str], ...] = ()
    #: The feature kinds it adds (one-tile features), as score events name them.
    features: tuple[str, ...] = ()
    #: Whether its players hold several tiles each (its rule module's ``holds_tiles``).
    holds_tiles: bool = False

    # ----------------------------------------------------------- the rules
    def enabled(self, rules: Rules) -> bool:
        """Whether a game with ``rules`` plays this expansion (by default: its first key is true)."""
        return bool(rules.get(self.keys[0].name))

    def read_key(self, key: str, value: Any) -> Any:
        """A rules key's value as a record gives it, checked for its type (true or false by
        default); the whole is checked by :meth:`check` once every key is read."""
        if not isinstance(value, bool):
            raise RecordError(f"rules.{key} must be true or false")
        return value

    def check(self, rules: Rules) -> None:
        """Refuse rules this expansion cannot be played with (RecordError, one line)."""

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        """The rule modules a game with ``rules`` plays this expansion with."""
        return ()

    def tiles(self, tiles: TileSet) -> TileSet:
        """``tiles`` with every tile kind this expansion can make of them (twins of other tiles,
        :attr:`TileKind.twin_of`), whatever a game's rules: so the app finds every kind's
        picture, and its rule module makes its kinds in one place. The default makes none."""
        return tiles

    def not_in_play(self, step: FigureStep) -> Reason:
        """The refusal of one of its figure steps in a game without this expansion."""
        return Reason(f"the {step.kind} is not in play in this game", f"no-{self.name}")

    # ------------------------------------------------------------ records
    def read_figure(self, where: str, raw: Mapping[str, Any], step: FigureStep | None) -> FigureStep | None:
        """A record turn's figure step, given the one read so far (``meeple``'s follower, or
        another expansion's): this expansion's figure if its keys say one, else ``step``."""
        return step

    def write_figure(self, step: FigureStep, turn: dict[str, Any]) -> bool:
        """Write ``step`` (one of this expansion's kinds) into a record's ``turn``; False if it is not one.
        Every expansion is asked: one may add its own part of another's step (the tile ``at``)."""
        return False

    def refuse_on_discard(self, where: str, raw: Mapping[str, Any]) -> None:
        """Refuse this expansion's figure keys on a discarded or returned tile."""

    def read_decisions(self, where: str, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        """The decisions a record turn lists (:attr:`Move.decisions`), in order."""
        return ()

    def write_decisions(self, move: Move, turn: dict[str, Any]) -> None:
        """Write the decisions of ``move`` into a record's ``turn`` (asked of every move, even
        one with none: a record may have to say that none was made)."""

    def read_record(self, data: Mapping[str, Any], rules: Rules, seed: int | None, players: int) -> Any:
        """What this expansion keeps at a record's top level or on its turns (read once,
        checked for its form); None when it keeps nothing."""
        return None

    def record_data(self, game: Game) -> Any:
        """What :meth:`read_record` reads, taken from a game in progress (None: nothing)."""
        return None

    def write_record(self, data: Any, record: dict[str, Any]) -> None:
        """Write what :meth:`record_data` gave into a record being written (top-level keys
        and turn keys; the turns are written already)."""

    def start_record(self, game: Game, data: Any) -> None:
        """Set up a new game from a record's data (a deal), before its first turn."""

    def before_turn(self, game: Game, number: int, turn: Turn, data: Any) -> None:
        """Arrange what the record says turn ``number`` draws, before it is played."""

    def legal(self, game: Game, entry: dict[str, Any], moves: list[list[Any]], turn: Turn) -> None:
        """Add this expansion's items to a ``--legal`` entry and each of its ``moves``
        (``[x, y, rotation, follower places]``, in order; the tile ``turn`` plays)."""

    def report(self, game: Game, player: int, out: dict[str, Any]) -> None:
        """Add this expansion's items to ``player``'s object in ``replay --json`` (what they
        hold that it counts, say)."""
