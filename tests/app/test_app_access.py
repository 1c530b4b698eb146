"""Every player at the table (issue 42): the size of text and panels, reduced motion, a set of
pieces for colour vision, and the settings that choose them."""

from __future__ import annotations

import pygame
import pytest

from carcassonne.app.driver import Driver
from carcassonne.app.files.storage import Settings, Storage
from carcassonne.app.ui import widgets
from carcassonne.app.ui.widgets import Choice, Toggle, automatic_percent, set_ui_percent, ui_scale


@pytest.fixture(autouse=True)
def automatic_scale_after():
    yield
    set_ui_percent(0)


def test_the_size_of_text_and_panels_follows_the_screen_until_the_player_chooses_one():
    assert automatic_percent((1280, 720)) == 100 and automatic_percent((1920, 1080)) == 100
    assert automatic_percent((3840, 2160)) == 200
    set_ui_percent(0)
    assert ui_scale((3840, 2160)) == pytest.approx(2.7)  # as a 1920 × 1080 screen at 200 %
    set_ui_percent(100)
    assert ui_scale((3840, 2160)) == pytest.approx(widgets.SCALE_AT_100)
    assert ui_scale((1280, 720)) == pytest.approx(0.9)
    set_ui_percent(200)
    assert ui_scale((3840, 2160)) == pytest.approx(2.7)
    # never larger than lets a layout made for 1280 × 720 fit the window
    assert ui_scale((1920, 1080)) == pytest.approx(1.5) and ui_scale((1280, 720)) == pytest.approx(1.0)


def test_the_new_settings_are_kept_and_bad_values_ignored(data_dir):
    storage = Storage(data_dir)
    storage.save_settings(Settings(ui_scale=150, pieces="colour-vision", reduced_motion=True))
    again = storage.load_settings()
    assert (again.ui_scale, again.pieces, again.reduced_motion) == (150, "colour-vision", True)
    bad = Settings.from_data({"ui_scale": 999, "pieces": "../x", "reduced_motion": "yes"})
    assert (bad.ui_scale, bad.pieces, bad.reduced_motion) == (0, "", False)
    assert Settings.from_data({"window_size": [1280, 720]}).window_size == (1280, 720)


def choice(app, label: str):  # noqa: ANN001, ANN201
    return next(w for w in app.top.widgets if isinstance(w, Choice) and w.label == label)


def test_settings_change_the_size_of_text_and_the_pieces_at_once(make_app, data_dir):
    app = make_app(size=(1920, 1080))
    d = Driver(app)
    d.resize((1920, 1080))
    app.replace_scene("title")
    settings = app.push_scene("settings")
    d.frames(1)
    title = app.scenes[0]
    assert title.u == pytest.approx(1.35)
    scale = choice(app, "Text and panels")
    assert scale.text() == "Text and panels: automatic (100 %)"
    while scale.value != "150":
        d.click(scale.rect.center)
    assert title.u == pytest.approx(1.5) and settings.u == pytest.approx(1.5)
    pieces = choice(app, "Pieces")
    before = pygame.image.tobytes(app.assets.pieces.base("green"), "RGBA")
    d.click(pieces.rect.center)
    assert app.settings.pieces == "colour-vision" and app.assets.pieces.set == "colour-vision"
    assert pygame.image.tobytes(app.assets.pieces.base("green"), "RGBA") != before
    from carcassonne.app.art.assets import PIECE_COLOURS, PLAYER_RGB
    assert PLAYER_RGB["green"] == PIECE_COLOURS["colour-vision"]["green"]
    kept = Storage(data_dir).load_settings()
    assert (kept.ui_scale, kept.pieces) == (150, "colour-vision")
    d.click(pieces.rect.center)
    assert PLAYER_RGB["green"] == PIECE_COLOURS[""]["green"]


def test_reduced_motion_scores_without_anything_rising_gliding_or_the_camera_moving(make_app):
    from test_tutorial_scene import open_lesson, play_step

    app, d, scene = open_lesson(make_app, 1, animation="normal")
    app.settings.reduced_motion = True
    for _ in range(2):
        play_step(d, scene)
        d.run_until(lambda: scene.turn.can_act, 400)
        assert not scene.camera.gliding
    play_step(d, scene)  # step 3 closes the road: 4 points
    assert [p.kind for p, _t in scene.overlay.flashes] == ["road"], "the scored road is still lit"
    assert scene.flow.anims == [] and not scene.camera.gliding
    assert scene.flow.scoring_shown() and scene.panel.cards[0].score == 4


