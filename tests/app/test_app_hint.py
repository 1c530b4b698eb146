"""The hint on the Play screen: key H and the Hint button show Expert's move as a ghost on
the board with one sentence why; none in purist mode or on a computer's turn; the hints
each player used are saved with the game and shown on the results.

Every step is a posted pygame event through the Driver, as in the other app tests.
"""

from __future__ import annotations

import pygame
import pytest

from carcassonne import i18n
from carcassonne.ai.hint import hint
from carcassonne.app.board.sprites import GhostFollower, GhostTile
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.play.coach import hint_seed
from carcassonne.app.scenes.play import HUMAN, PlayScene
from carcassonne.app.scenes.results import ResultsScene
from carcassonne.app.session import load_game, play
from carcassonne.app.ui.widgets import recording_layout
from carcassonne.engine import Game
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.words.hint_words import hint_sentence

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]
#: A small search, so the tests run quickly (the same budget gives the same move).
BUDGET = 0.02


def start(app, game: Game, seats: list[Seat] = SEATS) -> tuple[Driver, PlayScene]:  # noqa: ANN001
    d = Driver(app)
    play(app, game, seats)
    scene = app.top
    assert isinstance(scene, PlayScene)
    scene.coach.budget = BUDGET
    if scene.phase != HUMAN:
        d.key(pygame.K_RETURN)  # the hot-seat hand-over
    return d, scene


def ghosts(scene: PlayScene) -> list:  # noqa: ANN201
    return [s for s in scene.board.sprites if isinstance(s, (GhostTile, GhostFollower))]


def ask_and_wait(d: Driver, scene: PlayScene) -> None:
    d.key(pygame.K_h)
    assert d.run_until(lambda: scene.coach.shown is not None, seconds=120)
    d.frames(1)


def test_h_shows_experts_move_as_a_ghost_with_its_sentence_until_the_tile_is_laid(make_app):
    app = make_app()
    d, scene = start(app, random_game(app.tiles, 12, seed=4))
    game = scene.game
    expected = hint(game.copy(), hint_seed(game), BUDGET)
    d.key(pygame.K_h)
    assert scene.coach.thinking and scene.message == "Looking for a good move…"
    assert not scene.buttons["hint"].enabled  # one hint at a time
    assert d.run_until(lambda: scene.coach.shown is not None, seconds=120)
    d.frames(1)
    assert scene.coach.shown == expected
    assert scene.board.marks.ghost == expected.move
    tile = next(s for s in ghosts(scene) if isinstance(s, GhostTile))
    assert (tile.x, tile.y, tile.o.rotation) == (expected.move.x, expected.move.y, expected.move.rotation)
    assert 0 < tile.image.get_at(tile.image.get_rect().center).a < 255  # see-through
    followers = [s for s in ghosts(scene) if isinstance(s, GhostFollower)]
    assert [f.spot for f in followers] == ([expected.move.figure.place] if expected.move.figure else [])
    assert scene.message == hint_sentence(expected.why)
    assert scene.turn.hints_used == [1, 0] if scene.turn.player == 0 else [0, 1]
    d.key(pygame.K_h)  # asked again: the same hint, counted once
    assert sum(scene.turn.hints_used) == 1
    d.key(pygame.K_TAB)  # the player lays the tile elsewhere, or anywhere: the ghost goes
    assert scene.turn.pending is not None
    assert scene.board.marks.ghost is None and ghosts(scene) == []
    assert scene.coach.shown is None
    d.key(pygame.K_u)  # the tile taken back, the hint asked again: shown at once, not counted again
    assert scene.turn.pending is None
    d.key(pygame.K_h)
    assert not scene.coach.thinking and scene.coach.shown == expected and scene.board.marks.ghost == expected.move
    assert sum(scene.turn.hints_used) == 1


def test_the_ghost_goes_when_the_turn_passes(make_app):
    app = make_app()
    d, scene = start(app, random_game(app.tiles, 6, seed=8))
    ask_and_wait(d, scene)
    assert ghosts(scene)
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)
    d.key(pygame.K_SPACE)  # no follower, twice: the turn ends
    d.run_until(lambda: scene.game.turn_number == 7 and scene.phase in (HUMAN, "handover"))
    assert scene.board.marks.ghost is None and ghosts(scene) == []


