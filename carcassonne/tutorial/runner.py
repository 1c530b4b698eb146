"""A lesson in progress, through the engine only (no pygame): which step, what the coach says,
whether a move reaches the step's goal.

An illegal move is answered with the engine's own why-not sentence; a legal move that
misses the goal is taken back (``Game.pop``) and answered with the step's hint, so the
scripted tiles that follow still fit the lesson. A move the rules ask decisions of (a
neutral figure's steps, whoever's they are) comes with them made: the screen asks them of
the learner and of the computer player as a game does, and this judges the whole move. When
every step is done the lesson's free game begins: the remaining tiles, played against an Easy computer player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import FOLLOWER, Game, IllegalMoveError, Move, Placement, ScoreEvent, TileSet
from ..engine.deck import Deck
from ..engine.errors import Reason
from .lesson import Lesson, LessonError, Step

LEARNER = 0
DONE, MISSED, ILLEGAL = "done", "missed", "illegal"


def N_(message: str) -> str:
    """Marks an English template for the translations (this layer speaks English; the app words it)."""
    return message


READ_FIRST = N_("Read the coach's line, then press Next.")
MISSED_GOAL = N_("Not quite: {hint} Try again.")
#: Said when a legal move misses the goal and the step has no hint of its own.
NO_HINT = N_("that is legal, but not what this step asks.")
#: Said when an ordinary follower stands where the step asks for another figure (a monk where
#: an expansion's figure should go).
WRONG_FIGURE = N_("Not quite: that is an ordinary follower, and this step asks for {figure}: drag it from your "
                  "card (beside your followers), or press F until it stands on the tile. Try again.")
#: A fact that is a figure kind, to be named by its expansion's words (this layer speaks none).
FIGURE_KIND = "figure-kind:"


@dataclass(frozen=True)
class Note:
    """The coach's answer to a move, as data: an English template (marked for the translations),
    its facts (``hint``: a lesson text, itself translated when shown) and, for an illegal move,
    the engine's reason; the Tutorial screen words it in the player's language (this layer
    speaks none)."""

    template: str = ""
    facts: dict[str, str] = field(default_factory=dict)
    reason: Reason | None = None
    #: For a tile that does not fit: the quarter turns clockwise that would make it fit there.
    turns: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What a move did: ``done`` (the step's goal reached), ``missed`` (legal, taken back)
    or ``illegal`` (refused, with the engine's ``reason``)."""

    result: str
    note: Note
    events: tuple[ScoreEvent, ...] = ()

    @property
    def reason(self) -> Reason | None:
        return self.note.reason


def refusal(game: Game, placement: Placement | None, reason: Reason) -> Note:
    """The note for a refused tile or follower; for a tile, with the turns that would make it fit."""
    turns: tuple[int, ...] = ()
    if placement is not None and game.why_not_placement(placement) is not None:  # the tile itself
        turns = tuple(n for n in (1, 2, 3) if game.why_not_placement(
            placement._replace(rotation=(placement.rotation + 90 * n) % 360)) is None)
    return Note(reason=reason, turns=turns)




def spot_kind(spot: str) -> str:
    """``road:E`` → ``road``; ``cloister`` → ``cloister``."""
    return spot.partition(":")[0]


def figure_kind(move: Move) -> str:
    """What a goal's ``follower`` names of the move's figure step: a follower's feature
    (``road``), or an expansion's figure kind (as its package names it)."""
    step = move.figure
    assert step is not None
    return spot_kind(step.place) if step.kind == FOLLOWER.name else step.kind


def goal_met(goal: dict[str, Any], move: Move, events: list[ScoreEvent], game: Game,
             player: int = LEARNER) -> bool:
    """Whether ``move`` (just played, scoring ``events``) reaches ``goal``; every key must hold."""
    checks: dict[str, Callable[[Any], bool]] = {
        "at": lambda v: (move.x, move.y) == (v[0], v[1]),
        "rotation": lambda v: move.rotation == v,
        "follower": lambda v: move.figure is not None and figure_kind(move) == v,
        "no_follower": lambda v: (move.figure is None) == bool(v),
        # the rules asked decisions of the players during the move (a neutral figure's steps), and
        # each was made: the learner's at the screen, the computer's by the computer
        "decided": lambda v: bool(move.decisions) == bool(v),
        # the figure step names another tile than the one placed (a follower sent anywhere, say)
        "elsewhere": lambda v: (move.figure is not None and move.figure.at is not None) == bool(v),
        "scored": lambda v: any(e.feature == v and player in e.players for e in events),
        "score": lambda v: game.scores[player] >= v,
        "returned": lambda v: bool(v) == any(f.player == player for e in events for f in e.figures_returned),
    }
    return all(checks[key](value) for key, value in goal.items() if key in checks)


def new_lesson_game(lesson: Lesson, tiles: TileSet) -> Game:
    """The lesson's game: its scripted deck, its board start played through the rules."""
    game = Game(tiles, lesson.rules, 2, None, list(lesson.players))
    try:
        game.deck = Deck.in_order(lesson.deck_order(), game.deck.phase_of)  # (phases as the rules order them)
        for turn in lesson.start:
            game.play(turn)
    except (KeyError, IllegalMoveError) as exc:
        raise LessonError(f"lesson {lesson.id}: board start: {exc}") from None
    if game.current != LEARNER:
        raise LessonError(f"lesson {lesson.id}: the board start must leave the learner to play")
    return game


