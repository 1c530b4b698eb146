"""Tile kinds: edges, segments and their rotations.

Tile data is declarative, as in JCloisterZone: a tile kind is its four edges and a
list of segments (which edges a road or city touches, which half-edges a field
touches, which cities a field borders). The definitions come from the Tiled
tilesets in ``resources/tilesets`` (see :mod:`carcassonne.tileset`); this module
only parses their text form, so the engine never needs pytmx.

Segment text, one segment per ``;`` (the notation of ``tiles.md``):

``city N W +``      a city touching N and W, with a pennant (coat of arms)
``road E W``        a road touching E and W
``field EN WN > N`` a field on half-edges EN and WN bordering the city touching N
``cloister``        a cloister in the middle of the tile
``water E W``       a segment of a declared edge kind (a tileset's ``s:water``): no feature
``road S W mark``   a road with a *mark*: a word the tileset declares
``field inner > N E S W``   a field that touches no edge, walled in by the tile's cities
                    (a tile of four cities): its farm is this one segment, ``farm:inner``

Marks are what an expansion draws on a segment: each tileset declares its marks and the segment kind each goes on (its
``marks`` property, ``lantern:road``), and a tile may show one *symbol* of its
own (its ``symbol`` property). The engine keeps them as words;
the expansion that declared them gives them a meaning.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from .errors import TileDefinitionError
from .geometry import (
    EDGE_INDEX,
    EDGE_NAMES,
    HALF_EDGE,
    HALF_INDEX,
    HALF_NAMES,
    HALF_OPPOSITE,
    ROTATIONS,
    opposite,
    rotate_edge,
    rotate_half,
)

CITY, ROAD, FIELD, CLOISTER = "city", "road", "field", "cloister"
#: Features a follower can stand on.
FEATURE_KINDS = (CITY, ROAD, FIELD, CLOISTER)

#: Edge letters of ``tiles.md``, the segment kind behind each and the small codes the move
#: generator matches. A tileset may declare one more kind of edge (its ``edge_kinds``
#: property, :func:`declare_edge_kind`): its segments are no feature, never occupied, and
#: split the fields on either side as a road does.
EDGE_KINDS: dict[str, str] = {"c": CITY, "r": ROAD, "f": FIELD}
EDGE_CODE: dict[str, int] = {"c": 1, "r": 2, "f": 3}
#: The segment kinds of the notation: the features', and each declared edge's.
SEGMENT_KINDS: list[str] = [CITY, ROAD, FIELD, CLOISTER]
#: Edge codes fit in the move generator's base-5 constraint keys (0 is an empty side).
_MAX_EDGE_CODE = 4


def declare_edge_kind(letter: str, kind: str) -> None:
    """A tileset's own kind of edge (``s:water``): the letter its tiles use, the segment kind."""
    if (len(letter) != 1 or not kind.isidentifier() or EDGE_KINDS.get(letter, kind) != kind
            or (letter not in EDGE_KINDS and len(EDGE_CODE) >= _MAX_EDGE_CODE)):
        raise TileDefinitionError(f"cannot declare the edge kind {letter}:{kind}")
    if letter not in EDGE_KINDS:
        EDGE_KINDS[letter] = kind
        EDGE_CODE[letter] = len(EDGE_CODE) + 1
        SEGMENT_KINDS.append(kind)


def edge_kind(letter: str) -> str:
    """The segment kind an edge letter stands for (``c``: city)."""
    return EDGE_KINDS[letter]

#: Names of follower places in game records: ``road:E``, ``city:N``, ``farm:SW``.
SPOT_PREFIX = {CITY: "city", ROAD: "road", FIELD: "farm", CLOISTER: "cloister"}
#: The place word of a field that touches no edge (``farm:inner``).
INNER = "inner"
#: No marks declared: the base game's tiles.
NO_MARKS: Mapping[str, str] = {}


