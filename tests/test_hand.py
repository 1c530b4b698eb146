"""A hand of tiles (``"hand": 2`` or ``3``, ``hand_open``; Wikicarpedia's base game, "House
Rules": "Play with a three-tile hand. ... Play your turn ... and then draw back up to three
tiles. These tiles could be visible to all or hidden to the other players";
``docs/game-record.md``, "A hand of tiles").

Hand-worked records in ``tests/records/hand/`` (see its README), the refusals, the deal,
the draw, discards before playing, play after the bag is empty, undo, random games in
which every listed move of every tile of the hand is accepted and every other refused,
what a computer player may know of hidden hands, ``simulate --hand``, ``replay`` and
``analyse`` of hand games, and the game server's refusal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.ai import get_bot
from carcassonne.ai.base import imagined, tiles_in_hand
from carcassonne.ai.heuristics import Evaluator
from carcassonne.ai.simple import ranked_moves
from carcassonne.cli import main
from carcassonne.engine import FOLLOWERS, Discard, Game, IllegalMoveError, Placement, RecordError, Rules
from carcassonne.engine.deck import Deck
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.rules import BAG, COLORS
from carcassonne.expansions.hand.rules import Hands, hand_module, hand_shown, hands_state
from carcassonne.tileset import standard_tiles

import strategies
from figures import extras, hands, step

TILES = standard_tiles()
HAND = Path(__file__).parent / "records" / "hand"
RECORDS = sorted(HAND.glob("*.carc.json"))


def _id(path: Path) -> str:
    return path.name.removesuffix(".carc.json")


def _load(name: str) -> dict[str, Any]:
    return json.loads((HAND / f"{name}.carc.json").read_text(encoding="utf-8"))


def _seats(game: Game) -> list[Seat]:
    return [Seat(name, COLORS[i], "human") for i, name in enumerate(game.names)]


def _check(game: Game, expect: dict[str, Any]) -> None:
    names = game.names
    assert dict(zip(names, game.scores)) == expect["scores"]
    got = sorted((e.feature, e.points, tuple(names[p] for p in e.players)) for e in game.events)
    assert got == sorted((e["feature"], e["points"], tuple(e["players"])) for e in expect["events"])
    assert {names[p]: list(game.held(p)) for p in range(game.players)} == expect["hands"]
    assert names[game.current] == expect["to_move"]
    assert len(game.deck) == expect["tiles_left"]
    for tile, n in expect["left"].items():
        assert game.deck.counts[tile] == n, tile
    if "figures_on_board" in expect:
        on_board = game.figures_on_board()
        assert {names[i]: sum(f.player == i for f in on_board) for i in range(game.players)} == \
            expect["figures_on_board"]


# ------------------------------------------------------------------ records
@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_hand_record(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = GameRecord.from_data(data).replay(TILES, final=data["final"])
    assert [list(h) for h in hands_state(game).dealt] == data["hands"]
    _check(game, data["expect"])


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_open_or_hidden_the_same_record_plays_the_same(path: Path) -> None:
    """game-record.md: hidden hands are hidden from the other players; "legality is the same"."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"]["hand_open"] = not data["rules"]["hand_open"]
    _check(GameRecord.from_data(data).replay(TILES, final=data["final"]), data["expect"])


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_a_hand_record_is_written_back_as_it_was_read(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_data(data)
    game = record.replay(TILES)
    written = GameRecord.from_game(game, record.players).to_data()
    assert list(written)[: list(written).index("hands") + 1] == ["format", "version", "rules", "players", "hands"]
    assert written["hands"] == data["hands"]
    assert written["turns"] == data["turns"]
    assert written["rules"] == data["rules"]  # the keys in the order of game-record.md too
    assert list(written["rules"]) == list(data["rules"])


def test_the_readme_names_every_record() -> None:
    readme = (HAND / "README.md").read_text(encoding="utf-8")
    for path in RECORDS:
        assert f"`{_id(path)}`" in readme


@pytest.mark.parametrize("change, message", [
    ({"rules": {"hand": 3, "river": True}}, "rules.hand is not played with the river"),
    ({"rules": {"hand": 3, "discard": "bag"}}, 'rules.hand is not played with rules.discard "bag"'),
    ({"rules": {"hand": 4}}, "rules.hand must be 1, 2 or 3, not 4"),
    ({"rules": {"hand": True}}, "rules.hand must be 1, 2 or 3, not True"),
    ({"rules": {"hand_open": False}}, "rules.hand_open needs a hand (rules.hand 2 or 3)"),
    ({"rules": {"hand": 3, "hand_open": "no"}}, "rules.hand_open must be true or false"),
    ({"hands": None}, "'hands' must list the tiles each player is dealt"),
    ({"hands": [["U", "E"], ["K", "B", "X"]]}, "'hands' must list 3 tiles for each of the 2 players"),
    ({"hands": [["U", "E", "V"], ["K", "B", "C"], ["V", "V", "V"]]}, "'hands' must list 3 tiles for each"),
    ({"hands": [["U", "E", "V"], ["K", "C", "C"]]}, "'hands': no tile C is left in the box"),
    ({"hands": [["U", "E", "V"], ["K", "B", "ZZ"]]}, "'hands': unknown tile 'ZZ'"),
], ids=["river", "bag", "hand-4", "hand-bool", "hidden-without-hand", "hand-open-not-bool", "no-hands",
        "short-hand", "three-hands", "two-c", "unknown"])
def test_refused_hand_rules_and_deals(change: dict[str, Any], message: str) -> None:
    data = _load("hand-play-any-draw")
    for key, value in change.items():
        if value is None:
            del data[key]
        elif key == "rules":
            data["rules"] = {**{k: v for k, v in data["rules"].items() if k not in ("hand", "hand_open")}, **value}
        else:
            data[key] = value
    with pytest.raises(RecordError) as caught:
        GameRecord.from_data(data).replay(TILES)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def _turn_change(name: str, number: int, **change: Any) -> dict[str, Any]:
    data = _load(name)
    turn = data["turns"][number - 1]
    for key, value in change.items():
        if value is None:
            turn.pop(key, None)
        else:
            turn[key] = value
    return data


@pytest.mark.parametrize("name, number, change, message", [
    ("hand-play-any-draw", 1, {"tile": "K"}, "turn 1: tile K is not in Red's hand (U, E, V)"),
    ("hand-play-any-draw", 2, {"tile": "V", "meeple": None}, "turn 2: tile V is not in Blue's hand (K, B, X)"),
    ("hand-play-any-draw", 1, {"draw": None},
     "turn 1: 'draw' must name the tile drawn after it (the bag holds 65 tiles)"),
    ("hand-play-any-draw", 3, {"draw": "ZZ"}, "turn 3: 'draw': unknown tile 'ZZ'"),
    ("hand-play-any-draw", 3, {"draw": 7}, "turn 3: 'draw' must name a tile"),
    ("hand-discard", 3, {"tile": "U", "discarded": None, "x": 1, "y": 0, "rotation": 0},
     "turn 3: tile C in Red's hand fits nowhere: it is discarded before a tile is played"),
    ("hand-discard", 2, {"tile": "V", "discarded": True, "x": None, "y": None, "rotation": None},
     "turn 2: tile V cannot be discarded: it fits on the board"),
], ids=["not-in-hand", "other-players-tile", "no-draw", "draw-unknown", "draw-not-a-name",
        "play-before-discarding", "discard-a-fitting-tile"])
def test_refused_hand_turns(name: str, number: int, change: dict[str, Any], message: str) -> None:
    data = _turn_change(name, number, **change)
    with pytest.raises(RecordError) as caught:
        GameRecord.from_data(data).replay(TILES)
    assert str(caught.value) == message


def test_a_draw_is_a_tile_still_in_the_bag() -> None:
    data = _turn_change("hand-discard", 4, draw="C")  # the only C was drawn on turn 1
    with pytest.raises(RecordError) as caught:
        GameRecord.from_data(data).replay(TILES)
    assert str(caught.value) == "turn 4: 'draw': no tile C is left in the box"


def test_hands_and_draws_belong_to_hand_games_only() -> None:
    data = _load("hand-play-any-draw")
    del data["rules"]["hand"], data["rules"]["hand_open"]
    with pytest.raises(RecordError, match="'hands' needs rules.hand 2 or 3"):
        GameRecord.from_data(data)
    del data["hands"]
    with pytest.raises(RecordError, match="turn 1: 'draw' needs rules.hand 2 or 3"):
        GameRecord.from_data(data)


def test_with_a_seed_the_hands_are_the_seeds_deal_and_may_be_left_out() -> None:
    game = Game(TILES, Rules(hand=3), 2, seed=5)
    pile = list(reversed(Game(TILES, Rules(), 2, seed=5).deck.pile))  # the same bag, in draw order
    assert [list(h) for h in hands_state(game).dealt] == [pile[0:3], pile[3:6]]  # player by player from the top
    data = GameRecord.from_game(game, _seats(game)).to_data()
    assert hands(GameRecord.from_data(data).replay(TILES)) == hands(game)
    del data["hands"]
    assert hands(GameRecord.from_data(data).replay(TILES)) == hands(game)
    data["hands"] = [pile[3:6], pile[0:3]]
    with pytest.raises(RecordError) as caught:
        GameRecord.from_data(data).replay(TILES)
    dealt = f"{', '.join(pile[0:3])}; {', '.join(pile[3:6])}"
    assert str(caught.value) == f"'hands' are not the tiles seed 5 deals ({dealt})"


# ------------------------------------------------------------------- engine
def _small_game(held: tuple[tuple[str, ...], ...], bag: list[str], size: int = 2) -> Game:
    """A hand game whose hands and bag are set by hand (as a lesson sets its tiles)."""
    game = Game(TILES, Rules(hand=size), len(held), seed=1, names=["Red", "Blue", "Green"][: len(held)])
    game.deck = Deck.in_order(bag, game.deck.phase_of)
    module = hand_module(game)
    assert module is not None
    module.put(game, Hands(held, (), held))
    return game


def test_after_the_bag_is_empty_play_goes_on_and_empty_hands_are_skipped() -> None:
    """game-record.md: "When the bag is empty, play goes on in turn order, a player with an
    empty hand being skipped, until every hand is empty; then the final scoring"."""
    game = _small_game((("E", "U"), ("V", "K")), ["C"])
    game.play(Placement("E", 0, -1, 180).with_figure(None))  # closes the start city; draws the C
    assert hands(game) == (("U", "C"), ("V", "K")) and len(game.deck) == 0 and hands_state(game).drawn == ("C",)
    assert game.current == 1
    game.play(Placement("V", 0, 1, 0).with_figure(None))  # the bag is empty: nothing drawn
    assert hands(game) == (("U", "C"), ("K",)) and hands_state(game).drawn == ("C", None)
    assert game.draw() == "U"  # Red's C fits nowhere: discarded first, a turn of its own
    assert game.history[-1] == Discard("C") and hands(game)[0] == ("U",) and game.current == 0
    game.play(Placement("U", 1, 0, 0).with_figure(None))
    assert hands(game) == ((), ("K",)) and game.current == 1 and not game.is_over
    k = game.legal_placements("K")[0]
    game.play(k.with_figure(None))
    assert game.is_over and game.draw() is None
    assert [type(t).__name__ for t in game.history] == ["Move", "Move", "Discard", "Move", "Move"]
    data = GameRecord.from_game(game, _seats(game)).to_data()
    assert [t.get("draw") for t in data["turns"]] == ["C", None, None, None, None]


def test_a_player_whose_hand_empties_is_passed_over() -> None:
    game = _small_game((("E", "C"), ("V", "K"), ("U", "B")), [])
    game.play(Placement("E", 0, -1, 180).with_figure(None))  # Red: C left, which fits nowhere now
    game.play(Placement("V", 0, 1, 0).with_figure(None))
    game.play(Placement("U", 1, 0, 0).with_figure(None))
    assert game.current == 0 and game.draw() == "K"  # Red's C discarded: Red's hand is empty, Blue's turn
    assert game.current == 1 and hands(game) == ((), ("K",), ("B",))
    game.play(game.legal_placements("K")[0].with_figure(None))
    assert game.current == 2  # Red skipped again, Green's turn
    game.play(game.legal_placements("B")[0].with_figure(None))
    assert game.is_over


def test_draw_back_up_and_undo_restore_hands_and_bag() -> None:
    game = Game(TILES, Rules(hand=3), 2, seed=9)
    pile, dealt = list(game.deck.pile), hands(game)
    tile = game.draw()
    assert tile == game.held()[0] and len(game.held(0)) == len(game.held(1)) == 3
    last = game.held()[-1]  # any tile of the hand, not only the first
    move = game.legal_placements(last)[0].with_figure(None)
    top = game.deck.peek()
    game.play(move)
    kept = list(dealt[0])
    kept.remove(last)
    assert game.held(0) == (*kept, top) and hands_state(game).drawn == (top,) and game.held(1) == dealt[1]
    game.pop()
    assert hands(game) == dealt and game.deck.pile == pile and hands_state(game).drawn == ()


def test_the_book_game_has_no_hands_and_its_hand_is_the_tile_drawn() -> None:
    game = Game(TILES, Rules(), 2, seed=3)
    assert hands(game) == () and not game.holds_tiles
    tile = game.draw()
    assert game.held() == (tile,) and game.held(1) == ()
    assert game.tiles_to_come() is game.deck.counts and game.tiles_left() == len(game.deck)


def test_hidden_hands_are_shown_to_their_holders_only() -> None:
    hidden, open_ = Game(TILES, Rules(hand=2, hand_open=False), 2, seed=1), Game(TILES, Rules(hand=2), 2, seed=1)
    assert hand_shown(hidden, 0, 0) and not hand_shown(hidden, 1, 0) and not hand_shown(hidden, 0, None)
    assert hand_shown(open_, 1, 0) and hand_shown(open_, 0, None)


@st.composite
def hand_rules(draw: st.DrawFn) -> Rules:
    """Every rule option the hand goes with (not the river, not discard "bag"), the Abbot too."""
    rules = draw(strategies.rules().filter(lambda r: not r.river and r.discard != BAG))
    return rules.replace(hand=draw(st.sampled_from((2, 3))), hand_open=draw(st.booleans()),
                   abbot=draw(st.booleans()))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), rules=hand_rules())
