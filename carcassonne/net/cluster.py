"""A node of a server of several nodes that share one Redis (``carcassonne server --redis``).

Each game under way lives on exactly one node, its owner (:mod:`.shared_store`: a lease
per node with a deadline, the owner named per game). A player may connect to any node:

- ``join`` and ``rejoin`` are routed (:meth:`Cluster.route`): a game nobody owns, or whose
  owner's lease has lapsed, is taken over by this node, which reads it back from the stored
  moves (the engine replays them); a game another live node owns is asked of that node.
- Once seated at a game another node owns, everything the connection sends goes to the
  owner's inbox (a Redis stream) and everything the owner tells it comes back through this
  node's inbox: the owner's server handles a remote connection exactly as one of its own
  (:class:`~.server.Peer` without a socket), so the game's logic is written once.
- An owner that dies: within the lease's deadline its games are free. Its own connections
  drop and come back (to this node or another, as the client chooses); connections held
  here for its games are closed with 1012 so that their clients come back the same way, and
  a ``join`` or ``rejoin`` it never answered is routed again. Games nobody comes back to
  (computers to move) are taken over by the nodes that notice, a share each.
- Redis going away: every loop here tries again, the first failure and the return each
  logged in one line; entries for other nodes wait (in order) until Redis is back.

Inbox entries are flat string maps: ``k`` the kind (``m`` a message from a connection to
its game's owner, ``g`` that connection gone, ``o`` messages for connections, ``c`` close a
connection), ``n`` the node that holds the connection (or sends), ``c`` the connection(s),
``a`` its address, ``u`` the name it signed in with (:mod:`.rated`), ``j`` the JSON.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from .protocol import ProtocolError, read_message
from .room import CODE_ALPHABET
from .shared_store import LEASE_MS, RENEW_EVERY, Nodes, Shared, SharedCounts, SharedStore
from .store import STORE_DOWN, StoreError, StoreUnavailable
from .tasks import cancel_all

if TYPE_CHECKING:
    from .server import Peer, Server

log = logging.getLogger(__name__)

#: Seconds between two looks at the nodes the connections here depend on (one round trip
#: of a few EXISTS: a dead node's players are sent on within this of its lease lapsing).
WATCH_EVERY = 0.2
#: Seconds between two looks for games whose node died that nobody came back to.
ADOPT_EVERY = 0.5
#: Seconds a join or rejoin asked of another node waits for its answer before this node looks
#: whether that node's process is gone (its connections to Redis closed).
SUSPECT_AFTER = 0.2
#: Seconds a node's connections must have been missing, at two looks at least, before its
#: lease is ended without waiting for it to lapse: more than one renewal and a reconnection,
#: so that a live node reconnecting (Redis restarted) is seen again first (a live node's lease
#: connection is open all the time otherwise, however busy the node).
GONE_FOR = 0.4
#: Seconds a stopping node waits for its own work, cancelled, to end.
STOP_WAIT = 5.0
#: Seconds entries for other nodes wait for Redis before they are given up (with one line).
OUTBOX_KEPT = 60.0
#: Times a join or rejoin is passed on from node to node (ownership moving meanwhile).
MAX_HOPS = 3


class Cluster:
    """This node's part in the cluster: routing, the inboxes, the lease, taking games over."""

    def __init__(self, url: str, node: str | None = None) -> None:
        self.shared = Shared(url, node)
        self.node = self.shared.node
        self.nodes = Nodes(self.shared)
        self.store = SharedStore(self.shared)
        self.counts = SharedCounts(self.shared)
        self.server: Server | None = None
        #: Connections of other nodes seated at games of this node, by (node, connection).
        self.remote: dict[tuple[str, str], Peer] = {}
        self._queues: dict[tuple[str, str], asyncio.Queue[dict[str, Any] | None]] = {}
        self._out: dict[str, list[dict[str, str]]] = {}
        self._flushing: asyncio.Task[None] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._renewed = 0.0
        self._last_entry = "0"
        #: Nodes found with no connection to Redis, and when first (:meth:`_gone`).
        self._unseen: dict[str, float] = {}
        self._looks_refused = False
        #: Set by :meth:`stop`: the loops below end at their next turn even where a cancel was
        #: lost (a read's own timeout firing with it turns the cancel into a timeout).
        self._stopping = False

    @property
    def ready(self) -> bool:
        """This node holds its lease and Redis answers (``/healthz``)."""
        return self.shared.health.up and time.monotonic() - self._renewed < LEASE_MS / 1000

    async def start(self, server: Server) -> None:
        """Take the lease and start listening; StoreError (one line) if Redis cannot be used."""
        self.server = server
        try:
            if not await self.shared.name_connections():
                log.warning("Redis does not let this node name its connections (CLIENT): were it killed, "
                            "its games would wait for its lease to lapse")
            await self.nodes.renew()
            if self.shared.named:
                await self.nodes.say_named()
        except StoreUnavailable as exc:
            await self.shared.close()
            raise StoreError(f"cannot use Redis at {self.shared.url}: {exc}") from None
        self._renewed = time.monotonic()
        self.shared.health.observe = server.meters.redis_trip
        for work in (self._read_inbox(), self._keep_lease(), self._watch()):
            self._tasks.append(asyncio.get_running_loop().create_task(work))

    async def stop(self) -> None:
        """Stop: what waits for other nodes is sent, and this node's games are free at once."""
        self._stopping = True
        await cancel_all(self._tasks, STOP_WAIT)  # (bounded: a stop never hangs)
        if self._flushing is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._flushing), 2.0)
            except (TimeoutError, asyncio.CancelledError):
                pass
        try:
            games = list(self.server.rooms) if self.server else []
            await asyncio.wait_for(self.nodes.leave(games), 3.0)
        except (StoreUnavailable, TimeoutError):
            pass
        await self.shared.close()

    # ------------------------------------------------------------ routing
    async def route(self, peer: Peer, message: dict[str, Any]) -> bool:
        """Where a ``join`` or ``rejoin`` is served: True when it went to the game's owner
        (its answer comes back through the inbox), False when this node serves it (the game
        is here now, taken over if need be, or there is no such game)."""
        server = self.server
        assert server is not None
        if message["type"] == "join":
            code = "".join(ch for ch in message["code"].upper() if ch in CODE_ALPHABET)
            here = server.by_code.get(code)
            game = here.id if here is not None else await self._stored(self.store.find_code(code))
            if game is None:
                return False  # no such code: refused here, and counted
        else:
            game = message["game"]
        if (peer.room is not None and peer.room.id != game) or peer.remote not in (None, game):
            raise ProtocolError("leave this game before joining another", "in-game")
        owner = await self._stored(self.nodes.claim(game))
        if owner is None:
            raise ProtocolError(STORE_DOWN, "storage")
        if owner == self.node:
            if game not in server.rooms:
                room = await self._stored(self.store.room(server.tiles, game))
                if room is None:
                    await self._stored(self.nodes.release(game))
                    return False
                server.adopt(room)
            return False
        if peer.ws is None:  # a connection of another node, sent here: on to the owner now
            if peer.hops >= MAX_HOPS:
                raise ProtocolError(STORE_DOWN, "storage")
            self._send(owner, {"k": "m", "n": peer.node, "c": peer.conn, "a": peer.address,
                               "h": str(peer.hops + 1), "u": peer.account, "j": peer.frame})
            return True
        peer.owner, peer.asked, peer.asked_frame, peer.asked_at = owner, message, peer.frame, time.monotonic()
        self.forward(peer, message)
        return True

    @staticmethod
    async def _stored(work: Any) -> Any:
        try:
            return await work
        except StoreUnavailable:
            raise ProtocolError(STORE_DOWN, "storage") from None

    def forward(self, peer: Peer, message: dict[str, Any]) -> None:
        """A message of a connection here, for the node that owns its game (as the peer wrote
        it: the owner checks it again, as its own connections' messages)."""
        self._send(peer.owner, {"k": "m", "n": self.node, "c": peer.conn, "a": peer.address, "u": peer.account,
                                "j": peer.frame})

    def gone(self, peer: Peer) -> None:
        """A connection here seated at another node's game closed."""
        if peer.owner:
            self._send(peer.owner, {"k": "g", "n": self.node, "c": peer.conn})

    def relay(self, node: str, conns: list[str], text: str) -> None:
        """A message for connections another node holds."""
        if node == self.node:
            self._deliver(self.node, conns, text)
        else:
            self._send(node, {"k": "o", "n": self.node, "c": ",".join(conns), "j": text})

    def close_remote(self, node: str, conn: str, code: int, reason: str) -> None:
        self._send(node, {"k": "c", "n": self.node, "c": conn, "j": f"{code} {reason}"})

    # ------------------------------------------------------------ the outbox
    def _send(self, node: str, entry: dict[str, str]) -> None:
        """Entries leave in the order they were made, as soon as Redis takes them."""
        self._out.setdefault(node, []).append(entry)
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        waiting_since: float | None = None
        while self._out:
            batches, self._out = self._out, {}
            try:
                await self.nodes.send(batches)
                waiting_since = None
            except StoreUnavailable:
                for node, entries in batches.items():
                    self._out[node] = entries + self._out.get(node, [])
                now = time.monotonic()
                waiting_since = waiting_since or now
                if now - waiting_since > OUTBOX_KEPT:
                    log.warning("%d messages for other nodes given up: Redis did not come back in %.0f s",
                                sum(len(e) for e in self._out.values()), OUTBOX_KEPT)
                    self._out.clear()
                    return
                await asyncio.sleep(0.2)

    # ------------------------------------------------------------ the inbox
    async def _read_inbox(self) -> None:
        read = 0
        while not self._stopping:
            try:
                entries = await self.nodes.receive(self._last_entry, 1000)
            except StoreUnavailable:
                await asyncio.sleep(0.2)
                continue
            for entry_id, fields in entries:
                self._last_entry = entry_id
                try:
                    self._take(fields)
                except (KeyError, ValueError, TypeError) as exc:
                    log.warning("an inbox entry could not be read: %s", exc)
            read += len(entries)
            if read >= 1000:
                read = 0
                self._background(self.nodes.trim(self._last_entry))

    def _take(self, fields: dict[str, str]) -> None:
        kind = fields["k"]
        if kind == "o":
            self._deliver(fields["n"], fields["c"].split(","), fields["j"])
        elif kind == "c":
            server = self.server
            assert server is not None
            peer = server.connections.get(fields["c"])
            code, _space, reason = fields["j"].partition(" ")
            if peer is not None and peer.ws is not None:
                self._background(peer.ws.close(int(code), reason))
        elif kind == "g":
            queue = self._queues.get((fields["n"], fields["c"]))
            if queue is not None:
                queue.put_nowait(None)
        elif kind == "m":
            self._remote_message(fields)

    def _deliver(self, sender: str, conns: list[str], text: str) -> None:
        server = self.server
        assert server is not None
        for conn in conns:
            peer = server.connections.get(conn)
            if peer is not None:
                server.deliver(peer, text, sender)

    def _remote_message(self, fields: dict[str, str]) -> None:
        from .server import Peer

        key = (fields["n"], fields["c"])
        try:
            message = read_message(fields["j"])
        except ProtocolError as exc:
            log.warning("a message passed on by node %s is not read: %s", key[0], exc)
            return
        message["_frame"] = fields["j"]
        queue = self._queues.get(key)
        if queue is None:
            peer = Peer(None, fields.get("a", "?"), node=key[0], conn=key[1], hops=int(fields.get("h", "0")))
            self.remote[key] = peer
            queue = self._queues[key] = asyncio.Queue()
            self._background(self._serve_remote(key, peer, queue))
        message["_account"] = fields.get("u", "")
        queue.put_nowait(message)

    async def _serve_remote(self, key: tuple[str, str], peer: Peer,
                            queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        """One remote connection's messages, in order, as the server handles its own."""
        server = self.server
        assert server is not None
        try:
            while True:
                message = await queue.get()
                if message is None:
                    break
                peer.frame = message.pop("_frame", "")
                peer.account = message.pop("_account", "")  # signed in on the connection's own node
                await server.act(peer, message)
                if message["type"] in ("join", "rejoin") and peer.room is None:
                    if not self._idle(queue):
                        continue
                    break  # refused, or sent on to another node: nothing of it stays here
        finally:
            self.remote.pop(key, None)
            self._queues.pop(key, None)
            server.gone(peer)

    @staticmethod
    def _idle(queue: asyncio.Queue[dict[str, Any] | None]) -> bool:
        return queue.empty()

    # ------------------------------------------------------------ the lease
    async def _keep_lease(self) -> None:
        while not self._stopping:
            await asyncio.sleep(RENEW_EVERY)
            try:
                had = await self.nodes.renew()
            except StoreUnavailable:
                continue
            renewed, self._renewed = self._renewed, time.monotonic()
            if not had:
                log.warning("this node's lease had lapsed (%.1f s since it was last renewed): renewed",
                            self._renewed - renewed)
                await self._check_games()

    async def _check_games(self) -> None:
        """The lease had lapsed (Redis was away, or this node stood still): keep the games still
        this node's, let go of the ones another node took over."""
        server = self.server
        assert server is not None
        games = list(server.rooms)
        try:
            owners = await self.nodes.owners(games)
            for game, owner in zip(games, owners):
                if owner is None:
                    owner = await self.nodes.claim(game)
                room = server.rooms.get(game)
                if owner != self.node and room is not None:
                    log.warning("game %s was taken over by another node while this one was away", game)
                    server.evict(room)
        except StoreUnavailable:
            return

    # ------------------------------------------------------------ watching the others
    async def _watch(self) -> None:
        adopted = time.monotonic()
        while not self._stopping:
            # (twice as often while a node is seen without connections: its lease ends sooner)
            await asyncio.sleep(WATCH_EVERY / 2 if self._unseen else WATCH_EVERY)
            try:
                await self._watch_once()
                if time.monotonic() - adopted >= ADOPT_EVERY:
                    adopted = time.monotonic()
                    await self._adopt()
            except StoreUnavailable:
                continue

    async def _watch_once(self) -> None:
        server = self.server
        assert server is not None
        fronts = [p for p in server.connections.values() if p.owner and (p.remote or p.asked)]
        nodes = ({p.owner for p in fronts} | {key[0] for key in self._queues}) - {self.node}
        if not nodes:
            return
        # Only the nodes asked about may be found dead: connections and remote seats that
        # arrived while Redis answered (slowly, while it restarts) depend on nodes not asked.
        dead = nodes - await self.nodes.alive(nodes)
        dead |= await self._gone(nodes - dead, fronts)
        # A node seen with no connection to Redis is most likely dead: its players seated here
        # come back now, so that their new connection is ready when its lease is ended (were it
        # alive after all, their rejoin is simply answered by it).
        sent_back = dead | set(self._unseen)
        for peer in fronts:
            if peer.owner in dead and peer.remote is None and peer.asked is not None:
                # asked of a node that died: ask again
                asked, peer.asked, peer.owner, peer.frame = peer.asked, None, "", peer.asked_frame
                server.background(server.act(peer, asked))
            elif peer.owner in sent_back and peer.remote is not None and peer.ws is not None:
                peer.remote, peer.owner = None, ""
                server.background(peer.ws.close(1012, "the game moves to another server node: come back"))
        for key, queue in list(self._queues.items()):
            if key[0] in dead:
                queue.put_nowait(None)

    async def _gone(self, live: set[str], fronts: list[Peer]) -> set[str]:
        """Nodes whose lease still runs but whose process is gone: a join or rejoin asked of
        one has waited :data:`SUSPECT_AFTER` (its players came back here: their connections to
        it dropped), and none of its connections to Redis has been open for :data:`GONE_FOR`.
        Their leases are ended, so their games are taken over now rather than when the leases
        lapse (a machine that vanishes without closing its connections still waits for that)."""
        now = time.monotonic()
        suspects = {p.owner for p in fronts
                    if p.asked is not None and p.remote is None and now - p.asked_at >= SUSPECT_AFTER} & live
        for node in set(self._unseen) - suspects:
            del self._unseen[node]
        if not suspects:
            return set()
        try:
            connected = await self.nodes.connected(suspects)
        except StoreUnavailable as exc:  # (refused by an ACL, or Redis away: the leases decide)
            if not self._looks_refused:
                self._looks_refused = True
                log.warning("cannot see the nodes' connections to Redis (%s): a killed node's games wait "
                            "for its lease to lapse", exc)
            return set()
        gone = set()
        for node in suspects:
            if node in connected:
                self._unseen.pop(node, None)
            elif now - self._unseen.setdefault(node, now) >= GONE_FOR:
                await self.nodes.bury(node)
                del self._unseen[node]
                gone.add(node)
                log.info("node %s has no connection to Redis: its lease ended, its games taken over", node)
        return gone

    async def _adopt(self) -> None:
        """Take over a share of the games of nodes whose lease lapsed (the other live nodes
        take theirs): computers to move and turn timers go on without waiting for a person."""
        server = self.server
        assert server is not None
        orphans, live = await self.nodes.orphans()
        for games in orphans.values():
            random.shuffle(games)
            for game in games[:max(1, -(-len(games) // max(1, live)))]:
                if await self.take_over(game):
                    log.info("game %s taken over from a node that stopped answering", game)

    async def take_over(self, game: str) -> bool:
        """Serve ``game`` on this node if no live node does: claimed, read back as stored (after
        the claim: what another node did before letting it go is in it), its computers and its
        timer going on. False when another node serves it, this one already did, or it is
        finished or gone (a finished game is read back for its players only)."""
        server = self.server
        assert server is not None
        owner = await self.nodes.claim(game)
        if owner != self.node or game in server.rooms:
            return False
        room = await self.store.room(server.tiles, game)
        if room is None or room.finished:
            await self.nodes.release(game)
            return False
        server.adopt(room)
        return True

    def _background(self, work: Any) -> None:
        server = self.server
        assert server is not None
        server.background(work)
