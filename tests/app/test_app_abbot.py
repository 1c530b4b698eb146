"""The Abbot on the screen, played with the mouse and the keys as a person would.

Chosen on the New game form; the abbot dragged from the player's card onto a garden or a
cloister of the laid tile (and refused elsewhere, with the sentence that says why); taken
back with its key, its button or by dragging it from the board to the panel, the points it
will score shown before the turn is confirmed (rules: ``shared/docs/game-record.md``,
"The Abbot").
"""

from __future__ import annotations

import pygame

from carcassonne.app.driver import Driver, show_cell
from carcassonne.engine import Game, Placement, Rules
from carcassonne.engine.figures import FigureStep
from carcassonne.engine.record import Seat
from carcassonne.expansions.abbot.rules import ABBOT, BACK, garden_index

import board_play
from board_play import lay, new_game_form, place_point

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]
TAKE_BACK = FigureStep(ABBOT.name, action=BACK)


def abbot_at(game: Game, player: int):  # noqa: ANN201
    """Where ``player``'s abbot stands on the board (None: at home)."""
    return next((f for f in game.figures_on_board() if f.player == player and f.kind == ABBOT.name), None)


def abbot_slot(scene, player: int):  # noqa: ANN001, ANN201
    """Where ``player``'s abbot stands on their card while at home."""
    return dict(scene.figure_slots(player))["abbot"]


def card_abbot(scene, player: int):  # noqa: ANN001, ANN201
    """The abbot's rect on ``player``'s card as the panel draws it (None: not at home)."""
    return dict(scene.panel.cards[player].figures).get("abbot")


def game_where(tiles, wanted, first_turns=()) -> Game:  # noqa: ANN001
    """An Abbot game whose next tile (after ``first_turns``, each a function of the game
    returning a move) is one ``wanted(game, tile)`` accepts: the seed is searched for."""
    for seed in range(1, 400):
        game = Game(tiles, Rules(abbot=True), players=2, seed=seed, names=[s.name for s in SEATS])
        for turn in first_turns:
            tile = game.draw()
            move = turn(game, tile) if tile else None
            if move is None:
                break
            game.play(move)
        else:
            trial = game.copy()
            tile = trial.draw()
            if tile is not None and wanted(trial, tile):
                return game
    raise AssertionError("no seed gives that tile")


def garden_placement(game: Game, tile: str) -> Placement | None:
    """A legal placement of ``tile`` where the abbot may stand in its garden, one with a road if any."""
    fits = [p for p in game.legal_placements(tile) if FigureStep("abbot", "garden") in game.figure_steps(p)]
    fits.sort(key=lambda p: not any(s.startswith("road") for s in game.follower_spots(p)))
    return fits[0] if fits else None


def start(make_app, game: Game):  # noqa: ANN001
    return board_play.start(make_app, game, SEATS)


def test_the_abbot_is_chosen_on_the_new_game_form_and_remembered(make_app):
    app, d, form = new_game_form(make_app)
    abbot = form.variants["abbot"]
    assert abbot.value == "off"
    d.click(abbot.rect.center)
    assert form.setup.rules.abbot
    d.key(pygame.K_RETURN)  # start
    scene = app.top
    assert scene.game.rules.abbot
    assert app.storage.load_setup().rules.abbot
    assert scene.buttons["action"].visible


def test_the_random_start_tile_is_chosen_on_the_form_and_not_with_the_river(make_app):
    app, d, form = new_game_form(make_app)
    start_tile = form.house_options["random_start"]
    river = form.options[3]
    d.click(river.rect.center)  # The River on: the spring is the start tile
    assert not start_tile.enabled
    d.click(river.rect.center)
    assert start_tile.enabled
    d.click(start_tile.rect.center)
    d.key(pygame.K_RETURN)
    assert app.top.game.rules.start == "random"
    assert app.storage.load_setup().rules.start == "random"


