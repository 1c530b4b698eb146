"""The Princess & the Dragon (the specification docs/princess-dragon.md of the shared documents:
turn order, the dragon R-D1..R-D8, the fairy R-F1..R-F5, the magic portal R-P1..R-P2, the
princess R-Q1..R-Q2, the record's keys and ``--legal``; the tiles in docs/tiles.md).

Hand-worked records in ``tests/records/princess_dragon/`` (see its README), the box, the
refusals of the record and the rules, ``replay --json/--legal``, and random games with every
other option in which every figure step the engine lists is accepted, undo is exact, the
record replays, and every road or city scored during play matches a flood fill of the board
with the figures the turn left on it (placed, through the portal, eaten, removed).
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
from carcassonne.engine import Game, Placement, RecordError, Rules
from carcassonne.engine.figures import FigureStep
from carcassonne.engine.moves import Move
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.tiles import CITY, ROAD
from carcassonne.expansions.princess_dragon.rules import dragon_square, fairy_follower, fairy_square
from carcassonne.tileset import standard_tiles

from oracle import Position, flood, segment_of
from strategies import rules as rules_strategy
from worked_records import check_expectations, record_id

TILES = standard_tiles()
PD = Path(__file__).parent / "records" / "princess_dragon"
RECORDS = sorted(PD.glob("*.carc.json"))
COLOURS = ("red", "blue", "green", "yellow", "black", "pink")


def _data(name: str) -> dict[str, Any]:
    return json.loads((PD / f"{name}.carc.json").read_text(encoding="utf-8"))


def _replay(data: dict[str, Any], final: bool = False) -> Game:
    return GameRecord.from_data(data).replay(TILES, final=final)


def _refusal(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        _replay(data)
    return str(caught.value)


def _seats(game: Game) -> list[Seat]:
    return [Seat(name, COLOURS[i]) for i, name in enumerate(game.names)]


# ---------------------------------------------------------- the records
def test_the_records_are_all_listed_in_the_readme():
    readme = (PD / "README.md").read_text(encoding="utf-8")
    assert RECORDS and all(f"`{record_id(path)}`" in readme for path in RECORDS)


@pytest.mark.parametrize("path", RECORDS, ids=record_id)
def test_princess_dragon_record(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = check_expectations(data)
    if "dragon" in data["expect"]:
        assert list(dragon_square(game) or ()) == data["expect"]["dragon"]


# -------------------------------------------------------------- the box
def test_the_bag_holds_the_30_tiles_only_with_the_rule_key():
    counts = Game(TILES, Rules(princess_dragon=True)).deck.counts
    pd = {t: n for t, n in counts.items() if t.startswith("PD")}
    assert sum(pd.values()) == 30 and len(pd) == 29 and pd["PD7"] == 2
    assert not any(t.startswith("PD") for t in Game(TILES).deck.counts)


def test_with_the_abbot_pd2_and_pd10_are_their_garden_twins():
    counts = Game(TILES, Rules(princess_dragon=True, abbot=True)).deck.counts
    assert counts["PD2G"] == counts["PD10G"] == 1 and "PD2" not in counts and "PD10" not in counts
    assert sum(n for t, n in counts.items() if t.startswith("PD")) == 30


def test_with_the_river_the_tiles_are_land_tiles():
    game = Game(TILES, Rules(princess_dragon=True, river=True), seed=3)
    drawn = []
    while (tile := game.draw()) is not None:
        drawn.append(tile)
        game.push(game.legal_placements(tile)[0].with_figure(None))
    assert drawn.index("R2") < min(drawn.index(t) for t in drawn if t.startswith("PD"))


# ------------------------------------------------------------ the dragon
def test_dragon_tiles_stay_in_the_bag_until_a_volcano_and_are_then_drawn():
    """R-D1: passed over until a volcano; then drawn where they lie in the bag."""
    for seed in range(4):
        game = Game(TILES, Rules(princess_dragon=True), 2, seed=seed)
        rng = random.Random(seed)
        volcano = False
        while (tile := game.draw()) is not None:
            shows = game.tiles[tile].symbol
            assert volcano or shows != "dragon"
            volcano = volcano or shows == "volcano"
            game.push(rng.choice(game.legal_placements(tile)).with_figure(None))
        assert not any(game.deck.counts.get(t) for t in game.deck.counts if t.startswith("PD"))


def test_a_dragon_tile_before_any_volcano_is_refused_in_one_line():
    data = _data("dragon-eats")
    data["turns"] = [data["turns"][0], data["turns"][2]]
    assert _refusal(data) == "turn 2: tile PD7 cannot be drawn yet: no volcano has been placed"


def test_when_only_dragon_tiles_are_left_before_a_volcano_the_game_is_over():
    game = Game(TILES, Rules(princess_dragon=True), 2, seed=1)
    game.deck.pile[:] = [t for t in game.deck.pile if game.tiles[t].symbol == "dragon"]
    assert game.is_over and game.draw() is None


def test_the_dragon_must_go_on_while_the_player_due_can_move_it():
    data = _data("dragon-eats")
    data["turns"][2]["dragon"] = [[0, 0]]
    assert _refusal(data) == ("turn 3: the dragon must go on: 'dragon' stops after 1 step but Blue can move "
                              "it to (1, 0) or (-1, 0)")
    data["turns"][2]["dragon"] = [[0, 0], [1, 0], [2, 0]]
    assert _refusal(data) == "turn 3: the dragon stops after 2 steps: 'dragon' lists 3"
    data["turns"][2]["dragon"] = [[0, 0], [0, 1]]
    assert _refusal(data).startswith("turn 3: the dragon cannot go to (0, 1) on step 2")


def test_the_dragon_stops_after_six_steps():
    data = _data("dragon-six-steps")
    data["turns"][-1]["dragon"].append([6, 0])
    assert _refusal(data) == "turn 8: the dragon stops after 6 steps: 'dragon' lists 7"


def test_the_dragon_key_is_required_on_a_dragon_tile_and_refused_elsewhere():
    data = _data("dragon-eats")
    del data["turns"][2]["dragon"]
    assert "'dragon' must list its steps (possibly [])" in _refusal(data)
    data = _data("dragon-eats")
    data["turns"][1]["dragon"] = []
    assert "'dragon' goes only on a turn that places a dragon tile" in _refusal(data)


def test_the_steps_are_chosen_in_turn_through_the_pending_decision():
    game = _replay(_data("dragon-eats") | {"turns": _data("dragon-eats")["turns"][:2]})
    move = Placement("PD7", -1, 0, 180).with_figure(None)
    first = game.decision(move)
    assert first is not None and (first.player, first.kind, first.options) == (0, "dragon", ((0, 0),))
    second = game.decision(move.deciding((0, 0)))
    assert second is not None and (second.player, second.options) == (1, ((1, 0), (-1, 0)))
    assert game.decision(move.deciding((0, 0)).deciding((1, 0))) is None
    before = (game.scores[:], game.supply[:], dragon_square(game), len(game.events))
    game.push(move.deciding((0, 0)).deciding((1, 0)))
    assert game.supply[0] == 7 and dragon_square(game) == (1, 0)
    game.pop()
    assert (game.scores, game.supply, dragon_square(game), len(game.events)) == before


def test_no_figure_stands_on_the_volcano_but_the_fairy_may_move():
    game = _replay(_data("fairy-final") | {"final": False})
    placement = Placement("PD28", 0, 1, 0)
    assert all(s.at is not None for s in game.figure_steps(placement))
    reason = game.why_not(placement.with_figure(FigureStep("follower", "farm:NW")))
    assert reason is not None and reason.rule == "volcano"


# ------------------------------------------------------------- the fairy
def test_the_fairy_goes_only_beside_your_own_follower():
    data = _data("fairy-point-and-bonus")
    data["turns"][1]["fairy"] = [1, 0, "road:W"]  # Blue's turn: the thief is Red's
    assert _refusal(data) == "turn 2: the fairy goes only next to your own follower: (1, 0) road:W is Red's"


def test_the_fairy_is_not_moved_beside_the_follower_she_stands_beside():
    game = _replay(_data("fairy-final") | {"final": False})
    assert fairy_square(game) == (1, 0) and fairy_follower(game) is not None
    game.play(Placement("E", 2, -1, 0).with_figure(None))  # Blue
    reason = game.why_not(Placement("E", 3, -1, 0).with_figure(FigureStep("fairy", "road:W", at=(1, 0))))
    assert reason is not None and reason.rule == "fairy-same"


def test_the_fairys_points_are_score_events(capsys):
    main(["replay", str(PD / "fairy-point-and-bonus.carc.json"), "--json"])
    events = json.loads(capsys.readouterr().out)["events"]
    assert events == [
        {"turn": 5, "feature": "fairy", "points": 1, "players": ["Red"], "tiles": [[1, 0]], "complete": False,
         "final": False},
        {"turn": 6, "feature": "road", "points": 5, "players": ["Red"],
         "tiles": events[1]["tiles"], "complete": True, "final": False},
        {"turn": 6, "feature": "fairy", "points": 3, "players": ["Red"], "tiles": [[1, 0]], "complete": True,
         "final": False}]


# ------------------------------------------------------- portal, princess
@pytest.mark.parametrize("portal, rule", [
    ([2, 0], "portal-here"), ([5, 5], "portal-place"), ([1, 0], "portal-place")])
def test_refused_portals(portal: list[int], rule: str) -> None:
    data = _data("portal")
    data["turns"][1]["portal"] = portal
    game = _replay(data | {"turns": data["turns"][:1]})
    turn = data["turns"][1]
    step = FigureStep("follower", turn["meeple"], at=tuple(portal))
    reason = game.why_not(Move(turn["tile"], turn["x"], turn["y"], turn["rotation"], step))  # type: ignore[arg-type]
    assert reason is not None and reason.rule == rule


def test_the_portal_leads_to_no_occupied_or_completed_feature_nor_the_dragons_square():
    game = Game(TILES, Rules(princess_dragon=True), 2, names=["Red", "Blue"])
    game.play(Placement("U", 1, 0, 0).with_figure(FigureStep("follower", "road:W")))  # Red's thief
    game.play(Placement("E", 0, -1, 180).with_figure(None))  # Blue completes D's city
    portal = Placement("PD20", 2, 0, 90)
    steps = {(s.at, s.place) for s in game.figure_steps(portal) if s.at is not None and s.kind == "follower"}
    assert ((0, 0), "city:N") not in steps and ((0, 0), "road:E") not in steps and ((0, 0), "farm:WS") in steps
    reason = game.why_not(portal.with_figure(FigureStep("follower", "road:E", at=(0, 0))))
    assert reason is not None and reason.rule == "portal-occupied"
    reason = game.why_not(portal.with_figure(FigureStep("follower", "city:N", at=(0, 0))))
    assert reason is not None and reason.rule == "portal-complete"
    plain = game.why_not(Placement("U", 2, 0, 0).with_figure(FigureStep("follower", "farm:WS", at=(0, 0))))
    assert plain is not None and plain.rule == "no-portal"


def test_the_princess_removes_only_a_knight_of_her_city():
    data = _data("princess")
    data["turns"][1]["princess"] = [0, 0, "road:E"]
    assert _refusal(data).startswith("turn 2: the princess removes only a knight of her own city")


def test_the_new_keys_are_refused_without_the_expansion_and_on_a_discard():
    data = _data("portal")
    data["rules"]["princess_dragon"] = False
    data["turns"] = data["turns"][:1] + [{"tile": "E", "x": 0, "y": -1, "rotation": 180,
                                           "fairy": [1, 0, "road:W"]}]
    assert "is played only with The Princess & the Dragon" in _refusal(data)
    with pytest.raises(RecordError, match="'fairy' never goes on a discarded or returned tile"):
        GameRecord.from_data(_data("portal") | {"turns": [{"tile": "E", "discarded": True, "fairy": [0, 0, "x"]}]})
    with pytest.raises(RecordError, match="a turn takes one figure step"):
        GameRecord.from_data(_data("portal") | {"turns": [{"tile": "E", "x": 0, "y": -1, "rotation": 180,
                                                            "meeple": "city:S", "fairy": [0, 0, "x"]}]})


# ----------------------------------------------------------- --legal
def test_the_legal_listing_names_the_dragons_choosers_and_options(capsys):
    main(["replay", str(PD / "dragon-eats.carc.json"), "--json", "--legal"])
    legal = json.loads(capsys.readouterr().out)["legal"]
    third = legal[2]
    assert third["dragon"] == [{"player": "Red", "options": [[0, 0]]},
                               {"player": "Blue", "options": [[1, 0], [-1, 0]]},
                               {"player": "Red", "options": []}]
    assert third["fairy"] == [[1, 0, "road:E"]]  # the thief's place as the board names it
    assert all(move[-1] == {"portal": [], "princess": []} for move in third["moves"])
    assert "dragon" not in legal[1] and all(move[3] == [] for move in legal[1]["moves"])  # the volcano


def test_the_legal_listing_lists_the_portal_and_the_princess(capsys):
    main(["replay", str(PD / "portal.carc.json"), "--json", "--legal"])
    second = json.loads(capsys.readouterr().out)["legal"][1]
    move = next(m for m in second["moves"] if m[:3] == [2, 0, 90])
    start = next(sq for sq in move[-1]["portal"] if sq[:2] == [0, 0])
    assert "city:N" in start[2] and "road:E" in start[2]  # D's open city and road, unoccupied
    assert all(sq[:2] != [2, 0] for sq in move[-1]["portal"])  # never the placed tile's square
    main(["replay", str(PD / "princess.carc.json"), "--json", "--legal"])
    second = json.loads(capsys.readouterr().out)["legal"][1]
    move = next(m for m in second["moves"] if m[:3] == [1, -1, 270])
    assert move[-1]["princess"] == [[0, -1, "city:E"]]


# ------------------------------------------------ random games, every option
Node = tuple[int, int, int]


def _node(position: Position, x: int, y: int, place: str) -> Node:
    return (x, y, segment_of(position.board[(x, y)][1], place))


def _flood_check(after: Position, game: Game, figures: dict[Node, tuple[int, int]], events: list[Any]) -> None:
    """Each road or city scored during the turn, recomputed by flood fill: its tiles, its points
    and its majority among ``figures`` (node: player, strength), those the turn left on the board."""
    for event in events:
        if event.final or event.feature not in (ROAD, CITY) or not event.complete:
            continue
        f = event.figures_returned[0]
        feature = flood(after.board, _node(after, f.x, f.y, f.place))
        tiles = {(x, y) for x, y, _ in feature}
        assert sorted(tiles) == sorted(event.tiles)
        segs = [game.tiles[after.board_ids[(x, y)]].segments[i] for x, y, i in feature]
        pennants = sum(s.pennant for s in segs)
        if event.feature == ROAD:
            points = 2 * len(tiles) if any("inn" in s.marks for s in segs) else len(tiles)
        elif any("cathedral" in s.marks for s in segs):
            points = 3 * (len(tiles) + pennants)
        else:
            small = game.rules.small_city and len(tiles) <= 2
            points = (len(tiles) + pennants) * (1 if small else 2)
        assert event.points == points
        strength = [0] * game.players
        for node in feature:
            if node in figures:
                player, n = figures[node]
                strength[player] += n
        assert event.players == tuple(p for p, n in enumerate(strength) if n == max(strength))


def _figures_left(game: Game, before: Position, move: Move) -> dict[Node, tuple[int, int]]:
    """The figures on the board once ``move``'s figure step and dragon are played, before its
    scoring, worked out from the position before it: the figure placed (on the tile, or
    through the portal), less the princess's knight and all the dragon entered."""
    bigs = {(f.x, f.y, f.place) for f in game.figures_on_board() if f.kind == "big"}
    figures = {node: (p, 2 if (node[0], node[1], place) in bigs else 1)
               for (node, p), place in zip(before.followers.items(), _places(game, before))}
    figure = move.figure
    if figure is not None and figure.kind == "princess" and figure.at is not None:
        figures.pop(_node(before, *figure.at, figure.place), None)
    for x, y in move.decisions:
        for node in [n for n in figures if (n[0], n[1]) == (x, y)]:
            del figures[node]
    return figures


