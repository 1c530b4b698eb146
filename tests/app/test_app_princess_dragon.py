"""The Princess & the Dragon on the screen, played with the mouse and the keys as people would.

Chosen on the New game form and remembered; the dragon's steps taken in turn at one screen
(whose step, in their colour, the squares it may enter lit; one person clicks, the next drags
the dragon), its path drawn; the fairy moved beside a follower by a click on a lit place; a
follower dragged through a magic portal onto a place lit on another tile; a princess's knight
removed; the Rules pages with their examples; and a game of every expansion played to its end
against the computer (rules: ``docs/princess-dragon.md``)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame

from carcassonne.app.art.expansion_ui import neutral_figures, paths
from carcassonne.app.art.spots import spot_anchor
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.play.turn import DECIDE, HANDOVER, HUMAN
from carcassonne.engine import Game, Placement
from carcassonne.engine.figures import FigureStep
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.expansions.hand.rules import arrange_draw
from carcassonne.expansions.princess_dragon.rules import dragon_square, fairy_square

import board_play
from board_play import lay, new_game_form

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]
RECORDS = Path(__file__).parents[1] / "records" / "princess_dragon"


def record_game(tiles, name: str, turns: int, next_tile: str | None = None) -> Game:  # noqa: ANN001
    """The record's first ``turns`` entries played, the next entry drawing ``next_tile``."""
    record = GameRecord.from_data(json.loads((RECORDS / f"{name}.carc.json").read_text(encoding="utf-8")))
    record.turns = record.turns[:turns]
    game = record.replay(tiles)
    if next_tile is not None:
        arrange_draw(game, turns + 1, next_tile)
    return game


def point_on(scene, x: int, y: int, place: str) -> tuple[int, int]:  # noqa: ANN001
    """Where on screen a figure stands on ``place`` of the tile lying at (x, y)."""
    o = scene.game.tile_at(x, y)
    ax, ay = spot_anchor(o, place)
    sx, sy = scene.camera.to_screen(x + ax, y + ay)
    return round(sx), round(sy)


def test_the_princess_and_the_dragon_is_chosen_on_the_new_game_form_and_remembered(make_app):
    app, d, form = new_game_form(make_app)
    option = form.variants["princess_dragon"]
    assert option.value == "off"
    d.click(option.rect.center)
    assert form.setup.rules.get("princess_dragon")
    d.key(pygame.K_RETURN)  # start
    scene = app.top
    assert type(scene).__name__ == "PlayScene" and scene.game.rules.get("princess_dragon")
    assert app.storage.load_setup().rules.get("princess_dragon")


def test_two_people_step_the_dragon_one_clicking_the_other_dragging_and_it_eats_a_thief(make_app):
    game = record_game(make_app().tiles, "dragon-eats", 2, "PD7")
    app, d, scene = board_play.start(make_app, game, SEATS)
    assert dragon_square(game) == (0, 1)  # on the volcano
    assert [f.kind for f in neutral_figures(game)] == ["dragon"]
    lay(d, scene, Placement("PD7", -1, 0, 180))
    d.key(pygame.K_RETURN)  # no figure: the dragon moves
    assert scene.phase == DECIDE and scene.turn.decision().player == 0
    assert scene.message == ("The dragon's step 1 of 6: Ann (red) moves it. Drag the dragon onto a lit square, "
                             "or click one."), scene.message
    assert set(scene.board.marks.scored) == {(0, 0)}  # the squares it may enter, lit
    show_cell(d, scene, 0, 0, 96)
    d.click(scene.camera.cell_center(0, 0))  # Ann clicks
    assert scene.turn.steps.decisions == ((0, 0),)
    # the mouse goes to Bob: the card names him; then the screen says it is his step
    assert scene.phase == HANDOVER
    d.key(pygame.K_RETURN)
    assert scene.phase == DECIDE and "Bob (blue)" in scene.message and "step 2 of 6" in scene.message
    assert set(scene.board.marks.scored) == {(1, 0), (-1, 0)}
    assert paths(game, scene.turn.steps.move) == [[(0, 1), (0, 0)]]  # its path so far, drawn
    show_cell(d, scene, 1, 0, 96)
    dragon = scene.board.neutrals["dragon"].rect.center
    assert scene.camera.cell_at(*dragon) == (0, 0)  # drawn where its first step took it
    d.drag(dragon, scene.camera.cell_center(1, 0), steps=4)  # Bob drags it onto Ann's thief
    d.run_until(lambda: game.turn_number == 3, 200)
    assert game.history[2].decisions == ((0, 0), (1, 0))  # Ann's third step has nowhere to go
    assert dragon_square(game) == (1, 0)
    assert not game.figures_on_board() and game.supply[0] == 7  # the thief went home
    assert paths(game) == [[(0, 1), (0, 0), (1, 0)]]  # the path stays drawn


