"""What an expansion says: the hooks its package's ``words.py`` overrides.

The game's sentences (refusals, the move log, hints, score events, the command line) are
the base game's here in ``carcassonne/words/``; each expansion in the registry words what
only it knows through one :class:`ExpansionWords` (its ``words.py`` defines ``WORDS``). A
hook answers None when the thing is not its own, and the base game's words apply. Its
sentences are in the same catalogues, extracted from its package like any other code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.errors import Reason
from ..engine.figures import FigureStep
from ..expansions import parts

if TYPE_CHECKING:
    import argparse

    from ..ai.hint import Clause
    from ..engine import FigureAt, Game, Move, Rules, ScoreEvent
    from ..engine.tiles import Orientation, TileKind


class ExpansionWords:
    """One expansion's sentences (see the module docstring). Every hook may answer None."""

    #: The engine's refusals of a figure or an action that it words (their ``Reason.rule``).
    figure_rules: frozenset[str] = frozenset()
    #: Its fixed sentences of the engine (marked ``N_`` so they are translated).
    fixed_reasons: tuple[str, ...] = ()

    # -------------------------------------------------------------- refusals
    def figure_sentence(self, reason: Reason) -> str | None:
        """A refused figure step (one of :attr:`figure_rules`, or a reason it marked) as one
        sentence citing its rules."""
        return None

    def placement_detail(self, reason: Reason) -> str | None:
        """A refused tile's detail when it is this expansion's rule ("Not here: {detail} ({rule})")."""
        return None

    def edge_words(self, kind: str, article: bool) -> str | None:
        """Its own kind of edge in words (with ``article``: "a ...")."""
        return None

    def draw_sentence(self, reason: Reason) -> str | None:
        """A tile that cannot be drawn yet by this expansion's rule."""
        return None

    def reason_words(self, reason: Reason) -> str | None:
        """The reason itself (no rule cited), when its words vary with its facts."""
        return None

    def figure_title(self, kind: str) -> str | None:
        """Its own figure kind as the coach names it to its player ("your ..."), if it is one."""
        return None

    def open_risk(self, kind: str, marks: frozenset[str]) -> str | None:
        """What a follower on a feature with these marks risks if it is left open, if anything."""
        return None

    # ----------------------------------------------------------------- moves
    def move_words(self, move: str, step: FigureStep) -> str | None:
        """The command line's move with its figure step (``... with the ... on the cloister``)."""
        return None

    def elsewhere_words(self, step: FigureStep, advice: bool) -> str | None:
        """The move log's end of a sentence for its figure step on another tile than the one
        placed (``step.at``: a follower sent anywhere, a figure moved or removed); as advice
        with ``advice``. Asked before the kind's own words."""
        return None

    def removed_words(self, game: Game, move: Move, figures: list[FigureAt]) -> str | None:
        """The move log's sentence for the ``figures`` its rule sent home without scoring in
        ``move`` (eaten, removed), if it is its rule's doing."""
        return None

    def put_words(self, step: FigureStep, feature: str) -> str | None:
        """The move log's end of a sentence for its figure step put on a ``feature`` kind
        (`` and put ... on its city``)."""
        return None

    def advise_words(self, step: FigureStep, feature: str) -> str | None:
        """The same as advice (`` and put ... on the city``)."""
        return None

    def keep_words(self, step: FigureStep) -> str | None:
        """Advice to put no figure down, after the move put down (or took back) this step."""
        return None

    def tile_words(self, o: Orientation) -> str | None:
        """What a tile shows when this expansion names it."""
        return None

    def tile_name(self, kind: TileKind) -> str | None:
        """A tile of its own as the replay names it, with its article (``a ... tile``)."""
        return None

    def scored_words(self, feature: str) -> str | None:
        """The move log's "{names} scored {points} for the ..." for a feature kind of its own."""
        return None

    def event_words(self, event: ScoreEvent) -> str | None:
        """A score event's feature of its own, with its size."""
        return None

    def clause_words(self, clause: Clause) -> str | None:
        """A hint's clause of its own kind, or about a feature kind of its own."""
        return None

    # --------------------------------------------------------- command line
    def add_options(self, parser: argparse._ActionsContainer) -> None:
        """``carcassonne simulate``'s options that switch it on."""

    def add_house_options(self, parser: argparse._ActionsContainer) -> None:
        """``carcassonne simulate``'s options for it among the house rules."""

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        """The rules keys those options ask for (none when it is not asked for)."""
        return {}

    def options_problem(self, args: argparse.Namespace) -> str | None:
        """Why those options cannot be played, in one line, before any game is played."""
        return None

    def rules_words(self, rules: Rules) -> list[str]:
        """Its rules in words, for a list of a save's rules (its name, its options)."""
        return []


def speakers() -> tuple[ExpansionWords, ...]:
    """Every expansion's words, in registry order (the registry keeps each part once loaded)."""
    return tuple(module.WORDS for module in parts("words"))


def first(hook: str, *args: Any) -> Any:
    """The first answer of ``hook`` among the expansions' words that is not None."""
    for words in speakers():
        said = getattr(words, hook)(*args)
        if said is not None:
            return said
    return None
