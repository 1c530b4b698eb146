"""The network protocol's messages: JSON objects over WebSocket, each with a ``type``.

Every message a peer sends is untrusted. :func:`read_message` turns one frame of text
into a checked dict or a :class:`ProtocolError` with one line saying what is wrong: the
frame's size, its JSON (through the same reader as game records, so deep nesting and
huge numbers fail the same clear way), its type, and every field's type, size and range.
Nothing received is ever evaluated or unpickled. ``docs/protocol.md`` lists every
message with an example.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..engine import COLORS, FigureStep, Move, RecordError, Turn
from ..engine.record import figure_record, read_figure, read_turn
from ..engine.untrusted import clean_name, parse_json, shown

#: Bumped whenever a message changes meaning; the first message of each side names it.
#: 2: a turn's figure step is sent as a record writes it (``figure``), decisions (``decide``).
PROTOCOL_VERSION = 2
#: The largest frame a client may send (the longest, ``create``, is well under 2 KiB).
MAX_CLIENT_MESSAGE = 16 * 1024
#: The largest frame the server sends (a whole game's state is about 10 KiB).
MAX_SERVER_MESSAGE = 1024 * 1024
#: Characters kept of a chat line, a game's name.
MAX_CHAT = 200
MAX_GAME_NAME = 40
#: A seat token and a join code are short printable strings.
MAX_TOKEN = 64
#: The longest a follower's place is named ("farm:inner", "road:E" ...).
MAX_SPOT = 16
#: A figure step and a decision are small: a few keys, a few numbers.
MAX_FIGURE_KEYS = 6
MAX_DECISIONS = 16
#: Seconds a turn may last with the host's turn timer (0 = no timer): up to a week, for a
#: game played by correspondence (a move a day, say).
MAX_TURN_SECONDS = 7 * 24 * 3600
#: A turn timer this long or longer makes a correspondence game: its clock runs on the server's
#: wall clock, whoever is connected, and is stored with the game (it survives a restart).
CORRESPONDENCE_SECONDS = 3600
#: Games a ``my_turns`` message asks about at most (a client keeps 20 network games).
MAX_MY_TURNS = 20
#: Games in one page of the lobby's list (``list`` with ``page``).
LIST_PAGE = 50
#: Characters of a server's error message a client shows (one short line).
MAX_ERROR_TEXT = 200


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` for programs, the text for people."""

    def __init__(self, text: str, code: str = "bad-message") -> None:
        super().__init__(text)
        self.code = code


# ----------------------------------------------------------------- field checks
Check = Callable[[str, Any], Any]


