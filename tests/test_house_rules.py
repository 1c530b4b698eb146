"""The house rules of Wikicarpedia's base-game page ("House Rules", "Use of a Table").

Each rule has a hand-worked record in ``tests/records/house/`` (see its README): the
scores and events it must give, and what the same turns give by the book.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from carcassonne import i18n
from carcassonne.ai.heuristics import DEFAULT, Evaluator
from carcassonne.ai.simple import ranked_moves
from carcassonne.cli import main
from carcassonne.engine import Discard, Game, RecordError, Rules
from carcassonne.engine.aids import dead_spots, projected_scores, tiles_that_fit
from carcassonne.engine.geometry import square
from carcassonne.engine.record import GameRecord
from carcassonne.expansions.river.rules import RIVER_PHASE
from carcassonne.tileset import standard_tiles

from builder import play

TILES = standard_tiles()
HOUSE = Path(__file__).parent / "records" / "house"
RECORDS = sorted(HOUSE.glob("*.carc.json"))
HOUSE_KEYS = {"incomplete_score", "hole_bonus", "table", "table_closes", "discard"}


def _id(path: Path) -> str:
    return path.name.removesuffix(".carc.json")


def replay(data: dict[str, Any], final: bool) -> Game:
    return GameRecord.from_data(data).replay(TILES, final=final)


def check(game: Game, expect: dict[str, Any]) -> None:
    names = game.names
    assert dict(zip(names, game.scores)) == expect["scores"]
    if "events" in expect:
        got = sorted((e.feature, e.points, tuple(names[p] for p in e.players)) for e in game.events)
        want = sorted((e["feature"], e["points"], tuple(e["players"])) for e in expect["events"])
        assert got == want
    if "next" in expect:
        assert names[game.current] == expect["next"]
    if "figures_on_board" in expect:
        on_board = game.figures_on_board()
        assert {n: sum(f.player == i for f in on_board) for i, n in enumerate(names)} == \
            expect["figures_on_board"]
    if "tiles_left" in expect:
        assert {t: game.deck.counts[t] for t in expect["tiles_left"]} == expect["tiles_left"]


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_house_rule_record(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["source"].startswith("wikicarpedia-base-game.txt:")
    assert set(data["rules"]) - {"farmers", "farm_scoring", "small_city", "river"} <= HOUSE_KEYS
    expect = data["expect"]
    if "error" in expect:
        with pytest.raises(RecordError) as error:
            replay(data, data["final"])
        assert str(error.value) == expect["error"]
        return
    check(replay(data, data["final"]), expect)


@pytest.mark.parametrize("path", [p for p in RECORDS if "by_the_book" in json.loads(p.read_text())], ids=_id)
def test_the_same_turns_by_the_book(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"] = {k: v for k, v in data["rules"].items() if k not in HOUSE_KEYS}
    book = data["by_the_book"]
    if "error" in book:
        with pytest.raises(RecordError) as error:
            replay(data, data["final"])
        assert str(error.value) == book["error"]
        return
    check(replay(data, data["final"]), book)


def test_the_command_line_reads_and_writes_the_house_rules(tmp_path, capsys):
    assert main(["replay", str(HOUSE / "table-closes.carc.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["score"] for p in out["players"]] == [12, 2]
    record = GameRecord.load(HOUSE / "discard-to-bag.carc.json")
    data = json.loads(record.to_json())
    assert data["rules"] == {"farmers": True, "farm_scoring": "third-edition", "small_city": False,
                             "river": False, "discard": "bag"}
    assert data["turns"][1] == {"tile": "C", "returned": True}


@pytest.mark.parametrize("rules, message", [
    ({"table": [2, 5]}, "rules.table must be [width, height], each 3 to 99 squares"),
    ({"table": [3, 100]}, "rules.table must be [width, height], each 3 to 99 squares"),
    ({"table": "big"}, "rules.table must be [width, height], each 3 to 99 squares"),
    ({"table": [3, True]}, "rules.table must be [width, height], each 3 to 99 squares"),
    ({"table_closes": True}, "rules.table_closes needs a table"),
    ({"discard": "floor"}, "rules.discard must be one of box, bag, not 'floor'"),
    ({"hole_bonus": "yes"}, "rules.hole_bonus must be true or false"),
])
def test_bad_house_rules_are_one_clear_line(rules, message):
    with pytest.raises(RecordError) as error:
        Rules.from_record(rules)
    assert str(error.value) == message


# ------------------------------------------------------------------ hole bonus
def test_the_table_edge_is_no_neighbour_for_a_hole_bonus():
    game = Game(TILES, Rules(hole_bonus=True, table=(3, 3)), 2, seed=0)
    play(game, "U 1 0 0", "E 0 -1 180", "E 1 -1 90")  # (1, -1): a corner, two real neighbours
    assert game.current == 1 and not game.fills_hole(1, -1)


# ------------------------------------------------------------------ the table
def test_nothing_is_offered_or_open_beyond_the_table():
    game = Game(TILES, Rules(table=(3, 3)), 2, seed=0)
    play(game, "U 1 0 0")
    assert (2, 0) not in game.open_positions()
    assert all(p.x <= 1 for p in game.legal_placements("U"))
    assert tiles_that_fit(game, 2, 0) == {}
    assert "U" in tiles_that_fit(game, -1, 0)


def test_dead_spots_and_tiles_that_fit_stay_on_the_table():
    for seed in range(20):
        game = Game(TILES, Rules(table=(4, 3)), 2, seed=seed)
        rng = random.Random(seed)
        while (tile := game.draw()) is not None:
            open_squares = game.open_positions()
            assert all(game.inside(x, y) for x, y in open_squares)
            assert dead_spots(game) == sorted(sq for sq in open_squares if not tiles_that_fit(game, *sq))
            game.push(rng.choice(game.legal_placements(tile)).with_figure(None))


def test_the_projected_score_knows_the_scoring_house_rules():
    turns = ("U 1 0 0 road:E", "H 0 -1 0 city:N", "B 1 1 0 cloister")
    book = Game(TILES, Rules(farmers=False), 2, seed=0)
    play(book, *turns)
    assert projected_scores(book) == [2 + 3, 1]  # road of 2 tiles, cloister 1 + 2; city of 1 tile
    closing = Game(TILES, Rules(farmers=False, table=(3, 3), table_closes=True), 2, seed=0)
    play(closing, *turns)  # Blue's city scored at once; the corner cloister counts 5 squares beyond
    assert closing.scores == [0, 2] and projected_scores(closing) == [2 + 8, 2]
    unscored = Game(TILES, Rules(farmers=False, incomplete_score=False), 2, seed=0)
    play(unscored, *turns)
    assert projected_scores(unscored) == [0, 0]


# --------------------------------------------------------------- discard: bag
def test_when_nothing_left_fits_every_tile_is_discarded_and_the_game_ends():
    game = Game(TILES, Rules(table=(3, 3), discard="bag"), 2, seed=4)
    rng = random.Random(4)
    while (tile := game.draw()) is not None:
        game.push(rng.choice(game.legal_placements(tile)).with_figure(None))
    assert game.is_over and len(game.board) <= 9
    aside = [t for t in game.history if isinstance(t, Discard)]
    first_discard = next(i for i, t in enumerate(aside) if not t.returned)
    assert all(not t.returned for t in aside[first_discard:])
    placed = sum(1 for t in game.history if not isinstance(t, Discard))
    assert placed + len(aside) - sum(t.returned for t in aside) == 71


def test_a_returned_tile_goes_below_the_top_of_the_bag_and_undo_puts_it_back():
    game = Game(TILES, Rules(discard="bag"), 2, seed=1)
    play(game, "E 0 -1 180")
    game.deck.pile.append(game.deck.pile.pop(game.deck.pile.index("C")))  # C on top
    pile = game.deck.pile[:]
    assert game.draw() != "C"
    assert game.history[-1] == Discard("C", returned=True) and game.current == 1
    assert sorted(game.deck.pile) == sorted(pile) and game.deck.counts["C"] == 1
    game.pop()
    assert game.deck.pile == pile


# ----------------------------------------------------------------- simulate
def test_simulate_plays_and_records_the_house_rules(tmp_path, capsys):
    status = main(["simulate", "--bots", "random,random", "-n", "2", "--json", "--records", str(tmp_path),
                   "--table", "7x5", "--table-closes", "--hole-bonus", "--discard-to-bag",
                   "--no-incomplete-score", "--farm-scoring", "second-edition"])
    assert status == 0
    capsys.readouterr()
    record = GameRecord.load(tmp_path / "game-0001.carc.json")
    assert record.rules == Rules(farm_scoring="second-edition", incomplete_score=False, hole_bonus=True,
                                 table=(7, 5), table_closes=True, discard="bag")
    assert record.replay(TILES).finished


@pytest.mark.parametrize("flags, message", [
    (["--table", "9"], "--table must look like 9x7, not '9'\n"),
    (["--table", "2x9"], "--table must be 3 to 99 squares each way, not 2x9\n"),
    (["--table-closes"], "--table-closes needs --table\n"),
])
def test_simulate_refuses_a_bad_table_in_one_line(flags, message, capsys):
    assert main(["simulate", "--bots", "random,random", "-n", "1", *flags]) == 2
    assert capsys.readouterr().err == message


def test_simulate_refuses_a_bad_table_in_the_systems_language(monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "de")
    try:
        assert main(["simulate", "--bots", "random,random", "-n", "1", "--table", "2x9"]) == 2
    finally:
        i18n.set_language("en")
    assert capsys.readouterr().err == "--table muss in jeder Richtung 3 bis 99 Felder groß sein, nicht 2x9\n"


# ------------------------------------------------- the feature view and the AI
def test_a_closing_table_edge_needs_no_tile_in_the_feature_view():
    data = json.loads((HOUSE / "table-closes.carc.json").read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:3]
    game = replay(data, final=False)
    cloister = game.feature_at(1, 1, "cloister")
    assert cloister.frontier == (square(0, 1),) and not cloister.complete
    road = game.feature_at(1, 0, "road:E")
    assert road.frontier == (square(-1, 0),) and road.open_edges == 1
    data["rules"]["table_closes"] = False
    game = replay(data, final=False)
    assert len(game.feature_at(1, 1, "cloister").frontier) == 6  # 5 beyond the edge, never filled


def test_a_hole_is_worth_a_turn_to_the_computer_players():
    data = json.loads((HOUSE / "hole-bonus.carc.json").read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:6]
    with_bonus = replay(data, final=False)
    data["rules"].pop("hole_bonus")
    without = replay(data, final=False)
    ranked = {m: v for v, m in ranked_moves(with_bonus, "E", Evaluator(with_bonus))}
    plain = {m: v for v, m in ranked_moves(without, "E", Evaluator(without))}
    assert ranked.keys() == plain.keys()
    for move, value in ranked.items():
        extra = DEFAULT.extra_turn if (move.x, move.y) == (0, 1) else 0.0
        assert value == pytest.approx(plain[move] + extra)


def test_an_unfinished_city_is_worth_nothing_when_unfinished_features_do_not_score():
    # Red's knight in the city of D and N, open to the east; Blue's road runs alongside.
    turns = ("N 0 -1 180 city:S", "U 1 0 0 road:E")
    book = Game(TILES, Rules(farmers=False), 2, seed=0)
    play(book, *turns)
    house = Game(TILES, Rules(farmers=False, incomplete_score=False), 2, seed=0)
    play(house, *turns)
    red_book, red_house = Evaluator(book).values(book)[0], Evaluator(house).values(house)[0]
    # By the book the city is worth at least its 2 tiles unfinished; here only its chance of
    # completion times its full points, so strictly less.
    assert red_house < red_book
    book.deck.pile.clear()  # no tile left: the exact end-of-game values
    house.deck.pile.clear()
    book.deck.counts.clear()
    house.deck.counts.clear()
    assert Evaluator(book).values(book) == [2.0, 2.0]
    assert Evaluator(house).values(house) == [0.0, 0.0]


def test_a_river_tile_returned_to_the_bag_still_comes_before_the_lake():
    game = Game(TILES, Rules(river=True, discard="bag"), 2, seed=3)
    pile = game.deck.pile
    river = [t for t in pile if game.deck.phase_of[t] == RIVER_PHASE]
    for n in range(30):
        game.deck.return_to_bag(river[n % len(river)], random.Random(n))
        phases = [game.deck.phase_of[t] for t in reversed(pile)]  # in drawing order: river, lake, land
        assert phases == sorted(phases)
