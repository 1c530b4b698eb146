"""Screenshots for every player at the table: the colour-vision pieces, keyboard play's focus ring,
the farm owners named, the score track's initials, the size of text and panels, the turn timer said
and run out, the Join screen's answer, a tutorial step's feedback, inns and cathedrals on the board,
a finished game kept.

    xvfb-run -a -s '-screen 0 3840x2160x24' python build_scripts/access_screenshots.py [--size 1920x1080] \
        [--percent 200] [--out DIR]

Taken in a real window with synthetic mouse and keyboard input, into
``docs/screenshots/every-player/<width>x<height>[-<percent>]/``; each picture is kept in 256
colours (a screen of flat panels and tiles loses nothing a reader needs).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CARCASSONNE_NET_LOCAL"] = "1"  # the hosted game stays on 127.0.0.1

import pygame  # noqa: E402
from PIL import Image  # noqa: E402

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.driver import Driver, show_cell  # noqa: E402
from carcassonne.app.files.storage import SeatSetup, Settings, Setup, Storage  # noqa: E402
from carcassonne.app.session import play  # noqa: E402
from carcassonne.engine import Game, Rules  # noqa: E402
from carcassonne.engine.record import GameRecord, Seat  # noqa: E402
from carcassonne.net.link import Link  # noqa: E402
from carcassonne.net.table import Desync, TableState  # noqa: E402

SEATS = [Seat("Ann", "red"), Seat("Bob", "green"), Seat("Cid", "blue", "ai:normal"), Seat("Dora", "yellow"),
         Seat("Eve", "pink", "ai:hard"), Seat("Finn", "black")]


def save(surface: pygame.Surface, path: Path) -> None:
    """``surface`` as a 256-colour PNG (a third of the bytes of a true-colour one; the octree keeps
    a rare colour, the cathedral's violet, that a median cut turns blue)."""
    img = Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    if os.environ.get("SHOTS_RAW"):
        img.save(path.with_suffix(".raw.png"))
    img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)
    print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def shot(app: App, folder: Path, name: str, area: pygame.Rect | None = None) -> None:
    """The window (or ``area`` of it) as ``name``.png."""
    app.frame(0.016)
    app.draw()
    save(app.screen.subsurface(area) if area is not None else app.screen, folder / f"{name}.png")


def until(d: Driver, done: Callable[[], bool], seconds: float = 20.0) -> bool:
    """Frames until ``done`` (the network answers in its own threads), at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        d.frames(1)
        if done():
            return True
        pygame.time.wait(10)
    return False


def ai_game(app: App, turns: int, seed: int, rules: Rules) -> Game:
    """A six-player game between computer players, ``turns`` in, on Ann's turn."""
    from carcassonne.ai import get_bot

    game = Game(app.tiles, rules, players=len(SEATS), seed=seed, names=[s.name for s in SEATS])
    bots = [get_bot("normal", seed * 7 + i) for i in range(len(SEATS))]
    while game.turn_number < turns or game.current != 0:
        if game.draw() is None:
            break
        game.play(bots[game.current].choose(game))
    return game


def play_screen(app: App, d: Driver, folder: Path) -> None:
    """Six players with the colour-vision pieces, a tile and a follower placed with Tab and F (the
    focus rings), the farm owners named, the score track's initials; then Settings."""
    game = ai_game(app, 40, seed=12, rules=Rules(inns_cathedrals=True))
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)  # the hand-over
    scene = app.top
    d.move(scene.rects["deck"].center)  # no tooltip
    d.key(pygame.K_HOME)
    d.key(pygame.K_TAB)
    d.key(pygame.K_f)
    d.frames(3)
    shot(app, folder, "01-play-keys-focus-colour-vision")
    track = scene.rects["track"]
    shot(app, folder, "02-score-track-initials", track.inflate(0, track.h).clip(app.screen.get_rect()))
    d.key(pygame.K_o)  # the farm owners, named
    d.frames(2)
    shot(app, folder, "03-farm-owners-named")
    d.key(pygame.K_o)
    inns_and_cathedrals(app, d, folder, scene, game)
    app.push_scene("settings")
    d.frames(2)
    shot(app, folder, "05-settings")
    app.pop(app.top)


def inns_and_cathedrals(app: App, d: Driver, folder: Path, scene: object, game: Game) -> None:
    """The board at the zoom a game opens with, on a cathedral whose city holds a follower, inns near."""
    occupied = [f for f in game.features("city", occupied=True) if "cathedral" in f.marks]
    cathedrals = [(x, y) for x, y, o in game.placed_tiles() if o.kind.id == "IC1"]
    held = [c for c in cathedrals if any(c in f.tiles for f in occupied)] or cathedrals
    if not held:
        print("no cathedral on the board: no inns-and-cathedrals shot")
        return
    x, y = held[0]
    for _ in range(3):  # the follower, then the tile, taken back: the board alone
        if scene.turn.pending is None:  # type: ignore[attr-defined]
            break
        d.key(pygame.K_z, pygame.KMOD_CTRL)
    show_cell(d, scene, x, y, 112)
    d.move(scene.rects["deck"].center)  # type: ignore[attr-defined]
    d.frames(2)
    shot(app, folder, "04-inns-and-cathedrals")


