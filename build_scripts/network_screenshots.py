"""Two copies of the game on one machine, one hosting and one joining, played by mouse.

    python build_scripts/network_screenshots.py [--sizes 1024x768,1920x1080] [--turns 4]

Each copy runs in its own Xvfb display (``:81`` hosts, ``:82`` joins) with its own data
folder and ``CARCASSONNE_NET_LOCAL=1``, so every byte stays on 127.0.0.1 (the joining copy
even finds the game through LAN discovery, on loopback). ``xdotool`` moves the mouse and
clicks as a player would: New game, Open to the network, a seat from the network; Network
game, the game found, the join code, the name, the colour, Join; then each player in turn
clicks a square where the tile fits and Confirm. Where the buttons and squares are is
read from the game's own layout code at the same window size (a headless copy of the
scene), never guessed. Screenshots of the host's waiting room, the Join screen and the
game in progress on both screens go to ``docs/screenshots/network/``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"  # this process only lays scenes out; the copies draw
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"

import pygame  # noqa: E402

from carcassonne.app.app import App  # noqa: E402
from carcassonne.app.files.storage import Settings, Storage  # noqa: E402
from carcassonne.app.play.turn import TurnController  # noqa: E402
from carcassonne.app.scenes.join import JoinScene  # noqa: E402
from carcassonne.app.scenes.new_game import NewGameScene  # noqa: E402
from carcassonne.app.scenes.play import PlayScene  # noqa: E402
from carcassonne.app.scenes.title import TitleScene  # noqa: E402
from carcassonne.app.ui.widgets import Button  # noqa: E402
from carcassonne.engine.record import GameRecord  # noqa: E402
from carcassonne.net.discovery import FoundGame  # noqa: E402

OUT = ROOT / "docs" / "screenshots" / "network"
PYTHON = sys.executable
Point = tuple[int, int]


class Copy:
    """One copy of the game in its own Xvfb display."""

    def __init__(self, display: int, size: tuple[int, int], data: Path) -> None:
        self.display, self.size, self.data = f":{display}", size, data
        if Path(f"/tmp/.X{display}-lock").exists():
            raise RuntimeError(f"the display {self.display} is in use: stop its X server first")
        w, h = size
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        env = dict(os.environ, DISPLAY=self.display, CARCASSONNE_DATA_DIR=str(data), CARCASSONNE_NET_LOCAL="1",
                   LANGUAGE="en", SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)
        self.game = subprocess.Popen([PYTHON, "-m", "carcassonne", "--size", f"{w}x{h}"], cwd=ROOT, env=env,
                                     stdout=subprocess.DEVNULL, stderr=open(data / "stderr.txt", "w"))
        try:
            self.wait_for_window()
        except RuntimeError:
            self.stop()
            raise

    def wait_for_window(self, seconds: float = 60.0) -> None:
        """Until the game's window has drawn its title screen (a black screen has one colour)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            colours = subprocess.run(["import", "-display", self.display, "-window", "root", "-format", "%k",
                                      "info:"], capture_output=True, text=True)
            if colours.returncode == 0 and colours.stdout.strip().isdigit() and int(colours.stdout) > 500:
                time.sleep(1.5)
                return
            time.sleep(0.5)
        raise RuntimeError(f"no game window on {self.display} after {seconds:.0f} s")

    def x(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=self.display), check=True)

    def click(self, at: Point, button: int = 1, wait: float = 0.6) -> None:
        self.x("mousemove", str(at[0]), str(at[1]))
        time.sleep(0.3)
        self.x("click", str(button))
        time.sleep(wait)

    def screen(self) -> bytes:
        return subprocess.run(["import", "-display", self.display, "-window", "root", "-depth", "8", "rgb:-"],
                              capture_output=True).stdout

    def click_to_leave(self, at: Point, wait: float = 1.5, tries: int = 5) -> None:
        """Click a button that changes the screen, again while the screen has not changed
        (a window that has just opened may miss its first click)."""
        self.x("mousemove", str(at[0]), str(at[1]))
        time.sleep(0.5)
        before = self.screen()  # (with the button lit under the pointer)
        for _try in range(tries):
            self.click(at, wait=wait)
            if self.screen() != before:
                return
        raise RuntimeError(f"the click at {at} on {self.display} changed nothing")

    def type(self, text: str) -> None:
        self.x("type", "--delay", "60", text)
        time.sleep(0.3)

    def key(self, *keys: str) -> None:
        self.x("key", *keys)
        time.sleep(0.4)

    def shot(self, name: str) -> Path:
        path = OUT / f"{name}.png"
        subprocess.run(["import", "-display", self.display, "-window", "root", str(path)], check=True)
        print("wrote", path.relative_to(ROOT))
        return path

    def stop(self) -> None:
        for proc in (self.game, self.xvfb):
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def centre(rect) -> Point:  # noqa: ANN001 - a pygame Rect
    return (int(rect.centerx), int(rect.centery))


def layout_app(size: tuple[int, int], folder: Path) -> App:
    """A headless app at the same size: where the copies draw their buttons."""
    app = App(Storage(folder), settings=Settings(window_size=size, sound=False, animation="instant"))
    if app.size != size:  # the dummy driver's desktop is small: this window is never shown anyway
        app.screen = pygame.display.set_mode(size)
    assert app.size == size, app.size
    return app


