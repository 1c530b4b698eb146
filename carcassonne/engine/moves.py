"""Value types for what a player does on a turn.

Like python-chess's ``Move``: small immutable values that round-trip through the
text of a game record (:meth:`Move.to_record` / :meth:`Move.from_record`).
They are named tuples because the move generator makes thousands per game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import RecordError


class Placement(NamedTuple):
    """A tile laid at (x, y), turned ``rotation`` degrees clockwise."""

    tile: str
    x: int
    y: int
    rotation: int

    def with_follower(self, spot: str | None) -> Move:
        return Move(self.tile, self.x, self.y, self.rotation, spot)

    def __str__(self) -> str:
        return f"{self.tile} at ({self.x}, {self.y}) rotation {self.rotation}"


class Move(NamedTuple):
    """A placed tile and, optionally, the follower put on it (``road:E``, ``farm:SW``...).

    ``follower`` is the follower step's one choice: a rule module's figure is named there
    too (the Abbot's ``abbot:garden``, ``abbot:cloister``, ``abbot:back``; Inns & Cathedrals'
    big follower ``big:`` and its place, ``big:city:N``).
    """

    tile: str
    x: int
    y: int
    rotation: int
    follower: str | None = None

    @property
    def placement(self) -> Placement:
        return Placement(self.tile, self.x, self.y, self.rotation)

    def to_record(self) -> dict[str, Any]:
        turn: dict[str, Any] = {"tile": self.tile, "x": self.x, "y": self.y,
                                "rotation": self.rotation}
        figure = self.follower
        if figure:
            if figure == "abbot:back":  # the Abbot's choices (modules/abbot.py)
                turn["abbot_back"] = True
            elif figure.startswith("abbot:"):
                turn["abbot"] = figure[6:]
            elif figure.startswith("big:"):  # Inns & Cathedrals (modules/inns_cathedrals.py)
                turn["meeple"] = figure[4:]
                turn["big"] = True
            else:
                turn["meeple"] = figure
        return turn

    def __str__(self) -> str:
        text, figure = str(self.placement), self.follower
        if figure == "abbot:back":
            return f"{text}, taking the abbot back"
        if figure and figure.startswith("abbot:"):
            return f"{text} with the abbot on the {figure[6:]}"
        if figure and figure.startswith("big:"):
            return f"{text} with the big follower on {figure[4:]}"
        return f"{text} with a follower on {figure}" if figure else text


class Discard(NamedTuple):
    """A drawn tile that fits nowhere: it goes back to the box and the player draws again.

    ``returned``: under the house rule ``discard: "bag"`` it goes back into the bag instead.
    """

    tile: str
    returned: bool = False

    def to_record(self) -> dict[str, Any]:
        return {"tile": self.tile, "returned": True} if self.returned else {"tile": self.tile, "discarded": True}

    def __str__(self) -> str:
        return f"{self.tile} returned to the bag" if self.returned else f"{self.tile} discarded"


Turn = Move | Discard


def figure_from_record(where: str, raw: dict[str, Any], meeple: str | None) -> str | None:
    """A record turn's one figure as :attr:`Move.follower`: its ``meeple`` place, or the
    Abbot's ``"abbot": "garden"`` / ``"abbot_back": true`` (docs/game-record.md, The Abbot),
    or the big follower's ``"meeple": "city:N", "big": true`` (Inns & Cathedrals)."""
    if meeple is not None and meeple.startswith(("abbot", "big")):
        raise RecordError(f"{where}: 'meeple' must be a follower's place; an abbot is written 'abbot', "
                          "a big follower 'big': true")
    big = raw.get("big", False)
    if not isinstance(big, bool):
        raise RecordError(f"{where}: 'big' must be true or false")
    if big:
        if meeple is None or raw.get("abbot") is not None or raw.get("abbot_back") is True:
            raise RecordError(f"{where}: 'big': true goes only beside 'meeple' (never alone, never with "
                              "'abbot' or 'abbot_back')")
        return "big:" + meeple
    abbot, back = raw.get("abbot"), raw.get("abbot_back", False)
    if not isinstance(back, bool):
        raise RecordError(f"{where}: 'abbot_back' must be true or false")
    if abbot is None and not back:
        return meeple
    if abbot is not None and abbot not in ("cloister", "garden"):
        raise RecordError(f"{where}: 'abbot' must be \"cloister\" or \"garden\"")
    if meeple is not None or (abbot is not None and back):
        raise RecordError(f"{where}: a turn places one figure: 'meeple', 'abbot' and 'abbot_back' never go together")
    return "abbot:back" if back else f"abbot:{abbot}"
