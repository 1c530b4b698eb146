"""The engine's pending decision, through an expansion made for the tests (tests/expansions/signposts):
after a tile with a cloister, each player in turn, starting with the one who placed it, puts
a signpost on a tile beside it and scores 1. The engine, the records, the turn's steps, the
computer players and the server's rooms all go through the one generic decision."""

from __future__ import annotations

import json
import random

import pytest

from carcassonne import expansions
from carcassonne.ai import get_bot
from carcassonne.engine import Decision, Game, Placement, Rules
from carcassonne.engine.figures import FOLLOWER, FigureStep
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.steps import TurnSteps
from carcassonne.net.protocol import ProtocolError, figure_message, read_message
from carcassonne.net.room import new_room
from carcassonne.tileset import standard_tiles

TILES = standard_tiles()
PACKAGE = "expansions.signposts"


@pytest.fixture(autouse=True)
def signposts():
    expansions.register(PACKAGE)
    yield
    expansions.unregister(PACKAGE)


def _cloister_game() -> tuple[Game, Placement]:
    """Ann to move with a cloister tile (B) that fits at (0, 1), below the start tile."""
    game = Game(TILES, Rules(signposts=True), 2, seed=1, names=["Ann", "Bob"])
    deck = game.deck
    deck.take("B")
    deck.put_back("B", len(deck.pile))  # B on top of the bag
    assert game.draw() == "B"
    return game, Placement("B", 0, 1, 0)


def test_a_decision_is_asked_of_each_player_in_turn_during_one_turn():
    game, placement = _cloister_game()
    move = placement.with_figure(None)
    first = game.decision(move)
    assert first == Decision(0, "signpost", ((0, 0),), 0)  # Ann, then Bob
    second = game.decision(move.deciding((0, 0)))
    assert second is None  # the only tile beside it is taken: nothing more to choose
    assert game.why_not(move) is not None and game.why_not(move).rule == "decision-due"
    assert game.why_not(move.deciding((5, 5))).rule == "bad-decision"
    events = game.play(move.deciding((0, 0)))
    assert [(e.feature, e.points, e.players) for e in events] == [("signpost", 1, (0,))]
    assert game.scores == [1, 0] and game.current == 1


def test_the_next_decision_belongs_to_the_next_player_and_pop_takes_it_all_back():
    game, placement = _cloister_game()
    game.play(Placement("B", 0, 1, 0).with_figure(None).deciding((0, 0)))  # Ann's cloister, Ann's post
    game.draw()
    tile = game.deck.peek()
    # Bob lays a cloister beside both: Bob decides first, then Ann.
    deck = game.deck
    deck.take("A")
    deck.put_back("A", len(deck.pile))
    assert tile is not None and game.draw() == "A"
    move = next(p for p in game.legal_placements("A") if (p.x, p.y) == (1, 1)).with_figure(None)
    asked = game.decision(move)
    assert asked is not None and asked.player == 1 and set(asked.options) == {(0, 1)}
    before = (game.scores[:], len(game.events), len(game.history))
    game.push(move.deciding((0, 1)))
    game.pop()
    assert (game.scores, len(game.events), len(game.history)) == before


def test_a_record_writes_and_reads_the_decisions_and_refuses_missing_ones():
    game, placement = _cloister_game()
    game.play(placement.with_figure(None).deciding((0, 0)))
    record = GameRecord.from_game(game, [Seat("Ann", "red"), Seat("Bob", "blue")])
    data = record.to_data()
    assert data["rules"]["signposts"] is True and data["turns"][-1]["signposts"] == [[0, 0]]
    again = GameRecord.from_data(json.loads(json.dumps(data)))
    assert again.turns == record.turns and again.replay(TILES).scores == game.scores
    del data["turns"][-1]["signposts"]
    with pytest.raises(Exception, match="Ann still has to decide"):
        GameRecord.from_data(data).replay(TILES)