def _places(game: Game, position: Position) -> list[str]:
    """The place names of the position's followers, in its order."""
    by_node = {}
    for f in game.figures_on_board():
        by_node[(f.x, f.y, segment_of(position.board[(f.x, f.y)][1], f.place))] = f.place
    return [by_node.get(node, "") for node in position.followers]


def _play_random(rules: Rules, seed: int, players: int) -> Game:
    game = Game(TILES, rules, players, seed=seed)
    rng = random.Random(seed)
    while (tile := game.draw()) is not None:
        placement = rng.choice(game.legal_placements(tile))
        listed = [None, *game.figure_steps(placement)]
        for figure in rng.sample(listed, min(6, len(listed))):
            assert game.why_not(_decided(game, placement.with_figure(figure), rng)) is None, figure
        move = _decided(game, placement.with_figure(rng.choice(listed)), rng)
        snapshot = (game.scores[:], game.supply[:], dict(game.placed), dragon_square(game), fairy_square(game),
                    len(game.events), game.current)
        game.push(move)
        game.pop()
        assert (game.scores, game.supply, dict(game.placed), dragon_square(game), fairy_square(game),
                len(game.events), game.current) == snapshot
        before, mover = Position(game), game.current
        figures = _figures_left(game, before, move)
        n = len(game.events)
        game.play(move)
        after = Position(game)
        figure = move.figure
        if figure is not None and not figure.action and figure.kind in ("follower", "big", "abbot"):
            x, y = figure.at if figure.at is not None else (move.x, move.y)
            figures[_node(after, x, y, figure.place)] = (mover, 2 if figure.kind == "big" else 1)
        _flood_check(after, game, figures, game.events[n:])
        for e, nxt in zip(game.events[n:], game.events[n + 1:]):
            if nxt.feature == "fairy" and nxt.complete:  # R-F4: right after her follower's feature
                assert e.feature != "fairy" and nxt.tiles[0] in [(f.x, f.y) for f in e.figures_returned]
        assert all(0 <= s <= 7 for s in game.supply)
    game.finish()
    again = GameRecord.from_json(GameRecord.from_game(game, _seats(game)).to_json()).replay(TILES, final=True)
    assert again.scores == game.scores
    return game


