"""Two copies of the game at once: each new game gets its own autosave whatever the timing, and a
game in progress is played by one copy at a time (a lock file with the process id, stale when
its process is gone)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest
from test_app_hostile_files import record_data

from carcassonne.app.driver import Driver
from carcassonne.app.files import gamelock
from carcassonne.app.files.storage import SeatSetup, Setup, Storage
from carcassonne.app.scenes.dialogs import MessageDialog
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.app.session import load_game, start_new

ROOT = Path(__file__).resolve().parents[2]

#: A copy of the game starting a new game: the clock stopped on one second for every copy,
#: and the first turn's autosave written a moment after the name was chosen.
NEW_GAME = textwrap.dedent("""
    import sys, time
    time.strftime = lambda *args: "2026-11-24_09-00-00"
    from carcassonne.app.files.storage import Storage
    class Record:  # the first turn's record, as far as the file's name and content go
        def to_json(self):
            return '{"seed": %s}' % sys.argv[2]
    storage = Storage(sys.argv[1])
    storage.start_autosave()
    print("ready", flush=True)
    time.sleep(float(sys.argv[3]))
    storage.write_autosave(Record())
""")

#: A copy of the game playing a game in progress until told to stop (its stdin closes).
CONTINUE = textwrap.dedent("""
    import sys
    from pathlib import Path
    from carcassonne.app.files.storage import Storage
    storage = Storage(sys.argv[1])
    print("playing" if storage.continue_autosave(Path(sys.argv[2])) else "refused", flush=True)
    sys.stdin.read()
