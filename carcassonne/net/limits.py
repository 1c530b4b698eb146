"""What one peer may ask of a server: every limit per address, per network and in all, in one place.

An address is cheap to change: an IPv6 home network holds 2^64 of them and an IPv4
provider hands out neighbouring ones. So each limit counted per address is counted per
network as well (:func:`network_of`: the /64 of an IPv6 address, the /24 of an IPv4 one),
with a larger allowance, and whatever one network does cannot exhaust the server for the
others.

:class:`Limits` is the policy (which events are counted where, and how many are allowed);
:class:`Counts` is where the counts are kept. :class:`LocalCounts` keeps them in this
process's memory; a server of several nodes gives every node the same shared counts (a
Redis holding the same sliding windows and sets) and the policy stays as it is. Open
connections are the one count that stays per node (:class:`ConnectionGate`): they are
this process's file descriptors.
"""

from __future__ import annotations

import ipaddress
import resource
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Protocol

from .protocol import ProtocolError

#: Keys a :class:`LocalCounts` remembers at most (the least recently used are forgotten).
REMEMBERED_KEYS = 100_000


def network_of(address: str) -> str:
    """The network an address belongs to, as limits count it: its /64 (IPv6) or /24 (IPv4).
    An IPv4 address written as IPv6 (``::ffff:a.b.c.d``) counts as IPv4; anything that is
    not an address is its own network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    bits = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


@dataclass(frozen=True)
class Allowance:
    """At most ``count`` events in ``window`` seconds."""

    count: int
    window: float


class Counts(Protocol):
    """Where the limits' counts are kept: sliding windows of events and sets of members."""

    async def events(self, key: str, window: float, now: float) -> tuple[int, float]:
        """Events under ``key`` in the last ``window`` seconds, and when the oldest of them happened."""

    async def add_event(self, key: str, window: float, now: float) -> None:
        """One more event under ``key`` (events older than ``window`` may be forgotten)."""

    async def add_member(self, key: str, member: str) -> None:
        """``member`` joins the set ``key``."""

    async def remove_member(self, key: str, member: str) -> None:
        """``member`` leaves the set ``key`` (nothing if it was not there)."""

    async def members(self, key: str) -> int:
        """How many members the set ``key`` has."""


class LocalCounts:
    """Counts in this process's memory (one server process, or the game's own host).

    The number of keys is bounded (:data:`REMEMBERED_KEYS`): a flood of new addresses
    forgets the oldest windows, never grows the memory without end. Sets are never
    forgotten: they hold what is still open (games), which the server bounds itself."""

    def __init__(self, remembered: int = REMEMBERED_KEYS) -> None:
        self.remembered = remembered
        self._windows: OrderedDict[str, deque[float]] = OrderedDict()
        self._sets: dict[str, set[str]] = {}

    async def events(self, key: str, window: float, now: float) -> tuple[int, float]:
        times = self._windows.get(key)
        if times is None:
            return 0, now
        while times and now - times[0] > window:
            times.popleft()
        return len(times), (times[0] if times else now)

    async def add_event(self, key: str, window: float, now: float) -> None:
        times = self._windows.get(key)
        if times is None:
            if len(self._windows) >= self.remembered:
                self._windows.popitem(last=False)
            times = self._windows[key] = deque()
        else:
            self._windows.move_to_end(key)
        while times and now - times[0] > window:
            times.popleft()
        times.append(now)

    async def add_member(self, key: str, member: str) -> None:
        self._sets.setdefault(key, set()).add(member)

    async def remove_member(self, key: str, member: str) -> None:
        members = self._sets.get(key)
        if members is not None:
            members.discard(member)
            if not members:
                del self._sets[key]

    async def members(self, key: str) -> int:
        return len(self._sets.get(key, ()))