def _integer(low: int, high: int) -> Check:
    def check(key: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ProtocolError(f"'{key}' must be a whole number from {low} to {high}, not {shown(value)}")
        return value
    return check


def _text(limit: int) -> Check:
    def check(key: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > limit:
            raise ProtocolError(f"'{key}' must be text of at most {limit} characters")
        return value
    return check


def _word(limit: int) -> Check:
    """A code, a token, a game's id, a place's name: printable ASCII only, so it can never
    carry a control, a direction override or a lone surrogate into a lookup or a log."""
    def check(key: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > limit or not all(" " < ch < "\x7f" for ch in value):
            raise ProtocolError(f"'{key}' must be at most {limit} letters, digits or signs")
        return value
    return check


def _clean_text(limit: int, fallback: str = "") -> Check:
    """Text a person wrote (a game's name, a chat line): cleaned as names in records are,
    never refused for what it holds."""
    def check(key: str, value: Any) -> str:
        return clean_name(_text(16 * limit)(key, value), fallback, limit=limit)
    return check


def _optional(inner: Check) -> Check:
    def check(key: str, value: Any) -> Any:
        return None if value is None else inner(key, value)
    return check


def _boolean(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError(f"'{key}' must be true or false")
    return value


def _color(key: str, value: Any) -> str:
    if value not in COLORS:
        raise ProtocolError(f"'{key}' must be one of {', '.join(COLORS)}, not {shown(value)}")
    return str(value)


def _name(key: str, value: Any) -> str:
    name = clean_name(_text(200)(key, value), "")
    if not name:
        raise ProtocolError(f"'{key}' must hold a visible name")
    return name


def _object(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError(f"'{key}' must be an object")
    return value


def _figure(key: str, value: Any) -> FigureStep | None:
    """A turn's figure step as a record writes it (``{"meeple": "city:N", "big": true}``,
    ``{"abbot_back": true}``), read by the records' own reader; null for none. Every text in
    it is a printable word (a place's name)."""
    if value is None:
        return None
    raw = _object(key, value)
    if len(raw) > MAX_FIGURE_KEYS:
        raise ProtocolError(f"'{key}' has too many keys")
    for name, item in raw.items():
        if isinstance(item, str):
            _word(MAX_SPOT)(f"{key}.{name}", item)
    try:
        return read_figure(key, raw)
    except RecordError as exc:
        raise ProtocolError(str(exc)) from None


def _choice(key: str, value: Any) -> Any:
    """A decision's answer: a square ``[x, y]`` or a place ``[x, y, "road:E"]`` (as a tuple)."""
    if not isinstance(value, list) or not 2 <= len(value) <= 3:
        raise ProtocolError(f"'{key}' must be [x, y] or [x, y, place]")
    x = _integer(-10**6, 10**6)(key, value[0])
    y = _integer(-10**6, 10**6)(key, value[1])
    return (x, y) if len(value) == 2 else (x, y, _text(MAX_SPOT)(key, value[2]))


def _decisions(key: str, value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list) or len(value) > MAX_DECISIONS:
        raise ProtocolError(f"'{key}' must list at most {MAX_DECISIONS} answers")
    return tuple(_choice(key, item) for item in value)


def _seat_plans(key: str, value: Any) -> list[dict[str, Any]]:
    """The seats of a game to create: who sits there (``human``, ``open``, ``ai:<level>``)."""
    from ..ai import LEVELS
    from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS

    if not isinstance(value, list) or not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise ProtocolError(f"'{key}' must list {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    plans = []
    for i, raw in enumerate(value, start=1):
        where = f"{key}[{i}]"
        seat = _object(where, raw)
        kind = seat.get("kind")
        if not (kind in ("human", "open") or (isinstance(kind, str) and kind[3:] in LEVELS
                                              and kind.startswith("ai:"))):
            raise ProtocolError(f"'{where}.kind' must be human, open or ai:<level> "
                                f"({', '.join(LEVELS)}), not {shown(kind)}")
        plan: dict[str, Any] = {"kind": kind, "color": _color(f"{where}.color", seat.get("color"))}
        plan["name"] = (_name(f"{where}.name", seat.get("name")) if "name" in seat
                        else None)
        plans.append(plan)
    if len({p["color"] for p in plans}) != len(plans):
        raise ProtocolError(f"'{key}': two seats have the same colour")
    return plans


#: Every message a client may send: its fields, and whether each is required.
CLIENT_MESSAGES: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {"protocol": (_integer(0, 10**6), True), "client": (_clean_text(80), False)},
    "list": {"page": (_integer(0, 10**4), False)},
    "create": {"seats": (_seat_plans, True), "rules": (_object, False),
               "name": (_clean_text(MAX_GAME_NAME), False), "seed": (_integer(0, 2**53), False),
               "turn_seconds": (_integer(0, MAX_TURN_SECONDS), False), "hints": (_boolean, False)},
    "join": {"code": (_text(MAX_TOKEN), True), "seat": (_integer(0, 5), True),
             "name": (_name, True), "color": (_color, False)},
    "rejoin": {"game": (_word(MAX_TOKEN), True), "token": (_word(MAX_TOKEN), True)},
    "sync": {},
    "lay": {"x": (_integer(-10**6, 10**6), True), "y": (_integer(-10**6, 10**6), True),
            "rotation": (_integer(0, 270), True)},
    "figure": {"figure": (_figure, True)},
    "no_follower": {},
    "decide": {"choice": (_choice, True)},
    "undo": {},
    "confirm": {},
    "play": {"x": (_integer(-10**6, 10**6), True), "y": (_integer(-10**6, 10**6), True),
             "rotation": (_integer(0, 270), True), "figure": (_figure, False),
             "decisions": (_decisions, False), "turn": (_integer(0, 10**4), False)},
    "chat": {"text": (_text(4 * MAX_CHAT), True)},
    "hand_over": {"seat": (_integer(0, 5), True), "level": (_optional(_word(16)), True)},
    "leave": {},
}

# Hidden hands and spectators (docs/protocol.md, "Hands and spectators"): the tile of a hand
# a move plays, watching a game (by its watch code, or from the lobby's watchable games),
# and the spectators' own chat.
CLIENT_MESSAGES["play"]["tile"] = (_word(16), False)
CLIENT_MESSAGES["lay"]["tile"] = (_word(16), False)
CLIENT_MESSAGES["create"]["watchers"] = (_boolean, False)
CLIENT_MESSAGES.update({
    "watch": {"code": (_text(MAX_TOKEN), False), "game": (_word(MAX_TOKEN), False), "name": (_name, False)},
    "watchable": {"page": (_integer(0, 10**4), False)},
    "watcher_chat": {"text": (_text(4 * MAX_CHAT), True)},
})


def read_message(text: str | bytes, allowed: dict[str, dict[str, tuple[Check, bool]]] = CLIENT_MESSAGES,
                 limit: int = MAX_CLIENT_MESSAGE) -> dict[str, Any]:
    """One checked message from a frame, or ProtocolError saying what is wrong with it.

    Unknown fields are refused too: a peer speaking another dialect learns so at once.
    """
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text frames, not binary")
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} characters (at most {limit})", "too-large")
    try:
        data = parse_json(text)
    except RecordError as exc:
        raise ProtocolError(f"not a message: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    fields = allowed.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown message type {shown(kind)}", "unknown-type")
    message: dict[str, Any] = {"type": kind}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise ProtocolError(f"'{kind}' has no field {shown(key)}")
        check, _required = fields[key]
        message[key] = check(key, value)
    for key, (_check, required) in fields.items():
        if required and key not in data:
            raise ProtocolError(f"'{kind}' needs the field '{key}'")
    return message


def move_of(message: dict[str, Any], tile: str) -> Move:
    """The move a ``play`` message asks for, with the tile the server knows is in hand."""
    return Move(tile, message["x"], message["y"], message["rotation"], message.get("figure"),
                message.get("decisions", ()))


def play_message(move: Move, turn: int | None = None, held: bool = False) -> dict[str, Any]:
    """The ``play`` message of a whole move (``turn``: the turn it is for; ``held``: the
    players hold several tiles, and the message names the one played)."""
    message: dict[str, Any] = {"type": "play", "x": move.x, "y": move.y, "rotation": move.rotation,
                               "figure": figure_record(move.figure)}
    if held:
        message["tile"] = move.tile
    if move.decisions:
        message["decisions"] = [list(choice) for choice in move.decisions]
    if turn is not None:
        message["turn"] = turn
    return message


def figure_message(step: FigureStep | None) -> dict[str, Any]:
    """The ``figure`` message of a figure step (None: none after all)."""
    return {"type": "figure", "figure": figure_record(step)}


def turn_from_wire(raw: Any, number: int = 0) -> Turn:
    """A turn the server sent, read as a game record's turn is (the client's copy of the
    game then checks it against the rules)."""
    try:
        return read_turn(number, raw)
    except RecordError as exc:
        raise ProtocolError(f"the server sent a bad turn: {exc}") from None


def error(text: str, code: str = "bad-message") -> dict[str, Any]:
    return {"type": "error", "code": code, "message": text}


def clean_chat(text: str) -> str:
    """A chat line fit to draw: the same cleaning as names, at a chat line's length."""
    return clean_name(text, "", limit=MAX_CHAT)


# ----------------------------------------------------------------- the server's messages
# A client trusts its server no more than the server trusts a client: every message it
# receives is checked field by field before anything reads it, so a hostile or broken
# server gets one line ("the server sent a bad message: ...") instead of a KeyError, a
# TypeError or an OverflowError deep in the client.

def _number(low: float, high: float) -> Check:
    def check(key: str, value: Any) -> float:
        if (not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value)
                or not low <= value <= high):
            raise ProtocolError(f"'{key}' must be a number from {low:g} to {high:g}, not {shown(value)}")
        return float(value)
    return check


def _list_of(inner: Check, most: int) -> Check:
    def check(key: str, value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) > most:
            raise ProtocolError(f"'{key}' must be a list of at most {most}")
        return [inner(f"{key}[{i}]", item) for i, item in enumerate(value)]
    return check


def _fields(fields: dict[str, tuple[Check, bool]]) -> Check:
    """An object with these fields (checked as a message's are; others are left out)."""
    def check(key: str, value: Any) -> dict[str, Any]:
        raw = _object(key, value)
        out: dict[str, Any] = {}
        for name, (inner, required) in fields.items():
            if name in raw:
                out[name] = inner(f"{key}.{name}", raw[name])
            elif required:
                raise ProtocolError(f"'{key}' needs the field '{name}'")
        return out
    return check


def _any_object(key: str, value: Any) -> dict[str, Any]:
    """An object read further by the engine (rules, a turn), which checks it itself."""
    return _object(key, value)


_score = _integer(-10**6, 10**6)
_seat_number = _integer(0, 5)
_tile = _word(16)
_seat_public = _fields({
    "name": (_clean_text(MAX_GAME_NAME, "?"), True), "color": (_color, True), "kind": (_word(16), True),
    "open": (_boolean, True), "connected": (_boolean, True),
    "away": (_optional(_number(0, 10**9)), False), "robot": (_optional(_word(16)), False)})
_seats = _list_of(_seat_public, 6)
_decision = _fields({"player": (_seat_number, True), "kind": (_word(MAX_TOKEN), True),
                     "options": (_list_of(_choice, 1000), True)})
_pending = _optional(_fields({
    "x": (_integer(-10**6, 10**6), True), "y": (_integer(-10**6, 10**6), True),
    "rotation": (_integer(0, 270), True), "figure": (_optional(_any_object), False),
    "declined": (_boolean, False), "decisions": (_decisions, False), "decision": (_optional(_decision), False),
    "tile": (_optional(_tile), False)}))
_chat_line = _fields({"type": (_word(8), False), "seat": (_seat_number, True),
                      "name": (_clean_text(MAX_GAME_NAME, "?"), True), "text": (_clean_text(MAX_CHAT), True),
                      "at": (_number(0, 10**12), False)})
_turns = _list_of(_any_object, 1000)
_turn_left = _optional(_number(0, MAX_TURN_SECONDS + 1))
_listing_fields: dict[str, tuple[Check, bool]] = {
    "game": (_word(MAX_TOKEN), True), "name": (_clean_text(MAX_GAME_NAME), False),
    "started": (_boolean, False), "finished": (_boolean, False), "seats": (_seats, True),
    "rules": (_any_object, False)}
_listing = _fields(_listing_fields)

#: Every message a server may send: its fields, and whether each is required.
SERVER_MESSAGES: dict[str, dict[str, tuple[Check, bool]]] = {
    "welcome": {"protocol": (_integer(0, 10**6), True), "server": (_clean_text(80), False)},
    "error": {"code": (_word(MAX_TOKEN), True), "message": (_clean_text(MAX_ERROR_TEXT), False)},
    "games": {"games": (_list_of(_listing, 10 * LIST_PAGE), True), "page": (_integer(0, 10**4), False),
              "pages": (_integer(0, 10**6), False), "total": (_integer(0, 10**9), False)},
    "created": {"game": (_word(MAX_TOKEN), True), "code": (_word(MAX_TOKEN), True),
                "host_token": (_word(MAX_TOKEN), True),
                "seats": (_list_of(_fields({"seat": (_seat_number, True), "token": (_word(MAX_TOKEN), True)}), 6),
                          True)},
    "joined": {"game": (_word(MAX_TOKEN), True), "seats": (_list_of(_seat_number, 6), True),
               "token": (_word(MAX_TOKEN), False), "host": (_boolean, False)},
    "state": {"game": (_word(MAX_TOKEN), True), "name": (_clean_text(MAX_GAME_NAME), False),
              "rules": (_any_object, True), "seats": (_seats, True), "started": (_boolean, True),
              "start_tile": (_optional(_tile), False), "turns": (_turns, True), "tile": (_optional(_tile), True),
              "current": (_optional(_seat_number), False), "finished": (_boolean, True),
              "scores": (_list_of(_score, 6), False), "pending": (_pending, False),
              "chat": (_list_of(_chat_line, 100), False),
              "turn_seconds": (_integer(0, MAX_TURN_SECONDS), False), "turn_left": (_turn_left, False),
              "hints": (_boolean, False)},
    "turn": {"at": (_integer(0, 1000), True), "turns": (_turns, True), "tile": (_optional(_tile), True),
             "current": (_optional(_seat_number), False), "scores": (_list_of(_score, 6), False),
             "finished": (_boolean, True), "turn_left": (_turn_left, False)},
    "pending": {"pending": (_pending, True)},
    "seats": {"seats": (_seats, True)},
    "chat": {"seat": (_seat_number, True), "name": (_clean_text(MAX_GAME_NAME, "?"), True),
             "text": (_clean_text(MAX_CHAT), True), "at": (_number(0, 10**12), False)},
    "timeout": {"seat": (_seat_number, True)},
    "left": {},
}

# Hidden hands and spectators: each receiver's view of the hands, the number watching, the
# spectators' chat (sent to the players with the turn that ends the game), the watchable games.
_hand_seen = _fields({"count": (_integer(0, 3), True), "tiles": (_list_of(_tile, 3), False)})
_hands = _optional(_list_of(_hand_seen, 6))
_watcher_line = _fields({"name": (_clean_text(MAX_GAME_NAME, "?"), True), "text": (_clean_text(MAX_CHAT), True),
                         "at": (_number(0, 10**12), False)})
_watcher_lines = _list_of(_watcher_line, 100)
SERVER_MESSAGES["state"].update({"hands": (_hands, False), "watchers": (_integer(0, 10**6), False),
                                 "watching": (_boolean, False), "watcher_chat": (_watcher_lines, False)})
SERVER_MESSAGES["turn"].update({"hands": (_hands, False), "watcher_chat": (_watcher_lines, False)})
SERVER_MESSAGES["created"]["watch_code"] = (_word(MAX_TOKEN), False)
SERVER_MESSAGES.update({
    "watching": {"game": (_word(MAX_TOKEN), True)},
    "watchers": {"count": (_integer(0, 10**6), True)},
    "watcher_chat": {"name": (_clean_text(MAX_GAME_NAME, "?"), True), "text": (_clean_text(MAX_CHAT), True),
                     "at": (_number(0, 10**12), False)},
    "watchable": {"games": (_list_of(_listing, 10 * LIST_PAGE), True), "page": (_integer(0, 10**4), False),
                  "pages": (_integer(0, 10**6), False), "total": (_integer(0, 10**9), False)},
})


def read_server_message(text: str | bytes) -> dict[str, Any]:
    """One checked message from the server, or ProtocolError saying what is wrong with it.

    Fields this client does not know are left out (a newer server of the same protocol
    may say more); every field it reads is checked for its type, size and range."""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text frames, not binary")
    if len(text) > MAX_SERVER_MESSAGE:
        raise ProtocolError(f"a message of {len(text)} characters (at most {MAX_SERVER_MESSAGE})", "too-large")
    try:
        data = parse_json(text)
    except RecordError as exc:
        raise ProtocolError(f"not a message: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    fields = SERVER_MESSAGES.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown message type {shown(kind)}", "unknown-type")
    message: dict[str, Any] = {"type": kind}
    for key, (check, required) in fields.items():
        if key in data:
            message[key] = check(key, data[key])
        elif required:
            raise ProtocolError(f"'{kind}' needs the field '{key}'")
    return message


# ----------------------------------------------------------------- names, rated games, ratings
# A player's name on a server (registered with a key the client keeps), rated games (aids
# refused, the turn timer on) and the leaderboard: the server's side is :mod:`.rated`.
#: The aids a player may ask the server for (refused in a rated game).
AIDS = ("hint", "analysis", "fits", "projected")
#: Players in one page of the leaderboard; rated games kept in a player's history shown.
LEADERBOARD_PAGE = 50
HISTORY_SHOWN = 50
#: The longest name and key a client may send (the server then checks a name's letters).
_NAME_TEXT = 80
_KEY = 64


def _aid_kind(key: str, value: Any) -> str:
    if value not in AIDS:
        raise ProtocolError(f"'{key}' must be one of {', '.join(AIDS)}, not {shown(value)}")
    return str(value)


def _fit_tiles(key: str, value: Any) -> dict[str, list[int]]:
    """The tiles that fit a square: each tile's name with its rotations."""
    raw = _object(key, value)
    if len(raw) > 200:
        raise ProtocolError(f"'{key}' names too many tiles")
    return {_tile(key, tile): _list_of(_integer(0, 270), 4)(f"{key}.{tile}", rotations)
            for tile, rotations in raw.items()}


_coordinate = _integer(-10**6, 10**6)
_aid_move = _fields({"x": (_coordinate, True), "y": (_coordinate, True), "rotation": (_integer(0, 270), True),
                     "figure": (_optional(_any_object), False)})
_standing = _fields({"name": (_clean_text(MAX_GAME_NAME, "?"), True), "games": (_integer(0, 10**9), True),
                     "mu": (_number(-10**6, 10**6), True), "sigma": (_number(0, 10**6), True),
                     "ordinal": (_number(-10**7, 10**7), True)})
_rated_game = _fields({"game": (_word(MAX_TOKEN), True), "at": (_number(0, 10**12), True),
                       "place": (_integer(1, 6), True), "players": (_integer(2, 6), True),
                       "score": (_score, True), "mu": (_number(-10**6, 10**6), True),
                       "sigma": (_number(0, 10**6), True), "ordinal": (_number(-10**7, 10**7), True),
                       "change": (_number(-10**7, 10**7), True)})

CLIENT_MESSAGES.update({
    "register": {"name": (_text(_NAME_TEXT), True), "key": (_word(_KEY), True)},
    "sign_in": {"name": (_text(_NAME_TEXT), True), "key": (_word(_KEY), True)},
    "leaderboard": {"page": (_integer(0, 10**4), False)},
    "history": {"name": (_text(_NAME_TEXT), True)},
    "aid": {"kind": (_aid_kind, True), "x": (_coordinate, False), "y": (_coordinate, False)},
})
CLIENT_MESSAGES["create"]["rated"] = (_boolean, False)
SERVER_MESSAGES.update({
    "signed_in": {"name": (_clean_text(MAX_GAME_NAME, "?"), True), "new": (_boolean, False)},
    "leaderboard": {"players": (_list_of(_standing, LEADERBOARD_PAGE), True), "page": (_integer(0, 10**4), False),
                    "pages": (_integer(0, 10**6), False), "total": (_integer(0, 10**9), False)},
    "history": {"name": (_clean_text(MAX_GAME_NAME, "?"), True),
                "games": (_list_of(_rated_game, HISTORY_SHOWN), True)},
    "aid": {"kind": (_aid_kind, True), "x": (_coordinate, False), "y": (_coordinate, False),
            "tiles": (_fit_tiles, False), "scores": (_list_of(_score, 6), False),
            "move": (_optional(_aid_move), False), "turn": (_integer(0, 10**4), False)},
})
SERVER_MESSAGES["state"]["rated"] = (_boolean, False)
_listing_fields["rated"] = (_boolean, False)


# ----------------------------------------------------------------- correspondence games
# Which of the games a client holds seats in wait on its move (the title screen's list): the
# seat tokens it keeps, checked as a rejoin checks them; the answer names only those games.
_held_game = _fields({"game": (_word(MAX_TOKEN), True), "token": (_word(MAX_TOKEN), True)})
_waiting_game = _fields({"game": (_word(MAX_TOKEN), True), "name": (_clean_text(MAX_GAME_NAME), False),
                         "players": (_list_of(_clean_text(MAX_GAME_NAME, "?"), 6), False),
                         "waited": (_number(0, 10**9), True)})


def _held_games(key: str, value: Any) -> list[dict[str, Any]]:
    """The games asked about: at most :data:`MAX_MY_TURNS`, every field checked."""
    if not isinstance(value, list) or len(value) > MAX_MY_TURNS:
        raise ProtocolError(f"'{key}' must list at most {MAX_MY_TURNS} games")
    return [_held_game(f"{key}[{i}]", item) for i, item in enumerate(value)]


CLIENT_MESSAGES["my_turns"] = {"games": (_held_games, True)}
SERVER_MESSAGES["my_turns"] = {"games": (_list_of(_waiting_game, MAX_MY_TURNS), True)}
