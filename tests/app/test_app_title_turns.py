"""The title screen's list of network games waiting on the player's move (issue "Clubs and
leagues online", correspondence games), headless against a real local server: asked at the
start and again while the app runs, in a thread that never holds a frame up and ends with the
app; an unreachable server is one quiet line; an entry opens its game again."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from carcassonne.app.driver import Driver
from carcassonne.app.network import turn_watch
from carcassonne.app.network.netplay import KeptGame
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.net.client import Connection

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from netkit import ServerThread, free_port, play_seat, run, seated_pair  # noqa: E402

DAY = 24 * 3600


@pytest.fixture(scope="module")
def tiles_once():
    from carcassonne.tileset import standard_tiles

    return standard_tiles()


def until(d: Driver, done, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return bool(done())
        d.frames(1)
        time.sleep(0.005)
    return True


def _two_games(url: str, tiles) -> tuple[KeptGame, KeptGame, list[str]]:
    """Two correspondence games, Ann to move in each: Ann's seats of the first are kept here,
    Bob's of the second (and Ann's tokens of the second, to move there later)."""
    async def scenario():
        a, b = await seated_pair(url, tiles, seed=21, turn_seconds=DAY, name="Club ladder")
        c, d = await seated_pair(url, tiles, seed=22, turn_seconds=3 * DAY, name="Friday league")
        kept = (KeptGame(a.game_id, url, list(a.tokens), "Club ladder", False),
                KeptGame(c.game_id, url, list(d.tokens), "Friday league", False))
        for conn in (a, b, c, d):
            await conn.close()
        return (*kept, list(c.tokens))
    return run(scenario())


def _ann_moves(url: str, tiles, game: str, tokens: list[str]) -> None:
    async def scenario():
        ann = Connection(url, tiles)
        await ann.open()
        await ann.rejoin(game, tokens)
        await play_seat(ann, 0, "normal", 5, until_turn=1)
        await ann.close()
    run(scenario())


def test_the_title_screen_lists_the_games_waiting_on_the_player_and_opens_one(make_app, tiles_once, tmp_path,
                                                                              monkeypatch):
    monkeypatch.setattr(turn_watch, "CHECK_EVERY", 0.3)
    (tmp_path / "server").mkdir()
    with ServerThread(tiles_once, tmp_path / "server") as server:
        ladder, league, ann_league = _two_games(server.url, tiles_once)
        app = make_app()
        app.net.keep(KeptGame("0123456789abcdef", f"ws://127.0.0.1:{free_port()}", ["x" * 32], "Gone", False))
        app.net.keep(league)
        app.net.keep(ladder)
        app.replace_scene("title")
        d = Driver(app)
        title = app.top
        assert isinstance(title, TitleScene)
        watch = app.net.turns
        assert watch is not None and watch.running
        # asked at the start: the ladder waits on Ann (kept here), the league on Ann too (Bob's seat kept here)
        assert until(d, lambda: title.waiting.snapshot.rounds >= 1, seconds=20)
        snap = title.waiting.snapshot
        assert [g.name for g in snap.games] == ["Club ladder"]
        assert snap.games[0].players == ("Ann", "Bob") and 0 <= snap.games[0].waited < 60
        assert len(snap.unreachable) == 1, "the unreachable server is counted, not shown as an error"
        # while the app runs: Ann moves in the league, and it now waits on Bob, kept here
        started = time.perf_counter()
        frames = 0
        _ann_moves(server.url, tiles_once, league.game, ann_league)
        while time.perf_counter() - started < 20 and len(title.waiting.snapshot.games) < 2:
            d.frames(1)
            frames += 1
            time.sleep(0.005)
        assert sorted(g.name for g in title.waiting.snapshot.games) == ["Club ladder", "Friday league"]
        assert frames > 10, "the frames went on while the servers were asked"
        d.frames(2)
        entry = next(b for b, g in title.waiting.entries if g.name == "Club ladder")
        assert entry in title.widgets and entry.rect.w > 0
        # an entry opens its game again: the seats kept are taken back
        d.click(entry.rect.center)
        assert until(d, lambda: isinstance(app.top, PlayScene), seconds=20)
        assert app.top.turn.held == {0}
        app.net.stop()
        assert not watch.running, "the questions end with the app"


def test_timers_and_waits_read_in_minutes_hours_and_days():
    from carcassonne.app.network.clock_words import timer_length, waited_words

    assert [timer_length(s) for s in (30, 300, 3600, 12 * 3600, DAY, 3 * DAY, 7 * DAY)] == [
        "0:30", "5:00", "1 hour", "12 hours", "1 day", "3 days", "7 days"]
    assert [waited_words(s) for s in (5, 600, 3 * 3600, 30 * 3600, 2.3 * DAY)] == [
        "waiting 1 minute", "waiting 10 minutes", "waiting 3 hours", "waiting 30 hours", "waiting 2 days"]


def test_more_tokens_than_one_question_holds_are_asked_in_several(tiles_once, tmp_path):
    """(A question names 20 tokens at most: a server with many kept games is asked in turns,
    and a game whose tokens fall in two questions is listed once.)"""
    from carcassonne.net.protocol import MAX_MY_TURNS

    (tmp_path / "server").mkdir()
    with ServerThread(tiles_once, tmp_path / "server") as server:
        ladder, _league, _ann = _two_games(server.url, tiles_once)
        crowded = KeptGame(ladder.game, server.url, [f"bogus-{i}" for i in range(MAX_MY_TURNS + 3)]
                           + list(ladder.tokens), ladder.name, False)
        found = run(turn_watch.ask_server(server.url, [crowded, ladder], tiles_once))
    assert [g.kept.game for g in found] == [ladder.game]