def test_a_click_off_the_lit_squares_asks_again(make_app):
    game = record_game(make_app().tiles, "dragon-eats", 2, "PD7")
    app, d, scene = board_play.start(make_app, game, SEATS)
    lay(d, scene, Placement("PD7", -1, 0, 180))
    d.key(pygame.K_RETURN)
    d.click(scene.camera.cell_center(-1, 0))  # the tile just laid: not beside the dragon
    assert scene.phase == DECIDE and scene.turn.steps.decisions == ()
    assert scene.message == "Click one of the lit squares."


def test_the_fairy_is_moved_beside_a_follower_by_a_click_on_its_lit_place(make_app):
    game = record_game(make_app().tiles, "fairy-point-and-bonus", 2, "E")
    app, d, scene = board_play.start(make_app, game, SEATS)
    assert fairy_square(game) is None and "fairy" not in scene.board.neutrals  # not on the board: not drawn
    lay(d, scene, Placement("E", 1, -1, 0))
    assert scene.board_marks().elsewhere == ((1, 0, "road:E"),)  # beside Ann's thief, lit
    # she stands nowhere yet, so nothing can be dragged: the words ask for a click only
    assert scene.message == ("Placed. You may move the fairy beside one of your followers: click a lit place, "
                             "or press Space for none."), scene.message
    d.click(point_on(scene, 1, 0, "road:E"))
    assert scene.turn.figure == FigureStep("fairy", "road:E", at=(1, 0)), scene.message
    assert scene.message.startswith("The fairy goes beside this follower")
    fairy = [f for f in neutral_figures(game, scene.turn.steps.move) if f.kind == "fairy"]
    assert len(fairy) == 1 and int(fairy[0].at[0]) == 1 and int(fairy[0].at[1]) == 0  # drawn beside him
    d.key(pygame.K_RETURN)
    d.run_until(lambda: game.turn_number == 3, 200)
    assert fairy_square(game) == (1, 0)


def test_a_follower_dragged_through_the_portal_lands_on_a_place_lit_on_another_tile(make_app):
    game = record_game(make_app().tiles, "portal", 1, "PD20")
    app, d, scene = board_play.start(make_app, game, SEATS)
    assert game.current == 1
    lay(d, scene, Placement("PD20", 2, 0, 90))
    supply = scene.pieces.follower_slots(1)[-1]
    target = point_on(scene, 0, 0, "city:N")
    d.press(supply.center)
    d.move(target, buttons=(1, 0, 0))
    lit = scene.board_marks().elsewhere
    assert (0, 0, "city:N") in lit and {(x, y) for x, y, _ in lit} >= {(0, 0), (1, 0)}  # across the board
    d.release(target)
    assert scene.turn.figure == FigureStep("follower", "city:N", at=(0, 0)), scene.message
    assert scene.message.startswith("Through the magic portal")
    d.key(pygame.K_RETURN)
    d.run_until(lambda: game.turn_number == 2, 200)
    assert [(f.player, f.x, f.y, f.place) for f in game.figures_on_board()] == [(1, 0, 0, "city:N")]


def test_the_princess_sends_a_lit_knight_home(make_app):
    game = record_game(make_app().tiles, "princess", 1, "PD1")
    app, d, scene = board_play.start(make_app, game, SEATS)
    lay(d, scene, Placement("PD1", 1, -1, 270))
    assert scene.board_marks().elsewhere == ((0, -1, "city:E"),)  # Ann's knight, lit
    assert "princess" in scene.message
    d.click(point_on(scene, 0, -1, "city:E"))
    assert scene.turn.figure == FigureStep("princess", "city:E", "remove", (0, -1)), scene.message
    assert scene.board_marks().leaving is not None  # the knight drawn leaving
    d.key(pygame.K_RETURN)
    d.run_until(lambda: game.turn_number == 2, 200)
    assert not game.figures_on_board() and game.supply[0] == 7 and game.scores == [0, 0]


