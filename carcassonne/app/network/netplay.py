"""Network games from the app: hosting one, joining one, opening one again later.

The app keeps one :class:`NetPlay`: the game server it hosts (started when the player
opens a game to the network, kept until the app quits so friends stay connected while
the host looks at another screen), the discovery answerer, and the seats this copy of
the game holds in network games (``network-games.json`` in the data folder: which server,
which game, which tokens), so a game can be opened again after a restart and its seats
taken back.
"""

from __future__ import annotations

import json
import logging
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine import CarcassonneError, Rules, TileSet
from ...engine.record import write_atomically
from ...engine.untrusted import clean_name, parse_json, read_text
from ...i18n import N_, _
from ...net.discovery import Answerer
from ...net.host import Host, HostError
from ...net.link import Link
from ...net.protocol import MAX_GAME_NAME
from ...net.server import DEFAULT_PORT
from ..art.expansion_ui import offline_options, unshown_words
from ..files.storage import Setup

if TYPE_CHECKING:
    from .turn_watch import TurnWatch

log = logging.getLogger(__name__)

KEPT_FILE = "network-games.json"
#: Games remembered at most (the oldest are forgotten first).
KEPT_GAMES = 20
#: Seconds of the turn timer the host may choose (0: none).
TIMERS = (0, 30, 60, 120, 300, 3600, 43200, 86400, 259200, 604800)


@dataclass
class KeptGame:
    """A network game this copy holds seats in: enough to open it again."""

    game: str
    url: str
    tokens: list[str]
    name: str
    hosted: bool
    #: The join code (the host tells it to friends again when the game waits for them).
    code: str = ""
    #: When this copy last played it (seconds since the epoch; 0: not known).
    when: float = 0.0
    #: The turns played when this copy last left it (-1: not started or not known).
    turns: int = -1

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "url": self.url, "tokens": self.tokens, "name": self.name, "hosted": self.hosted,
                "code": self.code, "when": self.when, "turns": self.turns}

    def same_game(self, other: KeptGame) -> bool:
        """The same game: its id on the same server (a game hosted here may be served on another
        port after a restart: it is still the one game)."""
        return self.game == other.game and (self.url == other.url or self.hosted and other.hosted)

    @classmethod
    def from_data(cls, data: Any) -> KeptGame | None:
        if not isinstance(data, dict):
            return None
        game, url, tokens, name = data.get("game"), data.get("url"), data.get("tokens"), data.get("name", "")
        if not (isinstance(game, str) and isinstance(url, str) and isinstance(tokens, list) and tokens
                and all(isinstance(t, str) and len(t) <= 64 for t in tokens) and len(game) <= 64
                and url.startswith(("ws://", "wss://")) and len(url) <= 300):
            return None
        code, when, turns = data.get("code"), data.get("when"), data.get("turns")
        return cls(game, url, list(tokens)[:7], clean_name(str(name), "Carcassonne", limit=MAX_GAME_NAME),
                   data.get("hosted") is True, code if isinstance(code, str) and code.isalnum() and len(code) <= 12
                   else "", float(when) if isinstance(when, (int, float)) and 0 <= when < 1e11 else 0.0,
                   turns if isinstance(turns, int) and 0 <= turns <= 10_000 else -1)


def server_url(text: str) -> str | None:
    """The server's address as typed ("192.168.1.20", "host:7625", "ws://...") as a URL, or None."""
    text = text.strip()
    if not text or len(text) > 200 or any(c.isspace() for c in text):
        return None
    if not text.startswith(("ws://", "wss://")):
        text = "ws://" + text
    rest = text.split("://", 1)[1]
    if not rest or rest.startswith((":", "/")):
        return None
    host_part = rest.split("/", 1)[0]
    if ":" not in host_part.rsplit("]", 1)[-1]:
        text = text.replace(host_part, f"{host_part}:{DEFAULT_PORT}", 1)
    return text


#: How the server's refusals read on screen (other refusals show the server's own line).
REFUSALS = {
    "bad-code": N_("No game has that join code."),
    "seat-taken": N_("That seat is taken: choose another one."),
    "full": N_("Every seat of this game is taken."),
    "color-taken": N_("Another player has that colour: choose another one."),
    "bad-token": N_("This game does not know these seats any more."),
    "rate-limited": N_("Too many wrong codes from this computer: wait a minute and try again."),
    # names and rated games (the Rated games screen)
    "name-taken": N_("That name is taken on this server: choose another one."),
    "bad-name": N_("A name is 3 to 20 letters or digits, with single spaces, dashes, dots or underscores "
                   "between them."),
    "bad-key": N_("This server does not know the key of your name: import your name, or register another."),
    "no-account": N_("A rated game is for registered players: register a name on this server first."),
    "not-your-seat": N_("A rated game's seat is taken back by its own player: sign in with that name."),
    "no-ratings": N_("This server keeps no names or ratings."),
    "spectator": N_("You are watching this game: a spectator cannot play."),
}


def refusal_words(message: dict[str, Any]) -> str:
    """One line for an error or a lost connection, in the language spoken where it is known."""
    code, text = str(message.get("code", "")), str(message.get("message", ""))[:200]
    if code in REFUSALS:
        return _(REFUSALS[code])
    if code == "unreachable":
        return _("Cannot reach the game: {reason}").format(reason=text)
    return text


