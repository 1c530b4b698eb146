"""A game playing an expansion this app cannot draw (one with no ``app.py``) comes from
outside — a saved game, a record, a server's game — and is refused in one line, never
started half-drawn: on Load, Continue, in Replays, on Join."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from carcassonne import expansions
from carcassonne.ai import get_bot
from carcassonne.app.art.expansion_ui import unshown, unshown_words
from carcassonne.app.driver import Driver
from carcassonne.app.scenes.dialogs import LoadDialog, MessageDialog
from carcassonne.app.scenes.join import JoinScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.engine import Game, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.net.link import OPEN, Link

#: The line a game of the tests' example expansion Lanterns (no app part) is refused with.
REFUSED = "This game plays lanterns, which this version cannot show yet."
#: The folder that holds the tests' example expansions (``expansions/<name>/``).
TESTS = Path(__file__).parents[1]


@pytest.fixture(autouse=True)
def lanterns(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """The example expansion with no app part in the registry for each test."""
    monkeypatch.syspath_prepend(str(TESTS))
    expansions.register("expansions.lanterns")
    yield
    expansions.unregister("expansions.lanterns")


def unshown_record(app, turns: int = 4) -> GameRecord:  # noqa: ANN001
    """A few turns of a game whose rules play an expansion with no app part."""
    game = Game(app.tiles, Rules.from_record({"lanterns": True}), players=2, seed=5, names=["Ann", "Bob"])
    bot = get_bot("random", 1)
    while game.turn_number < turns and game.draw() is not None:
        game.play(bot.choose(game))
    return GameRecord.from_game(game, [Seat("Ann", "red"), Seat("Bob", "blue")])


def enabling(expansion: expansions.Expansion) -> Rules:
    """Rules that play ``expansion`` (its first key away from its default)."""
    key = expansion.keys[0]
    return Rules.from_record({key.name: (not key.default) if isinstance(key.default, bool) else 2})


@pytest.mark.parametrize("expansion", expansions.declared(), ids=lambda e: e.name)
def test_a_game_of_an_expansion_without_an_app_part_is_refused_and_any_other_is_not(expansion):
    rules = enabling(expansion)
    assert expansion in rules.expansions()
    drawn = expansions.part(expansion.name, "app") is not None
    assert (unshown_words(rules) is None) == drawn, expansion.name
    assert unshown_words(Rules()) is None


def test_an_expansion_is_named_in_its_own_words_or_by_its_package():
    """Generic: a registered expansion with no app part (and no words) is refused, named by
    its package; one with an app part beside it is not named."""
    assert unshown(Rules.from_record({"lanterns": True, "princess_dragon": True})) == ["lanterns"]
    assert unshown_words(Rules.from_record({"lanterns": True})) == REFUSED
    assert unshown_words(Rules.from_record({"princess_dragon": True})) is None


def test_a_saved_game_of_an_undrawn_expansion_is_refused_in_one_line_on_load(make_app):
    app = make_app()
    path = app.storage.save_game(unshown_record(app))
    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_l)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    assert [g.path for g in dialog.games] == [path]
    d.click(dialog.rows[0].rect.center)
    message = app.top
    assert isinstance(message, MessageDialog), type(message)
    assert message.text == f"{path.name}: {REFUSED}"
    assert "\n" not in message.text
    assert not any(type(s).__name__ == "PlayScene" for s in app.scenes)
    d.frames(2)  # the message draws


def test_continuing_an_undrawn_expansion_s_autosave_is_refused(make_app):
    app = make_app()
    path = app.storage.start_autosave()
    app.storage.write_autosave(unshown_record(app))
    app.push(TitleScene(app))
    app.top.continue_game()
    assert isinstance(app.top, MessageDialog)
    assert path.name in app.top.text and REFUSED in app.top.text
    assert not any(type(s).__name__ == "PlayScene" for s in app.scenes)


def test_a_record_of_an_undrawn_expansion_is_refused_in_one_line_in_replays(make_app):
    app = make_app()
    path = app.storage.keep_finished(unshown_record(app, turns=8))
    assert path is not None
    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_r)
    dialog = app.top
    assert [p for p in dialog.paths] == [path]
    d.click(dialog.rows[0].rect.center)
    assert isinstance(app.top, MessageDialog), type(app.top)
    assert app.top.text == f"{path.name}: {REFUSED}"
    assert not any(type(s).__name__ == "ReplayScene" for s in app.scenes)
    d.frames(2)


def test_the_replay_option_refuses_an_undrawn_expansion_s_record(make_app, tmp_path):
    from carcassonne.app.session import open_replay

    app = make_app()
    path = tmp_path / "lanterns.carc.json"
    unshown_record(app).save(path)
    assert open_replay(app, path) == f"lanterns.carc.json: {REFUSED}"


def until(d: Driver, done, seconds: float = 15.0) -> bool:  # noqa: ANN001
    """Frames until ``done()``, for at most ``seconds`` (the network threads run between them)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return bool(done())
        d.frames(1)
        time.sleep(0.005)
    return True