def test_random_hand_games_accept_every_listed_move_and_refuse_the_others(seed: int, players: int,
                                                                          rules: Rules) -> None:
    game = Game(TILES, rules, players, seed=seed)
    start = (hands(game), tuple(game.deck.pile), tuple(sorted(game.deck.counts.items())))
    rng = random.Random(seed)
    in_play = len(game.deck) + sum(map(len, hands(game)))
    while (tile := game.draw()) is not None:
        hand = game.held()
        assert tile == hand[0] and all(game.has_placement(t) for t in hand)
        assert len(hand) == rules.hand or not game.deck.pile
        for t in set(hand):
            listed = game.legal_placements(t)
            keys = {(p.x, p.y, p.rotation) for p in listed}
            for placement in listed:
                assert game.why_not(placement.with_figure(None)) is None
                for spot in game.follower_spots(placement):
                    assert game.why_not(placement.with_figure(step(spot))) is None
            for x, y in game.open_positions():
                for r in (0, 90, 180, 270):
                    if (x, y, r) not in keys:
                        assert game.why_not(Placement(t, x, y, r).with_figure(None)) is not None
            assert game.why_not(Discard(t)) is not None  # it fits: no discard
        others = [t for t in game.deck.counts if t not in hand and game.deck.counts[t] > 0]
        if others:
            p = Placement(others[0], *next(iter(game.open_positions())), 0)
            assert game.why_not(p.with_figure(None)).rule == "not-in-hand"
        placement = rng.choice(game.legal_placements(rng.choice(hand)))
        spots = game.follower_spots(placement) + extras(game, placement)
        player = game.current
        bonus = rules.hole_bonus and game.fills_hole(placement.x, placement.y)
        game.play(placement.with_figure(step(rng.choice(spots) if spots and rng.random() < 0.5 else None)))
        # the next player in turn order who holds a tile (the same one after a hole bonus)
        if not game.is_over:
            assert hands(game)[game.current]
            advance = 0 if bonus and hands(game)[player] else 1
            expected = (player + advance) % players
            while not hands(game)[expected]:
                expected = (expected + 1) % players
            assert game.current == expected
        if not rules.abbot:  # (the abbot is no follower: tests/test_abbot.py counts it)
            on_board = game.figures_on_board()
            for p in range(players):
                assert game.supply[p] + sum(f.player == p for f in on_board) == FOLLOWERS
    assert not game.deck.pile and not any(hands(game))
    placed = sum(1 for t in game.history if not isinstance(t, Discard))
    discarded = sum(1 for t in game.history if isinstance(t, Discard))
    assert placed + discarded == in_play == len(game.history)
    game.finish()
    seats = _seats(game)
    text = GameRecord.from_game(game, seats).to_json()
    assert GameRecord.from_json(text).replay(TILES).scores == game.scores
    data = json.loads(text)
    del data["seed"]  # without the seed, the record's hands and draws say it all
    assert GameRecord.from_data(data).replay(TILES).scores == game.scores
    while game.history:
        game.pop()
    assert (hands(game), tuple(game.deck.pile), tuple(sorted(game.deck.counts.items()))) == start


