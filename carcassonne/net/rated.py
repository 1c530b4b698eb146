"""The server's side of names, rated games and ratings (the server calls in at a few points).

- **Names.** ``register`` keeps a new name with its key's hash (:mod:`.accounts`);
  ``sign_in`` proves a connection is that name's with the key. A seat token is never a key:
  holding a rated game's seat token without the account's key opens nothing.
- **Rated games** (``create`` with ``"rated": true``): registered players only, each at
  one seat under their registered name; no computer seats, no aids (``aid`` is refused with
  one line, the game's ``hints`` off) and the turn timer on (:data:`RATED_TURN_SECONDS` if
  the creator set none). A rated seat is taken back (``rejoin``) only by its account; the
  host may not hand it to a computer (the timer plays for an away player, as for everyone).
- **Ratings.** When a rated game ends, every player's rating is updated at once from the
  final scores (:mod:`.ratings`: OpenSkill's Plackett-Luce) in the ratings store
  (:mod:`.ratings_store`: SQLite, or the cluster's Redis); ``leaderboard`` and ``history``
  read them.

A server without ``openskill`` (the game's own host in its binary) or without a ratings
store keeps no names: those messages get one line, ``no-ratings``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from .accounts import folded, key_hash, key_matches, key_problem, name_problem, normal
from .protocol import HISTORY_SHOWN, LEADERBOARD_PAGE, ProtocolError
from .ratings import available, rate
from .ratings_store import RatingsStore
from .store import StoreUnavailable

if TYPE_CHECKING:
    from pathlib import Path

    from .room import Room
    from .server import Peer, Server
    from .shared_store import Shared

log = logging.getLogger(__name__)

#: The messages about names and ratings, answered by the node the connection is on.
ACCOUNT_MESSAGES = frozenset({"register", "sign_in", "leaderboard", "history"})
#: Refusals of a name a person typed (taken, or not a name): a person's slip, not a bad message.
NAME_REFUSALS = frozenset({"name-taken", "bad-name"})
#: A rated game's turn timer when its creator set none (seconds).
RATED_TURN_SECONDS = 120
#: Names one address may register an hour (a server started with --allow-seeds: no limit).
REGISTER_PER_HOUR = 10
#: Seconds between tries to rate a finished game while the ratings cannot be written.
RATE_RETRY = 2.0
RATE_TRIES = 30
STORE_DOWN = "the server cannot reach its names and ratings right now: try again in a moment"
NO_RATINGS = "this server keeps no names or ratings (it needs carcassonne[server])"
AID_REFUSED = {
    "hint": "a rated game gives no hints",
    "analysis": "a rated game gives no analysis while it is played",
    "fits": "a rated game does not show the tiles that fit",
    "projected": "a rated game does not show projected scores",
}


class Rated:
    """Names and rated games for one server (one node of a cluster)."""

    def __init__(self, server: Server, store: RatingsStore | None) -> None:
        self.server = server
        #: None: this server keeps no names (no store, or no openskill).
        self.store = store if store is not None and available() else None
        #: Rated games' accounts by seat, and the games known not to be rated (None).
        self.tables: dict[str, dict[int, str] | None] = {}

    async def close(self) -> None:
        if self.store is not None:
            await self.store.close()

    def _store(self) -> RatingsStore:
        if self.store is None:
            raise ProtocolError(NO_RATINGS, "no-ratings")
        return self.store

    @staticmethod
    async def _asked(work: Any) -> Any:
        try:
            return await work
        except StoreUnavailable as exc:
            log.warning("names and ratings: %s", exc)
            raise ProtocolError(STORE_DOWN, "storage") from None

    # ------------------------------------------------------------ names
    async def account_message(self, peer: Peer, message: dict[str, Any]) -> None:
        """``register``, ``sign_in``, ``leaderboard``, ``history``: answered here."""
        kind = message["type"]
        store = self._store()
        if kind in ("register", "sign_in"):
            name = await self._sign_in(peer, store, message["name"], message["key"], kind == "register")
            await self.server._send(peer, {"type": "signed_in", "name": name, "new": kind == "register"})
        elif kind == "leaderboard":
            page = message.get("page", 0)
            total, rows = await self._asked(store.leaderboard(page * LEADERBOARD_PAGE, LEADERBOARD_PAGE))
            await self.server._send(peer, {"type": "leaderboard", "players": [r.to_json() for r in rows],
                                           "page": page, "pages": max(1, -(-total // LEADERBOARD_PAGE)),
                                           "total": total})
        else:
            found = await self._asked(store.account(folded(message["name"])))
            if found is None:
                raise ProtocolError("no player of that name on this server", "no-such-name")
            games = await self._asked(store.history(folded(message["name"]), HISTORY_SHOWN))
            await self.server._send(peer, {"type": "history", "name": found[0], "games": games})

    async def _sign_in(self, peer: Peer, store: RatingsStore, raw: str, key: str, new: bool) -> str:
        name = normal(raw)
        problem = key_problem(key) or name_problem(name)
        if problem:
            raise ProtocolError(problem, "bad-name")
        limits = self.server.limits
        await limits.check_joins(peer.address)  # wrong keys are counted as wrong tokens are
        if new:
            await self._check_registering(peer.address)
            if await self._asked(store.register(folded(name), name, key_hash(key), time.time())):
                peer.account = name
                return name
        found: tuple[str, str] | None = await self._asked(store.account(folded(name)))
        if found is None or not key_matches(key, found[1]):
            await limits.join_failed(peer.address)
            if new:
                raise ProtocolError(f"the name {found[0] if found else name} is taken on this server: "
                                    f"choose another", "name-taken")
            raise ProtocolError("no name on this server has that key", "bad-key")
        peer.account = found[0]
        return found[0]

    async def _check_registering(self, address: str) -> None:
        if self.server.allow_seeds:
            return
        counts, now = self.server.limits.counts, time.time()
        count, _oldest = await counts.events(f"register:{address}", 3600.0, now)
        if count >= REGISTER_PER_HOUR:
            raise ProtocolError("too many names registered from this address: try again in an hour",
                                "rate-limited")
        await counts.add_event(f"register:{address}", 3600.0, now)

    # ------------------------------------------------------------ rated games
    async def known(self, room: Room) -> dict[int, str] | None:
        """A game's accounts by seat if it is rated (read from the store once), else None."""
        if room.id in self.tables:
            return self.tables[room.id]
        table = None if self.store is None else await self._asked(self.store.table(room.id))
        self.tables[room.id] = table
        room.rated = table is not None
        return table

    def creating(self, peer: Peer, message: dict[str, Any]) -> dict[str, Any]:
        """A rated game's ``create`` as the server opens it: refused unless the creator is
        signed in and every seat is theirs (one) or open; the timer on, hints off."""
        self._store()
        if not peer.account:
            raise ProtocolError("sign in with your name on this server to open a rated game", "no-account")
        seats = message["seats"]
        if any(s["kind"].startswith("ai:") for s in seats):
            raise ProtocolError("a rated game is for registered players only: no computer seats", "rated")
        mine = [s for s in seats if s["kind"] == "human"]
        if len(mine) > 1:
            raise ProtocolError("in a rated game each player sits at one seat: leave the others open", "rated")
        for seat in mine:
            seat["name"] = peer.account
        return {**message, "seats": seats, "hints": False,
                "turn_seconds": message.get("turn_seconds") or RATED_TURN_SECONDS}

    async def opened(self, room: Room, peer: Peer) -> None:
        """A rated game is kept as rated (with its creator's seat) before it is opened."""
        room.rated = True
        seats = {i: folded(peer.account) for i, s in enumerate(room.seats) if not s.is_open and s.kind == "human"}
        await self._asked(self._store().open_table(room.id, seats))
        self.tables[room.id] = seats

    async def joining(self, peer: Peer, room: Room, seat: int) -> str | None:
        """Before a seat of ``room`` is taken: for a rated game, the name to sit under (the
        account's, kept for that seat); None for a game that is not rated."""
        table = await self.known(room)
        if table is None:
            return None
        if not peer.account:
            raise ProtocolError("a rated game is for registered players: sign in with your name first",
                                "no-account")
        me = folded(peer.account)
        if any(a == me and not room.seats[s].is_open for s, a in table.items() if s < len(room.seats)):
            raise ProtocolError("you already sit at this rated game", "rated")
        room.free_seat(seat)
        await self._asked(self._store().seat(room.id, seat, me))
        table[seat] = me
        return peer.account

    async def rejoining(self, peer: Peer, room: Room, seats: list[int], host: bool) -> None:
        """A rated game's seats (and its host's rights) are taken back by their account alone:
        a seat token without the account's key opens nothing."""
        table = await self.known(room)
        if table is None:
            return
        me = folded(peer.account) if peer.account else None
        if me is None or any(table.get(s) != me for s in seats) or (host and me not in table.values()):
            raise ProtocolError("a rated game's seat is taken back by its player: sign in with that name first",
                                "not-your-seat")

    def hand_over(self, room: Room) -> None:
        if room.rated:
            raise ProtocolError("in a rated game nobody plays another's seat: the turn timer plays "
                                "for a player who is away", "rated")

    # ------------------------------------------------------------ aids
    async def aid(self, peer: Peer, room: Room, message: dict[str, Any]) -> dict[str, Any]:
        """The answer to an ``aid``: refused in a rated game (one line, nothing changes),
        else worked out on the server (:mod:`.aid_answers`)."""
        from .aid_answers import answer

        if await self.known(room) is not None:
            raise ProtocolError(AID_REFUSED[message["kind"]], "rated")
        return await answer(self.server, peer, room, message)

    # ------------------------------------------------------------ the end of a game
    def finished(self, room: Room) -> None:
        """A game ended: if it is rated, its players' ratings are updated (tried again for a
        while if the ratings cannot be written now)."""
        if self.store is not None:
            self.server.background(self._rate(room))

    async def _rate(self, room: Room) -> None:
        store, game = self.store, room.game
        if store is None or game is None:
            return
        for _attempt in range(RATE_TRIES):
            try:
                table = self.tables.get(room.id) if room.id in self.tables else await store.table(room.id)
                self.tables[room.id] = table
                if table is None:
                    return
                seats = [table.get(s, "") for s in range(len(room.seats))]
                if not all(seats) or len(set(seats)) != len(seats):
                    log.error("rated game %s ended without one account per seat: not rated", room.id)
                    return
                if await store.record(room.id, seats, list(game.scores), time.time(), rate):
                    log.info("rated game %s: ratings updated", room.id)
                return
            except StoreUnavailable as exc:
                log.warning("rated game %s: the ratings cannot be written yet: %s", room.id, exc)
                await asyncio.sleep(RATE_RETRY)
        log.error("rated game %s: the ratings could not be written; not rated", room.id)

    def forget(self, room: Room) -> None:
        """The game left memory."""
        self.tables.pop(room.id, None)


def default_store(folder: Path | None, shared: Shared | None) -> RatingsStore | None:
    """Where a server keeps names and ratings: its cluster's Redis, else ``ratings.sqlite3``
    in its data folder (in memory without one); None without ``openskill``."""
    if not available():
        return None
    if shared is not None:
        from .shared_ratings import SharedRatings

        return SharedRatings(shared)
    from .ratings_store import LocalRatings

    return LocalRatings(folder)
