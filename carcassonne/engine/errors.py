"""Errors the engine raises, each saying why in a player's words.

They are ``ValueError`` subclasses, as python-chess does, so callers that only
care that input was bad can catch one type.
"""

from __future__ import annotations


class CarcassonneError(ValueError):
    """Base of every error the engine raises about bad input."""


class TileDefinitionError(CarcassonneError):
    """A tileset defines a tile whose edges and segments disagree."""


class IllegalMoveError(CarcassonneError):
    """A move breaks the rules: the message says which rule."""


class RecordError(CarcassonneError):
    """A game record cannot be read: bad JSON, missing keys, unknown values."""
