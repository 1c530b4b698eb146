"""The post-game analysis in the game: started from the results or a replay, running beside
the window with a progress bar, stopped on leaving, each player's costliest turns listed,
and a picked turn shown in the replay with the move played and the better move."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from test_analysis import FAST, thrown_away_city

from carcassonne.ai import analysis
from carcassonne.ai.analysis import AnalysisCancelled, TurnAnalysis
from carcassonne.app.board.sprites import GhostFollower, GhostTile
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files import analysis_job
from carcassonne.app.files.replay import Replay
from carcassonne.app.scenes.analysis import AnalysisScene
from carcassonne.app.scenes.replay import ReplayScene
from carcassonne.app.scenes.results import ResultsScene
from carcassonne.engine import Move
from carcassonne.engine.figures import FigureStep, follower
from carcassonne.engine.record import GameRecord, Seat

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch):
    """Each test starts a session of its own; a thread stands in for the worker process
    unless a test asks for the process."""
    analysis_job.forget_finished()
    monkeypatch.setattr(analysis_job, "IN_PROCESS", True)
    yield
    analysis_job.forget_finished()


@pytest.fixture
def quick(monkeypatch):
    """The real analysis with very little search per turn, counting its runs."""
    runs = []
    real = analysis.analyse

    def fast(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        runs.append(kwargs.get("players"))
        kwargs["budget"] = FAST
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyse", fast)
    return runs


def finish(d: Driver, scene: AnalysisScene, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while scene.job.running and time.monotonic() < end:
        d.frames(1)
        time.sleep(0.01)
    d.frames(2)
    assert scene.job.turns is not None, scene.job.error


def results_of(app, record: GameRecord) -> ResultsScene:  # noqa: ANN001
    game = record.replay(app.tiles, final=True)
    scene = app.replace_scene("results", game=game, seats=list(record.players),
                              final=[e for e in game.events if e.final])
    assert isinstance(scene, ResultsScene)
    scene.reveal_all()
    return scene


def test_the_thrown_away_city_is_listed_first_and_opens_in_the_replay(make_app, quick):
    app = make_app()
    d = Driver(app)
    record, bad_turn = thrown_away_city(app.tiles)
    record = GameRecord(SEATS, record.rules, record.seed, record.turns)
    results_of(app, record)
    d.frames(1)
    d.key(pygame.K_a)
    scene = app.top
    assert isinstance(scene, AnalysisScene)
    finish(d, scene)
    first = scene.rows[0]
    assert first.turn.turn == bad_turn and first.key == 1
    assert first.turn.loss >= 4
    # a click on it opens the replay at that turn, both moves on the board
    d.click(first.rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.replay.step == bad_turn
    assert replay.board.marks.ghost == first.turn.best
    assert replay.board.marks.last_placed == (first.turn.played.x, first.turn.played.y)
    ghosts = [s for s in replay.board.sprites if isinstance(s, (GhostTile, GhostFollower))]
    assert any(isinstance(s, GhostTile) for s in ghosts)
    assert any(isinstance(s, GhostFollower) for s in ghosts) == bool(first.turn.best.figure)
    # stepping away hides the ghost; Esc goes back to the list, which is not made again
    d.key(pygame.K_RIGHT)
    assert replay.board.marks.ghost is None
    d.key(pygame.K_ESCAPE)
    assert app.top is scene and scene.rows and len(quick) == 1
    # and the number key does what the click did
    d.key(pygame.K_1)
    assert isinstance(app.top, ReplayScene) and app.top.replay.step == bad_turn


def test_the_analysis_is_kept_for_the_session(make_app, quick):
    app = make_app()
    d = Driver(app)
    record, _ = thrown_away_city(app.tiles, after=1)
    results = results_of(app, record)
    results.analyse()
    finish(d, app.top)
    listed = [r.turn for r in app.top.rows]
    d.key(pygame.K_ESCAPE)
    assert app.top is results
    results.analyse()
    again = app.top
    assert isinstance(again, AnalysisScene) and not again.job.running
    d.frames(1)
    assert [r.turn for r in again.rows] == listed and len(quick) == 1


def test_only_the_people_at_the_table_are_analysed(make_app, quick):
    app = make_app()
    d = Driver(app)
    record, _ = thrown_away_city(app.tiles, after=1)
    people = GameRecord([Seat("Ann", "red", "ai:hard"), Seat("Bob", "blue")], record.rules, record.seed,
                        record.turns)
    scene = app.push_scene("analysis", record=people)
    finish(d, scene)
    assert quick == [{1}] and {t.player for t in scene.job.turns} == {1}
    assert all(r.turn.player == 1 for r in scene.rows)
    computers = GameRecord([Seat("Ann", "red", "ai:hard"), Seat("Bob", "blue", "ai:normal")], record.rules,
                           record.seed, record.turns)
    scene = app.push_scene("analysis", record=computers)
    finish(d, scene)
    assert quick[-1] == {0, 1}


def test_leaving_the_screen_stops_the_analysis_between_turns(make_app, monkeypatch):
    app = make_app()
    d = Driver(app)
    asked = threading.Event()
    stopped = threading.Event()

    def slow(record, tiles, progress=None, cancelled=None, **kwargs):  # noqa: ANN001, ANN003, ANN202
        for done in range(1000):
            if cancelled():
                stopped.set()
                raise AnalysisCancelled("stopped")
            progress(done, 1000)
            asked.set()
            time.sleep(0.01)
        return []

    monkeypatch.setattr(analysis, "analyse", slow)
    record, _ = thrown_away_city(app.tiles, after=1)
    results_of(app, record).analyse()
    scene = app.top
    assert asked.wait(5)
    end = time.monotonic() + 5
    while scene.job.progress.done == 0 and time.monotonic() < end:
        d.frames(1)
        time.sleep(0.01)
    assert scene.job.running and 0 < scene.job.progress.done < 1000
    worker = scene.job._workers[0]
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, ResultsScene)
    assert stopped.wait(2) and scene.job.cancelled
    worker.join(2)
    assert not worker.is_alive()


def test_the_real_analysis_runs_in_its_own_process(make_app, monkeypatch):
    """The window's process does none of the work: a short record analysed in a worker process."""
    monkeypatch.setattr(analysis_job, "IN_PROCESS", False)
    app = make_app()
    d = Driver(app)
    record, bad_turn = thrown_away_city(app.tiles, after=1)
    record = GameRecord(SEATS, record.rules, record.seed, record.turns)
    scene = app.push_scene("analysis", record=record, budget=FAST)
    assert len(scene.job._workers) == analysis_job.WORKERS and all(w.pid for w in scene.job._workers)
    progress = []
    end = time.monotonic() + 90
    while scene.job.running and time.monotonic() < end:
        d.frames(1)
        progress.append(scene.job.progress.done)
        time.sleep(0.02)
    finish(d, scene)
    assert progress == sorted(progress) and scene.job.progress.fraction == 1
    assert scene.rows[0].turn.turn == bad_turn
    assert [t.turn for t in scene.job.turns] == list(range(1, len(record.turns) + 1))