def test_the_hint_button_shows_only_with_the_aids_and_asks_for_a_hint(make_app):
    app = make_app()
    d, scene = start(app, random_game(app.tiles, 5, seed=3))
    button = scene.buttons["hint"]
    assert button.visible and button.enabled and button.label == "Hint"
    d.click(button.rect.center)
    assert scene.coach.thinking
    assert d.run_until(lambda: scene.coach.shown is not None, seconds=120)
    assert scene.message == hint_sentence(scene.coach.shown.why)


def test_purist_mode_has_no_hint(make_app):
    app = make_app()
    app.settings.purist = True
    d, scene = start(app, random_game(app.tiles, 5, seed=3))
    d.frames(1)
    assert not scene.buttons["hint"].visible
    d.key(pygame.K_h)
    d.frames(3)
    assert not scene.coach.thinking and scene.coach.shown is None and scene.turn.hints_used == [0, 0]
    assert ghosts(scene) == []


def test_a_computers_turn_has_no_hint(make_app, monkeypatch):
    from tests.app.gated_bot import install_gated_bot
    gate = install_gated_bot(monkeypatch)
    app = make_app()
    seats = [Seat("Ann", "red"), Seat("Bot", "blue", "ai:normal")]
    try:
        d, scene = start(app, random_game(app.tiles, 5, seed=3, names=["Ann", "Bot"]), seats)
        assert scene.turn.is_ai_turn
        d.frames(1)
        assert not scene.buttons["hint"].enabled
        d.key(pygame.K_h)
        d.frames(2)
        assert not scene.coach.thinking and scene.turn.hints_used == [0, 0] and ghosts(scene) == []
    finally:
        gate.set()


def test_hints_used_are_saved_and_reach_the_results(make_app, data_dir):
    app = make_app()
    whole = random_game(app.tiles, 200, seed=9)
    last = len(whole.history) - 1
    d, scene = start(app, random_game(app.tiles, last, seed=9))
    player = scene.turn.player
    ask_and_wait(d, scene)
    saved = scene.turn.record()
    assert saved.hints[player] == 1 and GameRecord.from_json(saved.to_json()).hints == saved.hints
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)
    d.key(pygame.K_SPACE)
    assert d.run_until(lambda: isinstance(app.top, ResultsScene), max_frames=4000)
    results = app.top
    expected = [0, 0]
    expected[player] = 1
    assert results.hints == expected
    assert results.hints_line() == f"Hints used: Ann {expected[0]} · Bob {expected[1]}"


def test_a_save_keeps_the_hints_and_an_older_save_without_them_still_loads(make_app, data_dir):
    app = make_app()
    game = random_game(app.tiles, 10, seed=2)
    record = GameRecord.from_game(game, SEATS)
    record.hints = [3, 1]
    path = data_dir / "with-hints.json"
    record.save(path)
    assert load_game(app, path) is None
    assert app.top.turn.hints_used == [3, 1]
    older = data_dir / "older.json"
    data = GameRecord.from_game(game, SEATS).to_data()
    assert "hints" not in data  # as every save before hints were counted
    GameRecord.from_data(data).save(older)
    assert load_game(app, older) is None
    assert app.top.turn.hints_used == [0, 0]


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_hint_and_its_sentence_fit_their_boxes(make_app, size, code):
    try:
        i18n.set_language(code)
        app = make_app(size=size)
        d, scene = start(app, random_game(app.tiles, 30, seed=2))
        ask_and_wait(d, scene)
        # the longest sentence a hint says: a shared city closed, more points, followers home, a new follower
        from carcassonne.ai.hint import Clause, Why
        longest = Why((Clause("close", "city", 24, count=1), Clause("more", points=12), Clause("home", count=3),
                       Clause("place", "farm"), Clause("gives", points=10)))
        scene.say(hint_sentence(longest), seconds=20)
        d.frames(1)
        with recording_layout() as log:
            app.draw()
        assert log.overflows(app.screen.get_rect()) == []
        assert any(t == i18n._("Hint") for t, *_ in log.texts)
        whole = random_game(app.tiles, 200, seed=9)
        final = whole.finish()
        app.replace_scene("results", game=whole, seats=SEATS, final=final, hints=[12, 3])
        d.frames(200)
        with recording_layout() as log:
            app.draw()
        assert log.overflows(app.screen.get_rect()) == []
        assert any("Ann 12 · Bob 3" in t for t, *_ in log.texts)
    finally:
        i18n.set_language("en")