def test_the_abbot_dragged_from_the_card_stands_in_the_garden_of_the_laid_tile(make_app):
    game = game_where(make_app().tiles, lambda g, t: garden_placement(g, t) is not None)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    p = garden_placement(game, turn.tile)
    lay(d, scene, p)
    home = abbot_slot(scene, 0)
    assert card_abbot(scene, 0) == home  # at home on Ann's card
    d.drag(home.center, place_point(scene, p, "garden"), steps=4, release=False)
    assert scene.board.marks.spots == ("garden",)  # the abbot lights its garden only
    d.release(place_point(scene, p, "garden"))
    assert turn.figure == FigureStep("abbot", "garden"), scene.message
    assert card_abbot(scene, 0) is None  # out of the card
    assert len(scene.panel.cards[0].followers) == 7  # the followers all stay at home
    d.key(pygame.K_RETURN)
    d.run_until(lambda: scene.phase == "handover", 200)
    assert abbot_at(game, 0) is not None and abbot_at(game, 0).place == "garden"
    assert game.supply[0] == 7


def test_the_abbot_on_a_road_and_a_follower_in_a_garden_are_refused_with_the_reason(make_app):
    def has_road(g: Game, t: str) -> bool:
        p = garden_placement(g, t)
        return p is not None and any(s.startswith("road") for s in g.follower_spots(p))

    game = game_where(make_app().tiles, has_road)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    p = garden_placement(game, turn.tile)
    lay(d, scene, p)
    road = next(s for s in turn.spots() if s.startswith("road"))
    d.drag(abbot_slot(scene, 0).center, place_point(scene, p, road), steps=4)
    assert turn.figure is None
    assert "an abbot stands only on the cloister or garden of the tile just placed" in scene.message
    assert "The Abbot rules" in scene.message
    d.drag(scene.follower_slots(0)[-1].center, place_point(scene, p, "garden"), steps=4)
    assert turn.figure is None
    assert "only an abbot may stand in a garden" in scene.message


def abbot_out_game(tiles) -> Game:  # noqa: ANN001
    """Ann's abbot stands in a garden (turn 1), Bob laid a tile (turn 2); Ann's turn, a tile that fits."""
    def ann(g: Game, t: str):  # noqa: ANN202
        p = garden_placement(g, t)
        return p.with_figure(FigureStep("abbot", "garden")) if p else None

    def bob(g: Game, t: str):  # noqa: ANN202
        return g.legal_placements(t)[0].with_follower(None)

    return game_where(tiles, lambda g, t: bool(g.legal_placements(t)), (ann, bob))


def test_the_abbot_taken_back_by_key_says_its_points_before_the_turn_is_confirmed(make_app):
    game = abbot_out_game(make_app().tiles)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    d.key(pygame.K_b)  # before the tile is laid: not yet
    assert turn.figure is None and "Place the tile first" in scene.message
    p = min(game.legal_placements(turn.tile))
    lay(d, scene, p)
    points = turn.action_points(TAKE_BACK)
    assert points is not None and points >= 2  # its garden's tile and at least the neighbour it lay beside
    assert f"+{points} point" in scene.buttons["action"].text()  # the button names the points first
    score = game.scores[0]
    d.key(pygame.K_b)
    assert turn.figure == TAKE_BACK
    assert f"scores {points} point" in scene.message
    assert scene.board.marks.leaving == abbot_at(game, 0) and scene.board.marks.leaving_points == points
    assert card_abbot(scene, 0) is not None  # drawn coming home
    d.key(pygame.K_RETURN)
    d.run_until(lambda: scene.phase == "handover", 200)
    assert abbot_at(game, 0) is None
    assert game.scores[0] >= score + points


def test_the_abbot_taken_back_by_its_button_and_undone(make_app):
    game = abbot_out_game(make_app().tiles)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    lay(d, scene, min(game.legal_placements(turn.tile)))
    button = scene.buttons["action"]
    assert button.visible and button.enabled
    d.click(button.rect.center)
    assert turn.figure == TAKE_BACK and "Enter confirms" in scene.message
    assert not button.enabled  # once is enough
    d.key(pygame.K_u)
    assert turn.figure is None and scene.board.marks.leaving is None


def test_the_abbot_dragged_from_the_board_to_the_panel_comes_home(make_app):
    game = abbot_out_game(make_app().tiles)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    lay(d, scene, min(game.legal_placements(turn.tile)))
    out = abbot_at(game, 0)
    show_cell(d, scene, out.x, out.y, 128)
    sprite = scene.board.others[(0, "abbot")]
    d.drag(sprite.rect.center, scene.rects["deck"].center, steps=5)
    assert turn.figure == TAKE_BACK, scene.message
    assert "comes home and scores" in scene.message


