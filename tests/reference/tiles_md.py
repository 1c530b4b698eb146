"""Reads the tile catalogue ``tiles.md`` (a copy lives beside this file) into plain facts.

The tileset in ``resources/tilesets`` is the game's source of truth; this independent
reading of the catalogue is what the tests hold it to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
ALL_HALVES = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]


@dataclass
class Row:
    id: str
    role: str
    count: int
    edges: str  # N E S W letters
    segments: list[dict]  # {"kind", "places": set, "pennant": bool, "cities": list[set]}


def _places(text: str) -> list[str]:
    text = text.strip()
    if text in ("all 8 halves",):
        return list(ALL_HALVES)
    return text.split()


def parse_segments(text: str) -> list[dict]:
    text = re.sub(r"\([^)]*\)", "", text)  # drop remarks such as "(a bridge)"
    segs: list[dict] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        if part == "cloister":
            segs.append({"kind": "cloister", "places": set(), "pennant": False, "inn": False,
                         "cathedral": False, "refs": None})
            continue
        m = re.match(r"(\w+) \[([^\]]*)\](\+)?\s*(inn|cathedral)?\s*(?:→\s*(.*))?$", part)
        assert m, part
        kind, places, pennant, mark, ref = m.groups()
        segs.append({"kind": kind, "places": set() if places == "inner" else set(_places(places)),
                     "pennant": bool(pennant), "inn": mark == "inn", "cathedral": mark == "cathedral",
                     "refs": ref.strip() if ref else None})
    cities = [s for s in segs if s["kind"] == "city"]
    for s in segs:
        ref = s.pop("refs")
        if ref is None:
            s["cities"] = []
        elif ref in ("city", "both cities", "all three cities", "all four cities"):
            s["cities"] = [c["places"] for c in cities]
            assert len(cities) == {"city": 1, "both cities": 2, "all three cities": 3,
                                   "all four cities": 4}[ref], s
        else:
            edge = ref.split()[1]
            s["cities"] = [c["places"] for c in cities if edge in c["places"]]
    return segs


def read_catalogue(path: Path = HERE / "tiles.md") -> dict[str, Row]:
    rows: dict[str, Row] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.match(r"^IC\d+$", cells[0]):
            cells = cells[:4]  # Inns & Cathedrals: the last column is JCloisterZone's tile id
        elif len(cells) != 4 or not re.match(r"^(R\d+|[A-X])\b", cells[0]):
            continue
        ident, *role = cells[0].split()
        count = int(cells[1].split()[0])
        rows[ident] = Row(ident, role[0] if role else "", count, cells[2].replace(" ", ""),
                          parse_segments(cells[3]))
    return rows