def _decided(game: Game, move: Move, rng: random.Random) -> Move:
    while (asked := game.decision(move)) is not None:
        move = move.deciding(rng.choice(asked.options))
    return move


@pytest.mark.parametrize("rules", [
    Rules(princess_dragon=True), Rules(princess_dragon=True, abbot=True, farm_scoring="first-edition"),
    Rules(princess_dragon=True, inns_cathedrals=True, abbot=True, farm_scoring="second-edition"),
    Rules(princess_dragon=True, river=True, small_city=True),
    Rules(princess_dragon=True, table=(7, 7), table_closes=True, incomplete_score=False),
    Rules(princess_dragon=True, start="random", hole_bonus=True, discard="bag")],
    ids=["pd", "abbot", "ic-abbot", "river", "table-closes", "start-random"])
def test_random_games_accept_every_listed_step_undo_exactly_and_score_by_flood_fill(rules: Rules) -> None:
    for seed in range(2):
        _play_random(rules, seed, 2 + seed)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), base=rules_strategy(), abbot=st.booleans(),
       inns=st.booleans())
def test_with_every_rule_option_the_dragon_game_plays_and_replays(seed, players, base, abbot, inns):
    _play_random(base.replace(princess_dragon=True, abbot=abbot, inns_cathedrals=inns), seed, players)