@dataclass
class Policy:
    """The numbers. Per network is always more than per address: a family, a school or an
    office shares one network, and a network must not be able to do what an address cannot."""

    #: Wrong join codes and tokens.
    failures: Allowance = Allowance(10, 60.0)
    failures_network: Allowance = Allowance(30, 60.0)
    #: Games created (however many are left waiting, under way or done).
    creates: Allowance = Allowance(30, 3600.0)
    creates_network: Allowance = Allowance(100, 3600.0)
    #: Games in memory, not yet finished, that one address created (waiting or under way).
    games: int = 50
    games_network: int = 150
    #: Of those, games with a computer player in them (computers think on the server's processors).
    computer_games: int = 4
    computer_games_network: int = 12
    #: Questions of which kept games wait on the asker's move (``my_turns``: a client asks every few
    #: minutes, a few questions of 20 tokens to each server; each may read 20 games back from the store).
    turn_asks: Allowance = Allowance(12, 60.0)
    turn_asks_network: Allowance = Allowance(60, 60.0)
    #: Chat lines: per seat of a game (whatever connection says them), and per address.
    chat_seat: Allowance = Allowance(8, 10.0)
    chat_address: Allowance = Allowance(16, 10.0)
    chat_network: Allowance = Allowance(40, 10.0)

    @classmethod
    def own_server(cls) -> Policy:
        """A server started with ``--allow-seeds`` (tests, tournaments, ``simulate --server``,
        whose clients are trusted with the deal): no limit on the games one address creates
        or holds; every other limit stays."""
        unlimited = Allowance(10**9, 3600.0)
        return cls(creates=unlimited, creates_network=unlimited, games=10**9, games_network=10**9,
                   computer_games=10**9, computer_games_network=10**9)


class Limits:
    """Every limit a peer meets, counted per address and per network (:func:`network_of`).

    Each check raises :class:`~.protocol.ProtocolError` with the code the protocol names
    (``rate-limited``, ``too-many-games``, ``too-many-computers``, ``chat-flood``) and one
    line saying when to try again."""

    def __init__(self, counts: Counts | None = None, policy: Policy | None = None) -> None:
        self.counts: Counts = counts if counts is not None else LocalCounts()
        self.policy = policy or Policy()

    # ------------------------------------------------------------ joins
    async def check_joins(self, address: str) -> None:
        """Before a join or a rejoin: too many wrong codes or tokens lately is refused."""
        now, p = time.time(), self.policy
        for key, allowance in ((f"fail:{address}", p.failures),
                               (f"fail-net:{network_of(address)}", p.failures_network)):
            count, oldest = await self.counts.events(key, allowance.window, now)
            if count >= allowance.count:
                wait = max(1.0, allowance.window - (now - oldest))
                raise ProtocolError(f"too many wrong codes or tokens from this network: try again in "
                                    f"{wait:.0f} s", "rate-limited")

    async def join_failed(self, address: str) -> None:
        now, p = time.time(), self.policy
        await self.counts.add_event(f"fail:{address}", p.failures.window, now)
        await self.counts.add_event(f"fail-net:{network_of(address)}", p.failures_network.window, now)

    async def check_turn_asks(self, address: str) -> None:
        """A ``my_turns`` question: a few a minute per address and per network, then refused."""
        now, p = time.time(), self.policy
        keys = ((f"turns:{address}", p.turn_asks), (f"turns-net:{network_of(address)}", p.turn_asks_network))
        for key, allowance in keys:
            count, oldest = await self.counts.events(key, allowance.window, now)
            if count >= allowance.count:
                wait = max(1.0, allowance.window - (now - oldest))
                raise ProtocolError(f"asked too often which games wait on you: try again in {wait:.0f} s",
                                    "rate-limited")
        for key, allowance in keys:
            await self.counts.add_event(key, allowance.window, now)

    # ------------------------------------------------------------ games
    async def check_create(self, address: str, computers: bool) -> None:
        """Before a game is created: how many this address and its network made lately, how
        many of theirs are open now, and (``computers``) how many of those have computer players."""
        now, p, net = time.time(), self.policy, network_of(address)
        for key, allowance in ((f"create:{address}", p.creates), (f"create-net:{net}", p.creates_network)):
            count, oldest = await self.counts.events(key, allowance.window, now)
            if count >= allowance.count:
                wait = allowance.window - (now - oldest)
                raise ProtocolError(f"{count} games were created from this network in the last "
                                    f"{allowance.window / 60:.0f} min: try again in {wait / 60:.0f} min",
                                    "too-many-games")
        for key, most in ((f"games:{address}", p.games), (f"games-net:{net}", p.games_network)):
            held = await self.counts.members(key)
            if held >= most:
                raise ProtocolError(f"{held} games from this network are open (waiting for players or "
                                    "under way): finish or leave some first", "too-many-games")
        if computers:
            for key, most in ((f"ai:{address}", p.computer_games), (f"ai-net:{net}", p.computer_games_network)):
                held = await self.counts.members(key)
                if held >= most:
                    raise ProtocolError(f"{held} games with computer players from this network are under "
                                        "way: finish some first", "too-many-computers")

    async def game_opened(self, address: str, game: str, computers: bool) -> None:
        now, p, net = time.time(), self.policy, network_of(address)
        await self.counts.add_event(f"create:{address}", p.creates.window, now)
        await self.counts.add_event(f"create-net:{net}", p.creates_network.window, now)
        for key in (f"games:{address}", f"games-net:{net}") + (
                (f"ai:{address}", f"ai-net:{net}") if computers else ()):
            await self.counts.add_member(key, game)

    async def game_closed(self, address: str, game: str) -> None:
        """The game finished or left memory: it no longer counts as open."""
        net = network_of(address)
        for key in (f"games:{address}", f"games-net:{net}", f"ai:{address}", f"ai-net:{net}"):
            await self.counts.remove_member(key, game)

    # ------------------------------------------------------------ chat
    async def check_chat(self, address: str, seat: str) -> None:
        """A chat line: per seat (``seat`` names the game and the seat, whatever connection
        holds it), per address and per network."""
        now, p = time.time(), self.policy
        keys = ((f"chat-seat:{seat}", p.chat_seat), (f"chat:{address}", p.chat_address),
                (f"chat-net:{network_of(address)}", p.chat_network))
        for key, allowance in keys:
            count, _oldest = await self.counts.events(key, allowance.window, now)
            if count >= allowance.count:
                raise ProtocolError("slow down: a few chat lines at a time", "chat-flood")
        for key, allowance in keys:
            await self.counts.add_event(key, allowance.window, now)


