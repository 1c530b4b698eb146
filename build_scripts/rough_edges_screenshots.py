"""Screenshots of the rough edges a tester saw, one or more per point, in a real window (run
under Xvfb), so each can be looked at before and after its fix.

    Xvfb :94 -screen 0 1920x1080x24 &
    DISPLAY=:94 python build_scripts/rough_edges_screenshots.py --size 1024x768 --out docs/screenshots/rough-edges

1. the replay's early turns and its final scoring; 2. the results after Save; 3. Tab placement's
message; 4. the turn and the place as the header, the Load list, the move log and the replay say
them; 5. the Rules, the side panel after a change of language, the buttons' keys, Spanish lesson 5;
6. the New game colours, O without farmers, the Replays list, the lit squares beside the panel.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import screenshots  # noqa: E402
from screenshots import ai_game, shot  # noqa: E402

from carcassonne import i18n  # noqa: E402
from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver  # noqa: E402
from carcassonne.app.files.replay import Replay  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.engine import Rules  # noqa: E402
from carcassonne.engine.record import GameRecord, Seat  # noqa: E402

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue"), Seat("Cid", "green", "ai:normal")]


def handed_over(app: App, d: Driver, game: Any) -> Any:
    """``game`` in the Play scene, past the hand-over, the pointer off the board."""
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.move(scene.rects["deck"].center)
    d.frames(2)
    return scene


def replay_shots(app: App, d: Driver, tag: str) -> None:
    """1. A whole game in the replay: turn 3, turn 30, and the final scoring."""
    whole = ai_game(app, SEATS, 200, seed=5)
    whole.finish()
    app.replace_scene("replay", replay=Replay(GameRecord.from_game(whole, SEATS), app.tiles, "game"))
    d.frames(2)
    scene = app.top
    for step in (3, 30):
        scene.go(step)
        d.frames(30)
        shot(app, f"1-replay-turn-{step}-{tag}")
    d.key(pygame.K_END)
    d.frames(30)
    shot(app, f"1-replay-final-scoring-{tag}")
    final = [e for e in whole.events if e.final]
    scene = app.replace_scene("final", game=whole, seats=SEATS, final=final)
    d.frames(3)  # the first feature lit
    shot(app, f"1-final-scoring-first-feature-{tag}")
    scene.advance()
    scene.advance()
    d.frames(3)
    shot(app, f"1-final-scoring-third-feature-{tag}")


def results_saved(app: App, d: Driver, tag: str) -> None:
    """2. The results after Save: where "Saved as …" is written."""
    whole = ai_game(app, SEATS, 200, seed=5)
    final = whole.finish()
    app.replace_scene("results", game=whole, seats=SEATS, final=final)
    d.frames(200)
    scene = app.top
    d.click(scene.buttons["save"].rect.center)
    d.move((5, 5))
    d.frames(2)
    shot(app, f"2-results-saved-{tag}")


def tab_placement(app: App, d: Driver, tag: str) -> None:
    """3. Tab places the tile with the keyboard; the message says where."""
    handed_over(app, d, ai_game(app, SEATS, 12, seed=8, stop_at_player=0))
    d.key(pygame.K_TAB)
    d.frames(2)
    shot(app, f"3-tab-placement-{tag}")


def turn_and_place(app: App, d: Driver, tag: str) -> None:
    """4. The same game: the header's turn, the Load list's, and a place in the move log and the replay."""
    game = ai_game(app, SEATS, 3, seed=8, stop_at_player=0)
    scene = handed_over(app, d, game)
    shot(app, f"4-play-header-{tag}")
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)  # saved three turns in: the Load list names its turn
    d.key(pygame.K_l)
    d.frames(2)
    shot(app, f"4-move-log-{tag}")
    d.key(pygame.K_l)
    app.replace_scene("title")
    d.frames(2)
    d.key(pygame.K_l)
    d.frames(40)
    shot(app, f"4-load-list-{tag}")
    d.key(pygame.K_ESCAPE)
    far = ai_game(app, SEATS, 60, seed=5)
    record = GameRecord.from_game(far, SEATS)
    replay = Replay(record, app.tiles, "game")
    app.replace_scene("replay", replay=replay)
    scene = app.top
    scene.go(60)
    d.frames(30)
    shot(app, f"4-replay-place-{tag}")
    # the analysis of the same game, its costliest turns made up (no search needed to see the words):
    # the people's three moves farthest from the start, each "worse" than the same tile turned
    from carcassonne.ai.analysis import TurnAnalysis
    from carcassonne.app.files import analysis_job
    from carcassonne.engine import Move

    people = sorted(analysis_job.analysed_players(SEATS))
    moves = [(k, t) for k, t in enumerate(record.turns, start=1)
             if isinstance(t, Move) and replay.player_of[k - 1] in people]
    farthest = sorted(moves, key=lambda kt: -(abs(kt[1].x) + abs(kt[1].y)))[:3]
    analysis_job._finished[(record.to_json(), tuple(people))] = [
        TurnAnalysis(k, replay.player_of[k - 1], SEATS[replay.player_of[k - 1]].name, t,
                     t._replace(rotation=(t.rotation + 90) % 360, follower=None), 0.0, 6.0 - i)
        for i, (k, t) in enumerate(farthest)]
    d.key(pygame.K_a)
    d.frames(5)
    d.move((5, 5))
    shot(app, f"4-analysis-place-{tag}")
    app.replace_scene("title")
    d.frames(2)


def languages(app: App, d: Driver, tag: str) -> None:
    """5. The Rules in German, the side panel after switching to German mid-game, Spanish buttons,
    Spanish lesson 5."""
    from carcassonne.app.ui.widgets import Choice

    i18n.set_language("de")
    app.replace_scene("title")
    app.push_scene("rules")
    d.frames(2)
    d.key(pygame.K_PAGEDOWN)
    d.frames(2)
    shot(app, f"5-rules-de-{tag}")
    i18n.set_language("en")
    app.replace_scene("title")
    handed_over(app, d, ai_game(app, SEATS, 20, seed=8, stop_at_player=0))
    app.push_scene("settings")
    d.frames(2)
    language = next(w for w in app.top.widgets if isinstance(w, Choice) and w.label == "Language")
    while i18n.language() != "de":
        d.click(language.rect.center)
    d.frames(2)
    shot(app, f"5-language-changed-in-game-{tag}")
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    shot(app, f"5-play-de-{tag}")
    i18n.set_language("es")
    d.frames(2)
    shot(app, f"5-play-es-{tag}")
    app.replace_scene("title")
    app.push_scene("tutorial")
    d.frames(2)
    shot(app, f"5-tutorial-list-es-{tag}")
    i18n.set_language("en")


def small_things(app: App, d: Driver, tag: str) -> None:
    """6. New game's colours, O in a game without farmers, the Replays list, the lit squares."""
    app.replace_scene("title")
    d.key(pygame.K_n)
    d.frames(2)
    scene = app.top
    while len(scene.rows) < 4:  # green and yellow too
        d.click(scene.add.rect.center)
    d.move((5, 5))
    shot(app, f"6-new-game-{tag}")
    d.key(pygame.K_ESCAPE)
    no_farmers = ai_game(app, SEATS, 10, seed=8, stop_at_player=0, rules=Rules(farmers=False))
    handed_over(app, d, no_farmers)
    d.key(pygame.K_o)
    d.frames(2)
    shot(app, f"6-o-without-farmers-{tag}")
    whole = ai_game(app, SEATS, 200, seed=5)
    whole.finish()
    app.storage.save_game(GameRecord.from_game(whole, SEATS))
    app.replace_scene("title")
    app.push_scene("replays")
    d.frames(2)
    shot(app, f"6-replays-list-{tag}")
    people = [Seat("Ann", "red"), Seat("Bob", "blue")]
    play(app, ai_game(app, people, 2, seed=7), people)
    scene = app.top
    for _turn in range(15):  # two people lay their tiles at the board's east end, towards the panel
        d.key(pygame.K_RETURN)
        d.frames(10)
        d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        d.key(pygame.K_SPACE)
        d.key(pygame.K_SPACE)
        d.frames(10)
    d.key(pygame.K_RETURN)
    d.move(scene.rects["deck"].center)
    d.frames(20)
    shot(app, f"6-lit-squares-{tag}")
    app.replace_scene("title")


POINTS: dict[str, Callable[[App, Driver, str], None]] = {
    "1": replay_shots, "2": results_saved, "3": tab_placement, "4": turn_and_place, "5": languages,
    "6": small_things}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1024x768")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "rough-edges")
    parser.add_argument("--only", default="123456", help="which points, e.g. 15")
    args = parser.parse_args()
    screenshots.OUT = args.out.resolve()
    screenshots.OUT.mkdir(parents=True, exist_ok=True)
    width, height = (int(v) for v in args.size.split("x"))
    settings = Settings(window_size=(width, height), animation="fast", sound=False)
    app = App(Storage(Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))), settings=settings)
    d = Driver(app, dt=0.05)
    i18n.set_language("en")
    app.push_scene("title")
    d.frames(2)
    for point in args.only:
        POINTS[point](app, d, args.size)
    app.shutdown()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
