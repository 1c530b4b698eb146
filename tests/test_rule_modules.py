"""Expansions and house rules are rule modules behind the engine's hooks (docs/ARCHITECTURE.md)."""

from __future__ import annotations

from carcassonne.engine import Game, Rules
from carcassonne.engine.modules import RuleModule, modules_for, overrides
from carcassonne.engine.modules.farms import Farmers
from carcassonne.engine.modules.table import Table
from carcassonne.expansions import declared
from carcassonne.expansions.river.rules import River
from carcassonne.tileset import standard_tiles

TILES = standard_tiles()
#: Rule keys of the base game itself: the scoring formula reads ``small_city`` (engine/scoring.py).
BASE_KEYS = {"small_city"}
EVERY_OPTION = Rules(farm_scoring="second-edition", river=True, incomplete_score=False, hole_bonus=True,
                     table=(9, 9), table_closes=True, discard="bag", abbot=True,
                     inns_cathedrals=True, traders_builders=True, princess_dragon=True)
#: The options that do not go with The River (a hand of tiles goes with neither it nor discard "bag").
NOT_WITH_THE_RIVER = Rules(start="random", hand=3, hand_open=False)


def test_every_rule_key_belongs_to_the_base_game_or_one_module():
    owners: dict[str, list[str]] = {}
    modules = {type(m): m for rules in (EVERY_OPTION, NOT_WITH_THE_RIVER) for m in modules_for(rules)}
    for module in modules.values():
        for key in module.record_keys:
            owners.setdefault(key, []).append(type(module).__name__)
    fields = set(Rules.__slots__[:9]) | {key.name for e in declared() for key in e.keys}
    assert set(owners) | BASE_KEYS == fields
    assert all(len(names) == 1 for names in owners.values()), owners


def test_the_base_game_plays_with_farmers_only_and_no_hook_on_the_hot_paths():
    game = Game(TILES)
    assert [type(m) for m in game.modules] == [Farmers]
    assert game._placers == game._after_place == game._extra_turn == game._bag == ()
    assert game._pointers == game._strong == game._deciders == ()
    assert game._edges_off is None and not game._stateful and game._holder is None and game.placed == {}


def test_without_farmers_no_module_scores_or_claims_a_field():
    game = Game(TILES, Rules(farmers=False))
    assert game.modules == () and "field" not in game._claims


def test_a_hook_is_used_only_by_the_modules_that_override_it():
    river, table = River(), Table((5, 5), (-2, 2, -2, 2), closes=False)
    assert overrides(river, "placements") and not overrides(river, "edges_off")
    assert overrides(table, "edges_off") and not overrides(table, "placements")
    assert not any(overrides(RuleModule(), hook) for hook in ("placements", "final_awards"))


def test_the_same_rules_share_their_modules():
    assert modules_for(Rules(river=True)) is modules_for(Rules(river=True))