@dataclass(frozen=True)
class Segment:
    """One part of a tile: a city, road, field or cloister, or an expansion's segment."""

    kind: str
    edges: tuple[int, ...] = ()
    halves: tuple[int, ...] = ()
    pennant: bool = False
    #: For fields: indices (in the tile's segment list) of the cities it borders.
    cities: tuple[int, ...] = ()
    #: What is drawn on it that an expansion gives a meaning (its tileset's marks).
    marks: frozenset[str] = frozenset()

    def rotated(self, rotation: int) -> Segment:
        return Segment(
            self.kind,
            tuple(rotate_edge(e, rotation) for e in self.edges),
            tuple(rotate_half(h, rotation) for h in self.halves),
            self.pennant,
            self.cities,
            self.marks,
        )

    @property
    def inner(self) -> bool:
        """A field that touches no edge of its tile (its farm never grows)."""
        return self.kind == FIELD and not self.halves

    @property
    def spot(self) -> str:
        """The record name of a place on this segment, e.g. ``road:E``; a segment that touches
        no edge and is no field (a cloister, an expansion's one-place feature) is named by its kind."""
        if self.kind != FIELD and not self.edges:
            return self.kind
        prefix = SPOT_PREFIX.get(self.kind, self.kind)
        if self.kind == FIELD:
            return f"{prefix}:{HALF_NAMES[min(self.halves)]}" if self.halves else f"{prefix}:{INNER}"
        return f"{prefix}:{EDGE_NAMES[min(self.edges)]}"

    def spot_names(self) -> tuple[str, ...]:
        """Every name that denotes this segment (any of its edges or half-edges)."""
        if self.kind != FIELD and not self.edges:
            return (self.kind,)
        prefix = SPOT_PREFIX.get(self.kind, self.kind)
        if self.kind == FIELD:
            if not self.halves:
                return (f"{prefix}:{INNER}",)
            return tuple(f"{prefix}:{HALF_NAMES[h]}" for h in self.halves)
        return tuple(f"{prefix}:{EDGE_NAMES[e]}" for e in self.edges)


class Orientation:
    """A tile kind turned clockwise by ``rotation`` degrees, as it lies on the board."""

    __slots__ = ("kind", "rotation", "edges", "codes", "segments", "edge_segment",
                 "half_segment", "spots", "links")

    def __init__(self, kind: TileKind, rotation: int) -> None:
        self.kind = kind
        self.rotation = rotation
        edges = [""] * 4
        for e, letter in enumerate(kind.edges):
            edges[rotate_edge(e, rotation)] = letter
        self.edges: tuple[str, ...] = tuple(edges)
        self.codes: tuple[int, ...] = tuple(EDGE_CODE[x] for x in edges)
        self.segments: tuple[Segment, ...] = tuple(s.rotated(rotation) for s in kind.segments)
        edge_segment = [-1] * 4
        half_segment = [-1] * 8
        spots: dict[str, int] = {}
        for i, seg in enumerate(self.segments):
            if seg.kind != FIELD:
                for e in seg.edges:
                    edge_segment[e] = i
            for h in seg.halves:
                half_segment[h] = i
            for name in seg.spot_names():
                spots[name] = i
        self.edge_segment: tuple[int, ...] = tuple(edge_segment)
        self.half_segment: tuple[int, ...] = tuple(half_segment)
        #: Place name -> segment index (a follower's places, and every other segment's:
        #: a declared edge kind's; the rules say who may stand where).
        self.spots: Mapping[str, int] = spots
        #: Per segment: how it reaches each neighbour, as (edge to step across,
        #: True for a field half-edge / False for an edge, the neighbour's
        #: half-edge or edge it meets). A declared edge kind's segment reaches nothing: no feature.
        links: list[tuple[tuple[int, bool, int], ...]] = []
        for seg in self.segments:
            if seg.kind == FIELD:
                links.append(tuple((HALF_EDGE[h], True, HALF_OPPOSITE[h]) for h in seg.halves))
            elif seg.kind in (CITY, ROAD):
                links.append(tuple((e, False, opposite(e)) for e in seg.edges))
            else:
                links.append(())
        self.links: tuple[tuple[tuple[int, bool, int], ...], ...] = tuple(links)

    def __repr__(self) -> str:
        return f"<Orientation {self.kind.id} {self.rotation}>"


