"""New game's remembered set-up holds the game's rules (``Setup.rules``), and still reads
the settings files an older version wrote, which kept each option apart."""

from __future__ import annotations

import json

import pytest

from carcassonne.app.files.storage import SeatSetup, Setup, combine
from carcassonne.engine import Rules


def test_the_set_up_keeps_its_rules_through_a_round_trip():
    setup = Setup(seats=[SeatSetup("Ann", "red"), SeatSetup("Cy", "green", "ai:hard")],
                  rules=Rules(abbot=True, inns_cathedrals=True, hand=2, hand_open=False, farmers=False,
                              table=(9, 7), start="random"), seed="12", random_first=True)
    data = json.loads(json.dumps(setup.to_data()))
    assert data["rules"] == setup.rules.to_record()  # the record's own rules block
    back = Setup.from_data(data)
    assert back == setup


def test_an_older_settings_file_is_read_option_by_option():
    old = {"seats": [{"name": "Ann", "color": "red", "kind": "human"}, {"name": "Bob", "color": "blue",
                                                                         "kind": "ai:normal"}],
           "farmers": False, "farm_scoring": "second-edition", "small_city": True, "river": False, "seed": "",
           "house": {"hole_bonus": True, "table": [11, 9]}, "random_first": True, "abbot": True,
           "inns_cathedrals": True, "hand": 3, "hand_open": False, "random_start": True}
    setup = Setup.from_data(old)
    assert setup.rules == Rules(farmers=False, farm_scoring="second-edition", small_city=True, abbot=True,
                                inns_cathedrals=True, hand=3, hand_open=False, hole_bonus=True, table=(11, 9),
                                start="random")
    assert setup.random_first and [s.name for s in setup.seats] == ["Ann", "Bob"]


def test_an_older_file_s_options_that_cannot_go_together_keep_the_first():
    """The River was chosen with a hand of tiles and a random start tile (the old form kept
    them while disabled): the river is played, the others are left out."""
    setup = Setup.from_data({"river": True, "hand": 2, "hand_open": True, "random_start": True})
    assert setup.rules == Rules(river=True)


@pytest.mark.parametrize("data", [
    {"rules": {"farmers": "yes"}}, {"rules": {"hand": 7}}, {"rules": [1]}, {"abbot": "yes", "hand": "3"},
    {"house": {"table": [2, 2]}}, "not an object", None,
], ids=["bad farmers", "bad hand", "rules not an object", "old keys of the wrong type", "bad old house rule",
        "not an object", "nothing"])
def test_bad_remembered_rules_are_the_book_s(data):
    assert Setup.from_data(data).rules == Rules()


def test_combining_options_leaves_out_one_that_cannot_be_played_with_those_before_it():
    rules, applied = combine([{"hand": 3}, {"discard": "bag"}, {"table_closes": True}, {"abbot": True}])
    assert rules == Rules(hand=3, abbot=True) and applied == [True, False, False, True]