def test_the_rules_screen_shows_each_rule_with_its_example(make_app):
    from carcassonne.app.scenes.rules_help import RulesScene

    app = make_app()
    scene = RulesScene(app)
    app.push(scene)
    Driver(app).frames(2)
    blocks = {b.title: b for b in scene.blocks}
    titles = [t for t in blocks if t.startswith("The Princess & the Dragon")]
    assert len(titles) == 6 and all(blocks[t].picture is not None for t in titles)
    shown = [ex for ex in scene.examples.values() if ex is not None and ex.game.rules.get("princess_dragon")]
    assert sorted(ex.game.scores for ex in shown) == [[0, 0], [0, 0], [0, 0], [0, 0], [0, 4], [9, 0]]
    assert any("Decided here" in " ".join(blocks[t].lines) for t in titles)


def test_every_expansion_together_plays_to_the_end_against_the_computer(make_app):
    """The Abbot, Inns & Cathedrals, Traders & Builders and The Princess & the Dragon at one
    screen: a person (Tab, Enter; the first lit square of each dragon step asked of them)
    against the computer, to the final scoring."""
    from carcassonne.app.session import play
    from carcassonne.engine import Rules

    app = make_app()
    d = Driver(app)
    rules = Rules.from_record({"abbot": True, "inns_cathedrals": True, "traders_builders": True,
                               "princess_dragon": True})
    game = Game(app.tiles, rules, players=2, seed=3, names=["Ann", "Cy"])
    seats = [Seat("Ann", "red"), Seat("Cy", "blue", "ai:easy")]
    play(app, game, seats)
    scene = app.top
    stepped = 0
    deadline = time.monotonic() + 300  # (the computer thinks beside the frames: a time, not a count of frames)
    while time.monotonic() < deadline:
        if type(app.top).__name__ in ("FinalBoardScene", "ResultsScene"):
            break
        if scene.phase == HANDOVER:
            d.key(pygame.K_RETURN)
        elif scene.phase == HUMAN and scene.turn.tile is not None and game.current == 0:
            d.key(pygame.K_TAB)
            d.key(pygame.K_RETURN)
        elif scene.phase == DECIDE:
            square = sorted(scene.turn.decision().options)[0]
            show_cell(d, scene, *square, 64)
            d.click(scene.camera.cell_center(*square))
            stepped += 1
        else:
            d.frames(1)
            time.sleep(0.001)
    assert type(app.top).__name__ in ("FinalBoardScene", "ResultsScene") and game.is_over
    assert stepped > 0 and any(t.tile.startswith("PD") for t in game.history)
    saved = GameRecord.from_data(json.loads(GameRecord.from_game(game, seats).to_json()))
    assert saved.replay(app.tiles, final=True).scores == game.scores


def test_the_eaten_thief_glides_home_and_the_move_log_says_the_dragon_ate_it(make_app):
    from carcassonne.app.board.anim import Glide
    from carcassonne.words.movelog import entries

    game = record_game(make_app().tiles, "dragon-eats", 2, "PD7")
    app, d, scene = board_play.start(lambda: make_app(animation="normal"), game, SEATS)
    Driver(app, dt=0.1).frames(30)  # (the greeting's animations over)
    lay(d, scene, Placement("PD7", -1, 0, 180))
    d.key(pygame.K_RETURN)
    d.click(scene.camera.cell_center(0, 0))
    d.key(pygame.K_RETURN)  # the hand-over card
    show_cell(d, scene, 1, 0, 96)
    d.click(scene.camera.cell_center(1, 0))
    d.run_until(lambda: game.turn_number == 3, 50)
    thief = app.assets.pieces.get("red", max(12, int(28 * scene.u)))
    home = [a for a in scene.flow.anims if isinstance(a, Glide) and a.image is thief]
    assert len(home) == 1 and home[0].end() == scene.card_rects[0].midright  # to Ann's card
    line = entries(game)[2].text
    assert line.endswith("The dragon ate Red's figure east of the start."), line
    assert "dragon" not in entries(game)[0].text


