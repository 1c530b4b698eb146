"""Hypothesis strategies shared by the property tests: every rule option, house rules included."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from carcassonne.engine import Rules
from carcassonne.engine.rules import DISCARDS, FARM_SCORINGS, RANDOM, START_BOOK

#: No table, a table, a table whose edge closes features; small tables often, so the edge matters.
TABLES = (None, (3, 3), (4, 5), (7, 6), (12, 9))


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    table = draw(st.sampled_from(TABLES))
    river = draw(st.booleans())
    return Rules(
        farmers=draw(st.booleans()),
        farm_scoring=draw(st.sampled_from(FARM_SCORINGS)),
        small_city=draw(st.booleans()),
        river=river,
        incomplete_score=draw(st.booleans()),
        hole_bonus=draw(st.booleans()),
        table=table,
        table_closes=table is not None and draw(st.booleans()),
        discard=draw(st.sampled_from(DISCARDS)),
        start=START_BOOK if river else draw(st.sampled_from((START_BOOK, RANDOM))),
    )


def every_combination() -> list[Rules]:
    """Each combination of the options once (tables: none, one, one that closes)."""
    out = []
    for farmers, scoring, small, river, incomplete, hole, table, discard in itertools.product(
            (True, False), FARM_SCORINGS, (False, True), (False, True), (True, False),
            (False, True), ("none", "open", "closes"), DISCARDS):
        out.append(Rules(farmers=farmers, farm_scoring=scoring, small_city=small, river=river,
                         incomplete_score=incomplete, hole_bonus=hole,
                         table=None if table == "none" else (7, 6),
                         table_closes=table == "closes", discard=discard))
    return out
