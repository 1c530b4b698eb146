"""The Play screen in each language, in a real window: a hovered square's why-not sentence, a
refused drop's message, and the Settings with their Language choice, into docs/screenshots/languages/.

    xvfb-run -a -s '-screen 0 1024x768x24' python build_scripts/language_screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import screenshots  # noqa: E402
from screenshots import ai_game, hover, shot  # noqa: E402

from carcassonne import i18n  # noqa: E402
from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.engine import Placement  # noqa: E402
from carcassonne.engine.aids import dead_spots, tiles_that_fit  # noqa: E402
from carcassonne.engine.record import Seat  # noqa: E402


def main() -> int:
    screenshots.OUT = ROOT / "docs" / "screenshots" / "languages"
    screenshots.OUT.mkdir(parents=True, exist_ok=True)
    settings = Settings(window_size=(1024, 768), animation="fast", sound=False)
    app = App(Storage(Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))), settings=settings)
    d = Driver(app, dt=0.05)
    seats = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green", "ai:normal")]
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        game = ai_game(app, seats, 40, seed=21, stop_at_player=0)
        play(app, game, seats)
        d.frames(2)
        d.key(pygame.K_RETURN)  # hand-over
        scene = app.top
        turn = scene.turn
        legal, dead = turn.legal_cells(), dead_spots(game)
        # the tooltip's why-not: an open square the tile does not fit, next to the board's middle
        bad = sorted((c for c in game.open_positions() if c not in legal and c not in dead
                      and tiles_that_fit(game, *c)), key=lambda c: abs(c[0]) + abs(c[1]))
        hover(d, scene, *bad[0])
        shot(app, f"{code}-play-why-not")
        # a refused drop: the whole sentence under the board
        wrong = [c for c in bad if game.why_not_placement(Placement(turn.tile, *c, turn.rotation)).rule
                 == "edge-mismatch"]
        d.key(pygame.K_HOME)
        d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(*wrong[0]), steps=4)
        d.move(scene.rects["deck"].center)
        shot(app, f"{code}-play-refused-drop")
        app.replace_scene("title")
        app.push_scene("settings")
        d.frames(2)
        shot(app, f"{code}-settings")
        app.replace_scene("title")
        d.frames(2)
    i18n.set_language("en")
    return 0


if __name__ == "__main__":
    sys.exit(main())
