"""Traders & Builders (docs/game-record.md, "Traders & Builders"; docs/tiles.md, "Traders &
Builders: 24 tiles"; its sources: Wikicarpedia's C2 and 1st-edition pages, WC2 and WC1, and
JCloisterZone's engine, JCZ).

Hand-worked records in ``tests/records/traders_builders/`` (see its README), the box, the
record keys and their refusals, ``replay --json`` goods and ``--legal`` places and second
parts, and random games with every other option in which every figure the engine lists is
accepted, undo is exact, and each turn is checked against a flood fill of the board: the
roads and cities scored (the builder and the pig never count), the goods tokens taken, and
who plays next (the builder's double turn, never a third tile).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.cli import main
from carcassonne.engine import FOLLOWER, FigureStep, Game, Placement, RecordError, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.tiles import CITY, ROAD
from carcassonne.expansions.hand.rules import hands_state
from carcassonne.expansions.traders_builders.rules import BUILDER, GOODS, PIG, TradersBuilders, second_part_due, trade
from carcassonne.tileset import standard_tiles
from carcassonne.words.explain import follower_sentence

from figures import step
from oracle import flood, segment_of, turned
from strategies import rules as rules_strategy
from worked_records import by_name, check_expectations, record_id, replay

TILES = standard_tiles()
TB = Path(__file__).parent / "records" / "traders_builders"
RECORDS = sorted(TB.glob("*.carc.json"))
SCORED = [p for p in RECORDS if "error" not in json.loads(p.read_text(encoding="utf-8"))["expect"]]
REFUSED = [p for p in RECORDS if p not in SCORED]


def tb_step(notation: str | None) -> FigureStep | None:
    """``builder:road:E``, ``pig:farm:NW`` or the tests' usual notation (figures.step)."""
    if notation is not None:
        for kind in (BUILDER.name, PIG.name):
            if notation.startswith(kind + ":"):
                return FigureStep(kind, notation[len(kind) + 1:])
    return step(notation)


def listed(game: Game, placement: Placement) -> list[FigureStep | None]:
    return [None, *game.figure_steps(placement)]


def goods(game: Game) -> list[list[int]]:
    state = trade(game)
    assert state is not None
    return [list(tokens) for tokens in state.goods]


# --------------------------------------------------------------- the records
def test_the_records_are_all_listed_in_the_readme():
    readme = (TB / "README.md").read_text(encoding="utf-8")
    assert RECORDS and all(f"`{record_id(path)}`" in readme for path in RECORDS)


@pytest.mark.parametrize("path", SCORED, ids=record_id)
def test_traders_builders_record(path: Path, capsys) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = check_expectations(data)
    expect = data["expect"]
    if "goods" in expect:
        assert by_name(game, goods(game)) == expect["goods"]
    if "hands" in expect:  # a hand of tiles: what each player holds, what the bag has left
        assert by_name(game, [list(game.held(p)) for p in range(game.players)]) == expect["hands"]
        assert len(game.deck) == expect["tiles_left"]
        again = json.loads(GameRecord.from_game(game, _seats(game)).to_json())
        assert [t.get("draw") for t in again["turns"]] == [t.get("draw") for t in data["turns"]]
    if "movers" in expect:
        movers: list[str] = []
        GameRecord.from_data(data).replay(TILES, before_turn=lambda g, n, t: movers.append(g.names[g.current]))
        assert movers == expect["movers"]
        args = ["replay", str(path), "--json", "--legal"] + (["--final"] if data["final"] else [])
        assert main(args) == 0
        out = json.loads(capsys.readouterr().out)
        assert [e["second_part"] for e in out["legal"]] == expect["second_part"]


