"""Errors the engine raises, each saying why in a player's words.

They are ``ValueError`` subclasses, as python-chess does, so callers that only
care that input was bad can catch one type.
"""

from __future__ import annotations


class CarcassonneError(ValueError):
    """Base of every error the engine raises about bad input.

    A broken rule also carries its :class:`Reason` (and, replaying a record, the turn's
    number), so a UI can word it in its own language, as it does the why-not answers.
    """

    def __init__(self, message: object = "", *, reason: Reason | None = None, turn: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.turn = turn


class TileDefinitionError(CarcassonneError):
    """A tileset defines a tile whose edges and segments disagree."""


class IllegalMoveError(CarcassonneError):
    """A move breaks the rules: the message says which rule."""


class RecordError(CarcassonneError):
    """A game record cannot be read: bad JSON, missing keys, unknown values."""


class Reason(str):
    """Why a move is illegal: the sentence itself, plus the rule broken and its facts as data.

    It is a ``str`` so it prints and compares as the sentence; a UI reads ``rule`` and
    ``facts`` to say it in its own words without parsing the text.
    """

    rule: str
    facts: dict[str, object]

    def __new__(cls, text: str, rule: str, **facts: object) -> Reason:
        reason = super().__new__(cls, text)
        reason.rule = rule
        reason.facts = facts
        return reason
