"""A decision the rules ask of a person at this screen (a neutral figure's step, say): the
words that ask it, and the pointer that answers it.

The options are lit on the board (:func:`carcassonne.app.play.playview.decision_marks`); a
click on one answers, or the neutral figure the decision moves is dragged onto one (it
follows the pointer while held). Whatever expansion asks, the screen says whose decision it
is, naming their colour (an expansion may word it its own way: :meth:`ExpansionUI.decision_words
<carcassonne.app.art.expansion_ui.ExpansionUI.decision_words>`).
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Decision, Game
from ...engine.record import Seat
from ...i18n import _
from ...words.explain import reason_sentence
from ..art.expansion_ui import decision_words
from ..board.board_view import BoardView
from ..ui.intents import MOTION, PRESS, RELEASE, Intent
from ..ui.widgets import BAD, INK, INK_DIM
from .drag import decision_at
from .turn import AI_DECIDE, DECIDE, HANDOVER, TurnController


def ask_words(game: Game, asked: Decision, seats: list[Seat]) -> str:
    """What the screen says to the person asked ``asked``."""
    seat = seats[asked.player]
    colour = _(seat.color)
    said = decision_words(game, asked, seat.name, colour)
    if said is not None:
        return said
    return _("{name}: click one of the lit squares.").format(name=seat.name)


class DecisionGrip:
    """The pointer while a person decides: a click answers at once; a press on a neutral
    figure holds it, and letting go answers where it is let go."""

    def __init__(self, board: BoardView, answer: Callable[[tuple[int, int]], None]) -> None:
        self.board = board
        self.answer = answer
        #: The kind of neutral figure held, if any.
        self.held: str | None = None

    def handle(self, intent: Intent, on_board: bool) -> bool:
        """Take ``intent`` if it is part of answering (``on_board``: a press on the board, off
        every button); False to let the screen take it."""
        if intent.kind == PRESS and intent.button == 1 and on_board:
            self.held = self.board.neutral_under(intent.pos)
            if self.held is None:
                self.answer(intent.pos)
            else:
                self._carry(intent.pos)
            return True
        if self.held is None:
            return False
        if intent.kind == MOTION:
            self._carry(intent.pos)
            return True
        if intent.kind == RELEASE:
            self.let_go()
            self.answer(intent.pos)
            return True
        return False

    def _carry(self, pos: tuple[int, int]) -> None:
        sprite = self.board.neutrals.get(self.held or "")
        if sprite is not None:
            sprite.held_at = pos
            sprite.sync(self.board.camera)

    def let_go(self) -> None:
        """Nothing held any more (the figure goes back where it stands)."""
        sprite = self.board.neutrals.get(self.held or "")
        if sprite is not None:
            sprite.held_at = None
        self.held = None


#: What a screen says: the words (a function of them, worded again in another language), their
#: colour, the seconds they stay.
Say = Callable[[str | Callable[[], str], tuple[int, int, int], float], None]
#: Seconds a decision's words stay (until it is answered, as a rule).
ASKED_FOR = 30.0


class Asking:
    """The decisions of a turn on a screen (the Play screen's, a lesson's): a person's answered
    by a click or a drag of the figure, whose decision it is said once per decision (``say``;
    ``sound``: a sound's name), and its options brought into view (``keep_in_view``: the
    squares, if the screen moves its camera for them)."""

    def __init__(self, turn: TurnController, board: BoardView, seats: list[Seat], say: Say,
                 sound: Callable[[str], None],
                 keep_in_view: Callable[[list[tuple[int, int]]], None] | None = None) -> None:
        self.turn = turn
        self.board = board
        self.seats = seats
        self.say = say
        self.sound = sound
        self.keep_in_view = keep_in_view
        self.grip = DecisionGrip(board, self.answer_at)
        self._shown: tuple[int, int, int, str] | None = None

    def handle(self, intent: Intent, on_board: bool) -> bool:
        """Take ``intent`` while a person here decides (``on_board``: a press on the board, off the buttons)."""
        return self.turn.phase == DECIDE and self.grip.handle(intent, on_board)

    def answer_at(self, pos: tuple[int, int]) -> None:
        """A click (or a figure let go) while a person decides: the option under it, or what to click."""
        asked = self.turn.decision()
        if asked is None or self.turn.phase != DECIDE:
            return
        choice = decision_at(self.turn, self.board, asked.options, pos)
        reason = None if choice is None else self.turn.decide(choice)
        if choice is None or reason is not None:
            self.say(_("Click one of the lit squares.") if reason is None else reason_sentence(reason), BAD, 4.0)
            self.sound("error")
            return
        self.sound("click")
        self.show()

    def show(self) -> None:
        """Once a new decision is asked (of a person here or of a computer), say so once: the
        person asked, with the options in view; a computer, that it is deciding; a hand-over
        card, nothing (the card names who decides)."""
        t = self.turn
        asked = t.decision() if t.phase in (DECIDE, AI_DECIDE, HANDOVER) else None
        key = None if asked is None else (t.game.turn_number, asked.number, asked.player, t.phase)
        if key == self._shown:
            return
        self._shown = key
        if asked is None:
            return
        if t.phase == DECIDE:
            self.say(lambda: ask_words(t.game, asked, self.seats), INK, ASKED_FOR)
            cells = [(o[0], o[1]) for o in asked.options if isinstance(o, tuple) and len(o) >= 2]
            if cells and self.keep_in_view is not None:
                self.keep_in_view(cells)
        elif t.phase == AI_DECIDE:
            self.say(_("{name} is deciding…").format(name=self.seats[asked.player].name), INK_DIM, ASKED_FOR)
        else:
            self.say("", INK, 0)
