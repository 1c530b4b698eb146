"""The post-game analysis in a real window: its progress bar, each player's costliest turns,
and a costly turn in the replay with the better move see-through, into docs/screenshots/analysis/.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/analysis_screenshots.py --size 1920x1080

The game is a whole one between computer players: Bob plays Normal, and Ann, the person at
the table, plays as Hard would except that she once throws away the city she could have
closed, so that one blunder stands out from the small losses of good play; the analysis is
the game's own (from the Results screen, key A), so the times are real too.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import screenshots  # noqa: E402
from screenshots import shot  # noqa: E402

from carcassonne import i18n  # noqa: E402
from carcassonne.ai import get_bot  # noqa: E402
from carcassonne.ai.heuristics import Evaluator  # noqa: E402
from carcassonne.ai.simple import ranked_moves  # noqa: E402
from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.engine import Game, Move, Rules  # noqa: E402
from carcassonne.engine.record import Seat  # noqa: E402


def closes_own_city(game: Game, move: Move) -> bool:
    trial = game.copy()
    n = len(trial.events)
    trial.push(move)
    return any(e.feature == "city" and game.current in e.players and e.points >= 6 for e in trial.events[n:])


def game_with_a_thrown_away_city(app: App, seats: list[Seat], seed: int = 12) -> Game:
    game = Game(app.tiles, Rules(), players=len(seats), seed=seed, names=[s.name for s in seats])
    bots = [get_bot("hard" if i == 0 else "normal", seed * 7 + i) for i in range(len(seats))]
    thrown = False
    while game.draw() is not None:
        move = bots[game.current].choose(game)
        if not thrown and game.current == 0 and closes_own_city(game, move):
            ranked = ranked_moves(game, move.tile, Evaluator(game))
            move = next(m for _, m in reversed(ranked) if not closes_own_city(game, m))
            thrown = True
            print("Ann throws away a city on turn", game.turn_number + 1)
        game.play(move)
    return game


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    screenshots.OUT = ROOT / "docs" / "screenshots" / "analysis"
    screenshots.OUT.mkdir(parents=True, exist_ok=True)
    settings = Settings(window_size=(w, h), animation="fast", sound=False, language=args.language)
    app = App(Storage(Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))), settings=settings)
    i18n.set_language(args.language)
    d = Driver(app, dt=0.05)
    seats = [Seat("Ann", "red"), Seat("Bob", "blue", "ai:normal")]
    game = game_with_a_thrown_away_city(app, seats)
    final = game.finish()
    app.replace_scene("results", game=game, seats=seats, final=final)
    d.key(pygame.K_RETURN)
    d.frames(2)
    prefix = f"{w}x{h}{'' if args.language == 'en' else '-' + args.language}"
    shot(app, f"{prefix}-1-results")
    start = time.monotonic()
    d.key(pygame.K_a)
    scene = app.top
    while scene.job.running and scene.job.progress.fraction < 0.4:
        d.frames(1)
        time.sleep(0.05)
    shot(app, f"{prefix}-2-analysing")
    while scene.job.running:
        d.frames(1)
        time.sleep(0.05)
    print(f"analysed {len(scene.job.turns or [])} turns in {time.monotonic() - start:.1f} s", scene.job.error)
    d.frames(2)
    shot(app, f"{prefix}-3-costliest-turns")
    d.key(pygame.K_1)
    d.frames(3)
    shot(app, f"{prefix}-4-replay-both-moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