@pytest.mark.parametrize("size, hidden", [(1, False), (2, False), (3, True)])
def test_a_hand_of_tiles_with_the_dragon_plays_and_replays(size: int, hidden: bool) -> None:
    rules = Rules(princess_dragon=True, hand=size, hand_open=not hidden) if size > 1 else Rules(princess_dragon=True)
    game = _play_random(rules, 7, 3)
    assert game.finished


def test_simulate_plays_the_dragon_with_every_player_level(capsys):
    main(["simulate", "--princess-dragon", "--games", "1", "--bots", "random,normal", "--seed", "3"])
    assert "1 game, seats rotating" in capsys.readouterr().out


# ------------------------------------------------ computer players, network
@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_computer_player_eats_the_others_follower_and_spares_its_own(level: str) -> None:
    from carcassonne.ai import get_bot
    from carcassonne.engine import Decision

    data = _data("dragon-eats")
    game = _replay(data | {"turns": data["turns"][:2]})
    move = Placement("PD7", -1, 0, 180).with_figure(None).deciding((0, 0))
    asked = game.decision(move)
    assert asked is not None and asked.player == 1 and set(asked.options) == {(1, 0), (-1, 0)}
    bot = get_bot(level, 1)
    if hasattr(bot, "budget"):
        bot.budget = 0.02
    assert bot.decide(game, move, asked) == (1, 0)  # Blue eats Red's thief
    own = Decision(0, asked.kind, asked.options, asked.number)
    assert bot.decide(game, move, own) == (-1, 0)  # Red would spare it


