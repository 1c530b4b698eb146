"""The lessons' player-visible words, for the translations.

Lesson files are data, so the code's ``_()`` marks cannot reach their texts. This module
names which fields a player reads (titles, summaries, coach texts, hints, rulebook
citations, the outro) and is a Babel extractor for them: ``build_scripts/translations.py``
maps ``resources/lessons/*.json`` to :func:`extract_lessons`, so the lessons' words land in
the same catalogue as the rest of the game, and the Tutorial screen translates them when
it draws them. Standard library only (Babel calls the extractor; it is not imported here).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

#: A lesson's own fields a player reads, then each step's.
LESSON_FIELDS = ("title", "summary", "outro")
STEP_FIELDS = ("text", "hint", "rule")


def lesson_words(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, text) for every player-visible text of a lesson's data, in file order."""
    for key in LESSON_FIELDS[:2]:
        if data.get(key):
            yield key, str(data[key])
    for number, step in enumerate(data.get("steps", []), 1):
        for key in STEP_FIELDS:
            if isinstance(step, dict) and step.get(key):
                yield f"step {number} {key}", str(step[key])
    if data.get("outro"):
        yield "outro", str(data["outro"])


def extract_lessons(fileobj: IO[bytes], keywords: object, comment_tags: object,
                    options: object) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: (line, function, message, comments) for a lesson file."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for where, message in lesson_words(json.loads(text)):
        quoted = json.dumps(message, ensure_ascii=False)
        line = next((i for i, row in enumerate(lines, 1) if quoted in row), 1)
        yield line, None, message, [f"lesson: {where}"]