def test_reduced_motion_lands_a_computers_tile_at_once(make_app):
    from carcassonne.app.driver import random_game
    from carcassonne.app.session import play
    from carcassonne.engine.record import Seat

    app = make_app(animation="normal")
    app.settings.reduced_motion = True
    d = Driver(app)
    play(app, random_game(app.tiles, 6, seed=3), [Seat("Ann", "red", "ai:easy"), Seat("Bob", "blue", "ai:easy")])
    scene = app.top
    start = scene.game.turn_number
    assert d.run_until(lambda: scene.game.turn_number >= start + 3, 3000, seconds=60)
    # no glide was ever started: every computer's tile was landed the frame it was chosen
    assert not any(type(a).__name__ == "Glide" for a in scene.flow.anims)


def test_the_reduced_motion_setting_is_a_toggle_in_settings(make_app):
    app = make_app(animation="normal")
    d = Driver(app)
    app.replace_scene("title")
    app.push_scene("settings")
    d.frames(1)
    toggle = next(w for w in app.top.widgets if isinstance(w, Toggle) and w.label == "Reduced motion")
    d.click(toggle.rect.center)
    assert app.settings.reduced_motion and app.settings.motion == 0 and app.settings.speed > 0


def texts_under_widgets(app) -> list[str]:  # noqa: ANN001
    """Each text drawn partly under a widget of the top screen that it does not belong to (a line
    run under a button), and each that runs past its box."""
    from carcassonne.app.ui.widgets import recording_layout

    with recording_layout() as log:
        app.draw()
    shown = [w for w in app.top.widgets if w.visible]
    bad = [f"{text!r} at {tuple(r)} under {getattr(w, 'label', type(w).__name__)!r} {tuple(w.rect)}"
           for text, r, at, _n in log.texts for w in shown
           if not w.rect.collidepoint(at) and w.rect.colliderect(r) and not r.contains(w.rect)]
    return bad + log.overflows(app.screen.get_rect())


@pytest.mark.parametrize(("language", "size", "percent"), [
    ("de", (1024, 768), 0), ("fr", (1024, 768), 0), ("en", (1280, 800), 0), ("de", (1280, 720), 100),
    ("en", (3840, 2160), 200), ("de", (1920, 1080), 200)])
def test_no_text_of_new_game_runs_under_a_button(make_app, language, size, percent):
    """Issue 42: the seed's label ran under "Random start tile" in German and French at 1024×768,
    and "not with an expansion's own start tile" under Start game at 1280×800."""
    from carcassonne import i18n

    app = make_app(size=size)
    set_ui_percent(percent)
    d = Driver(app)
    d.resize(size)
    i18n.set_language(language)
    try:
        scene = app.replace_scene("new_game")
        d.frames(2)
        found = {"local": texts_under_widgets(app)}
        scene._set_network(True)
        d.frames(1)
        found["network"] = texts_under_widgets(app)
    finally:
        i18n.set_language("en")
    assert {k: v for k, v in found.items() if v} == {}


def test_new_game_says_what_the_turn_timer_does_in_a_network_game(make_app):
    """Issue 42: neither New game nor the waiting room said what the timer does. New game says it
    under the timer's choice, in a network game only (local games have no timer)."""
    from carcassonne.app.ui.widgets import recording_layout

    app = make_app(size=(1280, 720))
    d = Driver(app)
    d.resize((1280, 720))
    scene = app.replace_scene("new_game")
    d.frames(1)
    with recording_layout() as log:
        app.draw()
    assert not any("runs out" in t for t, *_rest in log.texts)
    scene._set_network(True)
    d.frames(1)
    with recording_layout() as log:
        app.draw()
    said = " ".join(t for t, *_rest in log.texts)
    assert "computer lays the tile for the player" in said and "(no follower)" in said


@pytest.mark.parametrize(("language", "size", "turns"), [("en", (1280, 800), 23), ("de", (1024, 768), 7),
                                                         ("fr", (1024, 768), 7), ("en", (1280, 720), 23)])