def test_the_fairy_standing_on_the_board_is_dragged_beside_another_player_s_follower(make_app):
    from carcassonne.engine import Move

    game = record_game(make_app().tiles, "fairy-point-and-bonus", 3)  # the fairy beside Red's thief
    arrange_draw(game, 4, "E")
    game.draw()
    knight = next(s for s in game.figure_steps(Placement("E", 2, -1, 0)) if s.kind == "follower" and s.at is None)
    game.play(Move("E", 2, -1, 0, knight))  # Blue's knight
    arrange_draw(game, 5, "W")
    game.draw()
    game.play(Move("W", 2, 0, 0))
    arrange_draw(game, 6, "E")
    app, d, scene = board_play.start(make_app, game, SEATS)
    assert game.current == 1 and fairy_square(game) == (1, 0)
    lay(d, scene, Placement("E", 3, -1, 0))
    lit = scene.board_marks().elsewhere
    assert lit == ((2, -1, knight.place),), lit  # beside Blue's knight only
    assert "drag her or click a lit place" in scene.message, scene.message  # (she stands on the board)
    fairy = scene.board.neutrals["fairy"].rect.center
    target = point_on(scene, 2, -1, knight.place)
    d.drag(fairy, target, steps=4)
    assert scene.turn.figure == FigureStep("fairy", knight.place, at=(2, -1)), scene.message
    d.key(pygame.K_RETURN)
    d.run_until(lambda: game.turn_number == 6, 200)
    assert fairy_square(game) == (2, -1)


def take_turn(d: Driver, scene, number: int) -> None:  # noqa: ANN001
    """Enter confirms the laid tile; the next person takes the mouse once its scoring is shown."""
    d.key(pygame.K_RETURN)
    d.run_until(lambda: scene.game.turn_number == number and scene.phase in (HUMAN, HANDOVER), 200)
    if scene.phase == HANDOVER:
        d.key(pygame.K_RETURN)


def test_a_dragon_tile_drawn_before_any_volcano_is_passed_over_and_the_screen_says_so_once(make_app):
    from carcassonne.engine import Rules

    app = make_app()
    game = Game(app.tiles, Rules.from_record({"princess_dragon": True}), players=2, seed=1, names=["Ann", "Bob"])
    pile = game.deck.pile
    for tile in ("E", "PD8", "U", "V", "PD7"):  # from the top of the bag: PD7, V, U, PD8, E
        pile.remove(tile)
        pile.append(tile)
    app, d, scene = board_play.start(lambda: app, game, SEATS)
    passed = ("{name} draws another tile: the dragon tiles stay in the bag until a volcano has been placed.")
    assert scene.turn.tile == "V" and game.deck.pile[-1] == "PD7"
    assert scene.message == passed.format(name="Ann"), scene.message
    lay(d, scene, next(p for p in game.legal_placements("V")))
    take_turn(d, scene, 1)
    # PD7 is still passed over, but no other: Bob's turn is greeted as any other
    assert scene.turn.tile == "U" and game.deck.pile[-1] == "PD7"
    assert scene.message != passed.format(name="Bob") and "Bob" in scene.message, scene.message
    lay(d, scene, next(p for p in game.legal_placements("U")))
    take_turn(d, scene, 2)
    assert scene.turn.tile == "E"  # PD8 passed over too: said again, once
    assert scene.message == passed.format(name="Ann"), scene.message


def test_the_move_log_and_advice_say_where_a_step_on_another_tile_went(tiles):
    from carcassonne.engine import Move
    from carcassonne.words.movelog import advice_words, entries

    said = {}
    for name in ("portal", "princess", "fairy-point-and-bonus"):
        record = GameRecord.from_data(json.loads((RECORDS / f"{name}.carc.json").read_text(encoding="utf-8")))
        said[name] = [e.text for e in entries(record.replay(tiles))]
    assert said["portal"][1] == ("Blue placed a city and road tile 2 tiles east of the start and sent a follower "
                                 "through the magic portal: it stands on the start."), said["portal"]
    assert said["princess"][1].endswith("and the princess sent the knight north of the start home."), said
    assert said["fairy-point-and-bonus"][2].endswith("and moved the fairy beside the follower east of the start."
                                                     ), said
    game = Game(tiles)
    fairy = Move("E", 1, -1, 0, FigureStep("fairy", "road:E", at=(1, 0)))
    assert advice_words(game, fairy, fairy).endswith(" and move the fairy beside your follower east of the start")