@pytest.mark.parametrize("path", REFUSED, ids=record_id)
def test_traders_builders_refusal(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    with pytest.raises(RecordError) as error:
        replay(data, data["final"])
    assert str(error.value) == data["expect"]["error"]


# ------------------------------------------------------------------- the box
def test_the_bag_holds_the_24_tiles_only_with_the_rule_key():
    counts = Game(TILES, Rules(traders_builders=True)).deck.counts
    tb = {t: n for t, n in counts.items() if t.startswith("TB")}
    assert sum(tb.values()) == 24 and len(tb) == 24
    assert sum(counts.values()) == 71 + 24  # 96 land tiles with the start tile
    assert sum(Game(TILES, Rules(traders_builders=True, inns_cathedrals=True)).deck.counts.values()) == 71 + 24 + 18
    assert not any(t.startswith("TB") for t in Game(TILES).deck.counts)


def test_with_the_abbot_tb8_and_tb11_are_their_garden_twins():
    counts = Game(TILES, Rules(traders_builders=True, abbot=True)).deck.counts
    assert counts["TB8G"] == counts["TB11G"] == 1 and "TB8" not in counts and "TB11" not in counts


def test_the_goods_symbols_are_20_in_the_box():
    found = dict.fromkeys(GOODS, 0)
    for kind in TILES:
        if kind.id.startswith("TB") and not kind.twin_of:
            for seg in kind.segments:
                for good in GOODS:
                    found[good] += good in seg.marks
    assert found == {"wine": 9, "grain": 6, "cloth": 5}


# ------------------------------------------------------ figures in the engine
def test_the_builder_and_the_pig_are_listed_where_the_rules_allow_and_worded_when_refused():
    game = Game(TILES, Rules(traders_builders=True), names=["Red", "Blue"])
    assert [s.kind for s in game.figure_steps(Placement("U", 1, 0, 0))] == ["follower"] * 3  # nothing of Red's yet
    game.play(Placement("U", 1, 0, 0).with_figure(step("road:E")))
    game.play(Placement("E", 0, -1, 180).with_figure(step("farm:NW")))
    here = Placement("U", 2, 0, 0)
    assert [(s.kind, s.place) for s in game.figure_steps(here) if s.kind != FOLLOWER.name] == \
        [("builder", "road:E")]
    reason = game.why_not_figure(Placement("U", -1, 0, 0), tb_step("pig:farm:NE"))
    assert reason == "Red has no farmer on this farm" and reason.rule == "pig-alone"
    assert follower_sentence(reason) == \
        "No pig here: Red has no farmer on this farm (Traders & Builders rules)."
    # A ends the road on one side only: it stays open at D's west end, so the builder may go.
    assert game.why_not_figure(Placement("A", 2, 0, 90), tb_step("builder:road:W")) is None
    # A builder and a pig neither count in a majority nor block a follower.
    game.play(here.with_figure(tb_step("builder:road:E")))
    assert game.feature_at(2, 0, "road:E").followers_by_player == (1, 0)
    assert game.supply == [6, 6]


def test_without_the_rule_a_builder_or_a_pig_is_refused():
    data = json.loads((TB / "builder-stays-open.carc.json").read_text(encoding="utf-8"))
    data["rules"]["traders_builders"] = False
    data["turns"] = [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "pig": "farm:NW"}]
    with pytest.raises(RecordError) as error:
        replay(data, False)
    assert str(error.value) == "turn 1: the pig is played only with Traders & Builders"
    data["turns"] = [{"tile": "TB2", "x": 0, "y": -1, "rotation": 180}]
    with pytest.raises(RecordError, match="turn 1: tile TB2"):
        replay(data, False)


@pytest.mark.parametrize("turn, message", [
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "builder": 3}, "turn 1: 'builder' must be a place such as"),
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "pig": ""}, "turn 1: 'pig' must be a place such as"),
    ({"tile": "U", "discarded": True, "builder": "road:E"},
     "turn 1: 'builder' never goes on a discarded or returned tile"),
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "abbot": "cloister", "pig": "farm:NW"}, "turn 1: "),
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "builder": "road:Q"}, "turn 1: "),
    ({"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E", "builder": "road:E"},
     "turn 1: a turn places at most one figure ('builder' and another)"),
])
def test_bad_figure_keys_are_refused_in_one_line(turn: dict[str, Any], message: str) -> None:
    data = json.loads((TB / "builder-stays-open.carc.json").read_text(encoding="utf-8"))
    data["rules"]["abbot"] = True
    data["turns"] = [turn]
    with pytest.raises(RecordError) as error:
        replay(data, False)
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