# --------------------------------------------------------- computer players
def test_every_level_weighs_every_tile_of_its_hand() -> None:
    game = Game(TILES, Rules(hand=3), 2, seed=4)
    game.draw()
    tiles = tiles_in_hand(game)
    assert tiles == tuple(dict.fromkeys(game.held()))
    ranked = ranked_moves(game, tiles, Evaluator(game))
    assert {m.tile for _, m in ranked} == set(tiles)
    for level in ("random", "easy", "normal", "hard", "expert"):
        bot = get_bot(level, 1)
        if hasattr(bot, "budget"):
            bot.budget = 0.05
        move = bot.choose(game)
        assert move.tile in tiles and game.why_not(move) is None


def _swap_hidden_tile(game: Game) -> Game:
    """The same game as Red sees it, but with one tile of Blue's hidden hand swapped for
    another kind from the bag."""
    other = game.copy()
    blue = list(hands(other)[1])
    mine = set(hands(other)[0]) | set(blue)
    fresh = next(t for t in sorted(other.deck.counts) if other.deck.counts[t] > 0 and t not in mine)
    index = other.deck.take(fresh)
    other.deck.put_back(blue[0], index)
    blue[0] = fresh
    module = hand_module(other)
    assert module is not None
    state = module.get(other)
    module.put(other, state._replace(held=(state.held[0], tuple(blue))))
    return other


