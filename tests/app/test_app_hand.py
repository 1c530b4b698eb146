"""A hand of tiles on the screen (the house rule ``hand`` 2 or 3, ``hand_open``), played
with the mouse as a person would: the hand's tiles side by side in the hand slot, any one
picked and dragged to the board; a hidden hand seen only by its holder, after the hand-over;
the others' hidden hands as tile backs on their cards.
"""

from __future__ import annotations

import pygame

from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.session import play
from carcassonne.engine import Game, Move, Rules
from carcassonne.engine.record import Seat

from board_play import new_game_form

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def start(make_app, hand_open: bool):  # noqa: ANN001
    app = make_app()
    d = Driver(app)
    game = Game(app.tiles, Rules(hand=3, hand_open=hand_open), players=2, seed=5, names=[s.name for s in SEATS])
    play(app, game, SEATS)
    d.frames(2)
    return app, d, app.top


def test_a_hand_of_three_is_chosen_on_the_new_game_form(make_app):
    app, d, form = new_game_form(make_app)
    hand = form.variants["hand"]
    while hand.value != "3-hidden":
        d.click(hand.rect.center)
    assert not form.house_options["discard"].enabled  # a hand never sends a tile back into the bag
    d.key(pygame.K_RETURN)
    rules = app.top.game.rules
    assert (rules.hand, rules.hand_open) == (3, False)
    kept = app.storage.load_setup()
    assert (kept.rules.hand, kept.rules.hand_open) == (3, False)


def test_any_tile_of_a_hand_of_three_is_picked_and_dragged_to_the_board(make_app):
    app, d, scene = start(make_app, hand_open=True)
    d.key(pygame.K_RETURN)  # the hand-over card
    turn, game = scene.turn, scene.game
    held = game.held(0)
    assert len(held) == 3 and scene.panel.hand.tiles == held
    last = held[2]
    place = min(game.legal_placements(last))
    if place.rotation:
        d.click(scene.hand_tile_rect(last).center)  # a click picks it...
        assert turn.tile == last
        while turn.rotation != place.rotation:
            d.key(pygame.K_r)
    show_cell(d, scene, place.x, place.y, 96)
    d.drag(scene.hand_tile_rect(last).center, scene.camera.cell_center(place.x, place.y), steps=4)  # ...a drag lays it
    assert turn.tile == last and turn.pending == place, scene.message
    d.key(pygame.K_SPACE)
    d.key(pygame.K_SPACE)  # no follower: the turn ends
    played = [t for t in game.history if isinstance(t, Move)][-1]
    assert played.tile == last
    assert len(game.held(0)) == 3 and last not in game.held(0)[:2]  # drawn back up to three


def test_a_hidden_hand_shows_after_the_hand_over_and_the_others_hands_as_backs(make_app):
    app, d, scene = start(make_app, hand_open=False)
    assert scene.phase == "handover" and scene.panel.hand.hidden  # not before the mouse changes hands
    d.key(pygame.K_RETURN)
    assert not scene.panel.hand.hidden and scene.panel.hand.tiles == scene.game.held(0)
    bob = scene.panel.cards[1]
    assert bob.held == (None, None, None)  # Bob's hand: three tile backs
    assert scene.panel.cards[0].held == ()  # Ann's hand is in the hand slot


def test_an_open_hand_shows_face_up_on_its_holders_card(make_app):
    app, d, scene = start(make_app, hand_open=True)
    d.key(pygame.K_RETURN)
    assert scene.panel.cards[1].held == scene.game.held(1)


def test_the_keys_1_2_3_pick_a_tile_of_the_hand(make_app):
    app, d, scene = start(make_app, hand_open=True)
    d.key(pygame.K_RETURN)
    turn, held = scene.turn, scene.game.held(0)
    d.key(pygame.K_3)
    assert turn.tile == held[2]
    d.key(pygame.K_1)
    assert turn.tile == held[0]


def test_still_to_come_shows_everyone_the_same_counts_whoever_holds_the_mouse(make_app):
    """Issue 42: with hidden hands, the counts dropped by exactly Bob's hidden tiles on his
    hand-over card, in front of Ann. The public counts are the box less the board."""
    app, d, scene = start(make_app, hand_open=False)
    game = scene.turn.game
    for _turn in range(4):
        assert scene.panel.deck_left == game.tiles_to_come()  # the hand-over card
        d.key(pygame.K_RETURN)
        assert scene.panel.deck_left == game.tiles_to_come()  # the holder's own turn
        d.key(pygame.K_TAB)
        d.key(pygame.K_SPACE)
        assert scene.panel.deck_left == game.tiles_to_come()
        d.key(pygame.K_SPACE)
        d.frames(2)
