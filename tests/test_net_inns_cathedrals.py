"""Inns & Cathedrals through the game server: the big follower is the follower step's
choice ``big:<place>`` (the protocol's ``follower`` text, as the Abbot's ``abbot:garden``),
checked by the server's own game; a game played through it is the local game."""

from __future__ import annotations

import asyncio

from carcassonne.ai import get_bot
from carcassonne.engine import Game, Rules

from figures import text
from netkit import ServerThread, play_seat, run, seated_pair

RULES = Rules(inns_cathedrals=True, abbot=True)


def test_a_game_with_the_big_follower_through_the_server_is_the_local_game(tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=6, rules=RULES.to_record())
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "normal", 101))
        return a.table.game, b.table.game

    with ServerThread(tiles) as server:
        mine, theirs = run(scenario())
    local = Game(tiles, RULES, players=2, seed=6, names=["Ann", "Bob"])
    bots = [get_bot("normal", 100), get_bot("normal", 101)]
    while local.draw() is not None:
        local.play(bots[local.current].choose(local))
    local.finish()
    bigs = [text(t.figure) for t in local.history if getattr(t, "figure", None) and t.figure.kind == "big"]
    assert bigs, "the computer players stand their big followers"
    assert any(t.tile.startswith("IC") for t in local.history)
    assert mine.history == theirs.history == local.history
    assert mine.scores == theirs.scores == local.scores
    assert mine.placed == local.placed  # the big followers where they stand
