"""In the tutorial the player is called "You": a refusal about them is spoken to them."""

from __future__ import annotations

import pytest

from carcassonne import i18n
from carcassonne.engine.errors import Reason
from carcassonne.words.explain import reason_words


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_a_refusal_about_you_says_you_and_about_another_player_names_them():
    assert reason_words(Reason("You has no follower left", "no-follower-left")) == "you have no follower left"
    assert reason_words(Reason("Ann has no follower left", "no-follower-left")) == "Ann has no follower left"
    mine = Reason("the city is already occupied by You's knight", "occupied", feature="city", owner="You",
                  role="knight")
    assert reason_words(mine) == "the city is already occupied by your knight"
    joined = Reason("x", "occupied", feature="farm", owner="You", role="farmer", joined=True)
    assert reason_words(joined) == "this tile joins the farm to one already occupied by your farmer"


@pytest.mark.parametrize("code, words", [("de", "du hast keinen Gefolgsmann mehr"),
                                         ("fr", "vous n’avez plus de partisan"),
                                         ("es", "no te quedan seguidores")])
def test_it_is_spoken_to_you_in_every_language(code, words):
    i18n.set_language(code)
    assert reason_words(Reason("You has no follower left", "no-follower-left")) == words
