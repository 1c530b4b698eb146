"""``--smoke``: prove a build works end to end in a few seconds (window, resources, a game)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path


def smoke(max_seconds: float = 60.0, turns: int = 200) -> int:
    import pygame

    from ..engine import Game, Rules
    from ..engine.record import Seat
    from .app import App
    from .files.storage import Settings, Storage
    from .session import play

    with tempfile.TemporaryDirectory(prefix="carcassonne-smoke-") as tmp:
        settings = Settings(animation="instant", sound=False, window_size=(1024, 768))
        app = App(Storage(Path(tmp)), settings=settings)
        app.fps = 500  # fast, yet each frame sleeps a little so the AI thread can think
        fallbacks = app.assets.load_all()
        seats = [Seat("North", "red", "ai:easy"), Seat("South", "blue", "ai:easy")]
        game = Game(app.tiles, Rules(), players=2, seed=1, names=[s.name for s in seats])
        play(app, game, seats)
        start = time.monotonic()
        frames = 0
        from .scenes.results import ResultsScene
        while not isinstance(app.top, ResultsScene) and time.monotonic() - start < max_seconds:
            app.frame(dt=0.05)
            frames += 1
            if game.turn_number >= turns:
                break
        ok = (isinstance(app.top, ResultsScene) or game.turn_number >= turns) and not fallbacks
        if fallbacks:
            print(f"smoke: missing resources (drawn stand-ins used): {', '.join(sorted(fallbacks))}")
        for _ in range(3):
            app.frame(dt=0.05)
        print(f"smoke: {'ok' if ok else 'FAILED'}: {game.turn_number} turns in {frames} frames, "
              f"{time.monotonic() - start:.1f} s; scores {game.scores}; drawn stand-ins: {len(fallbacks)}")
        app.shutdown()
        pygame.quit()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(smoke())
