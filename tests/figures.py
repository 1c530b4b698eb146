"""A short notation for figure steps in the tests, as the records' words read.

``"road:E"`` is an ordinary follower, ``"big:road:E"`` the big follower on that place,
``"abbot:garden"`` / ``"abbot:cloister"`` the abbot put down, ``"abbot:back"`` the abbot
taken back. :func:`step` turns the text into the engine's :class:`FigureStep` and
:func:`text` back, so a test can list a turn's choices in one readable line.
"""

from __future__ import annotations

from carcassonne.engine import FOLLOWER, FigureAt, FigureStep, Game, Move, Placement
from carcassonne.expansions.abbot.rules import abbot_node
from carcassonne.expansions.hand.rules import hands_state
from carcassonne.expansions.inns_cathedrals.rules import big_node


def step(notation: str | None) -> FigureStep | None:
    """The figure step a test's short notation names (None: no figure)."""
    if notation is None:
        return None
    if notation == "abbot:back":
        return FigureStep("abbot", action="back")
    if notation.startswith("abbot:"):
        return FigureStep("abbot", notation[len("abbot:"):])
    if notation.startswith("big:"):
        return FigureStep("big", notation[len("big:"):])
    return FigureStep(FOLLOWER.name, notation)


def text(figure: FigureStep | None) -> str | None:
    """The short notation of a figure step."""
    if figure is None:
        return None
    if figure.kind == FOLLOWER.name:
        return figure.place
    return f"{figure.kind}:{figure.action or figure.place}"


def move(placement: Placement, notation: str | None) -> Move:
    """The move laying ``placement`` with the figure step the notation names."""
    return placement.with_figure(step(notation))


def choices(game: Game, placement: Placement) -> list[str]:
    """Every figure step after ``placement``, in the engine's order, in the short notation."""
    return [str(text(s)) for s in game.figure_steps(placement)]


def extras(game: Game, placement: Placement) -> list[str]:
    """The steps of the expansions' own figures (placed, not actions), in the short notation."""
    return [str(text(s)) for s in game.figure_steps(placement) if s.kind != FOLLOWER.name and not s.action]


def actions(game: Game, placement: Placement) -> list[str]:
    """What may be done instead of placing a figure, in the short notation."""
    return [str(text(s)) for s in game.figure_steps(placement) if s.action]


def why_not(game: Game, placement: Placement, notation: str) -> object:
    """The engine's reason against the figure step the notation names (None: allowed)."""
    figure = step(notation)
    assert figure is not None
    return game.why_not_figure(placement, figure)


def bigs(game: Game) -> tuple[int, ...]:
    """Per player, the node their big follower stands on, or -1 (() without Inns & Cathedrals)."""
    return tuple(big_node(game, p) for p in range(game.players)) if "big" in game.kinds else ()


def abbots(game: Game) -> tuple[int, ...]:
    """Per player, the node their abbot stands on, or -1 (() without the Abbot)."""
    return tuple(abbot_node(game, p) for p in range(game.players)) if "abbot" in game.kinds else ()


def big_at(game: Game, player: int) -> FigureAt | None:
    """Where ``player``'s big follower stands, as the board names it, or None."""
    node = big_node(game, player) if "big" in game.kinds else -1
    return game.figure_at(player, node) if node >= 0 else None


def abbot_at(game: Game, player: int) -> FigureAt | None:
    """Where ``player``'s abbot stands, as the board names it, or None."""
    node = abbot_node(game, player) if "abbot" in game.kinds else -1
    return game.figure_at(player, node) if node >= 0 else None


def hands(game: Game) -> tuple[tuple[str, ...], ...]:
    """Every player's hand (() without a hand of tiles)."""
    state = hands_state(game)
    return () if state is None else state.held


#: The abbot's steps in the short notation.
ON_CLOISTER, ON_GARDEN, BACK = "abbot:cloister", "abbot:garden", "abbot:back"