def test_over_the_network_each_screen_takes_its_own_dragon_steps(make_app, monkeypatch):
    """A game hosted here (Ann) with Bob on another connection: every dragon step asked of Ann
    is lit and clicked on this screen, every one asked of Bob is his link's to answer, Ann's
    follower on a dragon tile stays on it, and both copies of the game agree."""
    import time

    from carcassonne.app.scenes.lobby import LobbyScene
    from carcassonne.app.scenes.play import PlayScene
    from carcassonne.engine import Move
    from carcassonne.expansions.princess_dragon.rules import dragon_tiles
    from carcassonne.net.link import Link
    from carcassonne.net.table import Desync, TableState

    monkeypatch.setenv("CARCASSONNE_NET_LOCAL", "1")
    app = make_app()
    app.net.port, app.net.discovery_port = 0, 0
    d = Driver(app)
    link = table = None

    def frame() -> None:
        """One frame here, and Bob's link read."""
        d.frames(1)
        time.sleep(0.005)
        if link is not None:
            for message in link.poll():
                try:
                    table.apply(message)
                except Desync:
                    link.send({"type": "sync"})

    def until(done, seconds: float = 15.0) -> bool:  # noqa: ANN001
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            frame()
        return bool(done())

    def stepped_by_both() -> bool:
        return any(isinstance(t, Move) and t.tile in dragon_tiles() and len(t.decisions) >= 2
                   for t in scene.game.history) and mine > 0 and theirs > 0

    def followed() -> bool:
        """Ann put a follower on a dragon tile (laid step by step: the figure step comes before
        the dragon moves; Bob's moves never carry one)."""
        return any(isinstance(t, Move) and t.tile in dragon_tiles() and t.figure is not None
                   for t in scene.game.history)

    try:
        app.replace_scene("new_game")
        form = app.top
        d.click(form.variants["princess_dragon"].rect.center)
        d.click(form.net_options[0].rect.center)  # open to the network
        form.setup.seats[1].kind = "open"
        form._build()
        d.click(form.start.rect.center)
        lobby = app.top
        assert isinstance(lobby, LobbyScene) and until(lambda: lobby.code != "")
        link, table = Link(app.net.host.local_url, app.tiles), TableState(app.tiles)
        link.join(lobby.code, None, "Bob")
        assert until(lambda: isinstance(app.top, PlayScene))
        scene = app.top
        assert scene.game.rules.get("princess_dragon")
        mine = theirs = 0
        deadline = time.monotonic() + 150
        while not (stepped_by_both() and followed()) and time.monotonic() < deadline and not scene.game.is_over:
            frame()
            pending = table.pending if isinstance(table.pending, dict) else {}
            asked = pending.get("decision")
            if isinstance(asked, dict) and asked.get("player") == 1:
                link.send({"type": "decide", "choice": asked["options"][0]})
                theirs += 1
                until(lambda pending=pending: table.pending != pending, 5)
            elif scene.phase == DECIDE:
                assert scene.turn.decision().options, repr(table.pending.get("decision"))
                square = sorted(scene.turn.decision().options)[0]
                assert "Ann (red)" in scene.message, scene.message
                show_cell(d, scene, *square, 64)
                d.click(scene.camera.cell_center(*square))
                mine += 1
                until(lambda: scene.phase != DECIDE, 5)
            elif scene.turn.can_act:
                d.key(pygame.K_TAB)
                if scene.turn.tile in dragon_tiles() and scene.turn.pending is not None:
                    d.key(pygame.K_f)  # a follower on the dragon tile first: the dragon moves after
                    d.key(pygame.K_RETURN)
                else:
                    d.key(pygame.K_SPACE)
                    d.key(pygame.K_SPACE)
                until(lambda: not scene.turn.can_act, 5)
            elif table.game is not None and table.current == 1 and table.tile and not pending:
                p = sorted(table.game.legal_placements(table.tile))[0]
                before = table.game.turn_number
                link.send({"type": "play", "x": p.x, "y": p.y, "rotation": p.rotation, "turn": before})
                until(lambda before=before: table.game.turn_number > before or table.pending, 5)
        assert stepped_by_both() and followed(), (mine, theirs, scene.phase, table.pending)
        assert until(lambda: table.game.history[:len(scene.game.history)] == scene.game.history, 10)
        link.stop()
    finally:
        app.net.stop()