@pytest.mark.parametrize("tb", [False, True], ids=["base", "traders-builders"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_computer_player_never_knows_another_hidden_hand(level: str, tb: bool) -> None:
    """Its move is the same whatever the others hold, as long as the bag and their hands
    together hold the same tiles (hand_open false: hidden "computer players included"; with
    Traders & Builders too, whose second part draws back up to the hand)."""
    for seed in range(3):
        game = Game(TILES, Rules(hand=3, hand_open=False, traders_builders=tb), 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(6):
            tile = game.draw()
            assert tile is not None
            game.play(rng.choice(game.legal_placements(rng.choice(game.held()))).with_figure(None))
        if game.current != 0:
            game.play(game.legal_placements(game.draw() or "")[0].with_figure(None))
        game.draw()
        other = _swap_hidden_tile(game)
        assert hands(other)[1] != hands(game)[1] and other.tiles_to_come() == game.tiles_to_come()
        bot = get_bot(level, 7)
        if hasattr(bot, "budget"):
            bot.budget = 0.1
        assert bot.choose(game) == bot.choose(other)


def test_imagined_futures_keep_what_the_player_knows_and_deal_the_rest() -> None:
    for open_ in (True, False):
        game = Game(TILES, Rules(hand=3, hand_open=open_), 3, seed=2)
        game.draw()
        seen = set()
        for k in range(20):
            future = imagined(game, random.Random(k))
            assert hands(future)[0] == hands(game)[0] and future.seed is None
            assert future.tiles_to_come() == game.tiles_to_come()
            if open_:
                assert hands(future) == hands(game)
            seen.add(hands(future)[1:])
        assert (len(seen) == 1) == open_


# ------------------------------------------------------------- command line
def test_simulate_plays_and_records_hand_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "normal,random", "--hand", "3", "--hand-hidden", "--abbot",
                 "--start-random", "--hole-bonus", "-n", "2", "--records", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    for path in sorted(tmp_path.glob("*.carc.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["rules"]["hand"] == 3 and data["rules"]["hand_open"] is False
        assert list(data).index("hands") == list(data).index("players") + 1
        assert [len(h) for h in data["hands"]] == [3, 3]
        assert "draw" in data["turns"][0] and "draw" not in data["turns"][-1]
        assert main(["replay", str(path), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["finished"] is True and out["turns"] == len(data["turns"])


@pytest.mark.parametrize("flags, message", [
    (["--hand", "4"], "--hand must be 2 or 3, not 4"),
    (["--hand", "1", "--hand-hidden"], "--hand-hidden needs --hand 2 or 3"),
    (["--hand-hidden"], "--hand-hidden needs --hand 2 or 3"),
    (["--hand", "2", "--river"], "rules.hand is not played with the river"),  # the rules refuse it
    (["--hand", "3", "--discard-to-bag"], "--hand is not played with --discard-to-bag"),
], ids=["four", "hidden-one", "hidden-alone", "river", "bag"])
def test_simulate_refuses_what_the_hand_is_not_played_with(flags: list[str], message: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "normal,random", "-n", "1", *flags]) == 2
    assert capsys.readouterr().err.strip() == message


def test_replay_legal_lists_the_moves_of_the_tile_each_turn_played(capsys: pytest.CaptureFixture[str]) -> None:
    path = HAND / "hand-discard.carc.json"
    assert main(["replay", str(path), "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    turns = _load("hand-discard")["turns"]
    assert [e["tile"] for e in out["legal"]] == [t["tile"] for t in turns]
    assert [e["turn"] for e in out["legal"]] == [1, 2, 3, 4, 5]
    assert out["legal"][2]["moves"] == []  # the C discarded
    for entry, turn in zip(out["legal"], turns):
        if "x" in turn:
            assert [turn["x"], turn["y"], turn["rotation"]] in [m[:3] for m in entry["moves"]]
    closing = [m for m in out["legal"][0]["moves"] if m[:3] == [0, -1, 180]]
    assert len(closing) == 1 and "city:S" in closing[0][3]
    assert main(["replay", str(path), "--final", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is False


def test_a_bad_hand_record_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _turn_change("hand-play-any-draw", 2, tile="U")
    path = tmp_path / "bad.carc.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("turn 2: tile U is not in Blue's hand (K, B, X)") and "\n" not in err


def test_analyse_reads_a_hand_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(HAND / "hand-play-any-draw.carc.json"), "--json", "--jobs", "1"]) == 0
    turns = json.loads(capsys.readouterr().out)["turns"]
    assert [t["turn"] for t in turns] == [1, 2, 3, 4]
    hands = [["U", "E", "V"], ["K", "B", "X"], ["U", "V", "V"], ["K", "B", "W"]]
    for t, hand in zip(turns, hands):
        assert t["best"]["tile"] in hand and t["loss"] >= 0


# ------------------------------------------------------------------ network
def test_the_game_server_tells_each_player_its_own_hand_and_the_others_counts(tiles: Any) -> None:
    from carcassonne.net.client import Connection

    from netkit import ServerThread, run

    async def scenario() -> dict[str, Any]:
        conn = Connection(server.url, tiles)
        await conn.open()
        try:
            await conn.create([{"kind": "human", "color": "red", "name": "Ann"},
                               {"kind": "ai:normal", "color": "blue"}],
                              rules=Rules(hand=3, hand_open=False).to_record(), seed=31)
            return await conn.request({"type": "sync"}, "state")
        finally:
            await conn.close()

    with ServerThread(tiles) as server:
        state = run(scenario())
    dealt = Game(tiles, Rules(hand=3, hand_open=False), 2, 31, ["Ann", "Normal"])
    assert state["hands"][0] == {"count": 3, "tiles": list(dealt.held(0))}
    assert state["hands"][1] == {"count": 3}


def test_a_bot_is_asked_only_once_the_hand_is_ready() -> None:
    game = _small_game((("E", "U"), ("V", "K")), ["C"])
    game.play(Placement("E", 0, -1, 180).with_figure(None))
    game.play(Placement("V", 0, 1, 0).with_figure(None))
    with pytest.raises(IllegalMoveError, match="tile C fits nowhere"):
        tiles_in_hand(game)
    game.draw()
    assert tiles_in_hand(game) == ("U",)


def test_the_aids_count_the_tiles_in_the_hands_too() -> None:
    """What can still go on a square: the bag's tiles and those the players hold (their
    number is public even when the hands are hidden)."""
    from carcassonne.engine.aids import dead_spots, tiles_that_fit

    game = _small_game((("C", "U"), ("V", "K")), [])
    assert "C" in tiles_that_fit(game, 0, -1)  # the start city's open edge: only in Red's hand
    assert dead_spots(game) == []
    game.play(Placement("U", 1, 0, 0).with_figure(None))
    assert set(tiles_that_fit(game, 0, -1)) == {"C", "K"}


def test_the_hint_and_its_words_take_a_tile_of_the_hand() -> None:
    from carcassonne.ai.hint import hint

    game = Game(TILES, Rules(hand=3, hand_open=False), 2, seed=8)
    game.draw()
    suggested = hint(game, budget=0.05)
    assert suggested.move.tile in game.held() and game.why_not(suggested.move) is None
    assert suggested.why.clauses
