"""What a server counts for its operators, served as ``GET /metrics`` in Prometheus's text format.

The counting is ``prometheus-client``'s, an optional dependency (``carcassonne[server]``):
``carcassonne server`` counts when it is installed, and the server inside the game (and a
server without it) counts nothing at no cost, so the game itself never imports it. Each
server has a registry of its own (a process may hold several servers: the tests do).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import Server

#: Upper bounds (seconds) of the move round trip's buckets: the goals are 50 and 100 ms.
MOVE_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
REDIS_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0)


class Meters:
    """The server's gauges, counters and histograms; every method does nothing when off."""

    def __init__(self, enabled: bool = False) -> None:
        self._on = False
        if not enabled:
            return
        try:
            import prometheus_client as prom
        except ImportError:
            return
        self._prom: Any = prom
        self.registry = prom.CollectorRegistry()
        self._games = prom.Gauge("carcassonne_games", "Games this server holds (waiting for players or under way)",
                                 registry=self.registry)
        self._connections = prom.Gauge("carcassonne_connections", "WebSocket connections open on this server",
                                       registry=self.registry)
        self._moves = prom.Counter("carcassonne_moves", "Turns played and stored (rate() gives moves a second)",
                                   registry=self.registry)
        self._move_seconds = prom.Histogram(
            "carcassonne_move_round_trip_seconds",
            "From a player's move received to its turn sent back to that player (through Redis when the "
            "game's owner is another node)", buckets=MOVE_BUCKETS, registry=self.registry)
        self._redis_seconds = prom.Histogram("carcassonne_redis_round_trip_seconds",
                                             "Round trips to the shared Redis", buckets=REDIS_BUCKETS,
                                             registry=self.registry)
        self._on = True

    def watch(self, server: Server) -> None:
        """The gauges read the server when they are asked."""
        if self._on:
            self._games.set_function(lambda: len(server.rooms))
            self._connections.set_function(lambda: len(server.connections))

    def moved(self) -> None:
        if self._on:
            self._moves.inc()

    def move_trip(self, seconds: float) -> None:
        if self._on:
            self._move_seconds.observe(seconds)

    def redis_trip(self, seconds: float) -> None:
        if self._on:
            self._redis_seconds.observe(seconds)

    def page(self) -> tuple[str, str] | None:
        """The content type and text of ``/metrics``, or None when nothing is counted."""
        if not self._on:
            return None
        return str(self._prom.CONTENT_TYPE_LATEST), self._prom.generate_latest(self.registry).decode()