def play_turn(copy: Copy, app: App, record_path: Path, seats: list) -> None:  # noqa: ANN001
    """The player to move clicks a square where the tile fits (after Home shows the whole board), then Confirm."""
    record = GameRecord.load(record_path)
    game = record.replay(app.tiles)
    turn = TurnController(game, record.players)
    scene = PlayScene(app, turn)
    app.replace(scene)
    scene.fit_all()
    cells = sorted(turn.legal_cells())
    x, y = cells[len(cells) // 2]
    left, top, size, _size = scene.camera.tile_rect(x, y)
    square = (int(left + size // 2), int(top + size // 2))
    copy.x("mousemove", str(scene.rects["board"].centerx), str(scene.rects["board"].centery))
    copy.key("Home")
    copy.click(square, wait=1.0)
    copy.click(centre(scene.buttons["confirm"].rect), wait=0.2)
    app.scenes.clear()


def chat_button(scene: PlayScene) -> Point:
    """Where a network game's Chat button is: the status box's first button, over the board's corner."""
    u = scene.u
    board = scene.rects["board"]
    pad = int(10 * u)
    line = scene.app.assets.fonts.get(int(15 * u), "bold").get_linesize()
    top = board.y + pad + int(6 * u) + line + int(6 * u)
    width = min(int(380 * u), board.w // 2)
    return (board.right - width + int(45 * u), top + int(15 * u))


def run(size: tuple[int, int], turns: int) -> None:
    w, h = size
    tag = f"{w}x{h}"
    work = Path(tempfile.mkdtemp(prefix="carcassonne-net-"))
    (work / "host").mkdir()
    (work / "join").mkdir()
    app = layout_app(size, work / "layout")
    host = join = None
    try:
        host = Copy(81, size, work / "host")
        join = Copy(82, size, work / "join")
        # -- the host opens a game: New game, Open to the network, Bob's seat from the network
        title = TitleScene(app)
        app.replace(title)
        host.click_to_leave(centre(title.buttons["new"].rect))
        form = NewGameScene(app)
        app.replace(form)
        host.click(centre(form.net_options[0].rect))
        form._set_network(True)
        form.layout(size)
        kind = form.rows[1][2]
        host.click(centre(kind.rect), button=3)  # AI normal → AI easy
        host.click(centre(kind.rect), button=3)  # → From the network
        host.shot(f"{tag}_host_new_game")
        host.click(centre(form.start.rect), wait=2.5)
        host.shot(f"{tag}_host_waiting")
        kept = json.loads((work / "host" / "network-games.json").read_text())["games"][0]
        code, game_id = kept["code"], kept["game"]
        # -- the friend joins: Network game, the game found, the code, the name, the colour
        title = TitleScene(app)
        app.replace(title)
        join.click_to_leave(centre(title.buttons["join"].rect), wait=2.5)
        scene = JoinScene(app)
        app.replace(scene)
        scene.found_buttons = [(Button("", lambda: None), FoundGame("127.0.0.1", 7625, "", 1))]  # its row
        scene.layout(size)
        join.click(centre(scene.found_buttons[0][0].rect))
        join.click(centre(scene.code.rect))
        join.type(code)
        join.click(centre(scene.name.rect))
        join.key("BackSpace", "BackSpace", "BackSpace")
        join.type("Bob")
        join.click(centre(scene.colour.rect))  # red (the host's) → blue
        join.click((scene.box.x + 12, scene.box.y + 12))  # (on no widget: the field lets go)
        join.shot(f"{tag}_join")
        join.click(centre(scene.join_button.rect), wait=4.0)
        record = work / "host" / "hosted" / "games" / f"{game_id}.carc.json"
        for _turn in range(turns):
            deadline = time.monotonic() + 20
            while not record.exists() and time.monotonic() < deadline:
                time.sleep(0.2)
            current = GameRecord.load(record).replay(app.tiles).current
            play_turn(host if current == 0 else join, app, record, [])
            time.sleep(3.0)  # the move reaches the other screen and glides in
        # -- a line of chat from the friend
        game = GameRecord.load(record).replay(app.tiles)
        scene = PlayScene(app, TurnController(game, GameRecord.load(record).players))
        app.replace(scene)
        join.click(chat_button(scene), wait=1.0)
        join.type("Nice city, Ann!")
        join.key("Return")
        time.sleep(1.5)
        app.scenes.clear()
        host.shot(f"{tag}_game_host")
        join.shot(f"{tag}_game_join")
        for copy, name in ((host, "host"), (join, "join")):
            errors = (copy.data / "stderr.txt").read_text()
            if "Traceback" in errors:
                print(f"{name} copy wrote a traceback:\n{errors}")
    finally:
        for copy in (host, join):
            if copy is not None:
                copy.stop()
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1024x768,1920x1080")
    parser.add_argument("--turns", type=int, default=4)
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"{tool} is needed (apt-get install -y xvfb xdotool imagemagick)", file=sys.stderr)
            return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.split("x"))
        run((w, h), args.turns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