def test_a_network_game_of_an_undrawn_expansion_is_refused_on_join(make_app, monkeypatch):
    """Another client (``carcassonne simulate``, a newer copy) opened the game on this server."""
    monkeypatch.setenv("CARCASSONNE_NET_LOCAL", "1")
    app = make_app()
    app.net.port, app.net.discovery_port = 0, 0
    try:
        host = app.net.start_host()
        creator = Link(host.local_url, app.tiles)
        created: list[dict] = []
        creator.create([{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"}],
                       rules={"lanterns": True}, name="Lanterns")
        deadline = time.monotonic() + 15
        while not created and time.monotonic() < deadline:
            created += [m for m in creator.poll() if m.get("type") == "created"]
            time.sleep(0.01)
        assert created and creator.status == OPEN, creator.problem
        app.replace_scene("join")
        join = app.top
        assert isinstance(join, JoinScene)
        join.address.text = f"127.0.0.1:{host.port}"
        join.code.text = created[0]["code"]
        join.name.text = "Bob"
        d = Driver(app)
        d.click(join.join_button.rect.center)
        assert until(d, lambda: join.link is None and join.problem, seconds=15)
        assert join.problem == REFUSED
        assert app.top is join
        d.frames(3)  # it stays, saying why
        assert app.top is join and join.problem == REFUSED
        assert not app.net.kept()
        creator.stop()
    finally:
        app.net.stop()


def test_a_waiting_room_told_of_an_undrawn_expansion_goes_back_to_join_saying_why(make_app):
    """A state that comes to the waiting room itself (a server that names its rules late)."""
    class QuietLink:
        status = OPEN

        def __init__(self) -> None:
            self.sent: list[dict] = []

        def poll(self) -> list[dict]:
            return []

        def send(self, message: dict) -> bool:
            self.sent.append(message)
            return True

        def stop(self) -> None:
            pass

    app = make_app()
    link = QuietLink()
    state = {"type": "state", "game": "g1", "name": "Lanterns", "rules": {"lanterns": True},
             "seats": [{"seat": 0, "name": "Ann", "color": "red", "kind": "human"}], "started": False,
             "turns": [], "tile": None, "finished": False}
    app.replace_scene("lobby", link=link, url="ws://127.0.0.1:1", early=[state])  # type: ignore[arg-type]
    Driver(app).frames(2)
    assert isinstance(app.top, JoinScene) and app.top.problem == REFUSED
    assert {"type": "leave"} in link.sent


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_the_refusal_is_said_in_the_language_spoken(language):
    from carcassonne import i18n

    i18n.set_language(language)
    try:
        said = unshown_words(Rules.from_record({"lanterns": True}))
        assert said and said != REFUSED and "\n" not in said
    finally:
        i18n.set_language("en")


def test_a_lesson_of_an_undrawn_expansion_is_left_out_and_said(monkeypatch):
    from dataclasses import replace

    from carcassonne.app.scenes import tutorial

    lessons, error = tutorial.lessons_or_error()
    assert lessons and not error
    lit = replace(lessons[0], rules=Rules.from_record({"lanterns": True}))
    monkeypatch.setattr(tutorial, "load_lessons", lambda _folder: [*lessons, lit])
    shown, said = tutorial.lessons_or_error()
    assert shown == lessons
    assert said == f"{lessons[0].title}: {REFUSED}"
