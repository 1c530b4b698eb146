"""Small things a tester saw on screen: a note drawn over buttons, a colour's name on its meeple,
a key that did nothing without a word, a list of replays by file name, lit squares cut off by
the side panel."""

from __future__ import annotations

import pygame
import pytest

from carcassonne.app.driver import Driver, random_game
from carcassonne.app.session import play
from carcassonne.app.ui.widgets import recording_layout
from carcassonne.engine import Rules
from carcassonne.engine.record import GameRecord, Seat

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def drawn(app) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001
    with recording_layout() as log:
        app.draw()
    return [(text, rect) for text, rect, *_ in log.texts]


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_saved_note_on_the_results_stays_clear_of_the_buttons(make_app, size):
    app = make_app(size=size)
    whole = random_game(app.tiles, 200, seed=9)
    final = whole.finish()
    scene = app.replace_scene("results", game=whole, seats=SEATS, final=final)
    Driver(app).frames(200)
    scene.save()
    note = next(rect for text, rect in drawn(app) if text.startswith("Saved as "))
    assert app.screen.get_rect().contains(note)
    assert [name for name, b in scene.buttons.items() if b.visible and b.rect.colliderect(note)] == []


@pytest.mark.parametrize("colour", ["red", "blue", "green", "yellow", "black", "pink"])
def test_a_colours_name_on_new_game_keeps_clear_of_its_meeple_and_dot(make_app, colour):
    app = make_app()
    scene = app.replace_scene("new_game")
    Driver(app).frames(1)
    scene.setup.seats[0].color = colour
    button = scene.rows[0][1]
    button.label = colour
    name = next(rect for text, rect in drawn(app) if text == colour and button.rect.contains(rect))
    meeple = app.assets.pieces.get(colour, int(button.rect.h * 0.7)).get_rect(
        midleft=(button.rect.x + int(8 * scene.u), button.rect.centery))
    dot_left = button.rect.right - int(14 * scene.u) - int(6 * scene.u)
    assert name.left > meeple.right and name.right < dot_left


def test_o_in_a_game_without_farmers_says_why_nothing_shows(make_app):
    app = make_app()
    game = random_game(app.tiles, 6, seed=4, rules=Rules(farmers=False))
    play(app, game, SEATS)
    d = Driver(app)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.key(pygame.K_o)
    assert not scene.board.marks.paints
    assert scene.message == "No farm owners to show: this game is played without farmers."


def test_the_replays_list_names_a_saved_game_by_its_players_scores_and_date(make_app):
    from carcassonne.i18n import format_when

    app = make_app()
    whole = random_game(app.tiles, 200, seed=9)
    whole.finish()
    path = app.storage.save_game(GameRecord.from_game(whole, SEATS))
    dialog = app.push_scene("replays")
    Driver(app).frames(1)
    row = next(b for b in dialog.rows if b.on_click.args == (path,))
    best = max(whole.scores)
    result = (f"{SEATS[whole.scores.index(best)].name} won" if whole.scores.count(best) == 1
              else "Ann and Bob shared the win")
    assert row.text() == " · ".join(f"{s.name} {score}" for s, score in zip(SEATS, whole.scores)) + " · " + result
    assert row.hint_text() == format_when(path.stat().st_mtime, year=False)
    assert "game_" not in row.text()


def test_every_lit_square_is_in_view_when_a_persons_turn_begins(make_app):
    """Two people take turns with the keyboard at 1024×768: at each turn's start the squares
    where the tile fits show whole, none cut off by the side panel."""
    app = make_app(size=(1024, 768))
    play(app, random_game(app.tiles, 2, seed=7), SEATS)
    d = Driver(app)
    scene = app.top
    cut = []
    for _turn in range(24):
        d.key(pygame.K_RETURN)  # the hand-over
        d.frames(2)
        view = scene.view_area()
        cut += [(scene.game.turn_number, c) for c in scene.turn.legal_cells()
                if not view.contains(pygame.Rect(scene.camera.tile_rect(*c)))]
        d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the easternmost square: the board grows towards the panel
        d.key(pygame.K_SPACE)
        d.key(pygame.K_SPACE)
    assert cut == []


def test_the_replays_step_buttons_show_each_key_beside_its_label_at_1024x768(make_app):
    """Each step button is as wide as its label and key need: "Start" with "Home" beside it,
    not squeezed onto two small lines while "Next" had room to spare."""
    from carcassonne.app.files.replay import Replay

    app = make_app(size=(1024, 768))
    whole = random_game(app.tiles, 200, seed=9)
    whole.finish()
    scene = app.replace_scene("replay", replay=Replay(GameRecord.from_game(whole, SEATS), app.tiles))
    Driver(app).frames(2)
    texts = drawn(app)
    for name in ("first", "back", "next", "last"):
        button = scene.buttons[name]
        inside = [rect for text, rect in texts if button.rect.contains(rect) and text in (button.text(),
                                                                                           button.hint_text())]
        assert len(inside) == 2, name
        label, key = sorted(inside, key=lambda r: r.x)
        assert abs(label.centery - key.centery) <= 2 and label.right < key.left, name  # side by side
    row = [scene.buttons[n].rect for n in ("first", "back", "next", "last")]
    assert all(a.right < b.left for a, b in zip(row, row[1:])) and row[-1].right <= scene.rects["inner"].right


def test_a_cards_note_stops_before_its_projected_score(make_app):
    """In the German replay "+4 in diesem Zug · 1 Gefolgsmann im Vorrat" ran into "→ 22"."""
    from carcassonne.app.ui.panels import draw_player_card
    from carcassonne.app.ui.widgets import recording_layout
    from carcassonne.engine.record import Seat

    app = make_app()
    card = pygame.Rect(10, 10, 270, 42)
    with recording_layout() as log:
        draw_player_card(app.screen, card, Seat("Cid", "green"), 4, app.assets, 1.0, projected=22,
                         note="+4 in diesem Zug · 1 Gefolgsmann im Vorrat")
    rects = {text: rect for text, rect, *_ in log.texts}
    projected = rects["→ 22"]
    note = next(r for t, r in rects.items() if t.startswith("+4 in diesem Zug"))
    assert note.right <= projected.left and card.contains(note)
