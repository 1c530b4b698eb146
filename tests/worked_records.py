"""Hand-worked records of the rule modules (``tests/records/<rule>/``): each holds the turns
and, under ``expect``, what the rules say comes of them; one check reads them all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from carcassonne.engine import Game
from carcassonne.engine.record import GameRecord
from carcassonne.tileset import standard_tiles

from figures import abbots, bigs

TILES = standard_tiles()


def record_id(path: Path) -> str:
    return path.name.removesuffix(".carc.json")


def replay(data: dict[str, Any], final: bool) -> Game:
    return GameRecord.from_data(data).replay(TILES, final=final)


def by_name(game: Game, counts: list[int]) -> dict[str, int]:
    return dict(zip(game.names, counts))


def check_expectations(data: dict[str, Any]) -> Game:
    """Replay ``data`` and compare it with its ``expect``: the scores and every score event,
    and where given the abbots, big followers and followers on the board and the supplies."""
    expect = data["expect"]
    game = replay(data, data["final"])
    names = game.names
    assert by_name(game, game.scores) == expect["scores"]
    got = sorted((e.feature, e.points, tuple(names[p] for p in e.players)) for e in game.events)
    assert got == sorted((e["feature"], e["points"], tuple(e["players"])) for e in expect["events"])
    if "bigs_on_board" in expect:
        assert by_name(game, [int(n >= 0) for n in bigs(game)]) == expect["bigs_on_board"]
    if "abbots_on_board" in expect:
        assert by_name(game, [int(n >= 0) for n in abbots(game)]) == expect["abbots_on_board"]
    if "figures_on_board" in expect:
        on_board = game.figures_on_board()
        assert by_name(game, [sum(f.player == i for f in on_board) for i in range(game.players)]) == \
            expect["figures_on_board"]
    if "supply" in expect:
        assert by_name(game, game.supply) == expect["supply"]
    return game