@dataclass(frozen=True)
class TileKind:
    """A kind of land tile, in its canonical orientation (rotation 0)."""

    id: str
    count: int
    edges: str
    segments: tuple[Segment, ...]
    #: Which set the tile belongs to: ``base`` or an expansion's name.
    expansion: str = "base"
    #: A role its tileset marks: the base game's start tile (``start``), or an expansion's own.
    role: str = ""
    #: The symbol the tile shows of its own, not on a segment (where a neutral figure lands), if any.
    symbol: str = ""
    #: The tile this kind is a twin of, made by a rule module: in a box it
    #: takes the place of one copy of that tile (:func:`carcassonne.engine.deck.put_in_box`).
    twin_of: str = ""
    orientations: tuple[Orientation, ...] = field(init=False, repr=False, compare=False)
    #: constraint key -> rotations that fit (see :meth:`fits`).
    _fits: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _validate(self)
        orients = tuple(Orientation(self, r) for r in ROTATIONS)
        object.__setattr__(self, "orientations", orients)
        fits: dict[int, list[int]] = {}
        for o in orients:
            # The neighbours' edges fit when each side is either empty (0) or equal.
            for mask in range(16):
                key = sum(o.codes[d] * 5**d for d in range(4) if mask >> d & 1)
                if key:
                    fits.setdefault(key, []).append(o.rotation)
        object.__setattr__(self, "_fits", {k: tuple(v) for k, v in fits.items()})

    def orientation(self, rotation: int) -> Orientation:
        return self.orientations[rotation // 90]

    def fits(self, key: int) -> tuple[int, ...]:
        """Rotations whose edges match an open square's constraint key."""
        return self._fits.get(key, ())

    @property
    def edges_kinds(self) -> tuple[str, ...]:
        return tuple(EDGE_KINDS[x] for x in self.edges)

    @property
    def has_cloister(self) -> bool:
        return any(s.kind == CLOISTER for s in self.segments)

    @property
    def pennants(self) -> int:
        return sum(s.pennant for s in self.segments)


def parse_segments(text: str, marks: Mapping[str, str] = NO_MARKS) -> tuple[Segment, ...]:
    """Parse the segment notation of the tilesets (see the module docstring); ``marks``
    maps each mark the tileset declares to the segment kind it goes on."""
    raw: list[tuple[str, list[str], set[str], list[str]]] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        refs: list[str] = []
        if ">" in part:
            part, ref_text = part.split(">", 1)
            refs = ref_text.split()
        words = part.split()
        kind, places = words[0], words[1:]
        found = {w for w in places if w in marks or w in _CORE_MARKS}
        places = [p for p in places if p not in found]
        if kind not in SEGMENT_KINDS:
            raise TileDefinitionError(f"unknown segment kind {kind!r} in {text!r}")
        misplaced = sorted(m for m in found if marks.get(m, kind) != kind)
        if misplaced or (INNER in found and (kind != FIELD or places)):
            raise TileDefinitionError(f"{' '.join(misplaced or sorted(found))} does not go on a {kind} in {text!r}")
        raw.append((kind, places, found, refs))
    segments: list[Segment] = []
    city_at_edge: dict[str, int] = {}
    for i, (kind, places, _, _) in enumerate(raw):
        if kind == CITY:
            for p in places:
                city_at_edge[p] = i
    for kind, places, found, refs in raw:
        try:
            if kind == FIELD:
                halves = tuple(HALF_INDEX[p] for p in places)
                edges: tuple[int, ...] = ()
            else:
                edges = tuple(EDGE_INDEX[p] for p in places)
                halves = ()
            cities = tuple(city_at_edge[r] for r in refs)
        except KeyError as exc:
            raise TileDefinitionError(f"bad place {exc.args[0]!r} in {text!r}") from None
        if kind == FIELD and not halves and INNER not in found:
            raise TileDefinitionError(f"a field touching no edge must say 'inner' in {text!r}")
        segments.append(Segment(kind, edges, halves, "+" in found, cities, frozenset(found - _CORE_MARKS)))
    return tuple(segments)


#: The notation's own marks: a pennant, and a field that touches no edge.
_CORE_MARKS = frozenset({"+", INNER})


def parse_marks(text: str) -> dict[str, str]:
    """A tileset's ``marks`` property (``lantern:road sign:city``): mark -> segment kind."""
    marks: dict[str, str] = {}
    for word in text.split():
        mark, _, kind = word.partition(":")
        if kind not in SEGMENT_KINDS or not mark or mark in _CORE_MARKS:
            raise TileDefinitionError(f"bad mark {word!r}: write mark:kind, e.g. mark:city")
        marks[mark] = kind
    return marks


def format_segments(segments: Iterable[Segment]) -> str:
    """The inverse of :func:`parse_segments`."""
    segments = tuple(segments)
    parts = []
    for seg in segments:
        if seg.kind == FIELD:
            text = "field " + (" ".join(HALF_NAMES[h] for h in seg.halves) if seg.halves else INNER)
        elif seg.edges:
            text = seg.kind + " " + " ".join(EDGE_NAMES[e] for e in seg.edges)
        else:  # a cloister, or an expansion's one-place feature
            text = seg.kind
        if seg.pennant:
            text += " +"
        for mark in sorted(seg.marks):
            text += " " + mark
        if seg.cities:
            text += " > " + " ".join(EDGE_NAMES[segments[c].edges[0]] for c in seg.cities)
        parts.append(text)
    return "; ".join(parts)


def _validate(kind: TileKind) -> None:
    """Check that edges and segments agree, so a bad tileset fails loudly at load."""
    where = f"tile {kind.id}"
    if len(kind.edges) != 4 or any(x not in EDGE_KINDS for x in kind.edges):
        raise TileDefinitionError(f"{where}: edges must be 4 of {'/'.join(EDGE_KINDS)}, got {kind.edges!r}")
    covered_edges: dict[int, str] = {}
    covered_halves: set[int] = set()
    for seg in kind.segments:
        for e in seg.edges:
            if e in covered_edges:
                raise TileDefinitionError(f"{where}: edge {EDGE_NAMES[e]} in two segments")
            covered_edges[e] = seg.kind
        for h in seg.halves:
            if h in covered_halves:
                raise TileDefinitionError(f"{where}: half-edge {HALF_NAMES[h]} in two fields")
            covered_halves.add(h)
        for c in seg.cities:
            if kind.segments[c].kind != CITY:
                raise TileDefinitionError(f"{where}: a field borders a non-city segment")
    for e, letter in enumerate(kind.edges):
        want = EDGE_KINDS[letter]
        if want == FIELD:
            if e in covered_edges or not {2 * e, 2 * e + 1} <= covered_halves:
                raise TileDefinitionError(f"{where}: field edge {EDGE_NAMES[e]} is not all field")
        elif covered_edges.get(e) != want:
            raise TileDefinitionError(f"{where}: edge {EDGE_NAMES[e]} should be {want}")
        elif want != CITY and not {2 * e, 2 * e + 1} <= covered_halves:
            raise TileDefinitionError(f"{where}: {want} edge {EDGE_NAMES[e]} lacks its field halves")


@dataclass(frozen=True)
class TileSet:
    """Every tile kind in play, with counts: the contents of the box."""

    kinds: Mapping[str, TileKind]

    def __iter__(self) -> Iterator[TileKind]:
        return iter(self.kinds.values())

    def __getitem__(self, tile_id: str) -> TileKind:
        return self.kinds[tile_id]

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.kinds

    def __len__(self) -> int:
        return len(self.kinds)

    def __or__(self, other: TileSet) -> TileSet:
        return TileSet({**self.kinds, **other.kinds})

    def with_role(self, role: str) -> TileKind:
        for kind in self:
            if kind.role == role:
                return kind
        raise KeyError(role)

    def expansion(self, name: str) -> TileSet:
        return TileSet({k: v for k, v in self.kinds.items() if v.expansion == name})

    @property
    def total(self) -> int:
        return sum(k.count for k in self)
