"""The house rules on the New game screen, in the Rules help and on the board."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from carcassonne.app.driver import Driver
from carcassonne.app.files.storage import SeatSetup, Setup
from carcassonne.app.scenes.new_game import HOUSE_LINES, NewGameScene
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.rules_help import PAGE, RulesScene
from carcassonne.app.session import game_from_setup, play
from carcassonne.engine import Rules


def new_game_screen(make_app, size=(1024, 768)):
    app = make_app(size=size)
    app.push(NewGameScene(app))
    d = Driver(app)
    d.frames(2)
    return app, d, app.top


def click_until(d: Driver, widget, value: str) -> None:
    for _ in range(len(widget.options) + 1):
        if widget.value == value:
            return
        d.click(widget.rect.center)
    assert widget.value == value


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_each_house_rule_has_its_line_and_fits_on_the_form(make_app, size):
    app, d, scene = new_game_screen(make_app, size)
    options = scene.house_options
    assert set(options) == set(HOUSE_LINES)
    rects = [o.rect for o in options.values()]
    assert all(scene.box.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert not any(r.colliderect(scene.start.rect) or r.colliderect(scene.seed.rect) for r in rects)
    assert not options["table_closes"].enabled  # only with a table


def test_the_house_rules_chosen_on_the_form_are_the_games_rules(make_app):
    app, d, scene = new_game_screen(make_app)
    options = scene.house_options
    click_until(d, options["incomplete_score"], "off")
    click_until(d, options["hole_bonus"], "on")
    click_until(d, options["table"], "11x9")
    assert options["table_closes"].enabled
    click_until(d, options["table_closes"], "on")
    click_until(d, options["discard"], "on")
    click_until(d, scene.options[1], "second-edition")
    d.key(pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)
    rules = app.top.game.rules
    assert rules == Rules(farm_scoring="second-edition", incomplete_score=False, hole_bonus=True,
                          table=(11, 9), table_closes=True, discard="bag")


def test_no_table_takes_the_closing_edge_away_too(make_app):
    app, d, scene = new_game_screen(make_app)
    options = scene.house_options
    click_until(d, options["table"], "7x7")
    click_until(d, options["table_closes"], "on")
    click_until(d, options["table"], "")
    assert not options["table_closes"].enabled and "table_closes" not in scene.house
    d.key(pygame.K_RETURN)
    assert app.top.game.rules == Rules()


def test_a_random_first_player_keeps_the_turn_order(make_app, monkeypatch):
    import carcassonne.app.session as session

    app = make_app()
    setup = Setup(seats=[SeatSetup("Ann", "red"), SeatSetup("Bob", "blue"), SeatSetup("Cy", "green")],
                  seed="3")
    monkeypatch.setattr(session.random, "randrange", lambda n: 2)
    game, seats = game_from_setup(app, setup, random_first=True)
    assert [s.name for s in seats] == ["Cy", "Ann", "Bob"] and game.names == ["Cy", "Ann", "Bob"]
    game, seats = game_from_setup(app, setup)
    assert [s.name for s in seats] == ["Ann", "Bob", "Cy"]


def test_the_rules_help_explains_the_house_rules(make_app):
    app = make_app()
    titles = [heading for heading, _ in PAGE]
    sections = next(sections for heading, sections in PAGE if heading.startswith("House rules"))
    text = " ".join(f"{s.title}: {s.text}" for s in sections)
    for words in ("Unfinished features score", "Fill a hole", "Table", "Table edge closes",
                  "Unplayable tiles to the bag", "Random first player"):
        assert words in text
    assert "House rules (if chosen)" in titles
    app.push(RulesScene(app))
    Driver(app).frames(2)


def test_the_table_edge_is_drawn_on_the_board(make_app):
    app = make_app()
    setup = Setup(seats=[SeatSetup("Ann", "red"), SeatSetup("Bob", "blue")], seed="5")
    game, seats = game_from_setup(app, replace(setup, rules=Rules(table=(3, 3))))
    play(app, game, seats)
    d = Driver(app)
    d.frames(2)
    scene = app.top
    assert isinstance(scene, PlayScene)
    d.key(pygame.K_RETURN)  # hand-over
    for _ in range(6):  # zoom out until the squares beyond the table show
        if scene.rects["board"].collidepoint(scene.camera.cell_center(3, 0)):
            break
        d.wheel(-1, scene.camera.cell_center(0, 0))
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    board = scene.rects["board"]
    beyond = scene.camera.cell_center(3, 0)  # two squares beyond the table's east edge
    inside = scene.camera.cell_center(1, 1)  # an empty square on the table
    assert board.collidepoint(beyond) and board.collidepoint(inside)
    assert surface.get_at(beyond)[:3] == (34, 38, 31)
    assert surface.get_at(inside)[:3] != (34, 38, 31)


def test_the_replay_viewer_tells_the_house_rules_in_words(tiles):
    from pathlib import Path

    from carcassonne.app.files.replay import Replay
    from carcassonne.engine.record import GameRecord

    house = Path(__file__).parent.parent / "records" / "house"
    replay = Replay(GameRecord.load(house / "hole-bonus.carc.json"), tiles)
    replay.go(7)
    assert replay.describe().endswith("it filled a hole, so they play again (house rule).")
    replay = Replay(GameRecord.load(house / "discard-to-bag.carc.json"), tiles)
    replay.go(2)
    assert replay.describe() == ("Blue drew a city tile with a pennant, which fits nowhere, and put it back in the "
                                 "bag (house rule).")


def test_a_square_off_the_table_says_so(tiles):
    from carcassonne.engine import Game, Placement
    from carcassonne.words.explain import why_not_tile

    game = Game(tiles, Rules(table=(3, 3)), 2, seed=0)
    game.play(Placement("U", 1, 0, 0).with_follower(None))
    assert why_not_tile(game, Placement("U", 2, 0, 0)) == (
        "Not here: that square is off the table (3 × 3 squares; house rule: table).")


def test_a_human_who_fills_a_hole_is_told_to_play_again(make_app):
    import json
    from pathlib import Path

    from carcassonne.engine.record import GameRecord

    house = Path(__file__).parent.parent / "records" / "house"
    data = json.loads((house / "hole-bonus.carc.json").read_text(encoding="utf-8"))
    data["turns"] = data["turns"][:6]
    app = make_app()
    record = GameRecord.from_data(data)
    game = record.replay(app.tiles)
    game.deck.pile.append(game.deck.pile.pop(game.deck.pile.index("E")))  # Red draws the E
    play(app, game, record.players)
    d = Driver(app)
    d.key(pygame.K_RETURN)  # hand-over
    scene = app.top
    assert isinstance(scene, PlayScene) and not scene.turn.bonus_turn
    assert scene.turn.place(0, 1, 270) is None  # fills the hole
    assert scene.turn.put_follower("city:W") is None
    d.key(pygame.K_RETURN)  # confirm
    d.frames(5)
    assert game.current == 0 and game.scores == [4, 0] and scene.turn.bonus_turn
    assert scene.message == "Red filled a hole: play again (house rule)."


def test_the_form_remembers_the_house_rules_and_the_random_first_player(make_app):
    app, d, scene = new_game_screen(make_app)
    options = scene.house_options
    click_until(d, options["hole_bonus"], "on")
    click_until(d, options["table"], "11x9")
    click_until(d, options["random_first"], "on")
    click_until(d, scene.options[1], "second-edition")
    d.key(pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)
    again = NewGameScene(app)
    assert again.house == {"hole_bonus": True, "table": (11, 9)}
    assert again.random_first and again.setup.rules.farm_scoring == "second-edition"
    assert again.house_options["hole_bonus"].value == "on"
    assert again.house_options["table"].value == "11x9"


@pytest.mark.parametrize("house", [{"table": [2, 2]}, {"discard": "floor"}, {"hole_bonus": "yes"}, [1]],
                         ids=["table too small", "unknown discard", "not a boolean", "not an object"])
def test_a_bad_remembered_house_rule_falls_back_to_the_book(house):
    setup = Setup.from_data({"house": house, "random_first": "yes", "farm_scoring": "fourth"})
    assert setup.rules.house_rules == {} and setup.random_first is False
    assert setup.rules.farm_scoring == "third-edition"


def test_remembered_house_rules_survive_a_round_trip_through_json():
    import json

    setup = Setup(rules=Rules(incomplete_score=False, table=(7, 5), table_closes=True), random_first=True)
    back = Setup.from_data(json.loads(json.dumps(setup.to_data())))
    assert back.rules == setup.rules and back.random_first


def test_each_house_rule_but_the_first_player_has_a_picture_that_replays(make_app):
    from carcassonne.app.board.miniboard import load_example
    from carcassonne.app.scenes.rules_help import HOUSE_RULES
    from carcassonne.resources import path as resource_path

    app = make_app()
    pictured = [s for s in HOUSE_RULES if s.title != "Random first player"]
    assert len(pictured) == len(HOUSE_RULES) - 1
    for section in pictured:
        assert section.example, f"{section.title} has no picture"
        example = load_example(resource_path("rulebook", f"{section.example}.carc.json"), app.tiles, section.rules)
        assert list(example.game.placed_tiles()), section.title
    by_title = {s.title: s for s in pictured}
    table = load_example(resource_path("rulebook", f"{by_title['Table'].example}.carc.json"), app.tiles)
    assert table.game.bounds is not None and table.game.rules.table_closes
    bag = load_example(resource_path("rulebook", f"{by_title['Unplayable tiles to the bag'].example}.carc.json"),
                       app.tiles)
    assert bag.returned == ("C",)
    scene = RulesScene(app)
    app.push(scene)
    Driver(app).frames(2)
    blocks = {b.title: b for b in scene.blocks}
    for section in pictured:
        assert blocks[section.title].picture is not None, section.title
    assert blocks["Random first player"].picture is None


def test_the_mini_board_draws_the_table_edge(make_app):
    from carcassonne.app.board.board_view import TABLE_EDGE_RGB
    from carcassonne.app.board.miniboard import board_picture, load_example
    from carcassonne.resources import path as resource_path

    app = make_app()
    example = load_example(resource_path("rulebook", "house-table-closes.carc.json"), app.tiles)
    picture = board_picture(example, app.assets, (300, 300), 64)
    # Three squares each way plus the floor beyond the edge; the empty corner (-1, -1) shows.
    assert picture.get_width() == picture.get_height() > 3 * 64
    edge = [picture.get_at((x, picture.get_height() // 2))[:3] for x in range(picture.get_width() // 4)]
    assert tuple(TABLE_EDGE_RGB) in edge
