"""Inns & Cathedrals on the screen, played with the mouse and the keys as a person would.

Chosen on the New game form; the big follower on the player's card beside the 7, dragged
onto a city of the laid tile (the same places a follower lights) and standing there bigger;
a follower refused when only the big one is left, with the sentence that says why; an inn
road left open scoring nothing on the final board (rules: ``shared/docs/game-record.md``,
"Inns & Cathedrals"; AR FAQ 17 and 22).
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from carcassonne.app.board.anim import Glide
from carcassonne.app.board.camera import Camera
from carcassonne.app.driver import Driver
from carcassonne.app.play.scoring_anims import scoring_anims
from carcassonne.app.scenes.final_board import FinalBoardScene, marks_of
from carcassonne.engine import Game, Placement, Rules
from carcassonne.engine.errors import Reason
from carcassonne.engine.figures import FigureStep
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.expansions.inns_cathedrals.rules import BIG
from carcassonne.words import explain

import board_play
from board_play import lay, new_game_form, place_point

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def big_at(game: Game, player: int):  # noqa: ANN201
    """Where ``player``'s big follower stands on the board (None: at home)."""
    return next((f for f in game.figures_on_board() if f.player == player and f.kind == BIG.name), None)


def big_slot(scene, player: int):  # noqa: ANN001, ANN201
    """Where ``player``'s big follower stands on their card while at home."""
    return dict(scene.figure_slots(player))["big"]


def card_big(scene, player: int):  # noqa: ANN001, ANN201
    """The big follower's rect on ``player``'s card as the panel draws it (None: not at home)."""
    return dict(scene.panel.cards[player].figures).get("big")
RECORDS = Path(__file__).parents[1] / "records" / "inns_cathedrals"


def city_placement(game: Game, tile: str) -> Placement | None:
    """A legal placement of ``tile`` with a free city for the big follower."""
    for p in game.legal_placements(tile):
        if any(s.kind == "big" and s.place.startswith("city") for s in game.figure_steps(p)):
            return p
    return None


def game_with_a_city_tile(tiles) -> Game:  # noqa: ANN001
    """An Inns & Cathedrals game whose first tile can take the big follower in a city."""
    for seed in range(1, 400):
        game = Game(tiles, Rules(inns_cathedrals=True), players=2, seed=seed, names=[s.name for s in SEATS])
        trial = game.copy()
        tile = trial.draw()
        if tile is not None and city_placement(trial, tile) is not None:
            return game
    raise AssertionError("no seed gives a city tile")


def start(make_app, game: Game):  # noqa: ANN001
    return board_play.start(make_app, game, SEATS)


def test_inns_and_cathedrals_is_chosen_on_the_new_game_form_and_remembered(make_app):
    app, d, form = new_game_form(make_app)
    option = form.variants["inns_cathedrals"]
    assert option.value == "off"
    d.click(option.rect.center)
    assert form.setup.rules.inns_cathedrals
    d.key(pygame.K_RETURN)  # start
    scene = app.top
    assert scene.game.rules.inns_cathedrals
    assert app.storage.load_setup().rules.inns_cathedrals
    d.key(pygame.K_RETURN)  # (a hand-over card, if any)
    d.frames(2)
    card = scene.panel.cards[0]
    assert card_big(scene, 0) is not None and len(card.followers) == 7  # the big follower beside the 7