def test_the_look_ahead_moves_the_dragon_as_each_player_would(monkeypatch) -> None:
    """Red draws the dragon tile PD7 with a thief on U's road beside the dragon. Judged with the
    dragon's steps unanswered, the dragon stays put and a placement looks as good as ever;
    answered as each player would (Red's step forced, then Blue's: onto Red's thief), Red's
    follower placed at (1, -1) is worth what the dragon leaves of it. The ranking keeps the
    moves without their steps (the players take them for real), and a search's future moves
    the dragon too."""
    from carcassonne.ai import simple
    from carcassonne.ai.heuristics import Evaluator
    from carcassonne.ai.search import playout

    data = _data("dragon-eats")

    def position() -> Game:
        return _replay(data | {"turns": data["turns"][:2]})
    exposed = Placement("PD7", 1, -1, 180).with_figure(FigureStep("follower", "road:N"))

    def value(move: Move) -> float:
        game = position()
        ranked = simple.ranked_moves(game, "PD7", Evaluator(game))
        assert all(not m.decisions for _, m in ranked)
        return next(v for v, m in ranked if m == move)
    steered = value(exposed)
    monkeypatch.setattr(simple, "STEERED", 0)
    unsteered = value(exposed)
    monkeypatch.undo()
    assert steered < unsteered - 5, (steered, unsteered)  # (the thief and the follower it would have been)
    game = position()
    full = simple.steered(game, exposed, Evaluator(game))
    assert full.decisions == ((0, 0), (1, 0), (1, -1)) and game.decision(full) is None
    game = position()
    evaluator = Evaluator(game)
    evaluator.freeze()
    trial = game.copy()
    trial.push(simple.steered(game, exposed, evaluator))
    assert playout(game, exposed, 0, evaluator, 0) == evaluator.score(trial, 0) == 0.0


