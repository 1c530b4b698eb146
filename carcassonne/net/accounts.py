"""A player's name on a server: what a name may be, and what the server keeps of its key.

A player registers a name once per server with a key of their own (``new_key``: 256 random
bits from :mod:`secrets`, made and kept by the client, per server). The key is the account:
a seat token opens a seat, never an account, and a stolen seat token signs nobody in.

The server keeps only the SHA-256 of each key and compares with
:func:`hmac.compare_digest`. A key is 256 random bits, not a password a person chose, so a
plain hash (no salt, no slow hash) already makes a stolen database useless for signing in.

Names are unique on a server whatever their case (``Ann`` and ``ANN`` are one name): the
name folded (:func:`folded`) is the account's key; the name as registered is what is shown.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

#: The shortest and longest name, in characters.
NAME_MIN = 3
NAME_MAX = 20
#: The shortest and longest key a server accepts (``new_key`` makes 43 characters).
KEY_MIN = 32
KEY_MAX = 64
#: Signs a name may hold besides letters and digits (never first or last, never two together).
NAME_SIGNS = " -_."
#: What a refused name is told (one line, the same for every rule broken).
NAME_RULE = (f"a name is {NAME_MIN} to {NAME_MAX} letters or digits, with single spaces, "
             f"dashes, dots or underscores between them")


def new_key() -> str:
    """A new account key for one server (kept by the client, never shown to another server)."""
    return secrets.token_urlsafe(32)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name on a server (one line), or None if it can."""
    name = unicodedata.normalize("NFC", name)
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return NAME_RULE
    if not (name[0].isalnum() and name[-1].isalnum()):
        return NAME_RULE
    previous_sign = False
    for ch in name:
        if ch.isalnum() and unicodedata.category(ch)[0] in "LN":
            previous_sign = False
        elif ch in NAME_SIGNS and not previous_sign:
            previous_sign = True
        else:
            return NAME_RULE
    return None


def normal(name: str) -> str:
    """The name as it is kept and shown (NFC: the same letters always the same code points)."""
    return unicodedata.normalize("NFC", name)


def folded(name: str) -> str:
    """The account's key: the name without its case (``Ann``, ``ANN`` and ``ann`` are one)."""
    return unicodedata.normalize("NFC", normal(name).casefold())


def key_problem(key: str) -> str | None:
    """Why ``key`` cannot be an account's key (too short to be a secret), or None."""
    if not KEY_MIN <= len(key) <= KEY_MAX:
        return f"an account key is {KEY_MIN} to {KEY_MAX} characters (the game makes one)"
    return None


def key_hash(key: str) -> str:
    """What the server keeps of a key."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_matches(key: str, kept: str) -> bool:
    """Whether ``key`` is the one whose hash was kept (in constant time)."""
    return hmac.compare_digest(key_hash(key), kept)
