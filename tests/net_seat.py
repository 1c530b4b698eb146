"""One seat of a network game, played by a bot in a process of its own (for kill tests).

    python tests/net_seat.py URL FILE create|join|rejoin LEVEL SEED [--stall-at N]

``create`` makes a two-player game (this seat 0, seat 1 open, deal ``SEED``) and writes
the join code, the game and its tokens to FILE; ``join`` takes seat 1 with the code read
from FILE and writes its own tokens beside it; ``rejoin`` comes back with the tokens in
FILE. ``--stall-at N``: on turn N, lay the tile and then wait (to be killed mid-turn).
At the end the game's turns and scores go to FILE + ".end".
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from carcassonne.ai import get_bot
from carcassonne.net.client import Connection
from carcassonne.net.protocol import play_message
from carcassonne.tileset import standard_tiles


async def main(url: str, file: Path, mode: str, level: str, seed: int, stall_at: int | None) -> None:
    conn = Connection(url, standard_tiles())
    await conn.open()
    if mode == "create":
        await conn.create([{"kind": "human", "color": "red", "name": "Ann"},
                           {"kind": "open", "color": "blue"}], seed=seed)
        file.write_text(json.dumps({"code": conn.code, "game": conn.game_id, "tokens": conn.tokens}))
        seat = 0
    elif mode == "join":
        info = json.loads(file.read_text())
        await conn.join(info["code"], 1, "Bob", "blue")
        Path(f"{file}.bob").write_text(json.dumps({"game": conn.game_id, "tokens": conn.tokens}))
        seat = 1
    else:
        info = json.loads(Path(f"{file}.bob").read_text())
        await conn.rejoin(info["game"], info["tokens"])
        seat = 1
    bot = get_bot(level, 100 + seat)
    table = conn.table
    asked = None
    while not table.finished:
        game = table.game
        if game is not None and table.current == seat and asked != game.turn_number:
            asked = game.turn_number
            move = bot.choose(game.copy())
            if stall_at is not None and asked >= stall_at:
                await conn.send({"type": "lay", "x": move.x, "y": move.y, "rotation": move.rotation})
                Path(f"{file}.stalled").write_text(str(asked))
                await asyncio.sleep(3600)
            await conn.send(play_message(move, asked))
        await conn.receive()
    game = table.game
    assert game is not None
    Path(f"{file}.end.{seat}").write_text(json.dumps(
        {"turns": [t.to_record() for t in game.history], "scores": game.scores}))
    await conn.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    stall = int(args[args.index("--stall-at") + 1]) if "--stall-at" in args else None
    asyncio.run(main(args[0], Path(args[1]), args[2], args[3], int(args[4]), stall))