class LessonRunner:
    """One lesson played step by step on a real :class:`Game`."""

    def __init__(self, lesson: Lesson, tiles: TileSet) -> None:
        self.lesson = lesson
        self.tiles = tiles
        self.restart()

    def restart(self) -> None:
        self.game = new_lesson_game(self.lesson, self.tiles)
        self.index = 0
        #: The coach's answer to the last move (a why-not, a hint), as data.
        self.note = Note()
        #: The final scoring shown one event at a time (a ``final`` reading step).
        self.walkthrough: list[ScoreEvent] = []
        self.walk_index = 0
        self._enter_step()

    # ------------------------------------------------------------- queries
    @property
    def step(self) -> Step | None:
        """The step in progress; None once the free game has begun."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def in_free_game(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def finished(self) -> bool:
        """The free game is over (its final scoring applied)."""
        return self.in_free_game and self.game.finished

    @property
    def tiles_left(self) -> int:
        """Tiles left in the free game's deck."""
        return len(self.game.deck)

    @property
    def shown_event(self) -> ScoreEvent | None:
        """On a final-scoring walkthrough, the score event shown now."""
        return self.walkthrough[self.walk_index] if self.walkthrough else None

    def walked_points(self) -> list[int]:
        """Each player's points from the final-scoring events shown so far in a walkthrough (the
        shown one included), to add to the scores during it: the screen's scores say what its
        coach says ("You score 4"), though the game's final scoring is not applied."""
        points = [0] * len(self.game.scores)
        for event in self.walkthrough[:self.walk_index + 1]:
            for player in event.players:
                points[player] += event.points
        return points

    def pointed(self) -> tuple[tuple[int, int], ...]:
        """Squares the aids point at now."""
        if self.walkthrough:
            return self.walkthrough[self.walk_index].tiles
        step = self.step
        return step.point if step is not None else ()

    def tile(self) -> str | None:
        """The tile in hand (the engine discards any that fits nowhere)."""
        return self.game.draw()

    # -------------------------------------------------------------- moves
    def wrong_square(self, x: int, y: int) -> Note | None:
        """A tile laid (not yet confirmed) on another square than the step asks for: the coach's
        hint at once, as the drop is made, rather than after Enter (None: the square is right, or
        the step names none)."""
        step = self.step
        if step is None or step.reading or "at" not in step.goal or tuple(step.goal["at"]) == (x, y):
            return None
        return self._answer(MISSED, Note(MISSED_GOAL, {"hint": step.hint or NO_HINT})).note

    def try_move(self, move: Move) -> Outcome:
        """The learner plays ``move`` for the current step."""
        step = self.step
        if step is None or step.reading:
            return self._answer(ILLEGAL, Note(READ_FIRST))
        reason = self.game.why_not(move)
        if reason is not None:
            return self._answer(ILLEGAL, refusal(self.game, move.placement, reason))
        mark = len(self.game.history)
        events = self.game.play(move)
        if not goal_met(step.goal, move, events, self.game):
            while len(self.game.history) > mark:
                self.game.pop()
            wanted = step.goal.get("follower")
            if (wanted in self.game.kinds and wanted != FOLLOWER.name and move.figure is not None
                    and move.figure.kind == FOLLOWER.name
                    and goal_met({k: v for k, v in step.goal.items() if k != "follower"}, move, events, self.game)):
                # the kind's own words name it (the Tutorial screen asks its expansion)
                return self._answer(MISSED, Note(WRONG_FIGURE, {"figure": f"{FIGURE_KIND}{wanted}"}), tuple(events))
            return self._answer(MISSED, Note(MISSED_GOAL, {"hint": step.hint or NO_HINT}), tuple(events))
        if step.reply is not None:
            self.game.play(self._reply(step.reply))
        self.index += 1
        self._enter_step()
        return self._answer(DONE, Note(), tuple(events))

    def _reply(self, scripted: Move) -> Move:
        """The computer's reply: the scripted move, or, where the learner's tile took its square
        (a step whose goal is any legal placement), the same tile on the free square nearest it."""
        if self.game.why_not(scripted) is None:
            return scripted
        options = self.game.legal_placements(scripted.tile)
        if not options:
            raise LessonError(f"lesson {self.lesson.id}: the reply to step {self.index + 1} fits nowhere")
        best = min(options, key=lambda p: (abs(p.x - scripted.x) + abs(p.y - scripted.y),
                                           p.rotation != scripted.rotation, p))
        return best.with_follower(None)

    def read_on(self) -> bool:
        """Next, on a reading step (one final-scoring event at a time); False if not reading."""
        step = self.step
        if step is None or not step.reading:
            return False
        if self.walkthrough and self.walk_index + 1 < len(self.walkthrough):
            self.walk_index += 1
            return True
        self.index += 1
        self._enter_step()
        return True

    def _enter_step(self) -> None:
        self.walkthrough, self.walk_index = [], 0
        step = self.step
        if step is not None and step.goal.get("final"):
            self.walkthrough = self.game.copy().final_scoring()

    def _answer(self, result: str, note: Note, events: tuple[ScoreEvent, ...] = ()) -> Outcome:
        self.note = note
        return Outcome(result, note, events)
