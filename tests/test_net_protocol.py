"""The pieces of network play without a network: messages checked field by field, a
client's copy of the game, and a room's seats (issue: play across screens)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.ai import get_bot
from carcassonne.engine import Discard, Game, Move, Rules
from carcassonne.net.mirror import public_game
from carcassonne.net.protocol import MAX_CLIENT_MESSAGE, ProtocolError, read_message, turn_from_wire
from carcassonne.net.room import CODE_ALPHABET, CODE_LENGTH, new_room, token_hash


@pytest.mark.parametrize("frame, words", [
    ("not json", "not a message"),
    ("[1, 2]", "must be a JSON object"),
    ('{"type": "fly"}', "unknown message type"),
    ('{"x": 1}', "unknown message type"),
    ('{"type": "lay", "x": 1, "y": 0}', "needs the field 'rotation'"),
    ('{"type": "lay", "x": 1, "y": 0, "rotation": "90"}', "'rotation' must be a whole number"),
    ('{"type": "lay", "x": true, "y": 0, "rotation": 90}', "'x' must be a whole number"),
    ('{"type": "lay", "x": 1, "y": 0, "rotation": 90, "bag": "A"}', "has no field 'bag'"),
    ('{"type": "join", "code": "ABC", "seat": 9, "name": "Bob"}', "'seat' must be a whole number from 0 to 5"),
    ('{"type": "join", "code": "ABC", "seat": 1, "name": "\\u200b\\u0000"}', "visible name"),
    ('{"type": "join", "code": "ABC", "seat": 1, "name": "Bob", "color": "mauve"}', "'color' must be one of"),
    ('{"type": "create", "seats": [{"kind": "human", "color": "red"}]}', "2 to 6 seats"),
    ('{"type": "create", "seats": [{"kind": "ai:god", "color": "red"}, {"kind": "open", "color": "blue"}]}',
     "human, open or ai:<level>"),
    ('{"type": "create", "seats": [{"kind": "open", "color": "red"}, {"kind": "open", "color": "red"}]}',
     "same colour"),
    ('{"type": "hello", "protocol": 1' + "0" * 200 + "}", "digits"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
])
def test_a_bad_message_is_refused_with_one_line_saying_why(frame, words):
    with pytest.raises(ProtocolError) as refused:
        read_message(frame)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_frame_over_the_size_limit_is_refused_before_it_is_read():
    with pytest.raises(ProtocolError) as refused:
        read_message('{"type": "chat", "text": "' + "a" * MAX_CLIENT_MESSAGE + '"}')
    assert refused.value.code == "too-large"


def test_binary_frames_are_refused():
    with pytest.raises(ProtocolError):
        read_message(b'{"type": "list"}')


def test_a_good_message_comes_back_checked_and_cleaned():
    message = read_message(json.dumps({"type": "join", "code": "abc", "seat": 1, "name": "  Bob\x1b[1m  "}))
    assert message == {"type": "join", "code": "abc", "seat": 1, "name": "Bob[1m"}


def test_a_turn_from_the_server_is_checked_for_shape():
    assert turn_from_wire({"tile": "A", "discarded": True}) == Discard("A")
    assert turn_from_wire({"tile": "V", "x": 0, "y": 1, "rotation": 90}) == Move("V", 0, 1, 90)
    for bad in ([], {"tile": 3}, {"tile": "V", "x": 0, "y": 1, "rotation": 45},
                {"tile": "V", "x": 0, "y": 10**6, "rotation": 0}, {"tile": "V", "x": "0", "y": 1, "rotation": 0}):
        with pytest.raises(ProtocolError):
            turn_from_wire(bad)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(1, 10**6), river=st.booleans(), bag=st.booleans(), stop=st.integers(0, 90))
def test_a_clients_copy_is_the_game_less_the_order_of_its_bag(tiles, seed, river, bag, stop):
    """Rebuilt from the turns and the tile in hand alone, the copy has the same board, scores,
    followers, tiles left and legal moves as the server's game, whatever the seed."""
    rules = Rules(river=river, discard="bag" if bag else "box")
    game = Game(tiles, rules, players=3, seed=seed, names=["Ann", "Bob", "Cy"])
    bot = get_bot("random", seed)
    while game.turn_number < stop and game.draw() is not None:
        game.play(bot.choose(game))
    tile = game.draw()
    copy = public_game(tiles, rules, game.names, game.history, tile)
    assert copy.seed is None
    assert copy.scores == game.scores and copy.supply == game.supply and copy.current == game.current
    assert copy.board == game.board and copy.deck.counts == game.deck.counts
    assert len(copy.deck) == len(game.deck) and copy.deck.peek() == tile
    if tile is not None:
        assert copy.legal_placements(tile) == game.legal_placements(tile)
        assert get_bot("normal", 1).choose(copy) == get_bot("normal", 1).choose(game)
    # the copy's bag says nothing of the real order: another deal with the same past gives the same copy
    assert copy.deck.pile[:-1] == public_game(tiles, rules, game.names, game.history, tile).deck.pile[:-1]


def test_a_client_copy_refuses_a_tile_that_cannot_be_in_hand(tiles):
    from carcassonne.engine import IllegalMoveError

    with pytest.raises(IllegalMoveError):
        public_game(tiles, Rules(river=True), ["Ann", "Bob"], [], "A")  # river tiles come first


def test_a_room_deals_only_when_every_seat_is_taken_and_keeps_only_token_hashes(tiles):
    plans = [{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue", "name": None},
             {"kind": "ai:normal", "color": "green", "name": None}]
    room, host, tokens = new_room(tiles, Rules(), plans, seed=None)
    assert set(room.code) <= set(CODE_ALPHABET) and len(room.code) == CODE_LENGTH
    assert list(tokens) == [0] and room.seats_of(tokens[0]) == [0]
    assert room.seats[0].token_hash == token_hash(tokens[0]) != tokens[0]
    assert room.is_host_token(host) and not room.is_host_token(tokens[0])
    assert not room.started and [s.name for s in room.seats] == ["Ann", "Player 2", "Normal"]
    token = room.take_seat(1, "Bob", None, now=0.0)
    assert room.started and room.seats_of(token) == [1] and room.tile is not None
    state = json.dumps(room.state(0.0))
    assert "seed" not in state and "pile" not in state  # what leaves the room never tells the bag


def test_a_room_refuses_moves_before_the_deal_and_out_of_turn(tiles):
    plans = [{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue", "name": None}]
    room, _host, _tokens = new_room(tiles, Rules(), plans, seed=5)
    lay = {"type": "lay", "x": 1, "y": 0, "rotation": 0}
    with pytest.raises(ProtocolError) as early:
        room.act([0], lay, 0.0)
    assert early.value.code == "not-started"
    room.take_seat(1, "Bob", "blue", 0.0)
    with pytest.raises(ProtocolError) as out_of_turn:
        room.act([1], lay, 0.0)
    assert out_of_turn.value.code == "not-your-turn"
