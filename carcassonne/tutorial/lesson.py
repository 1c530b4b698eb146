"""Lessons as data: a lesson file (``resources/lessons/*.json``) read and checked.

A lesson is a board start (turns already played, in the game record's notation),
steps (coach text, the goal that completes each, the move that reaches it with the
decisions it asks in its expansion's record keys, the
squares the aids point at, the opponent's scripted reply) and the tiles of the
short free game that ends it. The tile order of the lesson's deck follows from
those: start turns, then per step the tiles that fit nowhere, the learner's tile
and the reply's, then the free game's tiles.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Move, RecordError, Rules
from ..engine.moves import Discard, Turn
from ..engine.record import read_figure

#: What a step's goal may ask for (see :func:`carcassonne.tutorial.runner.goal_met`).
GOAL_KEYS = {"any", "at", "rotation", "follower", "elsewhere", "no_follower", "decided", "scored", "score", "returned",
             "read", "final"}
FEATURE_KINDS = {"road", "city", "cloister", "farm"}


def goal_kinds() -> dict[str, set[str]]:
    """What a goal's ``follower`` and ``scored`` may name: the features, and each expansion's
    figure kinds and the figures of its actions (``follower``: the move's figure step is that
    one's, wherever it stands: an action names its figure) and feature kinds (``scored``)."""
    from ..expansions import declared

    figures = {kind.name for e in declared() for kind in e.figures} | {kind for e in declared()
                                                                       for kind, _action in e.actions}
    features = {feature for e in declared() for feature in e.features}
    return {"follower": FEATURE_KINDS | figures, "scored": FEATURE_KINDS | features}


class LessonError(RecordError):
    """A lesson file is malformed: one line naming the file and the problem."""


@dataclass(frozen=True)
class Step:
    """One thing to do (or read) in a lesson."""

    text: str
    goal: dict[str, Any]
    #: The intended move (absent for a reading step).
    solution: Move | None = None
    #: Said when a legal move misses the goal.
    hint: str = ""
    #: Squares the aids point at.
    point: tuple[tuple[int, int], ...] = ()
    #: Tiles drawn before the learner's that fit nowhere (the engine discards them).
    discards: tuple[str, ...] = ()
    #: The opponent's scripted move after this step's.
    reply: Move | None = None
    #: Where the rulebook says it.
    rule: str = ""

    @property
    def reading(self) -> bool:
        return self.solution is None


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    summary: str
    rules: Rules
    start: tuple[Turn, ...]
    steps: tuple[Step, ...]
    free_game: tuple[str, ...]
    #: Shown when the lesson's steps are done, before the free game.
    outro: str = ""
    players: tuple[str, str] = ("You", "Easy")
    extra: dict[str, Any] = field(default_factory=dict)

    def deck_order(self) -> list[str]:
        """Every tile of the lesson, in the order it is drawn."""
        order = [t.tile for t in self.start]
        for step in self.steps:
            order.extend(step.discards)
            if step.solution is not None:
                order.append(step.solution.tile)
            if step.reply is not None:
                order.append(step.reply.tile)
        order.extend(self.free_game)
        return order


def load_lesson(path: Path) -> Lesson:
    """Read one lesson file; a bad file raises :class:`LessonError` naming it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return lesson_from_data(data)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise LessonError(f"lesson {path.name}: {exc}") from None


def load_lessons(folder: Path) -> list[Lesson]:
    """Every lesson in ``folder``, in file-name order (``01-…``, ``02-…``)."""
    return [load_lesson(p) for p in sorted(folder.glob("*.json"))]


def lesson_from_data(data: Any) -> Lesson:
    if not isinstance(data, dict):
        raise ValueError("a lesson must be a JSON object")
    steps = tuple(_step(i + 1, s) for i, s in enumerate(data["steps"]))
    if not steps:
        raise ValueError("a lesson needs at least one step")
    players = data.get("players", ["You", "Easy"])
    return Lesson(
        id=str(data["id"]), title=str(data["title"]), summary=str(data.get("summary", "")),
        rules=Rules.from_record(data.get("rules")),
        start=tuple(_turn(t) for t in data.get("start", [])),
        steps=steps, free_game=tuple(str(t) for t in data.get("free_game", [])),
        outro=str(data.get("outro", "")), players=(str(players[0]), str(players[1])),
        extra={k: v for k, v in data.items() if k.startswith("x_")})


def _step(number: int, raw: Any) -> Step:
    if not isinstance(raw, dict):
        raise ValueError(f"step {number} must be an object")
    goal = raw.get("goal", {"read": True})
    if not isinstance(goal, dict) or not goal or set(goal) - GOAL_KEYS:
        raise ValueError(f"step {number}: a goal uses only {', '.join(sorted(GOAL_KEYS))}")
    for key, kinds in goal_kinds().items():
        if key in goal and goal[key] not in kinds:
            raise ValueError(f"step {number}: goal {key} must be one of {', '.join(sorted(kinds))}")
    solution = _move(raw["solution"]) if "solution" in raw else None
    if (solution is None) != bool(goal.get("read")):
        raise ValueError(f"step {number}: a reading step has no solution, any other step has one")
    if goal.get("decided") and (solution is None or not solution.decisions):
        raise ValueError(f"step {number}: a goal that asks for decisions needs a solution that makes them")
    return Step(text=str(raw["text"]), goal=dict(goal), solution=solution, hint=str(raw.get("hint", "")),
                point=tuple((int(p[0]), int(p[1])) for p in raw.get("point", [])),
                discards=tuple(str(t) for t in raw.get("discards", [])),
                reply=_move(raw["reply"]) if "reply" in raw else None, rule=str(raw.get("rule", "")))


def _turn(raw: Any) -> Turn:
    if isinstance(raw, dict) and raw.get("discarded") is True:
        return Discard(str(raw["tile"]))
    return _move(raw)


def _move(raw: Any) -> Move:
    if not isinstance(raw, dict):
        raise ValueError(f"a move must be an object, not {raw!r}")
    from ..expansions import declared

    decisions: tuple[Any, ...] = ()
    for expansion in declared():  # the decisions the move asks, in its expansion's record keys
        decisions += expansion.read_decisions("move", raw)
    return Move(str(raw["tile"]), int(raw["x"]), int(raw["y"]), int(raw["rotation"]), read_figure("move", raw),
                decisions)