def test_a_hand_of_tiles_is_played_and_simulate_writes_replayable_records(tmp_path, capsys):
    assert Rules.from_record({"traders_builders": True, "hand": 2}).get("hand") == 2
    assert main(["simulate", "--traders-builders", "--hand", "3", "--hand-hidden", "--bots", "normal,random",
                 "-n", "2", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    for path in sorted(tmp_path.glob("*.carc.json")):
        assert main(["replay", str(path), "--json", "--legal", "--final"]) == 0
        json.loads(capsys.readouterr().out)


# ------------------------------------------------------------ record and CLI
def test_the_record_keeps_the_figures_and_json_gives_goods_and_their_awards(capsys):
    path = TB / "goods-to-the-placer.carc.json"
    data = json.loads(GameRecord.load(path).to_json())
    assert data["rules"]["traders_builders"] is True and list(data["rules"])[-1] == "traders_builders"
    path = TB / "builder-double-turn.carc.json"
    data = json.loads(GameRecord.load(path).to_json())
    assert data["turns"][2]["builder"] == "road:E" and "meeple" not in data["turns"][2]
    assert main(["replay", str(TB / "goods-to-the-placer.carc.json"), "--json", "--final"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["goods"] for p in out["players"]] == [{"wine": 1, "grain": 0, "cloth": 0},
                                                   {"wine": 0, "grain": 0, "cloth": 0}]
    award = out["events"][-1]
    assert (award["feature"], award["points"], award["players"], award["final"]) == ("wine", 10, ["Red"], True)


def test_the_legal_listing_gives_the_builder_s_and_the_pig_s_places(capsys):
    path = TB / "pig-tie.carc.json"
    assert main(["replay", str(path), "--json", "--legal"]) == 0
    legal = json.loads(capsys.readouterr().out)["legal"]
    third = {tuple(m[:3]): m for m in legal[2]["moves"]}[(2, 0, 0)]
    assert third == [2, 0, 0, ["road:E", "farm:ES"], [], ["farm:NW"]]  # the farm is Red's already
    assert all(len(m) == 6 for entry in legal for m in entry["moves"])
    assert all(entry["second_part"] is False for entry in legal)


def test_a_game_without_traders_builders_lists_and_writes_as_before(capsys):
    assert "traders_builders" not in Rules().to_record()
    assert main(["replay", str(Path(__file__).parent / "records" / "abbot" / "abbot-take-back.carc.json"),
                 "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert all("second_part" not in entry for entry in out["legal"])
    assert all("goods" not in p for p in out["players"])


def test_simulate_plays_traders_builders_and_the_records_replay(tmp_path, capsys):
    assert main(["simulate", "--traders-builders", "--inns-cathedrals", "--bots", "normal,random", "-n", "2",
                 "--seed", "5", "--json", "--records", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    for path in sorted(tmp_path.glob("*.carc.json")):
        record = GameRecord.load(path)
        assert record.rules.traders_builders and any(t.tile.startswith("TB") for t in record.turns)
        assert main(["replay", str(path), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["finished"] is True and all("goods" in p for p in out["players"])


# ------------------------------------------------------------ random games
def _seats(game: Game) -> list[Seat]:
    colours = ("red", "blue", "green", "yellow", "black", "pink")
    return [Seat(name, colours[i], "human") for i, name in enumerate(game.names)]


def _node(board: dict[Any, Any], x: int, y: int, place: str) -> tuple[int, int, int]:
    return (x, y, segment_of(board[(x, y)][1], place))


def _check_turn(game: Game, move: Any, before: dict[str, Any]) -> None:
    """One turn against the flood fill of the board after it: each road or city scored (its
    tiles, points and winners: followers 1, a big follower 2, builder and pig nothing), the
    goods tokens the mover took, and who plays next."""
    board = {(x, y): turned(o.kind, o.rotation) for x, y, o in game.placed_tiles()}
    ids = {(x, y): o.kind.id for x, y, o in game.placed_tiles()}
    strength: dict[tuple[int, int, int], tuple[int, int]] = {}
    for f in before["figures"]:
        if f.kind in (FOLLOWER.name, "big"):
            strength[_node(board, f.x, f.y, f.place)] = (f.player, 2 if f.kind == "big" else 1)
    mover = before["current"]
    figure = move.figure
    if figure is not None and figure.kind in (FOLLOWER.name, "big"):
        strength[_node(board, move.x, move.y, figure.place)] = (mover, 2 if figure.kind == "big" else 1)
    gained = [0, 0, 0]
    tile_nodes = [(move.x, move.y, i) for i in range(len(board[(move.x, move.y)][1]))]
    for event in before["events"]:
        if event.final or event.feature not in (ROAD, CITY) or not event.complete:
            continue
        f = event.figures_returned[0]
        feature = flood(board, _node(board, f.x, f.y, f.place))
        tiles = {(x, y) for x, y, _ in feature}
        assert sorted(tiles) == sorted(event.tiles)
        segs = [game.tiles[ids[(x, y)]].segments[i] for x, y, i in feature]
        pennants = sum(s.pennant for s in segs)
        if event.feature == ROAD:
            points = 2 * len(tiles) if any("inn" in s.marks for s in segs) else len(tiles)
        elif any("cathedral" in s.marks for s in segs):
            points = 3 * (len(tiles) + pennants)
        else:
            points = (len(tiles) + pennants) * (1 if game.rules.small_city and len(tiles) <= 2 else 2)
        assert event.points == points
        power = [0] * game.players
        for node in feature:
            if node in strength:
                power[strength[node][0]] += strength[node][1]
        assert event.players == tuple(p for p, n in enumerate(power) if n == max(power))
    # Goods: every city completed by this tile (scored or not), flood-filled from the tile.
    seen: set[tuple[int, int, int]] = set()
    for node in tile_nodes:
        if board[(move.x, move.y)][1][node[2]][0] != CITY or node in seen:
            continue
        feature = flood(board, node)
        seen |= feature
        if _closed(board, feature, game):
            for x, y, i in feature:
                marks = game.tiles[ids[(x, y)]].segments[i].marks
                for k, good in enumerate(GOODS):
                    gained[k] += good in marks
    now = goods(game)
    assert [a - b for a, b in zip(now[mover], before["goods"][mover])] == gained
    assert all(now[p] == before["goods"][p] for p in range(game.players) if p != mover)
    # The double turn: the tile joined the road or city the mover's builder stood on before.
    builder = next((f for f in before["figures"] if f.kind == BUILDER.name and f.player == mover), None)
    extends = False
    if builder is not None and not before["second_part"] and (not game.holds_tiles or game.held(mover)):
        target = flood(board, _node(board, builder.x, builder.y, builder.place))
        extends = any(node in target for node in tile_nodes)
    assert second_part_due(game) == extends
    if extends:
        assert game.current == mover
    # A builder stands only with its player's follower on its feature, a pig on its farm.
    for f in game.figures_on_board():
        if f.kind in (BUILDER.name, PIG.name):
            feature = flood(board, _node(board, f.x, f.y, f.place))
            assert any(g.player == f.player and g.kind in (FOLLOWER.name, "big")
                       and _node(board, g.x, g.y, g.place) in feature for g in game.figures_on_board())


def _check_draw(game: Game, size: int, before: dict[str, Any], held: tuple[str, ...], bag: int) -> None:
    """The hand's draw (game-record.md, Traders & Builders, "With a hand"): a first part
    draws nothing, a second part draws back up to the hand (a list), any other entry one."""
    mover = before["current"]
    state = hands_state(game)
    assert state is not None
    drawn = state.drawn[-1]
    now = game.held(mover)
    if second_part_due(game):
        assert drawn is None and len(now) == len(held) - 1 and len(game.deck) == bag
    elif before["second_part"]:
        want = min(size - (len(held) - 1), bag)
        assert (drawn is None) == (want == 0)
        assert drawn is None or (isinstance(drawn, tuple) and len(drawn) == want)
        assert len(now) == len(held) - 1 + want
    else:
        assert isinstance(drawn, str) == (bag > 0) and len(now) == len(held) - (bag == 0)
    assert not second_part_due(game) or now  # a hand the first part empties has no second part


def _closed(board: dict[Any, Any], feature: set[tuple[int, int, int]], game: Game) -> bool:
    """Whether the city is completed: every edge of it meets a tile (or a closing table edge)."""
    steps = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
    table = game.rules.table if game.rules.table_closes else None
    for x, y, i in feature:
        for edge in board[(x, y)][1][i][1]:
            dx, dy = steps[edge]
            if (x + dx, y + dy) in board:
                continue
            if table is not None and not game.inside(x + dx, y + dy):
                continue
            return False
    return True


def _play_randomly(rules: Rules, players: int, seed: int) -> Game:
    game = Game(TILES, rules, players, seed=seed)
    rng = random.Random(seed)
    size = game.rules.get("hand", 1)
    while (tile := game.draw()) is not None:
        if size > 1:  # any tile of the hand (those that fit nowhere were discarded by draw())
            tile = rng.choice(game.held())
        placement = rng.choice(game.legal_placements(tile))
        options = listed(game, placement)
        for figure in options:
            assert game.why_not(placement.with_figure(figure)) is None, figure
        # Figures the engine does not list are refused.
        o = game.tiles[tile].orientations[placement.rotation // 90]
        places = {(s.kind, o.spots[s.place]) for s in options if s is not None and s.kind in (BUILDER.name, PIG.name)}
        for spot, index in o.spots.items():
            for kind in (BUILDER.name, PIG.name):
                ok = game.why_not(placement.with_figure(FigureStep(kind, spot))) is None
                assert ok == ((kind, index) in places), (kind, spot)
        figure = rng.choice(options)
        # A builder or pig whenever there is one: the random games exercise them.
        special = [s for s in options if s is not None and s.kind in (BUILDER.name, PIG.name)]
        if special and rng.random() < 0.7:
            figure = rng.choice(special)
        move = placement.with_figure(figure)
        snapshot = (game.scores[:], game.supply[:], game.figures_on_board(), len(game.events), game.current,
                    goods(game), second_part_due(game), [game.held(p) for p in range(players)], game.deck.pile[:])
        game.push(move)
        game.pop()
        assert (game.scores, game.supply, game.figures_on_board(), len(game.events), game.current,
                goods(game), second_part_due(game), [game.held(p) for p in range(players)],
                game.deck.pile) == snapshot
        before = {"figures": game.figures_on_board(), "current": game.current, "goods": goods(game),
                  "second_part": second_part_due(game)}
        n = len(game.events)
        held, bag = game.held(game.current), len(game.deck)
        game.play(move)
        before["events"] = game.events[n:]
        _check_turn(game, move, before)
        if size > 1:
            _check_draw(game, size, before, held, bag)
        assert all(0 <= n <= 7 for n in game.supply)
    game.finish()
    held = goods(game)
    for k, good in enumerate(GOODS):
        most = max(tokens[k] for tokens in held)
        awards = [e for e in game.events if e.final and e.feature == good]
        if most == 0:
            assert awards == []
        else:
            assert len(awards) == 1 and awards[0].points == 10
            assert awards[0].players == tuple(p for p in range(players) if held[p][k] == most)
    again = GameRecord.from_data(json.loads(GameRecord.from_game(game, _seats(game)).to_json()))
    assert again.replay(TILES, final=True).scores == game.scores
    return game


@pytest.mark.parametrize("rules", [
    Rules(traders_builders=True), Rules(traders_builders=True, abbot=True, farm_scoring="first-edition"),
    Rules(traders_builders=True, river=True, small_city=True, inns_cathedrals=True),
    Rules(traders_builders=True, table=(7, 7), table_closes=True, incomplete_score=False),
    Rules(traders_builders=True, start="random", hole_bonus=True, farm_scoring="second-edition"),
    Rules(traders_builders=True, discard="bag", farmers=False)],
    ids=["tb", "abbot", "river-ic", "table-closes", "start-random-hole", "bag-no-farmers"])
def test_random_games_list_legal_figures_and_agree_with_the_flood_fill(rules: Rules) -> None:
    for seed in range(3):
        _play_randomly(rules, 2 + seed, seed)


@pytest.mark.parametrize("size", [2, 3])
@pytest.mark.parametrize("hand_open", [True, False], ids=["open", "hidden"])
def test_random_games_with_a_hand_draw_at_the_turn_s_end_and_agree_with_the_flood_fill(size, hand_open):
    for seed in range(3):
        rules = Rules(traders_builders=True).replace(hand=size, hand_open=hand_open)
        _play_randomly(rules, 2 + seed, 40 + seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), base=rules_strategy(), abbot=st.booleans(),
       ic=st.booleans(), hand=st.sampled_from([1, 2, 3]), hand_open=st.booleans())
def test_with_every_rule_option_each_turn_agrees_with_the_flood_fill(seed, players, base, abbot, ic, hand, hand_open):
    """Every rule option (the Abbot, Inns & Cathedrals, a hand open or hidden, or not) with
    Traders & Builders."""
    rules = base.replace(traders_builders=True, abbot=abbot, inns_cathedrals=ic)
    if hand > 1 and not rules.river and rules.discard != "bag":
        rules = rules.replace(hand=hand, hand_open=hand_open)
    _play_randomly(rules, players, seed)


# ------------------------------------------------------ computer players
def test_the_goods_race_is_exact_at_the_end_and_soft_before():
    from carcassonne.expansions.traders_builders.ai import majority_shares

    assert majority_shares([2, 2, 1], 0) == [10.0, 10.0, 0.0]
    assert majority_shares([0, 0], 0) == [0.0, 0.0]
    early, late = majority_shares([2, 1], 9), majority_shares([2, 1], 1)
    assert early[0] > early[1] and late[0] - late[1] > early[0] - early[1]
    assert sum(early) == pytest.approx(10.0)


def test_the_evaluation_values_goods_the_builder_and_the_pig():
    from carcassonne.ai.heuristics import Evaluator

    data = json.loads((TB / "goods-to-the-placer.carc.json").read_text(encoding="utf-8"))
    game = replay(data, False)  # Red holds 1 wine, the race not over
    values = Evaluator(game).values(game)
    module = next(m for m in game.modules if isinstance(m, TradersBuilders))
    module.put(game, module.get(game)._replace(goods=((0, 0, 0), (0, 0, 0))))
    even = Evaluator(game).values(game)
    assert values[0] - values[1] > even[0] - even[1] + 1  # the wine lead is worth something, not all 10
    assert values[0] - values[1] < even[0] - even[1] + 10
    # The builder beside Red's thief: worth more than the thief alone.
    alone = Game(TILES, Rules(traders_builders=True), names=["Red", "Blue"])
    alone.play(Placement("U", 1, 0, 0).with_figure(step("road:E")))
    alone.play(Placement("E", 0, -1, 180).with_figure(None))
    built = alone.copy()
    alone.play(Placement("U", 2, 0, 0).with_figure(None))
    built.play(Placement("U", 2, 0, 0).with_figure(tb_step("builder:road:E")))
    assert Evaluator(built).values(built)[0] > Evaluator(alone).values(alone)[0]
    # The pig on Red's farm beside a completed city: 1 more.
    farm = replay(json.loads((TB / "pig-tie.carc.json").read_text(encoding="utf-8")), False)
    with_pig = Evaluator(farm).values(farm)
    farm.placed["pig"] = ((), ())
    without = Evaluator(farm).values(farm)
    assert with_pig[0] > without[0]


def test_computer_players_place_builders_and_pigs_and_the_hint_says_so():
    from carcassonne.ai.base import moves_of
    from carcassonne.ai.hint import explain
    from carcassonne.words.hint_words import hint_sentence as why_words

    game = Game(TILES, Rules(traders_builders=True), names=["Red", "Blue"])
    game.play(Placement("U", 1, 0, 0).with_figure(step("road:E")))
    game.play(Placement("E", 0, -1, 180).with_figure(None))
    move = Placement("U", 2, 0, 0).with_figure(tb_step("builder:road:E"))
    assert move in list(moves_of(game, "U"))
    why = explain(game, move)
    assert [c.kind for c in why.clauses] == ["builder"]
    assert "builder" in why_words(why)
    game.play(move)
    game.play(Placement("B", 0, 1, 0).with_figure(None))
    why = explain(game, Placement("U", 3, 0, 0).with_figure(None))
    assert "second" in [c.kind for c in why.clauses] and "another tile" in why_words(why)


def test_a_second_part_due_is_worth_a_turn_to_its_player():
    from carcassonne.ai.heuristics import Evaluator
    from carcassonne.expansions.traders_builders.ai import DOUBLE_TURN

    game = Game(TILES, Rules(traders_builders=True), names=["Red", "Blue"])
    module = next(m for m in game.modules if isinstance(m, TradersBuilders))
    plain = Evaluator(game).values(game)
    module.put(game, module.get(game)._replace(pending=0))
    assert Evaluator(game).values(game)[0] == pytest.approx(plain[0] + DOUBLE_TURN)