def test_a_hosted_game_of_every_expansion_plays_to_the_end_between_two_screens(make_app, monkeypatch):
    """The issue's acceptance over the network: the Abbot, Inns & Cathedrals, Traders & Builders
    and The Princess & the Dragon chosen on the New game form of a hosted game; Ann plays on
    this screen (Tab, Space, Space; the first lit square of each dragon step asked of her), Bob
    from another connection (the first placement that fits, the first option of each step
    asked of him), to the final scoring; both copies of the game agree."""
    import time

    from carcassonne.app.scenes.lobby import LobbyScene
    from carcassonne.app.scenes.play import PlayScene
    from carcassonne.engine import Move
    from carcassonne.expansions.princess_dragon.rules import dragon_tiles
    from carcassonne.net.link import Link
    from carcassonne.net.table import Desync, TableState

    monkeypatch.setenv("CARCASSONNE_NET_LOCAL", "1")
    app = make_app()
    app.net.port, app.net.discovery_port = 0, 0
    d = Driver(app)
    link = None
    table = TableState(app.tiles)

    def frame() -> None:
        d.frames(1)
        time.sleep(0.002)
        for message in link.poll() if link is not None else ():
            try:
                table.apply(message)
            except Desync:
                link.send({"type": "sync"})

    def until(done, seconds: float = 15.0) -> bool:  # noqa: ANN001
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            frame()
        return bool(done())

    try:
        app.replace_scene("new_game")
        form = app.top
        for name in ("abbot", "inns_cathedrals", "traders_builders", "princess_dragon"):
            d.click(form.variants[name].rect.center)
        d.click(form.net_options[0].rect.center)  # open to the network
        form.setup.seats[1].kind = "open"
        form._build()
        d.click(form.start.rect.center)
        lobby = app.top
        assert isinstance(lobby, LobbyScene) and until(lambda: lobby.code != "")
        link = Link(app.net.host.local_url, app.tiles)
        link.join(lobby.code, None, "Bob")
        assert until(lambda: isinstance(app.top, PlayScene))
        scene = app.top
        game = scene.game
        assert all(game.rules.get(key) for key in ("abbot", "inns_cathedrals", "traders_builders",
                                                     "princess_dragon"))
        steps = {0: 0, 1: 0}
        deadline = time.monotonic() + 600
        while not game.is_over and time.monotonic() < deadline:
            frame()
            pending = table.pending if isinstance(table.pending, dict) else {}
            asked = pending.get("decision")
            if isinstance(asked, dict) and asked.get("player") == 1:
                link.send({"type": "decide", "choice": asked["options"][0]})
                steps[1] += 1
                until(lambda pending=pending: table.pending != pending, 5)
            elif scene.phase == DECIDE:
                square = sorted(scene.turn.decision().options)[0]
                show_cell(d, scene, *square, 64)
                d.click(scene.camera.cell_center(*square))
                steps[0] += 1
                until(lambda: scene.phase != DECIDE, 5)
            elif scene.phase == HANDOVER:
                d.key(pygame.K_RETURN)
            elif scene.turn.can_act:
                d.key(pygame.K_TAB)
                d.key(pygame.K_SPACE)
                d.key(pygame.K_SPACE)
                until(lambda: not scene.turn.can_act, 5)
            elif table.game is not None and table.current == 1 and table.tile and not pending:
                p = sorted(table.game.legal_placements(table.tile))[0]
                before = table.game.turn_number
                link.send({"type": "play", "x": p.x, "y": p.y, "rotation": p.rotation, "turn": before})
                until(lambda before=before: table.game.turn_number > before or table.pending, 5)
        assert game.is_over, (game.turn_number, scene.phase, table.pending)
        assert until(lambda: type(app.top).__name__ in ("FinalBoardScene", "ResultsScene"), 30), app.top
        assert steps[0] > 0 and steps[1] > 0, steps  # each screen stepped the dragon
        assert any(isinstance(t, Move) and t.tile in dragon_tiles() for t in game.history)
        for prefix in ("PD", "IC", "TB"):  # (tiles of each box were played)
            assert any(t.tile.startswith(prefix) for t in game.history), prefix
        assert until(lambda: table.game is not None and table.game.history == game.history, 10)
        assert table.game.scores == game.scores
    finally:
        if link is not None:
            link.stop()
        app.net.stop()
