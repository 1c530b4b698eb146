"""A turn and a square, worded one way for every screen and the command line.

The header says "Turn 4" while the fourth turn is played, so a saved game three turns in is
"turn 4" in the Load list too; a finished game is "71 turns". A square is named from the start
tile, north up, in whole tiles: "north of the start", "26 tiles west of the start", "2 tiles south
and 3 tiles east of the start" -- the replay, the move log, the analysis and the keyboard's
placement all say it the same way. Each phrase is one whole message, so a translation can order
its words as the language needs.
"""

from __future__ import annotations

from ..i18n import N_, _, ngettext

#: One square from the start, by direction.
NEXT_TO_START = {"north": N_("north of the start"), "east": N_("east of the start"),
                 "south": N_("south of the start"), "west": N_("west of the start")}


def turn_words(number: int) -> str:
    """A turn inside a sentence: "turn 4"."""
    return _("turn {number}").format(number=number)


def game_length(turns: int) -> str:
    """A finished game's length: "71 turns"."""
    return ngettext("{count} turn", "{count} turns", turns).format(count=turns)


def saved_turn(turns_played: int, finished: bool) -> str:
    """Where a saved game stands, as the Load and Replays lists say it: the turn to play, as the
    header will say it on loading, or a finished game's length."""
    return game_length(turns_played) if finished else turn_words(turns_played + 1)


def where(x: int, y: int) -> str:
    """Where square (x, y) is from the start tile (y grows southwards, as on the board)."""
    if (x, y) == (0, 0):
        return _("on the start")
    if x == 0 or y == 0:
        steps = abs(x) + abs(y)
        direction = ("east" if x > 0 else "west") if y == 0 else ("south" if y > 0 else "north")
        return _(NEXT_TO_START[direction]) if steps == 1 else _far(direction, steps)
    return _("{north_south} and {east_west} of the start").format(
        north_south=_part("south" if y > 0 else "north", abs(y)), east_west=_part("east" if x > 0 else "west", abs(x)))


def _far(direction: str, steps: int) -> str:
    """``steps`` squares straight out from the start, one whole phrase per direction."""
    phrases = {
        "north": ngettext("{count} tile north of the start", "{count} tiles north of the start", steps),
        "east": ngettext("{count} tile east of the start", "{count} tiles east of the start", steps),
        "south": ngettext("{count} tile south of the start", "{count} tiles south of the start", steps),
        "west": ngettext("{count} tile west of the start", "{count} tiles west of the start", steps),
    }
    return phrases[direction].format(count=steps)


def _part(direction: str, steps: int) -> str:
    """One leg of a way that goes both across and up or down: "2 tiles south"."""
    phrases = {
        "north": ngettext("{count} tile north", "{count} tiles north", steps),
        "east": ngettext("{count} tile east", "{count} tiles east", steps),
        "south": ngettext("{count} tile south", "{count} tiles south", steps),
        "west": ngettext("{count} tile west", "{count} tiles west", steps),
    }
    return phrases[direction].format(count=steps)