def seat_plans(setup: Setup, random_first: bool = False) -> list[dict[str, Any]]:
    """The ``create`` message's seats from the New game form (an ``open`` seat waits for a friend)."""
    plans: list[dict[str, Any]] = []
    for i, seat in enumerate(setup.seats):
        plan: dict[str, Any] = {"kind": seat.kind, "color": seat.color}
        if seat.kind != "open":
            plan["name"] = clean_name(seat.name, f"Player {i + 1}")
        plans.append(plan)
    if random_first:
        first = random.randrange(len(plans))
        plans = plans[first:] + plans[:first]
    return plans


def unshown_game(messages: list[dict[str, Any]]) -> str | None:
    """Why the game the server's latest state among ``messages`` describes cannot be shown
    here (it plays an expansion this app cannot draw), in one line; None when it can, or when
    no state came (rules the table cannot read are its own refusal)."""
    for message in reversed(messages):
        if message.get("type") == "state":
            try:
                rules = Rules.from_record(message.get("rules"))
            except (CarcassonneError, TypeError, ValueError, AttributeError):
                return None
            return unshown_words(rules)
    return None


def setup_rules(setup: Setup) -> dict[str, Any]:
    """The rules a hosted game asks the server for: the form's, but those a server does not
    play (each client would have to be told its own hidden tiles; the server refuses them)
    are left at the book's."""
    book = Rules()
    left = {key: value for option in offline_options() for key, value in option.write(option.read(book)).items()}
    return setup.rules.replace(**left).to_record()


class NetPlay:
    """The app's network games: the hosted server, the answerer, the seats kept."""

    def __init__(self, tiles: TileSet, data: Path) -> None:
        self.tiles = tiles
        self.data = data
        self.host: Host | None = None
        self.answerer: Answerer | None = None
        #: Where the hosted server and the discovery answerer listen (tests: 0, any free port).
        self.port = DEFAULT_PORT
        self.discovery_port: int | None = None
        #: The games waiting on this player's move, asked in the background (started by the title screen).
        self.turns: TurnWatch | None = None

    # ------------------------------------------------------------ hosting
    def start_host(self) -> Host:
        """The game server of this computer (started at the first call); HostError if it cannot."""
        if self.host is None or not self.host.running:
            host = Host(self.tiles, self.data / "hosted", port=self.port)
            host.start()
            self.host = host
            try:
                self.answerer = Answerer(host.port, host.free_seats, port=self.discovery_port)
            except OSError as exc:  # another copy answers on this computer already
                log.info("LAN discovery does not answer from this copy: %s", exc)
        return self.host

    def host_game(self, setup: Setup, turn_seconds: int, hints: bool, name: str, watchers: bool = False) -> Link:
        """Open a game to the network (``watchers``: listed for anyone to watch); the link creates
        it (HostError if the server cannot start)."""
        host = self.start_host()
        link = Link(host.local_url, self.tiles)
        link.create(seat_plans(setup, setup.random_first), rules=setup_rules(setup), name=name[:MAX_GAME_NAME],
                    turn_seconds=turn_seconds, hints=hints, watchers=watchers)
        return link

    def watch_turns(self) -> TurnWatch | None:
        """The background questions of which kept games wait on this player: started once
        there are kept games to ask about, asked again when called later; None while there are none."""
        if self.turns is not None and self.turns.running:
            self.turns.again()
            return self.turns
        if not self.kept():
            return None
        from .turn_watch import TurnWatch  # (it reads this module's KeptGame)

        self.turns = TurnWatch(self.kept, lambda: self.host.local_url if self.host and self.host.running else None,
                               self.tiles)
        self.turns.start()
        return self.turns

    def stop(self) -> None:
        if self.turns is not None:
            self.turns.stop()
            self.turns = None
        if self.answerer is not None:
            self.answerer.stop()
            self.answerer = None
        if self.host is not None:
            self.host.stop()
            self.host = None

    # ------------------------------------------------------------ seats kept
    @property
    def kept_path(self) -> Path:
        return self.data / KEPT_FILE

    def kept(self) -> list[KeptGame]:
        """The network games whose seats this copy keeps, newest first (a damaged file: none)."""
        try:
            data = parse_json(read_text(self.kept_path, 256 * 1024))
        except Exception:  # noqa: BLE001 - no file or a damaged one: nothing kept
            return []
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list):
            return []
        return [g for g in (KeptGame.from_data(d) for d in games[:KEPT_GAMES]) if g is not None]

    def keep(self, game: KeptGame) -> None:
        """Remember ``game`` first (once: the same game kept again replaces itself), with the time."""
        game.when = time.time()
        games = [game] + [g for g in self.kept() if not g.same_game(game)]
        try:
            self.data.mkdir(parents=True, exist_ok=True)
            write_atomically(self.kept_path, json.dumps({"games": [g.to_data() for g in games[:KEPT_GAMES]]},
                                                        indent=1))
        except OSError as exc:
            log.warning("the network game's seats cannot be kept: %s", exc)

    def left(self, game_id: str, turns: int) -> None:
        """This copy left the network game ``game_id`` after ``turns`` turns (the Join screen's
        row says so, with the time)."""
        found = next((g for g in self.kept() if g.game == game_id), None)
        if found is not None:
            found.turns = turns
            self.keep(found)

    def reopen(self, kept: KeptGame, account: tuple[str, str] | None = None) -> Link:
        """Take back the seats of a kept game (its host started again here if it was hosted here);
        ``account``: the name (and key) this copy signs in with on that server first (a rated game)."""
        url = kept.url
        if kept.hosted:
            url = self.start_host().local_url
        link = Link(url, self.tiles)
        link.conn.account = account
        link.rejoin(kept.game, kept.tokens)
        return link


__all__ = ["HostError", "KeptGame", "NetPlay", "TIMERS", "refusal_words", "seat_plans", "server_url",
           "setup_rules", "unshown_game"]
