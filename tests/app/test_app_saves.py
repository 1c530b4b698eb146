"""Several games in progress: each has its own autosave; Continue and Load find them all."""

from __future__ import annotations

import os

import pygame
import pytest

from carcassonne.ai import get_bot
from carcassonne.app.driver import Driver
from carcassonne.app.files.saves import describe_rules
from carcassonne.app.files.storage import SeatSetup, Setup, Storage
from carcassonne.app.scenes.dialogs import LoadDialog
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.app.session import game_from_setup, start_new
from carcassonne.engine import Rules
from carcassonne.engine.record import GameRecord


def setup_of(*names: str, seed: str, river: bool = False) -> Setup:
    colours = ("red", "blue", "green")
    return Setup(seats=[SeatSetup(n, c) for n, c in zip(names, colours)], seed=seed, rules=Rules(river=river))


def play_one_turn(d: Driver) -> None:
    d.key(pygame.K_RETURN)  # hand-over
    d.key(pygame.K_TAB)  # keyboard play: the first legal square
    d.key(pygame.K_SPACE)  # no follower
    d.key(pygame.K_SPACE)  # the turn ends


def to_title(app) -> None:  # noqa: ANN001
    app.replace(TitleScene(app))


def test_two_games_in_progress_both_continue(make_app):
    app = make_app()
    d = Driver(app)
    start_new(app, setup_of("Ann", "Bob", seed="7"))
    first = app.top.game
    play_one_turn(d)
    first_history = list(first.history)
    assert len(first_history) == 1
    to_title(app)

    start_new(app, setup_of("Cid", "Dora", "Eve", seed="8", river=True))
    second = app.top.game
    play_one_turn(d)
    play_one_turn(d)
    second_history = list(second.history)
    assert len(second_history) == 2
    to_title(app)
    assert len(app.storage.autosaves()) == 2  # the new game did not overwrite the first

    d.key(pygame.K_c)  # Continue: the game played most recently
    resumed = app.top
    assert isinstance(resumed, PlayScene)
    assert resumed.game.names == ["Cid", "Dora", "Eve"] and resumed.game.history == second_history
    to_title(app)

    d.key(pygame.K_l)  # Load: both games are there, the most recent first
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    assert [g.players for g in dialog.games] == [("Cid", "Dora", "Eve"), ("Ann", "Bob")]
    d.click(dialog.rows[1].rect.center)
    resumed = app.top
    assert isinstance(resumed, PlayScene)
    assert resumed.game.names == ["Ann", "Bob"] and resumed.game.history == first_history

    play_one_turn(d)  # the first game goes on in its own autosave
    by_players = {tuple(GameRecord.load(p).replay(app.tiles).names): GameRecord.load(p)
                  for p in app.storage.autosaves()}
    assert len(by_players[("Ann", "Bob")].turns) == 2
    assert len(by_players[("Cid", "Dora", "Eve")].turns) == 2
    assert app.storage.latest_autosave() == app.storage.autosave_path


def test_load_lists_players_turn_scores_rules_and_date_newest_first(make_app, data_dir):
    app = make_app()
    older_game, older_seats = game_from_setup(app, setup_of("Ann", "Bob", seed="3"))
    newer_game, newer_seats = game_from_setup(app, setup_of("Cid", "Dora", seed="4", river=True))
    bot = get_bot("normal", 1)
    while newer_game.turn_number < 20 and newer_game.draw() is not None:
        newer_game.play(bot.choose(newer_game))
    assert any(newer_game.scores)
    older = app.storage.save_game(GameRecord.from_game(older_game, older_seats))
    newer = app.storage.start_autosave()
    app.storage.write_autosave(GameRecord.from_game(newer_game, newer_seats))
    os.utime(older, (1_700_000_000, 1_700_000_000))  # 14 Nov 2023
    app.storage.saves_dir.joinpath("broken.carc.json").write_text("{not json")
    os.utime(app.storage.saves_dir / "broken.carc.json", (1_600_000_000, 1_600_000_000))

    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_l)
    dialog = app.top
    assert [g.path for g in dialog.games] == [newer, older, app.storage.saves_dir / "broken.carc.json"]
    new, old, broken = dialog.games
    assert new.players == ("Cid", "Dora") and new.autosave and new.rules == "river"
    assert new.turn == newer_game.turn_number and new.scores == tuple(newer_game.scores)
    assert old.players == ("Ann", "Bob") and not old.autosave and old.rules == "standard rules"
    assert "2023" in old.date and old.standings == "Ann 0 · Bob 0"
    assert broken.problem and not broken.players
    details = [row.details for row in dialog.rows]
    assert details[0].startswith(f"game in progress · turn {new.turn + 1} · river")  # as its header will say
    assert details[1].startswith("saved · turn 1 · standard rules")
    assert details[2].startswith("cannot be loaded:")
    d.frames()  # every row draws


def test_load_deletes_a_save_on_the_second_click(make_app):
    app = make_app()
    game, seats = game_from_setup(app, setup_of("Ann", "Bob", seed="3"))
    kept = app.storage.save_game(GameRecord.from_game(game, seats))
    doomed = app.storage.start_autosave()
    app.storage.write_autosave(GameRecord.from_game(game, seats))
    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_l)
    dialog = app.top
    row = [g.path for g in dialog.games].index(doomed)
    d.click(dialog.deletes[row].rect.center)
    assert doomed.is_file() and dialog.deletes[row].label == "Sure?"
    d.click(dialog.deletes[row].rect.center)
    assert not doomed.exists() and kept.is_file()
    assert [g.path for g in dialog.games] == [kept]
    assert not app.storage.has_autosave()


