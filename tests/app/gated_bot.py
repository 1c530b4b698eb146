"""A computer player held at a gate, so tests control when its turn is decided."""

from __future__ import annotations

import threading


def install_gated_bot(monkeypatch, timeout: float = 10) -> threading.Event:  # noqa: ANN001
    """Every computer seat waits for the returned event, then places its tile at the first legal spot."""
    gate = threading.Event()

    class GatedBot:
        def choose(self, game):  # noqa: ANN001
            gate.wait(timeout)
            tile = game.draw()
            return game.legal_placements(tile)[0].with_follower(None)

    monkeypatch.setattr("carcassonne.app.play.turn.make_bot", lambda level, seed: GatedBot())
    return gate
