"""Traders & Builders through the game server: the builder and the pig are the follower
step's choices (``builder:<place>``, ``pig:<place>``, as the Abbot's ``abbot:garden``), checked
by the server's own game, and a double turn is two turns of one seat; a game played through
it is the local game."""

from __future__ import annotations

import asyncio

from carcassonne.ai import get_bot
from carcassonne.engine import Game, Rules

from netkit import ServerThread, play_seat, run, seated_pair

RULES = Rules(traders_builders=True, inns_cathedrals=True)


def test_a_game_with_builders_and_pigs_through_the_server_is_the_local_game(tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=11, rules=RULES.to_record())
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "normal", 101))
        return a.table.game, b.table.game

    with ServerThread(tiles) as server:
        mine, theirs = run(scenario())
    local = Game(tiles, RULES, players=2, seed=11, names=["Ann", "Bob"])
    bots = [get_bot("normal", 100), get_bot("normal", 101)]
    movers = []
    while local.draw() is not None:
        movers.append(local.current)
        local.play(bots[local.current].choose(local))
    local.finish()
    kinds = {t.figure.kind for t in local.history if getattr(t, "figure", None)}
    assert {"builder", "pig"} <= kinds, "the computer players stand their builders and pigs"
    assert any(a == b for a, b in zip(movers, movers[1:])), "a double turn was played"
    assert mine.history == theirs.history == local.history
    assert mine.scores == theirs.scores == local.scores
    assert mine.placed == local.placed  # the builders and pigs where they stand


def test_with_a_hidden_hand_of_tiles_builders_and_pigs_are_played_over_the_network(tiles):
    """Traders & Builders with a hidden hand of three: each client holds its own hand and the
    others' counts (what a builder's turn draws told to its holder alone); every copy ends as
    the server's game, scores and all."""
    from test_net_hidden_hands import hand_game

    rules = Rules(traders_builders=True, hand=3, hand_open=False)
    with ServerThread(tiles) as server:
        conns, truth = run(hand_game(server.url, tiles, 420_017, rules), timeout=900)
    kinds = {t.figure.kind for t in truth.history if getattr(t, "figure", None)}
    assert {"builder", "pig"} <= kinds, "the players stood builders and pigs"
    for conn in conns:
        assert conn.table.game is not None and conn.table.game.history == truth.history
        assert conn.table.game.scores == truth.scores