def test_the_big_follower_dragged_onto_a_city_stands_there_and_leaves_the_card(make_app):
    game = game_with_a_city_tile(make_app().tiles)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    p = city_placement(game, turn.tile)
    lay(d, scene, p)
    home = big_slot(scene, 0)
    assert card_big(scene, 0) == home
    city = next(s for s in turn.places_of("big") if s.startswith("city"))
    d.press(home.center)
    d.move(place_point(scene, p, city), buttons=(1, 0, 0))
    assert scene.board_marks().spots == tuple(turn.places_of("big"))  # the followers' places lit
    d.release(place_point(scene, p, city))
    o = game.tiles[p.tile].orientations[p.rotation // 90]
    assert turn.figure is not None and turn.figure.kind == "big", scene.message
    assert o.spots[turn.figure.place] == o.spots[city]  # (the city's place, however named)
    assert "counts as two" in scene.message
    assert card_big(scene, 0) is None
    assert len(scene.panel.cards[0].followers) == 7  # none of the 7 went
    sprite = scene.board.pending_follower
    assert sprite is not None and sprite.kind == "big"
    d.key(pygame.K_RETURN)  # confirm
    d.frames(3)
    assert big_at(game, 0) is not None
    assert game.supply[0] == 7
    standing = [s for s in scene.board.sprites if getattr(s, "kind", "") == "big"]
    plain = [s for s in scene.board.sprites if type(s).__name__ == "BoardFollower" and s.kind != "big"]
    assert standing and all(s.rect.h > 1.2 * q.rect.h for s in standing for q in plain) if plain else standing


def test_the_big_follower_is_chosen_with_the_follower_key_after_the_places_of_the_7(make_app):
    game = game_with_a_city_tile(make_app().tiles)
    app, d, scene = start(make_app, game)
    turn = scene.turn
    p = city_placement(game, turn.tile)
    lay(d, scene, p)
    seen = []
    for _ in range(len(turn.spots()) + len(turn.places_of("big")) + 1):
        d.key(pygame.K_f)
        seen.append(turn.figure)
    assert seen[len(turn.spots())] == FigureStep("big", turn.places_of("big")[0])
    assert seen[-1] is None


def test_with_only_the_big_follower_left_a_follower_is_refused_with_its_sentence(make_app):
    game = game_with_a_city_tile(make_app().tiles)
    game.supply[0] = 0
    app, d, scene = start(make_app, game)
    turn = scene.turn
    p = city_placement(game, turn.tile)
    lay(d, scene, p)
    assert len(scene.panel.cards[0].followers) == 0 and card_big(scene, 0) is not None
    city = next(s for s in turn.places_of("big") if s.startswith("city"))
    scene.moves.drop_figure(FigureStep("follower", city))  # (what a drop on the place means)
    assert turn.figure is None
    assert "only the big follower" in scene.message and "Inns & Cathedrals" in scene.message


def test_the_big_follower_s_refusals_cite_inns_and_cathedrals():
    out = explain.follower_sentence(Reason("Ann's big follower is already on the board", "big-out"))
    assert "your big follower is already on the board" in out and "Inns & Cathedrals" in out
    left = Reason("Ann has none of the 7 followers left, only the big follower", "only-big-left", name="Ann")
    assert "Ann has none of the 7 followers left, only the big follower" in explain.follower_sentence(left)
    assert explain.open_risk("road", frozenset({"inn"})) is not None
    assert explain.open_risk("road", frozenset()) is None


def test_an_inn_road_left_open_scores_nothing_on_the_final_board(make_app):
    data = json.loads((RECORDS / "inn-open.carc.json").read_text())
    app = make_app(animation="normal")
    game = GameRecord.from_data(data).replay(app.tiles, final=True)
    final = [e for e in game.events if e.final]
    zero = [e for e in final if e.points == 0]
    assert [(e.feature, e.points, e.players) for e in zero] == [("road", 0, (0,))]
    assert "inn" in marks_of(game, zero[0])
    d = Driver(app, dt=0.0)
    app.push_scene("final", game=game, seats=SEATS, final=final)
    d.frames(1)
    scene = app.top
    assert isinstance(scene, FinalBoardScene)
    captions = [" ".join(scene.caption)]
    while scene.step < len(scene.final):
        d.click(scene.rects["board"].center)  # the next feature's moment
        d.frames(1)
        captions.append(" ".join(scene.caption))
    assert any("Ann scores 0" in text and "scores nothing at the end" in text for text in captions), captions
    assert scene.scores_after(scene.step) == game.scores  # the open inn road adds nothing


def test_inn_roads_and_cathedral_cities_left_open_are_shown_before_the_farms(make_app):
    """AR "Final scoring": roads, cities and cloisters, then farms; the ones that score
    nothing are told among the roads and cities, not after the farms."""
    from carcassonne.ai import get_bot

    app = make_app(animation="normal")
    game = Game(app.tiles, Rules(inns_cathedrals=True, abbot=True), players=3, seed=3, names=["Ann", "Bob", "Cid"])
    bots = [get_bot("normal", 21 + i) for i in range(3)]
    while game.draw() is not None:
        game.play(bots[game.current].choose(game))
    game.finish()
    final = [e for e in game.events if e.final]
    zero = [e for e in final if e.points == 0 and e.feature != "farm"]
    assert zero and any(e.feature == "farm" for e in final)
    assert all({"inn", "cathedral"} & marks_of(game, e) for e in zero)
    scene = FinalBoardScene(app, game, [*SEATS, Seat("Cid", "green")], final)
    kinds = [e.feature for e in scene.final]
    first_farm = kinds.index("farm")
    assert all(kind == "farm" for kind in kinds[first_farm:])
    assert scene.final == final  # the engine's order: roads, cities and cloisters, then farms
    app.push(scene)
    d = Driver(app, dt=0.0)
    d.frames(1)
    while scene.step < len(scene.final):  # each moment's caption: the risk told for those alone
        d.click(scene.rects["board"].center)
        d.frames(1)
        ev, text = scene.final[scene.step - 1], " ".join(scene.caption)
        assert ("scores nothing at the end" in text) == (ev in zero), (scene.step, ev.feature, text)


def test_the_rules_screen_shows_the_inn_the_cathedral_and_the_big_follower_each_with_its_example(make_app):
    from carcassonne.app.scenes.rules_help import RulesScene

    app = make_app()
    scene = RulesScene(app)
    app.push(scene)
    Driver(app).frames(2)
    blocks = {b.title: b for b in scene.blocks}
    for title in ("Inns & Cathedrals: the inn", "Inns & Cathedrals: the cathedral",
                  "Inns & Cathedrals: the big follower"):
        assert blocks[title].picture is not None, title
    scored = {key: [(e.feature, e.points, e.players) for e in ex.game.events if e.complete]
              for key, ex in scene.examples.items() if ex is not None and ex.game.rules.inns_cathedrals}
    assert sorted(scored.values()) == [[("city", 8, (0,))], [("city", 24, (0,))], [("road", 8, (0,))]]


def test_the_farm_owners_overlay_counts_a_big_follower_as_two(make_app):
    from carcassonne.app.art.assets import PLAYER_RGB
    from carcassonne.app.board.feature_paint import farm_owner_paints

    data = json.loads((RECORDS / "big-farm-majority.carc.json").read_text())
    game = GameRecord.from_data(data).replay(make_app().tiles, final=False)
    paints = farm_owner_paints(game, ["red", "blue"])
    assert [(p.colours, p.label) for p in paints] == [((PLAYER_RGB["red"],), "3")]  # Red's 2 beat Blue's 1


def test_the_projected_score_counts_an_open_inn_road_as_nothing(make_app):
    from carcassonne.engine.aids import projected_scores

    data = json.loads((RECORDS / "inn-open.carc.json").read_text())
    game = GameRecord.from_data(data).replay(make_app().tiles, final=False)
    assert projected_scores(game) == [0, 1]  # Red's inn road open: 0; Blue's plain road: 1


def test_a_game_opened_to_the_network_asks_the_server_for_inns_and_cathedrals():
    from carcassonne.app.files.storage import Setup
    from carcassonne.app.network.netplay import setup_rules

    assert setup_rules(Setup(rules=Rules(inns_cathedrals=True))).get("inns_cathedrals") is True
    assert "inns_cathedrals" not in setup_rules(Setup())


def occupied_city(game: Game, tile: str) -> tuple[Placement, str] | None:
    """A placement of ``tile`` with a city place joined to a city a follower already holds."""
    for p in game.legal_placements(tile):
        o = game.tiles[p.tile].orientations[p.rotation // 90]
        for spot in o.spots:
            reason = game.why_not_figure(p, FigureStep("big", spot)) if spot.startswith("city") else None
            if reason is not None and reason.rule == "occupied":
                return p, spot
    return None


def test_the_big_follower_dropped_on_a_city_a_knight_holds_is_refused_with_the_sentence(make_app):
    tiles = make_app().tiles
    for seed in range(1, 400):
        game = Game(tiles, Rules(inns_cathedrals=True), players=2, seed=seed, names=[s.name for s in SEATS])
        first = game.draw()
        knights = [p for p in game.legal_placements(first) if any(
            s.startswith("city") and game.why_not_follower(p, s) is None for s in game.follower_spots(p))]
        if not knights:
            continue
        p = knights[0]
        game.play(p.with_follower(next(s for s in game.follower_spots(p) if s.startswith("city"))))
        second = game.draw()
        game.play(game.legal_placements(second)[0].with_follower(None))
        trial = game.copy()
        third = trial.draw()
        if third is not None and occupied_city(trial, third) is not None:
            break
    else:
        raise AssertionError("no seed gives a tile joining Ann's city")
    app, d, scene = start(make_app, game)
    turn = scene.turn
    p, city = occupied_city(game, turn.tile)
    lay(d, scene, p)
    d.drag(big_slot(scene, 0).center, place_point(scene, p, city), steps=4)
    assert turn.figure is None
    # the follower's own rule, said of the big follower (its size counts for majority, not for joining)
    assert scene.message.startswith("No big follower here:"), scene.message
    assert "already occupied by" in scene.message and "whatever its size" in scene.message, scene.message
    assert game.why_not_figure(p, FigureStep("big", city)).facts["big"] is True
    assert card_big(scene, 0) is not None  # back on the card


def test_a_scored_big_follower_glides_home_big_and_an_abbot_as_an_abbot(make_app):
    app = make_app()
    records = Path(__file__).parents[1] / "records"
    figures, glides = [], []
    for path, final in ((records / "inns_cathedrals" / "big-road-majority.carc.json", False),
                        (records / "abbot" / "abbot-take-back.carc.json", True)):
        record = GameRecord.load(path)
        game = record.replay(app.tiles, final=final)
        figures += [f.kind for e in game.events for f in e.figures_returned]
        glides += [a for a in scoring_anims(game.events, game, record.players, 1.0, Camera((0, 0, 800, 600)),
                                            app.assets, 1.0, lambda p: (0.0, 0.0)) if isinstance(a, Glide)]
    assert len(figures) == len(glides) and {"big", "abbot", "follower"} <= set(figures)
    heights = {kind: {g.image.get_height() for g, f in zip(glides, figures) if f == kind} for kind in set(figures)}
    assert min(heights["big"]) > max(heights["follower"])  # 1.4 times as tall, with its gold rim
    abbot = app.assets.pieces.get("red", 28, kind="abbot")
    assert any(pygame.image.tobytes(g.image, "RGBA") == pygame.image.tobytes(abbot, "RGBA")
               for g, f in zip(glides, figures) if f == "abbot")