def test_a_garden_tiles_art_shows_on_the_board_not_a_stand_in(make_app):
    game = game_where(make_app().tiles, lambda g, t: garden_placement(g, t) is not None)
    app, d, scene = start(make_app, game)
    tile = scene.turn.tile
    assert tile.endswith("G") and garden_index(game.tiles[tile].orientations[0]) >= 0
    app.assets.tiles.sized(tile, 0, 96)
    assert tile not in app.assets.tiles.missing


def test_the_rules_screen_shows_the_abbot_the_hand_and_the_random_start_tile_each_with_its_example(make_app):
    from carcassonne.app.scenes.rules_help import RulesScene

    app = make_app()
    scene = RulesScene(app)
    app.push(scene)
    Driver(app).frames(2)
    blocks = {b.title: b for b in scene.blocks}
    for title in ("The Abbot", "Hand of tiles", "Random start tile"):
        assert blocks[title].picture is not None, title
    abbot = next(s for s in scene.examples.values() if s is not None and s.game.rules.abbot)
    assert [(e.feature, e.points) for e in abbot.game.events] == [("garden", 4)]  # taken back: 1 + 3
    hand = next(s for s in scene.examples.values() if s is not None and s.game.rules.hand == 3)
    assert hand.game.scores == [4, 4]
    start = next(s for s in scene.examples.values() if s is not None and s.game.rules.start == "random"
                 and not s.game.rules.get("princess_dragon"))  # (its volcano start has a page of its own)
    assert start.game.tile_at(0, 0).kind.id == "E"


def test_a_game_opened_to_the_network_is_offered_with_the_abbot_a_random_start_and_a_hand(make_app):
    """The server plays the Abbot, a random start tile and a hand of tiles (each player told
    their own): the form offers what the hosted game will ask the server for."""
    app, d, form = new_game_form(make_app)
    assert form.variants["abbot"].enabled
    d.click(form.net_options[0].rect.center)  # Open to the network
    assert form.network
    assert form.variants["abbot"].enabled and form.variants["hand"].enabled
    assert form.house_options["random_start"].enabled
    from carcassonne.app.files.storage import Setup
    from carcassonne.app.network.netplay import setup_rules
    from carcassonne.engine import Rules

    asked = setup_rules(Setup(rules=Rules(abbot=True, start="random", hand=3)))
    assert asked.get("abbot") is True and asked.get("start") == "random" and asked.get("hand") == 3
    rules = Rules.from_record(asked)
    assert rules.abbot and rules.hand == 3


def test_a_game_opened_to_the_network_keeps_its_options_inside_the_form_at_1024x768(make_app):
    """The network's options join the rules column (the hand of tiles with them), hints beside
    "+ Add player" and whether anyone may watch in the seed's place beside Back (a server deals
    with a seed of its own); none runs past the form or over its footer."""
    app, d, form = new_game_form(lambda: make_app(size=(1024, 768)))
    d.click(form.net_options[0].rect.center)
    form = app.top
    assert form.variants["hand"].visible
    footer = form.box.bottom - 24  # the hint line under the buttons
    assert all(opt.rect.bottom < footer - 8 for opt in form.net_options[:3]), [o.rect for o in form.net_options]
    watchers = form.net_options[3].rect
    assert watchers.bottom <= form.back.rect.bottom and watchers.x > form.back.rect.right
    assert not form.seed.visible


def test_the_results_table_has_a_gardens_column_and_its_columns_add_up_to_the_totals(make_app):
    """With the Abbot a garden's points are in their own column; without it there is none."""
    from carcassonne.ai import get_bot
    from carcassonne.app.scenes.results import ResultsScene

    app = make_app()
    for rules, seed in ((Rules(abbot=True), 3), (Rules(), 3)):
        game = Game(app.tiles, rules, players=3, seed=seed, names=["Ann", "Bob", "Cid"])
        bots = [get_bot("normal", 21 + i) for i in range(3)]
        while game.draw() is not None:
            game.play(bots[game.current].choose(game))
        game.finish()
        seats = [*SEATS, Seat("Cid", "green")]
        scene = ResultsScene(app, game, seats, [e for e in game.events if e.final])
        app.push(scene)
        d = Driver(app)
        d.key(pygame.K_RETURN)  # every final step revealed
        d.frames(1)
        rows = scene.table()
        assert [sum(row[k] for k in scene.kinds()) for row in rows] == game.scores
        assert ("garden" in scene.kinds()) == rules.abbot
        if rules.abbot:
            assert any(e.feature == "garden" for e in game.events) and any(row["garden"] for row in rows)