""")


def copy_of_the_game(script: str, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", script, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)


def test_copies_starting_a_game_in_the_same_second_keep_their_own_autosaves(tmp_path):
    copies = [copy_of_the_game(NEW_GAME, str(tmp_path), str(seed), "1.5") for seed in range(1, 6)]
    for copy in copies:
        copy.communicate(timeout=60)
        assert copy.returncode == 0
    autosaves = sorted((tmp_path / "autosaves").glob("*.carc.json"))
    assert len(autosaves) == 5
    assert sorted(json.loads(p.read_text())["seed"] for p in autosaves) == [1, 2, 3, 4, 5]
    assert all(gamelock.holder_of(p) is None for p in autosaves)  # the copies have ended: no game is held


@pytest.fixture
def in_progress(make_app, data_dir):
    """A game in progress in the data folder, and the app that will try to continue it."""
    app = make_app()
    (data_dir / "autosaves").mkdir(parents=True)
    path = data_dir / "autosaves" / "game_2026-11-24_09-00-00.carc.json"
    path.write_text(json.dumps(record_data(app)), encoding="utf-8")
    return app, path


def test_a_game_played_in_another_copy_is_not_continued_here(in_progress):
    app, path = in_progress
    other = copy_of_the_game(CONTINUE, str(path.parent.parent), str(path))
    try:
        assert other.stdout.readline().strip() == "playing"
        assert app.storage.open_elsewhere(path)
        assert not app.storage.continue_autosave(path)
        reason = load_game(app, path)
        assert reason and "another Carcassonne window" in reason
        app.replace(TitleScene(app))
        Driver(app).key(pygame.K_c)
        assert isinstance(app.top, MessageDialog)
        assert "another Carcassonne window" in app.top.text
    finally:
        other.communicate("", timeout=30)


def test_a_game_continued_here_is_refused_to_another_copy_until_left(in_progress):
    app, path = in_progress
    assert load_game(app, path) is None
    assert isinstance(app.top, PlayScene)
    other = copy_of_the_game(CONTINUE, str(path.parent.parent), str(path))
    assert other.stdout.readline().strip() == "refused"
    other.communicate("", timeout=30)
    app.replace(TitleScene(app))  # back to the title: this copy lets the game go
    assert not gamelock.lock_path(path).exists()
    other = copy_of_the_game(CONTINUE, str(path.parent.parent), str(path))
    assert other.stdout.readline().strip() == "playing"
    other.communicate("", timeout=30)


def test_a_lock_left_by_a_killed_copy_is_stale(in_progress):
    app, path = in_progress
    other = copy_of_the_game(CONTINUE, str(path.parent.parent), str(path))
    assert other.stdout.readline().strip() == "playing"
    other.kill()
    other.wait(timeout=30)
    assert gamelock.lock_path(path).exists()
    assert not app.storage.open_elsewhere(path)
    assert load_game(app, path) is None and isinstance(app.top, PlayScene)
    assert gamelock.lock_path(path).read_text().strip() == str(os.getpid())


@pytest.mark.parametrize("content", ["", "not a number", "999999999", "-4", "1" * 400])
def test_a_damaged_or_dead_lock_is_stale(tmp_path, content):
    path = tmp_path / "game.carc.json"
    gamelock.lock_path(path).write_text(content)
    assert gamelock.holder_of(path) is None
    assert gamelock.claim(path)
    assert gamelock.holder_of(path) == os.getpid()


def test_a_lock_from_a_process_that_reused_the_id_is_stale(tmp_path):
    path = tmp_path / "game.carc.json"
    gamelock.lock_path(path).write_text(f"{os.getppid()}\n")  # alive, but ...
    an_hour_before_it_started = time.time() - 10 * 365 * 86400
    os.utime(gamelock.lock_path(path), (an_hour_before_it_started, an_hour_before_it_started))
    if gamelock._started(os.getppid()) is None:
        pytest.skip("no process start times here")
    assert gamelock.holder_of(path) is None


def test_a_finished_or_abandoned_game_lets_its_lock_go(make_app):
    app = make_app()
    start_new(app, Setup(seats=[SeatSetup("Ann", "red", "ai:easy"), SeatSetup("Bob", "blue", "ai:easy")],
                         seed="5"))
    path = app.storage.autosave_path
    assert gamelock.holder_of(path) == os.getpid()
    app.storage.clear_autosave()
    assert not gamelock.lock_path(path).exists()


def test_saves_made_in_the_same_second_keep_their_own_names(make_app, monkeypatch):
    app = make_app()
    monkeypatch.setattr(time, "strftime", lambda *args: "2026-11-24_09-00-00")
    from carcassonne.engine.record import GameRecord
    record = GameRecord.from_data(record_data(app))
    paths = {app.storage.save_game(record) for _ in range(3)}
    assert len(paths) == 3 and all(p.stat().st_size > 0 for p in paths)


def test_a_new_game_never_takes_the_name_of_a_game_another_copy_started(tmp_path, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda *args: "2026-11-24_09-00-00")
    other = copy_of_the_game(NEW_GAME, str(tmp_path), "1", "30")
    try:
        assert other.stdout.readline().strip() == "ready"
        mine = Storage(tmp_path).start_autosave()
        assert mine.name == "game_2026-11-24_09-00-00_2.carc.json"
    finally:
        other.kill()
        other.wait(timeout=30)


def test_a_lock_is_never_seen_empty_another_copy_would_take_it_for_a_stale_one(tmp_path, monkeypatch):
    """Under load a copy read a lock another had just created but not yet written, took it for
    a stale one, removed it and claimed the same name: two copies wrote one autosave. The lock
    now comes into being with the process id in it (linked into place)."""
    linked: list[str] = []
    real_link = os.link

    def link(src, dst, *args, **kwargs):
        linked.append(Path(src).read_text())  # what the lock holds the moment it exists
        assert not Path(dst).exists()
        return real_link(src, dst, *args, **kwargs)

    monkeypatch.setattr(gamelock.os, "link", link)
    autosave = tmp_path / "game.carc.json"
    assert gamelock.claim(autosave)
    assert linked == [f"{os.getpid()}\n"] and gamelock.holder_of(autosave) == os.getpid()
    assert [p.name for p in tmp_path.iterdir()] == [".game.carc.json.lock"]  # (nothing else left)


def test_a_folder_without_links_still_claims_with_the_process_id(tmp_path, monkeypatch):
    def no_links(*_args, **_kwargs):
        raise PermissionError("links are not allowed here")

    monkeypatch.setattr(gamelock.os, "link", no_links)
    autosave = tmp_path / "game.carc.json"
    assert gamelock.claim(autosave) and gamelock.holder_of(autosave) == os.getpid()
    assert [p.name for p in tmp_path.iterdir()] == [".game.carc.json.lock"]
