"""The Load list with thousands of saves: it appears at once, fills in behind the screen, and
remembers what it read (an index checked against each file's size and time)."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pygame
import pytest
from test_app_hostile_files import record_data

from carcassonne.app.driver import Driver
from carcassonne.app.files.save_list import FIRST_ROWS, INDEX_NAME, SaveList
from carcassonne.app.files.saves import SaveSummary
from carcassonne.app.scenes.dialogs import LoadDialog
from carcassonne.app.scenes.title import TitleScene

MANY = 5000


@pytest.fixture
def many_saves(make_app, data_dir):
    app = make_app()
    text = json.dumps(record_data(app))
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    now = time.time()
    for n in range(MANY):
        path = saves / f"game_{n:05d}.carc.json"
        path.write_text(text, encoding="utf-8")
        os.utime(path, (now - n, now - n))
    return app, saves


def open_load_list(app) -> LoadDialog:  # noqa: ANN001
    app.replace(TitleScene(app))
    app.frame(0.05)
    Driver(app).key(pygame.K_l)
    assert isinstance(app.top, LoadDialog)
    return app.top


def read_all(app, dialog: LoadDialog) -> None:  # noqa: ANN001
    deadline = time.monotonic() + 300
    while dialog.saves.reading and time.monotonic() < deadline:
        app.frame(0.05)
        time.sleep(0.01)
    app.frame(0.05)


def test_five_thousand_saves_are_listed_at_once_with_the_first_screenful_read(many_saves, monkeypatch):
    """The list opens having replayed only its first screenful: counted in saves read before
    it shows, not in seconds (every save was replayed first once: 12 to 31 s)."""
    app, _saves = many_saves
    read_before_shown: list[Path] = []
    read = SaveList._read

    def counted(self: SaveList, path: Path) -> SaveSummary:
        if threading.current_thread() is threading.main_thread():
            read_before_shown.append(path)
        return read(self, path)

    monkeypatch.setattr(SaveList, "_read", counted)
    dialog = open_load_list(app)
    assert 0 < len(read_before_shown) <= FIRST_ROWS
    assert len(dialog.games) == MANY
    assert [g.path.name for g in dialog.games[:3]] == ["game_00000.carc.json", "game_00001.carc.json",
                                                       "game_00002.carc.json"]  # newest first
    shown = [row.summary for row in dialog.rows]
    assert shown and not any(s.pending for s in shown)
    assert dialog.rows[0].label == "Ann 0 · Bob 0" or "·" in dialog.rows[0].label
    dialog.close()


@pytest.mark.slow  # reads 5,000 games
def test_the_rest_is_read_behind_the_screen_and_kept_in_the_index(many_saves, data_dir, monkeypatch):
    app, saves = many_saves
    dialog = open_load_list(app)
    assert any(g.pending for g in dialog.games)
    read_all(app, dialog)
    assert not any(g.pending for g in dialog.games)
    dialog.close()
    assert (data_dir / INDEX_NAME).is_file()
    read_again: list[Path] = []
    read = SaveList._read
    monkeypatch.setattr(SaveList, "_read", lambda self, path: (read_again.append(path), read(self, path))[1])
    again = SaveList(app.storage, app.tiles)
    assert read_again == []  # all 5,000 from the index, none replayed
    assert not again.reading and not any(g.pending for g in again.summaries)
    assert again.summaries[10].standings == dialog.games[10].standings


def test_a_save_written_since_is_read_again(make_app, data_dir):
    app = make_app()
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    path = saves / "game.carc.json"
    path.write_text(json.dumps(record_data(app)), encoding="utf-8")
    first = SaveList(app.storage, app.tiles)
    first.close()
    later = record_data(app, ("Cid", "Dora"))
    path.write_text(json.dumps(later, indent=1), encoding="utf-8")
    again = SaveList(app.storage, app.tiles)
    assert again.summaries[0].players == ("Cid", "Dora")
    again.close()


@pytest.mark.parametrize("index", ["", "[" * 50_000, '{"version": 1, "files": {"saves/game.carc.json": '
                                   '{"size": 1, "mtime_ns": 1, "players": [1], "scores": "x", "turn": true}}}',
                                   "\x00\xff"])
def test_a_damaged_index_is_rebuilt(make_app, data_dir, index):
    app = make_app()
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "game.carc.json").write_text(json.dumps(record_data(app)), encoding="utf-8")
    (data_dir / INDEX_NAME).write_text(index, encoding="utf-8", errors="surrogateescape")
    listed = SaveList(app.storage, app.tiles)
    assert listed.summaries[0].players == ("Ann", "Bob")
    listed.close()
    assert json.loads((data_dir / INDEX_NAME).read_text())["version"] == 1


def test_an_index_that_lies_about_a_file_of_another_size_is_not_believed(make_app, data_dir):
    app = make_app()
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    path = saves / "game.carc.json"
    path.write_text(json.dumps(record_data(app)), encoding="utf-8")
    info = path.stat()
    lie = {"size": info.st_size + 1, "mtime_ns": info.st_mtime_ns, "players": ["Eve", "Mallory"],
           "scores": [99, 0], "turn": 70, "finished": True, "rules": {}}
    (data_dir / INDEX_NAME).write_text(json.dumps({"version": 1, "files": {"saves/game.carc.json": lie}}))
    listed = SaveList(app.storage, app.tiles)
    assert listed.summaries[0].players == ("Ann", "Bob")
    listed.close()


def test_a_save_with_many_rules_keeps_its_line_inside_its_row_in_german(make_app):
    """The rules of a game with the box and the expansion ran past the row and the dialog."""
    from carcassonne import i18n
    from carcassonne.app.ui.widgets import recording_layout
    from carcassonne.engine import Game, Rules
    from carcassonne.engine.record import GameRecord, Seat

    spoken = i18n.language()
    app = make_app()
    i18n.set_language("de")
    try:
        rules = Rules(abbot=True, inns_cathedrals=True, hand=3, hand_open=False, start="random", table=(9, 7),
                      table_closes=True, farm_scoring="second-edition", hole_bonus=True)
        game = Game(app.tiles, rules, players=2, seed=4, names=["Ann", "Bob"])
        app.storage.save_game(GameRecord.from_game(game, [Seat("Ann", "red"), Seat("Bob", "blue")]))
        app.push_scene("title")
        d = Driver(app)
        d.key(pygame.K_l)
        dialog = app.top
        assert isinstance(dialog, LoadDialog)
        d.run_until(lambda: not dialog.saves.reading, seconds=20)
        d.frames(2)
        with recording_layout() as log:
            app.draw()
        assert log.overflows(app.screen.get_rect()) == []
        row = next(r for r in dialog.rows if "Ann" in r.label)
        # (a text is recorded only when whole inside the list's clip: the long line was not)
        line = [(t, rect) for t, rect, *_ in log.texts if "Wirtshäuser und Kathedralen, " in t
                and "gespeichert" in t]  # (not the title screen's list of expansions behind the dialog)
        assert line and row.rect.contains(line[0][1]) and line[0][0].endswith("…")
    finally:
        i18n.set_language(spoken)