def test_a_new_autosave_never_reuses_a_name(tmp_path):
    storage = Storage(tmp_path)
    first = storage.start_autosave()
    second = storage.start_autosave()  # the same second, nothing written yet
    assert first != second and first.parent == second.parent == storage.autosaves_dir


def test_deleting_refuses_files_that_are_not_saved_games(tmp_path):
    storage = Storage(tmp_path)
    (tmp_path / "settings.json").write_text("{}")
    for path in (tmp_path / "settings.json", tmp_path.parent / "x.carc.json"):
        with pytest.raises(ValueError, match="not a saved game"):
            storage.delete_save(path)
    assert (tmp_path / "settings.json").is_file()


def test_the_old_single_autosave_still_continues(make_app, data_dir):
    app = make_app()
    game, seats = game_from_setup(app, setup_of("Ann", "Bob", seed="5"))
    data_dir.mkdir(parents=True, exist_ok=True)
    GameRecord.from_game(game, seats).save(data_dir / "autosave.carc.json")
    assert app.storage.latest_autosave() == data_dir / "autosave.carc.json"
    app.push(TitleScene(app))
    Driver(app).key(pygame.K_c)
    assert isinstance(app.top, PlayScene) and app.storage.autosave_path == data_dir / "autosave.carc.json"


@pytest.mark.parametrize("rules, words", [
    (Rules(), "standard rules"),
    (Rules(farmers=False), "no farmers"),
    (Rules(river=True, small_city=True, farm_scoring="first-edition"),
     "river, farm scoring: first edition, small city"),
    (Rules(abbot=True, inns_cathedrals=True), "Inns & Cathedrals, The Abbot"),
    (Rules(hand=3, hand_open=False), "a hand of 3 tiles, hidden hands"),  # (it said "hand: 3, hand open")
    (Rules(start="random", table=(9, 7), table_closes=True), "table 9 × 7, table closes, random start tile"),
])
def test_rules_are_described_by_what_differs_from_the_base_game(rules, words):
    assert describe_rules(rules) == words


def test_every_rule_option_has_words_of_its_own():
    """Each option, changed alone, in the Load list's words (a new option must be added here)."""
    from carcassonne.expansions import declared
    from carcassonne.i18n import _

    said = {"farmers": (False, "no farmers"), "farm_scoring": ("second-edition", "farm scoring: second edition"),
            "small_city": (True, "small city"), "river": (True, "river"),
            "incomplete_score": (False, "no incomplete score"), "hole_bonus": (True, "hole bonus"),
            "table": ((9, 7), "table 9 × 7"), "table_closes": (True, "table closes"),
            "discard": ("bag", "discard: bag"), "abbot": (True, "The Abbot"), "start": ("random", "random start tile"),
            "hand": (2, "a hand of 2 tiles"), "hand_open": (False, "hidden hands"),
            "inns_cathedrals": (True, "Inns & Cathedrals"), "traders_builders": (True, "Traders & Builders"),
            "princess_dragon": (True, "The Princess & the Dragon")}
    core = [k for k in Rules.__slots__ if not k.startswith("_") and k != "options"]
    assert sorted(said) == sorted([*core, *(key.name for e in declared() for key in e.keys)])
    needs = {"table_closes": {"table": (9, 7)}, "hand_open": {"hand": 2}}  # (only with another option)
    for name, (value, words) in said.items():
        also = needs.get(name, {})
        shown = describe_rules(Rules(**{name: value}, **also))
        assert shown == _(", ").join([*(said[o][1] for o in also), words]), shown


def test_the_replays_list_names_each_game_in_progress_by_its_players(make_app):
    app = make_app()
    for names, seed in ((("Ann", "Bob"), "1"), (("Cid", "Dora"), "2")):
        game, seats = game_from_setup(app, setup_of(*names, seed=seed))
        app.storage.start_autosave()
        app.storage.write_autosave(GameRecord.from_game(game, seats))
    app.push(TitleScene(app))
    Driver(app).key(pygame.K_r)
    labels = {row.label for row in app.top.rows}
    assert {"In progress: Ann · Bob", "In progress: Cid · Dora"} <= labels


def test_the_load_list_speaks_the_language_chosen_since_and_forgets_deleted_files(make_app):
    from carcassonne import i18n
    from carcassonne.app.files import saves

    app = make_app()
    game, seats = game_from_setup(app, setup_of("Ann", "Bob", seed="5", river=True))
    kept = app.storage.save_game(GameRecord.from_game(game, seats))
    gone = app.storage.save_game(GameRecord.from_game(game, seats))
    assert [g.rules for g in saves.list_games(app.storage, app.tiles)] == ["river", "river"]
    i18n.set_language("de")
    try:
        assert {g.rules for g in saves.list_games(app.storage, app.tiles)} == {i18n._("river")} != {"river"}
        gone.unlink()
        assert [g.path for g in saves.list_games(app.storage, app.tiles)] == [kept]
        assert len(saves._cache) == 1  # the English summaries and the deleted file's are gone
    finally:
        i18n.set_language("en")
