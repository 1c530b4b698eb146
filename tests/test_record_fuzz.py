"""Fuzzing the record reader with mutated real records (``tests/records/``).

Bytes flipped, inserted and deleted; values swapped, replaced by huge numbers, deep
nesting and hostile strings: reading and replaying either works or raises one short
:class:`RecordError` line; nothing else escapes, and every name that comes out is clean.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.engine import CarcassonneError, RecordError
from carcassonne.engine.record import GameRecord
from carcassonne.engine.untrusted import clean_name, decode_text

RECORDS = sorted((Path(__file__).parent / "records").rglob("*.carc.json"))
TEXTS = [p.read_bytes() for p in RECORDS]
#: The records that are valid JSON, for mutations of their values.
PARSED = [t for t in TEXTS if t.rstrip().endswith(b"}")]
def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

weird_strings = st.sampled_from([
    "\x00", "\ud800", "\udfff x", "\u200b\u200d", "\x1b[2J\x1b]0;t\x07", "\u202e", "😀 مرحبا", "",
    " ", "e\u0301" * 500, "road:" * 50, "x" * 5000, "U", "road:E", "farm:NW", "cloister", "ai:\x00",
    "ai:" + "z" * 300, "human", "red", "carcassonne-record", "third-edition",
]) | st.text(max_size=30)
weird_numbers = st.sampled_from([
    0, -1, 1, 90, 180, 270, 360, 511, 512, 1023, 1024, -1024, 2**31, 2**63, -(2**63), 10**99,
    1.5, float("inf"), True, False,
]) | st.integers(-2000, 2000)
leaves = st.none() | weird_numbers | weird_strings
values = leaves | st.lists(leaves, max_size=3) | st.dictionaries(
    st.sampled_from(["x", "y", "tile", "name", "color", "kind", "meeple"]), leaves, max_size=3)


SWAP = object()  # a change that swaps two values instead of replacing one


def check(text: str | bytes, tiles: Any) -> None:
    """The one property: success with clean names, or a one-line RecordError."""
    try:
        record = GameRecord.from_json(decode_text(text) if isinstance(text, bytes) else text)
        record.replay(tiles)
    except RecordError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 300, message
        return
    except CarcassonneError as exc:  # pragma: no cover - a failure of this test
        raise AssertionError(f"not a RecordError: {exc!r}") from exc
    for seat in record.players:
        assert clean_name(seat.name, "?") == seat.name


def paths_of(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside parsed JSON."""
    found = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            found += paths_of(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            found += paths_of(v, prefix + (i,))
    return found


def get(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def put(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


edits = st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete"]), st.integers(0, 2**16),
                           st.integers(0, 7), st.sampled_from([b"[", b"{", b"9" * 20, b'"', b"\\", b"\\u0000",
                                                               b"\xff", b"\xed\xa0\x80", b" "])),
                 min_size=1, max_size=4)


@fuzz(1000)
@given(text=st.sampled_from(TEXTS), edits=edits)
def test_records_with_bytes_flipped_inserted_or_deleted_fail_cleanly(tiles, text, edits):
    mutated = bytearray(text)
    for how, where, bit, inserted in edits:
        at = where % (len(mutated) + 1)
        if how == "flip" and at < len(mutated):
            mutated[at] ^= 1 << bit
        elif how == "insert":
            mutated[at:at] = inserted
        else:
            del mutated[at:at + bit + 1]
    check(bytes(mutated), tiles)


@fuzz(1000)
@given(text=st.sampled_from(PARSED),
       changes=st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), values | st.just(SWAP)), min_size=1, max_size=3))
def test_records_with_values_replaced_or_swapped_fail_cleanly(tiles, text, changes):
    record = json.loads(text)
    for first, second, value in changes:
        paths = paths_of(record)
        target = paths[int(first * (len(paths) - 1))]
        if value is not SWAP:
            record = put(record, target, value)
            continue
        other = paths[int(second * (len(paths) - 1))]
        if other[:len(target)] != target and target[:len(other)] != other:  # neither inside the other
            a, b = get(record, target), get(record, other)
            record = put(put(record, target, b), other, a)
    check(json.dumps(record), tiles)


@fuzz(200)
@given(text=st.sampled_from(PARSED), depth=st.integers(1, 50_000), digits=st.integers(1, 20_000),
       where=st.sampled_from(["seed", "note", "players", "turns"]))
def test_records_with_deep_nesting_or_huge_numbers_fail_cleanly(tiles, text, depth, digits, where):
    record = json.loads(text)
    body = json.dumps(record)[:-1]
    check(f'{body}, "{where}": {"[" * depth}{"9" * digits}{"]" * depth}}}', tiles)