def test_the_turn_title_keeps_clear_of_the_tiles_left(make_app, language, size, turns, monkeypatch):
    """Issue 42: "Turn 23: Bob's turn (computer, normal)" ran into "Tiles left" at 1280×800, and
    "Zug 8: Bob ist dran (Computer, leicht)" at 1024×768."""
    from concurrent.futures import Future

    from carcassonne import i18n
    from carcassonne.app.driver import random_game
    from carcassonne.app.play.players import Thinker
    from carcassonne.app.session import play
    from carcassonne.app.ui.widgets import recording_layout
    from carcassonne.engine.record import Seat

    monkeypatch.setattr(Thinker, "ask", lambda self, bot, game: Future())  # (Bob thinks for ever: his title stays)
    app = make_app(size=size)
    d = Driver(app)
    d.resize(size)
    i18n.set_language(language)
    try:
        game = random_game(app.tiles, turns, seed=5, names=["Annabelle", "Bob"])
        play(app, game, [Seat("Annabelle", "red"), Seat("Bob", "blue", "ai:normal")])
        scene = app.top
        d.frames(2)
        assert scene.turn.seat.name == "Bob"
        with recording_layout() as log:
            app.draw()
    finally:
        i18n.set_language("en")
    top = scene.rects["top"]
    line = [(t, r) for t, r, at, _n in log.texts if top.collidepoint(at)]
    title = next(r for t, r in line if "Bob" in t)
    left = next(r for t, r in line if any(w in t for w in ("Tiles left", "Verbleibende", "restantes", "Quedan",
                                                           "Plättchen", "tuiles", "fichas")))
    buttons = [b.rect for b in scene.buttons.values() if b.visible and b.rect.colliderect(top)]
    assert title.right < left.left
    assert not any(title.colliderect(b) or left.colliderect(b) for b in buttons)


def test_a_finished_game_is_kept_as_a_replay_with_its_result_and_can_be_deleted(make_app):
    """Issue 42: a finished game's autosave was deleted at the end, and the game vanished from
    Replays. It is kept in replays/, listed with its result, and Delete (twice) removes it."""
    from carcassonne.app.driver import random_game
    from carcassonne.app.session import play
    from carcassonne.engine.record import Seat

    app = make_app()
    d = Driver(app)
    seats = [Seat("Ann", "red", "ai:easy"), Seat("Bob", "blue", "ai:easy")]
    game = random_game(app.tiles, 68, seed=3)
    play(app, game, seats)
    assert d.run_until(lambda: type(app.top).__name__ in ("FinalBoardScene", "ResultsScene"), 4000, seconds=120)
    assert not app.storage.autosaves()  # no longer in progress...
    kept = list(app.storage.replays_dir.glob("*.carc.json"))
    assert len(kept) == 1  # ...but kept to watch again
    app.replace_scene("title")
    dialog = app.push_scene("replays")
    d.frames(1)
    row = next(b for b in dialog.rows if b.on_click.args == (kept[0],))
    assert row.text().startswith("Ann ") and row.text().endswith((" won", " shared the win"))
    index = dialog.rows.index(row)
    d.click(dialog.deletes[index].rect.center)
    assert dialog.deletes[index].label == "Sure?" and kept[0].is_file()
    d.click(dialog.deletes[index].rect.center)
    assert not kept[0].exists() and kept[0] not in dialog.paths


def deck_tile_sizes(make_app, monkeypatch, size):  # noqa: ANN001, ANN201
    """The sizes the Still to come grid draws its tiles at, six players at ``size`` with Inns &
    Cathedrals (41 kinds), and the deck's area."""
    from carcassonne.app.driver import random_game
    from carcassonne.app.play import hud
    from carcassonne.app.session import play
    from carcassonne.engine import Rules
    from carcassonne.engine.record import Seat

    app = make_app(size=size)
    d = Driver(app)
    d.resize(size)
    names = ["Ann", "Bob", "Cid", "Dora", "Eve", "Finn"]
    colours = ["red", "blue", "green", "yellow", "black", "pink"]
    game = random_game(app.tiles, 3, seed=2, names=names, rules=Rules(inns_cathedrals=True))
    play(app, game, [Seat(n, c) for n, c in zip(names, colours)])
    scene = app.top
    d.frames(1)
    sizes: list[int] = []
    plain = app.assets.tiles.sized
    monkeypatch.setattr(app.assets.tiles, "sized", lambda tile, r, px, quick=False: (sizes.append(px),
                                                                                     plain(tile, r, px, quick))[1])
    hud.draw_deck(app.screen, scene.rects["deck"], scene.panel.deck_left, app.assets, scene.u)
    return sizes, scene.rects["deck"]