def test_without_worker_processes_the_analysis_runs_in_a_thread(make_app, quick, monkeypatch):
    import multiprocessing

    def refuse(self):  # noqa: ANN001, ANN202
        raise RuntimeError("no processes here")

    monkeypatch.setattr(analysis_job, "IN_PROCESS", False)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
    app = make_app()
    d = Driver(app)
    record, bad_turn = thrown_away_city(app.tiles, after=1)
    scene = app.push_scene("analysis", record=GameRecord(SEATS, record.rules, record.seed, record.turns))
    assert isinstance(scene.job._workers[0], threading.Thread)
    finish(d, scene)
    assert scene.rows[0].turn.turn == bad_turn


def test_a_replay_analyses_its_record_and_shows_the_picked_turn(make_app, quick):
    app = make_app()
    d = Driver(app)
    record, bad_turn = thrown_away_city(app.tiles, after=1)
    replay = app.replace_scene("replay", replay=Replay(record, app.tiles, "game"))
    d.frames(1)
    replay.buttons["analyse"].on_click()
    scene = app.top
    assert isinstance(scene, AnalysisScene)
    finish(d, scene)
    d.key(pygame.K_1)
    assert app.top is replay  # the same replay, now at that turn
    assert replay.replay.step == bad_turn and replay.board.marks.ghost == scene.rows[0].turn.best
    d.key(pygame.K_ESCAPE)
    assert app.top.__class__.__name__ == "TitleScene"