def test_without_an_expansion_that_asks_the_ranking_is_the_same_steered_or_not(monkeypatch) -> None:
    from carcassonne.ai import simple
    from carcassonne.ai.heuristics import Evaluator

    game = Game(TILES, Rules(), 2, seed=9)
    for _ in range(6):
        tile = game.draw()
        assert tile is not None
        evaluator = Evaluator(game)
        ranked = simple.ranked_moves(game, tile, evaluator)
        monkeypatch.setattr(simple, "STEERED", 0)
        assert simple.ranked_moves(game, tile, evaluator) == ranked
        monkeypatch.undo()
        game.play(ranked[0][1])


@pytest.mark.parametrize("levels", [("random", "normal"), ("easy", "hard", "random"), ("expert", "hard")])
def test_computer_players_play_the_dragon_fairy_portal_and_princess_to_the_end(levels) -> None:
    from carcassonne.ai import get_bot

    game = Game(TILES, Rules(princess_dragon=True, abbot=True), len(levels), seed=5)
    bots = [get_bot(level, i) for i, level in enumerate(levels)]
    for bot in bots:
        if hasattr(bot, "budget"):
            bot.budget = 0.01
    asked, kinds = 0, set()
    while game.draw() is not None:
        move = bots[game.current].choose(game)
        assert move.decisions == ()  # each step is asked of its player
        while (decision := game.decision(move)) is not None:
            asked += 1
            move = move.deciding(bots[decision.player].decide(game, move, decision))
        if move.figure is not None:
            kinds.add(move.figure.kind if move.figure.at is None else f"{move.figure.kind}@")
        game.play(move)
    assert asked > 0 and "fairy@" in kinds


def test_the_server_asks_each_seat_its_dragon_step():
    """A network room plays the dragon's steps through the generic decision, each asked of its seat,
    and the figure steps on other tiles (fairy, portal, princess) as the records write them."""
    from carcassonne.ai import get_bot
    from carcassonne.net.protocol import ProtocolError, read_message
    from carcassonne.net.room import new_room

    room, _host, _tokens = new_room(TILES, Rules(princess_dragon=True), [
        {"kind": "human", "color": "red", "name": "Ann"}, {"kind": "human", "color": "blue", "name": "Bob"}], seed=2)
    room.start(0.0)
    game = room.game
    assert game is not None
    rng = random.Random(2)
    seats = {0: [0], 1: [1]}
    decided, elsewhere = 0, 0
    from carcassonne.engine.record import figure_record

    while room.current is not None and game.turn_number < 200:
        current = room.current
        move = get_bot("random", rng.randrange(9)).choose(game.copy())
        elsewhere += move.figure is not None and move.figure.at is not None
        room.act(seats[current], read_message(json.dumps(
            {"type": "play", "x": move.x, "y": move.y, "rotation": move.rotation,
             "figure": figure_record(move.figure)})), 1.0)
        while room.steps is not None and (asked := room.steps.decision()) is not None:
            with pytest.raises(ProtocolError, match="decision"):
                room.act(seats[1 - asked.player], {"type": "decide", "choice": list(asked.options[0])}, 1.0)
            room.act(seats[asked.player], read_message(json.dumps(
                {"type": "decide", "choice": list(rng.choice(asked.options))})), 1.0)
            decided += 1
    assert decided > 0 and elsewhere > 0
    record = room.record()
    again = GameRecord.from_json(record.to_json()).replay(TILES)
    assert again.scores == game.scores


def test_the_evaluation_values_the_fairy_and_the_hint_explains_every_step():
    from carcassonne.ai.heuristics import Evaluator
    from carcassonne.ai.hint import explain

    data = _data("fairy-final")
    with_fairy = _replay(data | {"final": False})
    without = _replay(data | {"final": False, "turns": data["turns"][:2] + [
        {"tile": "E", "x": 1, "y": -1, "rotation": 0}]})
    assert Evaluator(with_fairy).values(with_fairy)[0] > Evaluator(without).values(without)[0]
    game = _replay(_data("portal") | {"turns": _data("portal")["turns"][:1]})
    portal = Placement("PD20", 2, 0, 90)
    for step in game.figure_steps(portal):
        assert explain(game, portal.with_figure(step)).clauses is not None