def test_still_to_come_fills_its_room_with_six_players(make_app, monkeypatch):
    """Issue 42: at 1920×1080 with six players the tiles still to come were about 16 px under their
    counts, with free space below them."""
    sizes, area = deck_tile_sizes(make_app, monkeypatch, (1920, 1080))
    assert len(sizes) >= 30 and min(sizes) >= 32, (min(sizes), area)


def two_people(make_app, seed: str = "11"):  # noqa: ANN001, ANN201
    from test_app_scenes import first_turn

    return first_turn(make_app)


def test_the_press_r_advice_goes_once_the_tile_is_turned(make_app):
    """Issue 42: "It fits here if you turn it: press R once" stayed after R was pressed."""
    from carcassonne.engine import Placement

    d, scene, game = two_people(make_app)

    def turned_only():  # noqa: ANN202 - a square where the tile fits only when turned
        tile = scene.turn.tile
        return next((p for p in sorted(game.legal_placements(tile)) if p.rotation != scene.turn.rotation
                     and game.why_not_placement(Placement(tile, p.x, p.y, scene.turn.rotation)) is not None
                     and (p.x, p.y) not in scene.turn.legal_cells()), None)

    while turned_only() is None:  # (turns played until a tile fits somewhere only when turned)
        d.key(pygame.K_TAB)
        d.key(pygame.K_SPACE)
        d.key(pygame.K_SPACE)
        d.key(pygame.K_RETURN)  # the hand-over
    fits_turned = turned_only()
    scene.moves.drop_tile(fits_turned.x, fits_turned.y)
    d.frames(1)
    assert "press R" in scene.message
    d.key(pygame.K_r)
    assert "press R" not in scene.message


def test_a_cards_tooltip_projects_the_score_its_arrow_shows(make_app):
    """Issue 42: with the abbot taken back (or any figure laid this turn) the card said "→ 7" and its
    tooltip "6 if the game ended now": both count the turn's tile and figure now."""
    d, scene, game = two_people(make_app)
    d.key(pygame.K_TAB)
    d.key(pygame.K_f)
    assert scene.turn.figure is not None
    d.move(scene.card_rects[0].center)
    d.frames(2)
    card = scene.panel.cards[0]
    assert scene.tip is not None
    assert f"{card.projected} if the game ended now" in scene.tip.lines[0]


def test_a_newcomer_reads_that_tab_plays_and_the_keys_choice_is_ringed(make_app):
    """Issue 42: whole games play with Tab, F, Space and Enter; the turn's first words say so, and
    the square and place chosen by keys are ringed (black and white, for any colour vision)."""
    from carcassonne.app.board.sprites import FocusRing

    d, scene, game = two_people(make_app)
    assert scene.message.endswith("drag the tile onto the board, or press Tab.")
    d.key(pygame.K_TAB)
    assert scene.board_marks().focus
    rings = [s for s in scene.board.sprites if isinstance(s, FocusRing)]
    assert [r.spot for r in rings] == [None]  # the square
    assert "F picks a follower place" in scene.message
    d.key(pygame.K_f)
    d.frames(1)
    rings = [s for s in scene.board.sprites if isinstance(s, FocusRing)]
    assert sorted(str(r.spot) for r in rings) == sorted(["None", scene.turn.figure.place])  # and the place
    view = scene.view_area()
    assert all(view.colliderect(r.rect) for r in rings)
    scene.turn.pick_up()
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(*sorted(scene.turn.legal_cells())[0]))
    assert scene.turn.pending is not None and not scene.board_marks().focus  # (the mouse's choice: no ring)