# ---------------------------------------------------------------- connections
#: File descriptors kept for everything but connections: the lobby database, records being
#: written, the computer players' pipes, the log.
FD_RESERVE = 64
#: Connections one server process holds at most, whatever its file descriptors allow.
MAX_CONNECTIONS = 10_000
CONNECTIONS_PER_ADDRESS = 16
CONNECTIONS_PER_NETWORK = 64


def raise_fd_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (a service's soft
    limit is often 1024) and return the connections that leaves room for."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        if soft != resource.RLIM_INFINITY and wanted > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    except (ValueError, OSError):
        return MAX_CONNECTIONS
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - max(FD_RESERVE, soft // 10)))


class ConnectionGate:
    """Open connections of this process, per address, per network and in all.

    Checked when a connection is accepted, before its handshake: a refused connection is
    closed at once, so idle connections from one place can neither use up the file
    descriptors that saving games needs nor lock other players out."""

    def __init__(self, total: int = MAX_CONNECTIONS, per_address: int = CONNECTIONS_PER_ADDRESS,
                 per_network: int = CONNECTIONS_PER_NETWORK) -> None:
        self.total, self.per_address, self.per_network = total, per_address, per_network
        self.open = 0
        self._by_key: dict[str, int] = {}
        #: Connections refused since the last time the server logged it.
        self.refused = 0

    def admit(self, address: str, exempt: bool = False) -> bool:
        """Count a new connection from ``address``, or False (not counted) if it is one too many.
        ``exempt``: a trusted proxy, whose players are counted by the address it forwards
        (:meth:`admit_forwarded`)."""
        if self.open >= self.total or (not exempt and not self._fits(address)):
            self.refused += 1
            return False
        self.open += 1
        if not exempt:
            self._count(address, 1)
        return True

    def release(self, address: str, exempt: bool = False) -> None:
        self.open -= 1
        if not exempt:
            self._count(address, -1)

    def admit_forwarded(self, address: str) -> bool:
        """A player behind a trusted proxy, counted by the address the proxy forwarded."""
        if not self._fits(address):
            self.refused += 1
            return False
        self._count(address, 1)
        return True

    def release_forwarded(self, address: str) -> None:
        self._count(address, -1)

    def _fits(self, address: str) -> bool:
        return (self._by_key.get(f"a:{address}", 0) < self.per_address
                and self._by_key.get(f"n:{network_of(address)}", 0) < self.per_network)

    def _count(self, address: str, step: int) -> None:
        for key in (f"a:{address}", f"n:{network_of(address)}"):
            left = self._by_key.get(key, 0) + step
            if left > 0:
                self._by_key[key] = left
            else:
                self._by_key.pop(key, None)
