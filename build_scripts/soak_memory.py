"""Memory soak (not a test): computer-played games back to back in a real window, for minutes.

Run it in a real window, since SDL's allocations are part of what it measures, at the
sizes players use (the screen a little larger than the window, so it is not shrunk):

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/soak_memory.py --size 1600x900 --no-tracemalloc
    xvfb-run -a -s '-screen 0 2560x1440x24' python build_scripts/soak_memory.py --size 1920x1080 --no-tracemalloc

It stops by itself after ``--minutes`` (20 by default). Each game is 2 to 4 players with
normal animation speed at 60 fps: computers (Easy and Normal, so turns are quick) and one
seat played by key presses as a person would, asking for a hint (``h``) and then laying
the tile on the next legal square (Tab) without a follower (Space). Every few seconds a
key zooms in or out, shows or hides the farm owners (``o``) or the move log (``l``). The
Results screen is shown for a few seconds before the next game starts, as a player
leaving the game running would see it. Every few seconds
it samples the process's resident memory (RSS, what the system sees: Python, SDL, fonts,
surfaces), the bytes of pictures the game's caches hold and the memory Python's allocator
holds (``tracemalloc``), then prints a table, the largest Python-level growth between the
first and the last sample, and a verdict: *flat* if the trend of the second half (a
least-squares line through its samples) is under ``--goal`` MiB a minute, else *growing*.
Each game's memory rises as its board fills and falls back when the next game starts, so
the trend through the RSS at each game's start is printed as well.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.art.picture_cache import held_bytes  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.scenes.play import HUMAN, PlayScene  # noqa: E402
from carcassonne.app.scenes.results import ResultsScene  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.app.ui.intents import KEY, Intent  # noqa: E402
from carcassonne.engine import COLORS, Game, Rules  # noqa: E402
from carcassonne.engine.record import Seat  # noqa: E402

MIB = 1024 * 1024
NAMES = ("Ann", "Bob", "Cid", "Dora")


def rss_bytes() -> int:
    """Resident set size now (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
        return int(fields[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def new_game(app: App, rng: random.Random) -> Game:
    players = rng.randint(2, 4)
    seats = [Seat(NAMES[i], COLORS[i], "human" if i == 0 else rng.choice(("ai:easy", "ai:normal")))
             for i in range(players)]
    rules = Rules(river=rng.random() < 0.5, farm_scoring=rng.choice(("third-edition", "first-edition")))
    game = Game(app.tiles, rules, players=players, seed=rng.randrange(1, 10**9),
                names=[s.name for s in seats])
    play(app, game, seats)
    return game


#: The keys pressed now and then during a game: zoom, the farm owners' view, the move log.
MIX_KEYS = (pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_o, pygame.K_l)


def press(app: App, key: int) -> None:
    """A key press as the window would report it."""
    app.dispatch(Intent(KEY, key=key))


class Player:
    """Plays the person's seat by keys: a hint first, then the next legal square, no follower."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.asked_at: float | None = None
        self.next_mix = 0.0

    def step(self, app: App, now: float) -> None:
        scene = app.top
        if not isinstance(scene, PlayScene):
            self.asked_at = None
            return
        if now >= self.next_mix:
            press(app, self.rng.choice(MIX_KEYS))
            self.next_mix = now + self.rng.uniform(1.0, 4.0)
        if scene.phase != HUMAN:
            self.asked_at = None
            return
        if self.asked_at is None:
            press(app, pygame.K_h)
            self.asked_at = now
        elif scene.coach.shown is not None or now - self.asked_at > 3.0:
            if scene.turn.pending is None:
                press(app, pygame.K_TAB)
            press(app, pygame.K_SPACE)
            press(app, pygame.K_SPACE)
            self.asked_at = None


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (t, y) points (y per unit of t)."""
    n = len(points)
    if n < 2:
        return 0.0
    mt = sum(t for t, _ in points) / n
    my = sum(y for _, y in points) / n
    den = sum((t - mt) ** 2 for t, _ in points)
    return sum((t - mt) * (y - my) for t, y in points) / den if den else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--every", type=float, default=10.0, help="seconds between samples")
    parser.add_argument("--size", default="1024x768")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results-seconds", type=float, default=3.0,
                        help="how long each game's Results screen stays up")
    parser.add_argument("--goal", type=float, default=0.25,
                        help="MiB a minute the second half's trend may show and still be called flat")
    parser.add_argument("--no-tracemalloc", action="store_true",
                        help="RSS only (tracemalloc slows Python down by about half)")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))

    if not args.no_tracemalloc:
        tracemalloc.start(1)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="carcassonne-soak-") as tmp:
        settings = Settings(animation="normal", sound=False, window_size=(w, h))
        app = App(Storage(Path(tmp)), settings=settings)
        print(f"video driver {pygame.display.get_driver()}, window {app.size[0]}x{app.size[1]}, "
              f"{app.fps} fps, {args.minutes:g} minutes", flush=True)
        start = time.monotonic()
        end = start + args.minutes * 60
        next_sample = start
        games = frames = turns_done = 0
        game = new_game(app, rng)
        person = Player(rng)
        results_since: float | None = None
        samples: list[tuple[float, int, int, int, int]] = []  # (t, rss, py, games, frames)
        starts: list[tuple[float, int]] = []  # (t, rss) as each game begins
        first_snapshot = None
        print(f"{'min':>6} {'RSS MiB':>8} {'pics MiB':>8} {'py MiB':>7} {'games':>6} {'frames':>8} {'fps':>5}",
              flush=True)
        last_frames, last_t = 0, start
        while time.monotonic() < end and app.running:  # closing the window (or SIGTERM, via SDL) stops it
            app.frame()
            frames += 1
            now = time.monotonic()
            person.step(app, now)
            if isinstance(app.top, ResultsScene):
                if results_since is None:
                    results_since = now
                    games += 1
                    turns_done += game.turn_number
                elif now - results_since >= args.results_seconds:
                    results_since = None
                    game = new_game(app, rng)
                    app.frame()
                    starts.append((time.monotonic() - start, rss_bytes()))
            if now >= next_sample:
                py = tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0
                rss = rss_bytes()
                samples.append((now - start, rss, py, games, frames))
                fps = (frames - last_frames) / max(1e-9, now - last_t)
                last_frames, last_t = frames, now
                print(f"{(now - start) / 60:6.2f} {rss / MIB:8.1f} {held_bytes() / MIB:8.1f} {py / MIB:7.2f} "
                      f"{games:6d} {frames:8d} {fps:5.0f}", flush=True)
                if first_snapshot is None and tracemalloc.is_tracing() and now - start >= 60:
                    first_snapshot = tracemalloc.take_snapshot()
                next_sample = now + args.every
        app.shutdown()

    print(f"\n{games} games ({turns_done} turns), {frames} frames in {(time.monotonic() - start) / 60:.1f} min")
    if first_snapshot is not None:
        last = tracemalloc.take_snapshot()
        print("largest Python-level growth since minute 1:")
        for stat in last.compare_to(first_snapshot, "lineno")[:8]:
            print(f"  {stat.size_diff / 1024:+9.1f} KiB  {stat.traceback[0]}")
    half = [s for s in samples if s[0] >= samples[-1][0] / 2] if samples else []
    if len(half) < 2:
        print("verdict: too short to tell")
        return 0
    grow_rss = (half[-1][1] - half[0][1]) / MIB
    grow_py = (half[-1][2] - half[0][2]) / MIB
    per_min = slope([(t / 60, rss / MIB) for t, rss, *_ in half])
    print(f"second half: RSS {half[0][1] / MIB:.1f} -> {half[-1][1] / MIB:.1f} MiB ({grow_rss:+.1f}), "
          f"trend {per_min:+.2f} MiB/min; Python {grow_py:+.2f} MiB; "
          f"peak RSS {max(s[1] for s in samples) / MIB:.1f} MiB")
    late_starts = [(t / 60, rss / MIB) for t, rss in starts if t >= samples[-1][0] / 2]
    if len(late_starts) >= 2:
        print(f"second half, at each game's start: {', '.join(f'{m:.1f}' for _, m in late_starts)} MiB, "
              f"trend {slope(late_starts):+.2f} MiB/min")
    flat = per_min < args.goal
    print(f"verdict: {'flat' if flat else 'growing'} (goal: under {args.goal:g} MiB/min)")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
