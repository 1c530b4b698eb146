"""A hint's reason worded in each language: every clause from the catalogue, placeholders filled."""

from __future__ import annotations

import pytest

from carcassonne import i18n
from carcassonne.ai.hint import KINDS, Clause, Why
from carcassonne.words.hint_words import clause_words, hint_sentence

from figures import step

#: Every kind of clause, for every kind of feature it may name.
CLAUSES = [Clause("close", f, 8, count=shared) for f in ("road", "city") for shared in (0, 1)] + [
    Clause("close", "cloister", 9), Clause("more", points=1), Clause("more", points=4), Clause("keep"),
    Clause("home", count=1), Clause("home", count=2),
    *(Clause("place", f) for f in ("road", "city", "cloister", "farm")),
    *(Clause("share", f, owner="Bob") for f in ("road", "city", "farm")), Clause("farm", "farm", count=2, other=1),
    Clause("monk", "cloister", count=5), Clause("claim", "road", 3, count=3), Clause("claim", "city", 2, count=1),
    Clause("extend", "road"), Clause("extend", "city"), Clause("hold"), Clause("least"), Clause("gives", points=3),
    Clause("close", "garden", 9), Clause("abbot", "cloister", count=3), Clause("abbot", "garden", count=6),
    Clause("back", "garden", 1), Clause("back", "cloister", 7), Clause("big", "road"),
    Clause("risk", "road", 8, count=4), Clause("risk", "city", 3, count=1)]


#: Each clause of :data:`CLAUSES` alone, as the screen and ``carcassonne analyse`` say it in English.
SAID = ['Closes your road for 8 points.', 'Closes a shared road for 8 points.', 'Closes your city for 8 points.',
        'Closes a shared city for 8 points.', 'Completes your cloister for 9 points.', 'Scores 1 more point.',
        'Scores 4 more points.', 'Keeps a follower.', 'Brings a follower home.', 'Brings 2 followers home.',
        'Places a thief.', 'Places a knight.', 'Places a monk.', 'Places a farmer.',
        "Puts a thief into Bob's road to share it.", "Puts a knight into Bob's city to share it.",
        "Puts a farmer into Bob's farm to share it.", 'Puts a farmer on a farm beside 2 completed and 1 open city.',
        'Puts a monk on a cloister with 5 of 8 neighbours.',
        'Puts a thief on a road of 3 tiles, worth 3 points now and more as it grows.',
        'Puts a knight on a city of 1 tile, worth 2 points now and more as it grows.',
        'Adds to your road.', 'Adds to your city.',
        'Keeps your followers in hand for later and helps the others least.',
        'The place where this tile helps the others least.', 'Though it scores 3 points for the others.',
        'Completes your garden for 9 points.', 'Puts your abbot on a cloister with 3 of 8 neighbours.',
        'Puts your abbot on a garden with 6 of 8 neighbours.', 'Takes your abbot back for 1 point.',
        'Takes your abbot back for 7 points.', 'Uses your big follower, which counts 2 for the majority.',
        'Puts a thief on an inn road of 4 tiles: 8 points if completed, nothing if left open at the end.',
        'Puts a knight on a cathedral city of 1 tile: 3 points if completed, nothing if left open at the end.']


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_clause_in_english():
    assert {c.kind for c in CLAUSES} == set(KINDS) | {"abbot", "back", "big", "risk"}  # and the expansions'
    assert [hint_sentence(Why((c,))) for c in CLAUSES] == SAID
    why = Why((Clause("close", "city", 8), Clause("keep")))
    assert hint_sentence(why) == "Closes your city for 8 points and keeps a follower."
    why = Why((Clause("close", "road", 3), Clause("more", points=4), Clause("home", count=2)))
    assert hint_sentence(why) == "Closes your road for 3 points, scores 4 more points and brings 2 followers home."


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_every_clause_is_said_in_each_language(code):
    english_words = [clause_words(c) for c in CLAUSES]
    assert i18n.set_language(code) == code
    for c, plain in zip(CLAUSES, english_words):
        said = clause_words(c)
        assert said != plain and "{" not in said, (c, said)
        if c.owner:
            assert c.owner in said
    sentence = hint_sentence(Why((Clause("close", "city", 8), Clause("keep"))))
    assert sentence == {"de": "Schließt deine Stadt für 8 Punkte ab und behält einen Gefolgsmann.",
                        "fr": "Ferme votre ville pour 8 points et garde un partisan.",
                        "es": "Cierra tu ciudad por 8 puntos y conserva un seguidor."}[code]


def test_the_command_line_names_each_figure_of_a_turn():
    """``carcassonne analyse`` says what a turn did with its figure, never the record's key
    (an abbot taken back is not "a follower on abbot:back")."""
    from carcassonne.engine import Move
    from carcassonne.words.cli_words import move_words

    def said(figure: str | None) -> str:
        return move_words(Move("U", 1, 0, 90, step(figure))).split("rotation 90")[1]

    assert said(None) == ""
    assert said("road:E") == " with a follower on road:E"
    assert said("abbot:back") == ", the abbot taken back"
    assert said("abbot:cloister") == " with the abbot on the cloister"
    assert said("abbot:garden") == " with the abbot in the garden"
    assert said("big:city:N") == " with the big follower on city:N"


def test_the_move_log_says_what_each_figure_did():
    """The move log ends a turn with its figure: a follower by its role, the abbot put down
    or taken back, the big follower (never "a follower" for the abbot or the big follower)."""
    from carcassonne.engine import Move
    from carcassonne.words.movelog import put_words

    def put(figure: str | None) -> str:
        return put_words(Move("U", 1, 0, 90, step(figure)))

    assert put(None) == ""
    assert put("road:E") == " and put a thief on its road"
    assert put("abbot:cloister") == " and put the abbot on its cloister"
    assert put("abbot:garden") == " and put the abbot in its garden"
    assert put("abbot:back") == " and took the abbot back"
    assert put("big:city:N") == " and put the big follower on its city"
    assert put("big:farm:NW") == " and put the big follower on its field"


def test_the_move_log_names_a_garden_scored():
    """An abbot taken back from a garden: "scored 4 for the garden" (it said "for the farm")."""
    import json
    from pathlib import Path

    from carcassonne.engine.record import GameRecord
    from carcassonne.tileset import standard_tiles
    from carcassonne.words.movelog import entries

    path = Path(__file__).parent / "records" / "abbot" / "abbot-take-back.carc.json"
    game = GameRecord.from_data(json.loads(path.read_text(encoding="utf-8"))).replay(standard_tiles())
    texts = [e.text for e in entries(game)]
    assert any("took the abbot back" in t and "scored 4 for the garden" in t for t in texts), texts
