"""Reading a translation catalogue (``.mo``) that may be damaged, and keeping only what is safe to show.

A catalogue is a file like any other: a disk error, a bad copy or a careless edit can leave
it short, with offsets past its end, a charset Python does not know or a ``Plural-Forms``
line that is not an expression, and ``gettext`` then raises whatever its parser met
(``struct.error``, ``LookupError``, ``ValueError``...). The game would not start for
anyone speaking that language, so :func:`load` turns any such failure into a sentence.

A catalogue that parses can still hold a translation whose placeholders differ from the
English message's (``{name}`` renamed ``{nom}``, a stray ``{``): formatting it raises
``KeyError`` or ``ValueError`` wherever the message is shown. Such translations are
dropped when the catalogue is read, so the English message is shown instead.
"""

from __future__ import annotations

import gettext
import re
import struct
from pathlib import Path
from string import Formatter

#: A printf-style placeholder (argparse's own messages use these: ``%(prog)s``, ``%s``).
PRINTF = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


class DamagedCatalogue(Exception):
    """The catalogue file cannot be read as a catalogue."""


def load(path: Path) -> gettext.GNUTranslations:
    """The catalogue at ``path``, without the translations that could not be formatted.

    Raises :class:`FileNotFoundError` if there is none, :class:`DamagedCatalogue` if it
    cannot be read."""
    if not path.is_file():
        raise FileNotFoundError(str(path))
    try:
        data = path.read_bytes()
        with path.open("rb") as f:
            catalogue = gettext.GNUTranslations(f)
    # Whatever the parser meets in a damaged file (struct.error, LookupError for a bogus
    # charset, ValueError for a bad plural rule, MemoryError for absurd sizes...) means
    # the same to the player: the catalogue cannot be used.
    except Exception as exc:  # noqa: BLE001
        raise DamagedCatalogue(str(exc) or type(exc).__name__) from exc
    plurals = _plural_ids(data)
    catalog: dict[object, str] = catalogue._catalog  # type: ignore[attr-defined]
    for key, text in list(catalog.items()):
        msgid = key[0] if isinstance(key, tuple) else key
        if not isinstance(msgid, str) or not isinstance(text, str) or not msgid:
            continue  # the header (msgid "")
        english = msgid.split("\x04", 1)[-1]  # pgettext keys are "context\x04message"
        if not fits(english, plurals.get(msgid, ""), text):
            del catalog[key]
    return catalogue


def fits(singular: str, plural: str, translation: str) -> bool:
    """Whether ``translation`` can be formatted wherever the English message is."""
    english = fields(singular)
    if plural:
        more = fields(plural)
        english = None if english is None or more is None else english | more
    translated = fields(translation)
    if translated is None:
        return english is None and "{" not in translation and "}" not in translation
    if english is not None and not translated <= english:
        return False
    wanted = PRINTF.findall(singular) or PRINTF.findall(plural)
    if "%(" in singular or "%s" in singular:
        return sorted(PRINTF.findall(translation)) == sorted(wanted)
    return True


def fields(text: str) -> set[tuple[str, str, str]] | None:
    """The ``{...}`` placeholders of ``text`` as (name, conversion, format spec); None if it is
    not a format string. A translation may reorder them, never rename or reformat them."""
    try:
        return {(name, conv or "", spec or "") for _literal, name, spec, conv in Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def _plural_ids(data: bytes) -> dict[str, str]:
    """Each plural message's English plural form, by its singular (``gettext`` keeps only the singular)."""
    found: dict[str, str] = {}
    try:
        order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
        count, originals = struct.unpack(order + "4x4x2I", data[:16])[0:2]
        for i in range(count):
            length, offset = struct.unpack(order + "2I", data[originals + 8 * i:originals + 8 * i + 8])
            ids = data[offset:offset + length].split(b"\x00")
            if len(ids) == 2:
                found[ids[0].decode("utf-8", "replace")] = ids[1].decode("utf-8", "replace")
    except (struct.error, ValueError):
        pass  # gettext read it, so this does not happen; without the plural, only the singular is compared
    return found