def new_game(app: App, d: Driver, folder: Path) -> None:
    """New game open to the network: the turn timer and what it does."""
    app.replace_scene("new_game")
    d.frames(1)
    form = app.top
    form._set_network(True)  # type: ignore[attr-defined]
    d.frames(2)
    shot(app, folder, "06-new-game-network-timer")


class Friend:
    """Bob's copy of the game, reduced to its link and its table."""

    def __init__(self, url: str, app: App) -> None:
        self.link, self.table = Link(url, app.tiles), TableState(app.tiles)

    def frame(self) -> None:
        for message in self.link.poll():
            try:
                self.table.apply(message)
            except Desync:
                self.link.send({"type": "sync"})


def network(app: App, d: Driver, folder: Path) -> None:
    """The waiting room (the addresses, the timer said), Join's answer, and the timer run out in play."""
    setup = Setup(seats=[SeatSetup("Ann", "red", "human"), SeatSetup("Bob", "blue", "open")])
    link = app.net.host_game(setup, 3, True, "Ann's game")
    host = app.net.host
    assert host is not None
    lobby = app.replace_scene("lobby", link=link, url=host.local_url, hosted=True,
                              addresses=["ws://192.168.1.20:7625", "ws://10.8.0.3:7625"])
    until(d, lambda: bool(lobby.code and lobby.table.seats))  # type: ignore[attr-defined]
    shot(app, folder, "07-waiting-room-timer")
    friend = Friend(host.local_url, app)
    friend.link.join(lobby.code, 1, "Bob")  # type: ignore[attr-defined]
    until(d, lambda: type(app.top).__name__ == "PlayScene")
    scene = app.top
    d.frames(2)
    d.move(scene.rects["deck"].center)  # type: ignore[attr-defined]
    d.key(pygame.K_TAB)  # the tile laid, never confirmed: the timer runs out
    until(d, lambda: scene.game.turn_number >= 1, seconds=15)  # type: ignore[attr-defined]
    d.key(pygame.K_l)  # the move log
    d.frames(3)
    shot(app, folder, "08-time-ran-out")
    d.key(pygame.K_l)
    d.key(pygame.K_ESCAPE)  # a network game's menu: Menu, never Paused
    d.frames(2)
    shot(app, folder, "09-network-menu")
    friend.link.stop()
    app.net.stop()
    app.replace_scene("title")
    app.settings.join_name = "Bob"
    app.replace_scene("join")
    join = app.top
    until(d, lambda: not join.finder.looking)  # type: ignore[attr-defined]
    join.address.text = "127.0.0.1:1"  # type: ignore[attr-defined]
    join.code.text = "ABCD234EFG"  # type: ignore[attr-defined]
    d.click(join.join_button.rect.center)  # type: ignore[attr-defined]
    until(d, lambda: join.link is None and bool(join.problem))  # type: ignore[attr-defined]
    d.move((0, 0))
    d.frames(2)
    shot(app, folder, "10-join-answer")


def tutorial(app: App, d: Driver, folder: Path) -> None:
    """Lesson 1: the tile dropped on another square than the step asks, answered at once."""
    app.replace_scene("title")
    d.frames(1)
    d.key(pygame.K_t)
    d.click(app.top.list_buttons[0].rect.center)  # type: ignore[attr-defined]
    d.frames(2)
    scene = app.top
    want = scene.runner.step.solution  # type: ignore[attr-defined]
    wrong = next(c for c in sorted(scene.turn.legal_cells(0)) if c != (want.x, want.y))  # type: ignore[attr-defined]
    d.drag(scene.pieces.hand_tile_rect().center, scene.camera.cell_center(*wrong), steps=4)  # type: ignore[attr-defined]
    d.frames(2)
    shot(app, folder, "11-tutorial-wrong-square")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def replays(app: App, d: Driver, folder: Path) -> None:
    """A finished game kept among the replays, with its result."""
    app.replace_scene("title")
    whole = ai_game(app, 200, seed=9, rules=Rules())
    whole.finish()
    app.storage.keep_finished(GameRecord.from_game(whole, SEATS))
    app.push_scene("replays")
    d.frames(2)
    shot(app, folder, "12-replays-finished-game")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--percent", type=int, default=0, help="the size of text and panels (0: automatic)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--few", action="store_true", help="only the Play screen, Settings and New game")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    folder = Path(args.out) if args.out else ROOT / "docs" / "screenshots" / "every-player" / (
        f"{w}x{h}" + (f"-{args.percent}" if args.percent else ""))
    folder.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="carcassonne-shots-"))
    settings = Settings(window_size=(w, h), animation="instant", sound=False, ui_scale=args.percent,
                        pieces="colour-vision")
    app = App(Storage(data), settings=settings)
    app.fps = 0
    app.net.port, app.net.discovery_port = 0, 0
    d = Driver(app)
    if app.size != (w, h):
        d.resize((w, h))
    play_screen(app, d, folder)
    new_game(app, d, folder)
    if not args.few:
        network(app, d, folder)
        tutorial(app, d, folder)
        replays(app, d, folder)
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
