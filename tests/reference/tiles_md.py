"""Reads the tile catalogue ``tiles.md`` (a copy lives beside this file) into plain facts.

The tileset in ``resources/tilesets`` is the game's source of truth; this independent
reading of the catalogue is what the tests hold it to. The catalogue is read section by
section (``## Base game``, ``## The River``, ...), so a test can hold the tilesets to the
sections they implement while the catalogue already describes the next expansions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
ALL_HALVES = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]
#: The catalogue's tile sections, by the start of their heading.
SECTIONS = {"Base game": "base", "The River": "river", "Inns & Cathedrals": "inns_cathedrals",
            "Traders & Builders": "traders_builders", "The Princess & the Dragon": "princess_dragon"}
#: The words that may follow a segment's places: what stands on it (tiles.md's additions to
#: the notation, section by section).
MARKS = ("inn", "cathedral", "wine", "grain", "cloth", "princess", "tunnel")
GOODS = ("wine", "grain", "cloth")


@dataclass
class Row:
    id: str
    role: str
    count: int
    edges: str  # N E S W letters
    segments: list[dict]  # {"kind", "places": set, "pennant": bool, "mark": str | None, "cities": list[set]}
    section: str = ""
    symbol: str = ""  # The Princess & the Dragon: volcano, dragon, portal or princess
    notes: list[str] = field(default_factory=list)


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
            segs.append({"kind": "cloister", "places": set(), "pennant": False, "mark": None, "refs": None})
            continue
        m = re.match(r"(\w+) \[([^\]]*)\](\+)?\s*(" + "|".join(MARKS) + r")?\s*(?:→\s*(.*))?$", part)
        assert m, part
        kind, places, pennant, mark, ref = m.groups()
        segs.append({"kind": kind, "places": set() if places == "inner" else set(_places(places)),
                     "pennant": bool(pennant), "mark": mark, "refs": ref.strip() if ref else None})
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


def _section_of(heading: str) -> str | None:
    title = heading.lstrip("#").strip()
    return next((key for start, key in SECTIONS.items() if title.startswith(start)), None)


def read_catalogue(path: Path = HERE / "tiles.md", sections: set[str] | None = None) -> dict[str, Row]:
    """Every tile row of the catalogue, or those of the named ``sections`` only."""
    rows: dict[str, Row] = {}
    section: str | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = _section_of(line)
            continue
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not cells or not re.match(r"^(R\d+|IC\d+|TB\d+|PD\d+|[A-X])\b", cells[0]) or section is None:
            continue
        symbol = ""
        if section in ("inns_cathedrals", "traders_builders"):
            cells = cells[:4]  # the last column is JCloisterZone's tile id
        elif section == "princess_dragon":
            symbol, cells = cells[4], cells[:4]
        if len(cells) != 4:
            continue
        if sections is not None and section not in sections:
            continue
        ident, *role = cells[0].split()
        count = int(cells[1].split()[0])
        rows[ident] = Row(ident, role[0] if role else "", count, cells[2].replace(" ", ""),
                          parse_segments(cells[3]), section, symbol)
    return rows


def section_totals(path: Path = HERE / "tiles.md") -> dict[str, int]:
    """The number of tiles each section's rows add up to."""
    totals: dict[str, int] = {}
    for row in read_catalogue(path).values():
        totals[row.section] = totals.get(row.section, 0) + row.count
    return totals