def test_with_a_hand_a_dragon_tile_is_drawn_only_once_a_volcano_frees_it():
    """Hand: dragon tiles are neither dealt nor drawn before the first volcano; a 'draw' on the
    turn that places it comes after it: it may be one."""
    base = {"format": "carcassonne-record", "version": 1,
            "rules": {"princess_dragon": True, "hand": 2, "hand_open": True},
            "players": [{"name": "Red", "color": "red"}, {"name": "Blue", "color": "blue"}],
            "hands": [["U", "PD28"], ["E", "V"]]}
    freed = base | {"turns": [{"tile": "PD28", "x": 0, "y": 1, "rotation": 0, "draw": "PD7"}]}
    game = _replay(freed)
    assert "PD7" in game.held(0)
    early = base | {"turns": [{"tile": "U", "x": 1, "y": 0, "rotation": 0, "draw": "PD7"}]}
    assert _refusal(early) == "turn 1: 'draw': tile PD7 cannot be drawn yet: no volcano has been placed"
    dealt = base | {"hands": [["U", "PD7"], ["E", "V"]], "turns": []}
    assert "'hands': tile PD7 cannot be drawn yet" in _refusal(dealt)


def test_computer_players_weigh_a_portal_once_per_feature():
    from carcassonne.ai.base import moves_of

    game = _replay(_data("portal") | {"turns": _data("portal")["turns"][:1]})
    every = [(p, s) for p in game.legal_placements("PD20") for s in game.figure_steps(p)]
    tried = list(moves_of(game, "PD20"))
    portal = [m for m in tried if m.figure is not None and m.figure.at is not None and m.figure.kind != "fairy"]
    assert portal and len(tried) < len(every) + len(game.legal_placements("PD20"))
    for placement in game.legal_placements("PD20"):  # D's city, D's road... each once
        roots = [(f.kind, f.key) for m in portal if m.placement == placement and m.figure.kind == "follower"
                 for f in [game.feature_at(*m.figure.at, m.figure.place)]]
        assert len(roots) == len(set(roots))


def _thinned(game: Game, placement: Placement) -> tuple[list[FigureStep], list[FigureStep]]:
    """Every legal step but the portal's, then the portal's first place on each feature and kind
    of figure (the rules' order) of the 8 largest features, ties in that order: what a computer
    player weighs, found the long way (all the legal steps, then thinned)."""
    from carcassonne.engine.geometry import square

    kept: list[FigureStep] = []
    best: dict[tuple[str, int], tuple[int, FigureStep]] = {}
    steps = game.figure_steps(placement)
    with game.laid(placement):
        for step in steps:
            if step.at is None or step.action or step.kind == "fairy":
                kept.append(step)
                continue
            o = game.tile_at(*step.at)
            assert o is not None
            root = game.find(game.node(square(*step.at), o.spots[step.place]))
            best.setdefault((step.kind, root), (len(game.tiles_of(root)), step))
    return kept, [step for _, step in sorted(best.values(), key=lambda found: -found[0])[:8]]


@pytest.mark.parametrize("seed, more", [(3, {}), (8, {"abbot": True, "inns_cathedrals": True,
                                                      "traders_builders": True})])
def test_a_portals_places_weighed_are_the_largest_features_first_legal_places(seed: int, more: dict[str, bool]):
    """Listed without listing every legal place (hundreds on a big board), a portal tile's steps
    are exactly the long way's, on placements of every portal tile at turns of a random game
    (other expansions' figures too), and never more than 8 through the portal."""
    from carcassonne.expansions.princess_dragon.ai import PORTAL_TRIED, Value

    game = Game(TILES, Rules(princess_dragon=True, **more), players=2, seed=seed)
    rng = random.Random(seed)
    portals = sorted(k.id for k in TILES if k.symbol == "portal" and k.id in game.deck.counts)
    checked = 0
    while (tile := game.draw()) is not None:
        if len(game.history) % 25 == 20:
            for placement in [p for t in portals for p in game.legal_placements(t)][::3]:
                tried = Value.tried_steps(game, placement)
                assert tried is not None
                kept, portal = _thinned(game, placement)
                fairies = [s for s in kept if s.kind == "fairy"]
                assert [s for s in tried if s.kind != "fairy"] == [s for s in kept if s.kind != "fairy"] + portal
                assert set(s for s in tried if s.kind == "fairy") <= set(fairies)
                assert len(portal) <= PORTAL_TRIED
                checked += 1
        placement = rng.choice(game.legal_placements(tile))
        steps = game.figure_steps(placement)
        game.play(_decided(game, placement.with_figure(rng.choice(steps) if steps else None), rng))
    assert checked > 200


