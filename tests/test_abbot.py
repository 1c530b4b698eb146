"""The Abbot and gardens (the 2021 editions in shared/rules/; docs/game-record.md, "The Abbot").

Hand-worked records in ``tests/records/abbot/`` (see its README), refusals, the legal
listing with the abbot's places and ``abbot_back``, and random games in which every
place and action the engine lists is accepted and every other refused.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from carcassonne.cli import main
from carcassonne.engine import Game, Placement, RecordError, Rules
from carcassonne.engine.record import GameRecord
from carcassonne.tileset import standard_tiles

from figures import abbots, actions, extras, step
from worked_records import check_expectations, record_id, replay

TILES = standard_tiles()
ABBOT = Path(__file__).parent / "records" / "abbot"
RECORDS = sorted(ABBOT.glob("*.carc.json"))



@pytest.mark.parametrize("path", RECORDS, ids=record_id)
def test_abbot_record(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    check_expectations(data)


def test_with_the_abbot_eight_base_tiles_and_one_river_tile_have_a_garden_twin():
    game = Game(TILES, Rules(abbot=True))
    counts = game.deck.counts
    gardens = {t: n for t, n in counts.items() if t.endswith("G") and t != "G"}  # G: a base tile
    assert gardens == {t: 1 for t in ("EG", "HG", "IG", "MG", "NG", "RG", "UG", "VG")}
    assert (counts["E"], counts["H"], counts["I"], counts["M"], counts["N"], counts["R"], counts["U"],
            counts["V"]) == (4, 2, 1, 1, 2, 2, 7, 8)
    assert sum(counts.values()) == 71  # 72 less the start tile
    river = Game(TILES, Rules(abbot=True, river=True)).deck.counts
    assert river["R10"] == 1 and river["R10G"] == 1
    assert "EG" not in Game(TILES).deck.counts and "EG" not in Game(TILES).tiles


def test_a_garden_twin_has_its_plain_twins_edges_and_places_and_only_the_abbot_stands_on_it():
    game = Game(TILES, Rules(abbot=True))
    placement = Placement("UG", 1, 0, 0)
    assert game.follower_spots(placement) == game.follower_spots(Placement("U", 1, 0, 0))
    assert extras(game, placement) == ["abbot:garden"] and actions(game, placement) == []
    assert game.why_not_figure(placement, step("garden")) == "only an abbot may stand in a garden"
    assert extras(game, Placement("A", 0, 1, 180)) == ["abbot:cloister"]
    assert game.why_not_figure(Placement("U", 1, 0, 0), step("abbot:garden")) == "tile U has no garden for the abbot"


def test_the_abbot_needs_no_follower_and_is_placed_once():
    game = Game(TILES, Rules(abbot=True), names=["Red", "Blue"])
    game.supply[0] = 0
    assert game.follower_spots(Placement("UG", 1, 0, 0)) == []
    game.play(Placement("UG", 1, 0, 0).with_figure(step("abbot:garden")))
    game.play(Placement("B", 1, 1, 0).with_figure(None))
    assert (game.why_not_figure(Placement("A", 2, 0, 90), step("abbot:cloister"))
            == "Red's abbot is already on the board")
    assert actions(game, Placement("B", 0, 1, 0)) == ["abbot:back"]
    assert game.supply == [0, 7]


@pytest.mark.parametrize("turn, message", [
    ({"tile": "UG", "x": 1, "y": 0, "rotation": 0, "meeple": "garden"},
     "turn 1: only an abbot may stand in a garden"),
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "abbot": "cloister"},
     "turn 1: tile U has no cloister for the abbot"),
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "abbot_back": True},
     "turn 1: Red's abbot is not on the board"),
    ({"tile": "UG", "x": 1, "y": 0, "rotation": 0, "abbot": "garden", "meeple": "road:W"},
     "turn 1: a turn places one figure: 'meeple', 'abbot' and 'abbot_back' never go together"),
    ({"tile": "UG", "x": 1, "y": 0, "rotation": 0, "abbot": "road"},
     "turn 1: 'abbot' must be \"cloister\" or \"garden\""),
])
def test_refused_abbot_turns(turn: dict[str, Any], message: str) -> None:
    data = json.loads((ABBOT / "abbot-take-back.carc.json").read_text(encoding="utf-8"))
    data["turns"] = [turn]
    with pytest.raises(RecordError) as error:
        replay(data, False)
    assert str(error.value).startswith(message)


def test_without_the_abbot_rule_a_turn_with_an_abbot_is_refused():
    data = json.loads((ABBOT / "abbot-take-back.carc.json").read_text(encoding="utf-8"))
    data["rules"]["abbot"] = False
    data["turns"] = [{"tile": "A", "x": 0, "y": 1, "rotation": 0, "abbot": "cloister"}]
    with pytest.raises(RecordError) as error:
        replay(data, False)
    assert str(error.value) == "turn 1: the Abbot is not in play in this game"


def test_the_record_keeps_the_abbot_and_the_legal_listing_names_its_places(capsys):
    path = ABBOT / "abbot-take-back.carc.json"
    record = GameRecord.load(path)
    data = json.loads(record.to_json())
    assert data["rules"]["abbot"] is True
    assert data["turns"][0]["abbot"] == "garden" and data["turns"][2]["abbot_back"] is True
    assert "meeple" not in data["turns"][0]
    assert main(["replay", str(path), "--json", "--legal"]) == 0
    legal = json.loads(capsys.readouterr().out)["legal"]
    first = {tuple(m[:3]): m for m in legal[0]["moves"]}
    assert first[(1, 0, 0)][4] == ["garden"] and "road:E" in first[(1, 0, 0)][3]
    assert [entry["abbot_back"] for entry in legal] == [False, False, True, False, False]
    assert legal[4]["moves"] and all(m[4] == [] for m in legal[2]["moves"])


def test_a_game_without_the_abbot_writes_and_lists_as_before(capsys):
    assert "abbot" not in Rules().to_record()
    assert main(["replay", str(Path(__file__).parent / "records" / "house" / "hole-bonus.carc.json"),
                 "--json", "--legal"]) == 0
    legal = json.loads(capsys.readouterr().out)["legal"]
    assert all("abbot_back" not in entry and all(len(m) == 4 for m in entry["moves"]) for entry in legal)


@pytest.mark.parametrize("rules", [Rules(abbot=True), Rules(abbot=True, river=True),
                                   Rules(abbot=True, table=(7, 7), table_closes=True, incomplete_score=False)],
                         ids=["abbot", "river", "table-closes"])
def test_random_games_accept_every_listed_figure_and_refuse_the_others(rules: Rules) -> None:
    for seed in range(4):
        game = Game(TILES, rules, 3, seed=seed)
        rng = random.Random(seed)
        while (tile := game.draw()) is not None:
            placement = rng.choice(game.legal_placements(tile))
            listed = [None, *game.follower_spots(placement), *extras(game, placement),
                      *actions(game, placement)]
            for figure in listed:
                assert game.why_not(placement.with_figure(step(figure))) is None
            for figure in ("garden", "abbot:garden", "abbot:cloister", "abbot:back"):
                if figure not in listed:
                    assert game.why_not(placement.with_figure(step(figure))) is not None
            before = (game.scores[:], game.supply[:], abbots(game), len(game.events), game.current)
            figure = rng.choice(listed)
            game.push(placement.with_figure(step(figure)))
            game.pop()
            assert (game.scores, game.supply, abbots(game), len(game.events), game.current) == before
            game.play(placement.with_figure(step(figure)))
            for player, node in enumerate(abbots(game)):
                assert node < 0 or any(p == player for p, _ in game._followers[node])
            assert all(0 <= n <= 7 for n in game.supply)
        game.finish()
        again = GameRecord.from_data(json.loads(GameRecord.from_game(game, _seats(game)).to_json()))
        assert again.replay(TILES, final=True).scores == game.scores


def _seats(game: Game) -> list:
    from carcassonne.engine.record import Seat

    colours = ("red", "blue", "green", "yellow", "black", "pink")
    return [Seat(name, colours[i], "human") for i, name in enumerate(game.names)]


def test_a_garden_is_a_feature_of_one_tile_scored_as_a_cloister():
    game = Game(TILES, Rules(abbot=True))
    game.play(Placement("UG", 1, 0, 0).with_figure(step("abbot:garden")))
    garden = [f for f in game.features("garden")]
    assert len(garden) == 1 and garden[0].segments == ((1, 0, "garden"),)
    assert garden[0].points == 2 and not garden[0].complete and len(garden[0].frontier) == 7
    assert [(f.x, f.y, f.place) for f in game.figures_on_board()] == [(1, 0, "garden")]