def test_the_score_track_names_each_marker_by_its_initial(make_app):
    """Issue 42: nothing tells players apart by colour alone; on the track each marker carries its
    player's initial (the cards name them, the farm owners' view names the leaders)."""
    from carcassonne.app.play import hud
    from carcassonne.app.ui import textcache
    from carcassonne.engine.record import Seat

    app = make_app()
    drawn: list[str] = []
    plain = textcache.render_text
    hud_render = hud.render_text
    try:
        hud.render_text = lambda font, text, colour: (drawn.append(text), plain(font, text, colour))[1]
        hud.draw_track(app.screen, pygame.Rect(10, 10, 600, 34), [Seat("Ann", "red"), Seat("Bob", "green")],
                       [3.0, 3.0], app.assets, 1.0)
    finally:
        hud.render_text = hud_render
    assert "A" in drawn and "B" in drawn


def test_the_message_under_the_board_keeps_clear_of_the_open_move_log(make_app):
    """Found taking the screenshots of issue 42: "Time ran out: the computer played for Ann. Bob
    is thinking…", centred under the board, ran over the foot of the open move log."""
    from carcassonne.app.driver import random_game
    from carcassonne.app.session import play
    from carcassonne.app.ui.widgets import recording_layout
    from carcassonne.engine.record import Seat

    app = make_app(size=(1920, 1080))
    d = Driver(app)
    d.resize((1920, 1080))
    game = random_game(app.tiles, 6, seed=3, names=["Ann", "Bob"])
    play(app, game, [Seat("Ann", "red"), Seat("Bob", "blue")])
    scene = app.top
    d.frames(2)
    d.key(pygame.K_RETURN)  # the hand-over
    d.key(pygame.K_l)
    assert scene.overlay.log.open
    said = "Time ran out: the computer played for Ann. Bob is thinking… and a few words more to be long"
    scene.say(said, (255, 255, 255), 8)
    with recording_layout() as log:
        app.draw()
    lines = [r for t, r, _at, _n in log.texts if t and t in said]
    assert lines and not any(r.colliderect(scene.overlay.log.rect) for r in lines)


def test_a_board_fitted_at_200_percent_shows_its_tiles_twice_as_large_as_at_100(make_app):
    """Found taking the screenshots of issue 42: a lesson's few tiles were fitted at most 160 px
    wide whatever the size of text and panels, so at 3840×2160 at 200 % they were half the size
    they are at 1920×1080, under text twice as large."""
    seen = {}
    for size, percent in (((1920, 1080), 0), ((3840, 2160), 200)):
        app = make_app(size=size)
        set_ui_percent(percent)
        d = Driver(app)
        d.resize(size)
        app.replace_scene("title")
        d.frames(1)
        d.key(pygame.K_t)
        d.click(app.top.list_buttons[0].rect.center)
        d.frames(2)
        seen[size] = app.top.camera.tile_px
    assert seen[(3840, 2160)] >= 1.6 * seen[(1920, 1080)], seen


def test_a_full_rules_column_keeps_its_buttons_readable_and_lines_only_for_what_is_played(make_app):
    """A network game with a hand of tiles at 1024 × 768: every option, the network's and each
    expansion's, no longer fitted with its line and picture, and the rows shrank to letters too
    small to read. Then only the options played keep their line, and a row stays a row."""
    app = make_app(size=(1024, 768))
    d = Driver(app)
    d.resize((1024, 768))
    scene = app.replace_scene("new_game")
    d.frames(1)
    scene._set_network(True)
    scene._choose("hand", scene.rule_options["hand"].choices[-1][0])  # (3, hidden)
    d.frames(1)
    rows = [*scene.options, *(w for w in scene.variants.values() if w.visible)]
    assert min(w.rect.h for w in rows) >= int(26 * scene.u)
    assert all(a.rect.bottom <= b.rect.top for a, b in zip(rows, rows[1:]))  # (none over another)
    with widgets.recording_layout() as log:
        app.draw()
    said = " ".join(t for t, *_rest in log.texts)
    hand_line = scene._note_lines(app.assets.fonts.get(int(13 * scene.u)), "hand", 10_000)
    assert hand_line and hand_line[0] in said  # the hand is played: its line is said
    off = [k for k in scene.variants if k != "hand" and scene.variants[k].visible and not scene._played(k)]
    assert off and scene._brief
    assert all(scene._note_lines(app.assets.fonts.get(13), k, 10_000) == [] for k in off)