def test_the_places_a_portal_reaches_are_kept_for_one_board_and_never_taken_for_another():
    """A computer player works out the board's places once for every placement of a portal tile
    weighed on it (Game.board_key): asked in turn of a game, of its copy one tile further, of
    the game again and of the copy with that tile taken back, each answer is its own board's."""
    from carcassonne.expansions.princess_dragon.ai import Value

    game = Game(TILES, Rules(princess_dragon=True), players=2, seed=11)
    rng = random.Random(11)
    portals = sorted(k.id for k in TILES if k.symbol == "portal" and k.id in game.deck.counts)
    checked = 0
    while (tile := game.draw()) is not None:
        placement = rng.choice(game.legal_placements(tile))
        if len(game.history) % 10 == 5:
            further = game.copy()
            further.push(placement.with_figure(None))
            assert further.board_key() is not game.board_key()
            for g, back in ((game, False), (further, False), (game, False), (further, True)):
                if back:
                    further.pop()  # back to the game's board, under the game's key
                    assert further.board_key() is game.board_key()
                for portal in [p for t in portals for p in g.legal_placements(t)][::7]:
                    tried = Value.tried_steps(g, portal)
                    assert tried is not None
                    kept, through = _thinned(g, portal)
                    assert [s for s in tried if s.kind != "fairy"] == [s for s in kept if s.kind != "fairy"] + through
                    checked += 1
        steps = game.figure_steps(placement)
        game.play(_decided(game, placement.with_figure(rng.choice(steps) if steps else None), rng))
    assert checked > 100


def test_the_fairy_beside_another_own_follower_is_weighed_once_being_valued_the_same():
    """The fairy's steps a computer player leaves out are each valued exactly as one it keeps (she
    is worth the same beside any of her player's followers), and it keeps her beside each
    follower whose feature the tile completes (she scores with it)."""
    from carcassonne.ai.heuristics import Evaluator
    from carcassonne.expansions.princess_dragon.ai import Value

    game = Game(TILES, Rules(princess_dragon=True), players=2, seed=5)
    rng = random.Random(5)
    left_out = 0
    while (tile := game.draw()) is not None:
        evaluator = Evaluator(game)
        for placement in game.legal_placements(tile) if len(game.history) % 3 == 0 else ():
            fairies = [s for s in game.figure_steps(placement) if s.kind == "fairy"]
            tried = Value.tried_steps(game, placement)
            assert tried is not None
            kept = {s: evaluator.values(_after(game, placement.with_figure(s))) for s in tried if s.kind == "fairy"}
            for step in fairies:
                if step not in kept:
                    left_out += 1
                    assert evaluator.values(_after(game, placement.with_figure(step))) in kept.values()
        placement = rng.choice(game.legal_placements(tile))
        steps = [s for s in game.figure_steps(placement) if s.kind != "fairy"]
        move = placement.with_figure(rng.choice(steps) if steps and rng.random() < 0.7 else None)
        game.play(_decided(game, move, rng))
    assert left_out > 1000


def _after(game: Game, move: Move) -> Game:
    after = game.copy()
    after.push(move)
    return after


@pytest.mark.parametrize("figure, refused", [
    ({"meeple": "city:N"}, False), ({"meeple": "city:N", "big": True}, False), ({"abbot": "cloister"}, False),
    ({"builder": "city:N"}, True), ({"pig": "farm:S"}, True), ({}, True)])
def test_a_portal_goes_beside_a_follower_of_any_kind_only(figure: dict[str, Any], refused: bool) -> None:
    """R-P1: the portal carries the follower placed (ordinary, big or abbot), never a builder or
    a pig, nor nothing: the record is refused in one line as it is read."""
    data = _data("portal")
    data["rules"] |= {"abbot": True, "inns_cathedrals": True, "traders_builders": True}
    turn = {k: v for k, v in data["turns"][1].items() if k != "meeple"} | figure
    data["turns"][1] = turn
    if refused:
        with pytest.raises(RecordError, match="turn 2: 'portal' goes only beside a follower placed"):
            GameRecord.from_data(data)
    else:
        assert GameRecord.from_data(data).turns[1].figure.at == (0, 0)  # type: ignore[union-attr]