def test_the_turns_steps_ask_the_right_player_and_undo_a_decision_first():
    game, placement = _cloister_game()
    steps = TurnSteps(game, "B")
    assert steps.lay(placement) is None and not steps.complete
    assert steps.decision() == Decision(0, "signpost", ((0, 0),), 0)
    assert steps.decide((0, 0), player=1).rule == "not-your-decision"
    assert steps.decide((9, 9)).rule == "bad-decision"
    assert steps.decide((0, 0), player=0) is None and steps.complete
    assert steps.undo() and steps.decisions == () and steps.pending == placement
    assert steps.undo() and steps.pending is None


@pytest.mark.parametrize("levels", [("random", "normal"), ("hard", "random"), ("normal", "normal", "easy"),
                                    ("expert", "hard")])
def test_computer_players_answer_every_decision_asked_of_them(levels):
    game = Game(TILES, Rules(signposts=True), len(levels), seed=4)
    bots = [get_bot(level, i) for i, level in enumerate(levels)]
    for bot in bots:
        if hasattr(bot, "budget"):
            bot.budget = 0.02
    asked = 0
    while game.draw() is not None:
        move = bots[game.current].choose(game)
        assert move.decisions == ()  # each is asked of its player, even when foreseen
        while (decision := game.decision(move)) is not None:
            asked += 1
            move = move.deciding(bots[decision.player].decide(game, move, decision))
        assert game.why_not(move) is None
        game.play(move)
    assert asked > 0


def test_a_greedy_player_puts_its_post_where_it_scores():
    game, placement = _cloister_game()
    decision = game.decision(placement.with_figure(None))
    assert decision is not None
    assert get_bot("normal", 1).decide(game, placement.with_figure(None), decision) == (0, 0)


def test_the_server_asks_each_seat_its_own_decision():
    """A room plays the move when every decision is answered, by the seat it is asked of."""
    rules = Rules(signposts=True)
    room, _host, _tokens = new_room(TILES, rules, [{"kind": "human", "color": "red", "name": "Ann"},
                                                  {"kind": "human", "color": "blue", "name": "Bob"}], seed=1)
    room.start(0.0)
    game, steps = room.game, room.steps
    assert game is not None and steps is not None
    tile = steps.tile
    assert tile is not None
    rng = random.Random(1)
    seats = {0: [0], 1: [1]}
    decided = 0
    for _ in range(40):
        current = room.current
        if current is None:
            break
        move = get_bot("random", rng.randrange(9)).choose(game.copy())
        room.act(seats[current], read_message(json.dumps(
            {"type": "play", "x": move.x, "y": move.y, "rotation": move.rotation, "figure": None})), 1.0)
        while (asked := room.steps.decision()) is not None:
            other = seats[1 - asked.player]
            with pytest.raises(ProtocolError, match="decision"):
                room.act(other, {"type": "decide", "choice": asked.options[0]}, 1.0)
            with pytest.raises(ProtocolError) as refused:
                room.act(seats[asked.player], {"type": "lay", "x": 0, "y": 0, "rotation": 0}, 1.0)
            if asked.player != room.current:
                assert refused.value.code == "not-your-turn"
            room.act(seats[asked.player], read_message(json.dumps(
                {"type": "decide", "choice": list(asked.options[0])})), 1.0)
            decided += 1
    assert decided > 0
    assert room.record().to_data()["rules"]["signposts"] is True