def test_the_moves_are_told_in_the_move_logs_words(make_app):
    from carcassonne.words.movelog import advice_words, played_words

    app = make_app()
    game = random_game(app.tiles, 0, seed=1)
    played = Move("D", 0, -1, 0, None)
    better = Move("D", 0, -1, 180, follower("city:N"))
    assert played_words(game, "Ann", played) == "Ann placed a city and road tile north of the start."
    assert advice_words(game, better, played) == ("place a city and road tile north of the start, turned another "
                                                  "way and put a knight on the city")
    kept = Move("D", 1, 0, 0, None)
    assert advice_words(game, kept, better).endswith("and keep the follower")
    back, on_cloister = FigureStep("abbot", action="back"), FigureStep("abbot", "cloister")
    assert advice_words(game, kept, Move("D", 0, -1, 0, back)).endswith(" and leave the abbot where it stands")
    assert advice_words(game, kept, Move("B", 0, -1, 0, on_cloister)).endswith(" and keep the abbot")
    big = FigureStep("big", "city:N")
    assert advice_words(game, kept, Move("D", 0, -1, 180, big)).endswith(" and keep the big follower")
    # the abbot and the big follower are advised by name (they were "put a follower on it")
    assert advice_words(game, Move("D", 0, -1, 0, back), played).endswith(" and take the abbot back")
    assert advice_words(game, Move("B", 0, -1, 0, FigureStep("abbot", "cloister")), played).endswith(
        " and put the abbot on the cloister")
    assert advice_words(game, Move("D", 0, -1, 180, FigureStep("big", "city:N")), played).endswith(
        " and put the big follower on the city")


@pytest.mark.parametrize("size, language", [((1024, 768), "en"), ((1920, 1080), "en"), ((1024, 768), "de"),
                                            ((1024, 768), "fr"), ((1024, 768), "es")])
def test_the_analysis_text_stays_in_its_boxes(make_app, size, language, monkeypatch, request):
    from test_app_clean_screen import overflows

    from carcassonne import i18n

    app = make_app(size=size)
    request.addfinalizer(lambda: i18n.set_language("en"))
    i18n.set_language(language)
    monkeypatch.setattr(app.settings, "language", language)
    d = Driver(app)
    d.resize(size)
    names = ["Annabelle-Marie", "Bartholomew", "Clementine", "Dorothea"]
    game = random_game(app.tiles, 40, seed=3, names=names, follower_rate=0.5)
    seats = [Seat(n, c) for n, c in zip(names, ("red", "blue", "green", "yellow"))]
    record = GameRecord.from_game(game, seats)
    long = [TurnAnalysis(k, (k - 1) % 4, names[(k - 1) % 4], t, Move(t.tile, t.x + 7, t.y - 5, 90, follower("road:N")),
                         0.0, 3.0 + k)
            for k, t in enumerate(record.turns, start=1) if isinstance(t, Move)]
    release = threading.Event()
    monkeypatch.setattr(analysis, "analyse", lambda *a, **k: release.wait(10) and long)
    scene = app.push_scene("analysis", record=record)
    d.frames(2)
    assert scene.job.running and overflows(app) == [], "the progress bar"
    release.set()
    finish(d, scene)
    assert len(scene.rows) == 12
    assert overflows(app) == []
    d.key(pygame.K_ESCAPE)
    scene = app.push_scene("analysis", record=record)
    d.frames(2)
    d.click(scene.rows[-1].rect.center)
    assert isinstance(app.top, ReplayScene)
    d.frames(2)
    assert overflows(app) == []