def test_over_the_network_the_figure_step_comes_before_the_decisions():
    """Laid step by step (as a screen sends it), a tile whose move asks decisions still takes
    its figure first: nothing is asked, and no decision is taken, until the move is confirmed;
    then the decisions are asked in turn, undo goes back to the figure step, and the move
    played keeps its follower."""
    rules = Rules(signposts=True)
    room, _host, _tokens = new_room(TILES, rules, [{"kind": "human", "color": "red", "name": "Ann"},
                                                  {"kind": "human", "color": "blue", "name": "Bob"}], seed=1)
    room.start(0.0)
    game, steps = room.game, room.steps
    assert game is not None and steps is not None and steps.tile is not None
    ann, bob = [0], [1]
    for _ in range(60):  # (turns without the cloister tile: anywhere, no figure)
        placement = next(p for p in game.legal_placements(steps.tile))
        if game.decision(placement.with_figure(None)) is not None:
            break
        room.act([room.current], {"type": "play", "x": placement.x, "y": placement.y,
                                  "rotation": placement.rotation, "figure": None}, 1.0)
    else:
        pytest.fail("no tile asked a decision")
    me = [room.current]
    lay = {"type": "lay", "x": placement.x, "y": placement.y, "rotation": placement.rotation}
    answer = room.act(me, lay, 1.0)
    assert "decision" not in answer[0]["pending"] and room.actor == room.current
    with pytest.raises(ProtocolError) as refused:
        room.act(me, {"type": "decide", "choice": [0, 0]}, 1.0)
    assert refused.value.code == "no-decision"
    spot = game.follower_spots(placement)[0]
    figure = figure_message(FigureStep(FOLLOWER.name, spot))
    answer = room.act(me, read_message(json.dumps(figure)), 1.0)
    assert answer[0]["pending"]["figure"] is not None and "decision" not in answer[0]["pending"]
    answer = room.act(me, {"type": "confirm"}, 1.0)
    asked = answer[0]["pending"]["decision"]
    assert asked["player"] == room.current
    with pytest.raises(ProtocolError) as refused:
        room.act(me, read_message(json.dumps(figure)), 1.0)
    assert refused.value.code == "decision-due"
    room.act(me, {"type": "undo"}, 1.0)  # back to the figure step: the follower stays
    assert "decision" not in room._pending() and room.steps.figure is not None
    room.act(me, {"type": "confirm"}, 1.0)
    before = game.turn_number
    while (asked := room.steps.asked()) is not None:
        room.act(ann if asked.player == 0 else bob, {"type": "decide", "choice": asked.options[0]}, 1.0)
    played = game.history[before]
    assert played.figure is not None and played.figure.place == spot and played.decisions


class _Tree:
    """A move whose decisions form a small tree: player 0 answers ``a`` or ``b``, then player 1
    ``x`` or ``y``; what is pushed is kept, to be valued."""

    def __init__(self) -> None:
        self.pushed: list = []

    def decision(self, move):
        n = len(move.decisions)
        return None if n == 2 else Decision(n, "pick", ("a", "b") if n == 0 else ("x", "y"), n)

    def push(self, move) -> None:
        self.pushed.append(move)

    def pop(self) -> None:
        self.pushed.pop()

    def copy(self) -> _Tree:
        return self


class _Outcomes:
    """Each player's value of each answer (an evaluator's two calls): the first alone, as a
    glance at it sees it, and both."""

    TABLE = {("a",): [6.0, 0.0], ("b",): [3.0, 0.0],
             ("a", "x"): [10.0, 0.0], ("a", "y"): [0.0, 5.0], ("b", "x"): [3.0, 0.0], ("b", "y"): [3.0, 1.0]}

    def values(self, game: _Tree) -> list[float]:
        return list(self.TABLE[game.pushed[-1].decisions])

    def score(self, game: _Tree, player: int) -> float:
        values = self.values(game)
        return values[player] - values[1 - player]


def test_expert_answers_a_decision_knowing_how_the_next_player_will_answer_theirs():
    """After ``a`` player 1 answers ``y`` (5 ahead, not 10 behind): ``b`` is better for player 0,
    though ``a`` looks better at a glance and with the later answer's first option."""
    from carcassonne.ai.expert import answered

    move = Placement("B", 0, 1, 0).with_figure(None)
    assert answered(_Tree(), move, _Outcomes(), 2) == ([3.0, 1.0], move.deciding("b").deciding("y"))
    assert answered(_Tree(), move.deciding("a"), _Outcomes(), 2)[0] == [0.0, 5.0]
    assert answered(_Tree(), move, _Outcomes(), 1)[1] == move.deciding("b").deciding("y")  # y at a glance
    assert answered(_Tree(), move, _Outcomes(), 0)[1] == move.deciding("a").deciding("y")  # all at a glance


def test_expert_tries_a_move_with_its_decisions_answered_as_it_expects_them():
    from carcassonne.ai.expert import ExpertBot

    move = Placement("B", 0, 1, 0).with_figure(None)
    assert ExpertBot(1).foreseen(_Tree(), move, _Outcomes()) == move.deciding("b").deciding("y")
    answered = move.deciding("a").deciding("x")
    assert ExpertBot(1).foreseen(_Tree(), answered, _Outcomes()) == answered  # nothing more asked
