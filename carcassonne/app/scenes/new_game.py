"""The New game form: 2–6 seats (name, colour, human or AI level), the rule options
and the house rules.

The form starts from the last setup and saves it when the game starts (the house
rules are chosen afresh each time).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import COLORS, Rules
from ...engine.rules import BAG, BOX, RANDOM, START_BOOK
from ...i18n import N_, _
from ...net.host import HostError
from ...net.protocol import CORRESPONDENCE_SECONDS
from ..art.assets import PLAYER_RGB
from ..art.expansion_ui import RuleOption, in_order
from ..files.storage import DEFAULT_NAMES, SeatSetup, Setup, combine
from ..play.players import levels
from ..play.playview import SEAT_KIND
from ..session import start_new
from ..ui.backdrop import draw_backdrop, make_backdrop
from ..ui.intents import PRESS, Intent
from ..ui.widgets import (
    ACCENT,
    INK,
    INK_DIM,
    Button,
    Choice,
    TextField,
    Toggle,
    Widget,
    blit_text,
    cut,
    draw_panel,
    wrap,
)
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


def kind_options(network: bool = False) -> list[tuple[str, str]]:
    """Who sits at a seat: a person here, a friend from the network (a game opened to it), a computer."""
    people = [("human", N_("Here")), ("open", N_("From the network"))] if network else [("human", N_("Human"))]
    return people + [(f"ai:{lvl}", SEAT_KIND.get(lvl, N_("AI"))) for lvl in levels()]


#: The turn timer a host may set for a network game (seconds; 0: none).
TIMER_OPTIONS = [("0", N_("none")), ("30", "0:30"), ("60", "1:00"), ("120", "2:00"), ("300", "5:00"),
                 # a correspondence game (an hour or more): left and picked up later, listed on the title screen
                 ("3600", N_("1 hour")), ("43200", N_("12 hours")), ("86400", N_("1 day")), ("259200", N_("3 days")),
                 ("604800", N_("7 days"))]
#: What the turn timer does, under its choice (the waiting room says it too).
TIMER_LINE = N_("When a turn's time runs out, the computer lays the tile for the player (no follower).")
#: A timer of an hour or more: a game played over days.
CORRESPONDENCE_LINE = N_("Leave whenever you like: the title screen lists the games waiting on your move.")


#: Table sizes offered (squares wide x deep); "" is no table.
#: The colours' names, marked for translation (a colour button's label is the colour, translated when drawn).
COLOUR_NAMES = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("black"), N_("pink"))
TABLES = [("", N_("none")), ("7x7", "7 × 7"), ("11x9", "11 × 9"), ("15x11", "15 × 11"), ("21x15", "21 × 15")]

#: Each house rule's one line on the form (Wikicarpedia, "House Rules" and "Use of a Table").
HOUSE_LINES = {
    "incomplete_score": N_("Off: unfinished roads, cities and cloisters score nothing at the end."),
    "hole_bonus": N_("A tile with tiles on all four sides earns another turn."),
    "table": N_("Tiles must stay on a table this many squares wide and deep."),
    "table_closes": N_("The table's edge finishes roads, cities and cloisters."),
    "discard": N_("A tile that fits nowhere goes back into the bag."),
    "random_first": N_("Who starts is drawn at random; the turn order stays."),
    "random_start": N_("The start tile is drawn from the bag; not with an expansion's own start tile."),
}


def _table(value: Any) -> dict[str, Any]:
    if not value:
        return {"table": None}
    width, height = str(value).split("x")
    return {"table": (int(width), int(height))}


#: The base game's options (the Rules column, before the expansions').
CORE_OPTIONS = {
    "farmers": RuleOption(N_("Farmers"), lambda r: r.farmers, lambda v: {"farmers": bool(v)}),
    "farm_scoring": RuleOption(N_("Farm scoring"), lambda r: r.farm_scoring, lambda v: {"farm_scoring": v},
                               choices=(("third-edition", N_("3rd edition")), ("second-edition", N_("2nd edition")),
                                        ("first-edition", N_("1st edition")))),
    "small_city": RuleOption(N_("Small cities score 2"), lambda r: r.small_city, lambda v: {"small_city": bool(v)}),
}
#: The house rules (their column), each with its line (:data:`HOUSE_LINES`); who starts is
#: no rule of the game and has a toggle of its own.
HOUSE_OPTIONS = {
    "incomplete_score": RuleOption(N_("Unfinished features score"), lambda r: r.incomplete_score,
                                   lambda v: {"incomplete_score": bool(v)}),
    "hole_bonus": RuleOption(N_("Fill a hole, play again"), lambda r: r.hole_bonus, lambda v: {"hole_bonus": bool(v)}),
    "table": RuleOption(N_("Table"), lambda r: "x".join(map(str, r.table)) if r.table else "", _table,
                        choices=tuple(TABLES)),
    "table_closes": RuleOption(N_("Table edge closes"), lambda r: r.table_closes,
                               lambda v: {"table_closes": bool(v)}),
    "discard": RuleOption(N_("Unplayable tiles to the bag"), lambda r: r.discard == BAG,
                          lambda v: {"discard": BAG if v else BOX}),
    "random_start": RuleOption(N_("Random start tile"), lambda r: r.start == RANDOM,
                               lambda v: {"start": RANDOM if v else START_BOOK}),
}


def widget_of(option: RuleOption, value: Any, on_change: Callable[[Any], None]) -> Choice:
    """A toggle or a choice for ``option``, showing ``value``."""
    if option.choices:
        return Choice(option.label, option.choices, str(value), on_change)
    return Toggle(option.label, bool(value), on_change)


def shown_value(option: RuleOption, value: Any) -> str:
    """``value`` as the option's widget holds it (``on``/``off`` for a toggle)."""
    return str(value) if option.choices else "on" if value else "off"


class NewGameScene(Scene):
    keymap = "form"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.setup: Setup = app.storage.load_setup()
        # The seed is not kept: a new game is a new shuffle unless a seed is typed again.
        self.setup.seed = ""
        self.random_first = self.setup.random_first
        #: Every rule option of the form by key, in the order they are applied: the base
        #: game's, each expansion's (its package's ``app.py``), the house rules.
        self.rule_options: dict[str, RuleOption] = {
            **CORE_OPTIONS, **{ui.name if i == 0 else f"{ui.name}:{i}": option for ui in in_order()
                               for i, option in enumerate(ui.options())}, **HOUSE_OPTIONS}
        #: What the player chose for each option, kept while another makes it impossible (it
        #: shows disabled, at the value played) so it comes back with it.
        self.wanted: dict[str, Any] = {key: option.read(self.setup.rules) for key, option in self.rule_options.items()}
        self.backdrop: pygame.Surface | None = None
        self.error = ""
        #: A network game: seats here, from the network or computers; the host's timer and hints.
        self.network = False
        #: Whether the rules column is full: its options' pictures a line shorter.
        self._compact = False
        #: The column is full: only the options played keep their line and picture.
        self._brief = False
        #: Whether the turn timer's line fits under it (else the waiting room alone says it).
        self._timer_said = True
        self.turn_seconds = "0"
        self.hints_allowed = True
        #: Whether the lobby lists the game for anyone to watch (its watch code works either way).
        self.watchers_allowed = False
        self._build()

    @property
    def house(self) -> dict[str, Any]:
        """The house rules chosen, as record keys (only those that differ from the book)."""
        return self.setup.rules.house_rules

    # ------------------------------------------------------------- widgets
    def _build(self) -> None:
        s = self.setup
        self.rows: list[tuple[TextField, Button, Choice, Button]] = []
        for i, seat in enumerate(s.seats):
            name = TextField(seat.name, partial(self._set_seat, i, "name"), max_len=14,
                             placeholder=_("Player {number}").format(number=i + 1))
            colour = Button(seat.color, partial(self._next_colour, i))  # the colour's name: COLOUR_NAMES
            colour.room = (40, 24)  # the label between the meeple (left) and the colour's dot (right)
            kind = Choice("", kind_options(self.network), seat.kind, partial(self._set_seat, i, "kind"))
            remove = Button("×", partial(self._remove, i))
            remove.enabled = len(s.seats) > 2
            self.rows.append((name, colour, kind, remove))
        self.add = Button(N_("+ Add player"), self._add)
        self.add.enabled = len(s.seats) < 6
        #: Each rule option's widget, by key.
        self.rule_widgets: dict[str, Choice] = {
            key: widget_of(option, self.wanted[key], partial(self._choose, key))
            for key, option in self.rule_options.items()}
        plain = [key for key in self.rule_options if key not in HOUSE_OPTIONS and not self.rule_options[key].line]
        #: The Rules column's plain options (the base game's, and an expansion's without a line).
        self.options = [self.rule_widgets[key] for key in plain]
        #: The expansions' options with their line under them (and a picture beside it).
        self.variants: dict[str, Choice] = {key: self.rule_widgets[key] for key, option in self.rule_options.items()
                                            if option.line and key not in HOUSE_OPTIONS}
        self.house_options: dict[str, Choice] = {}
        for key in HOUSE_LINES:
            self.house_options[key] = (Toggle(N_("Random first player"), self.random_first, self._set_random_first)
                                       if key == "random_first" else self.rule_widgets[key])
        for key, offered in self.rule_options.items():
            if self.network and not offered.network:  # (a server deals no hidden tiles)
                self.rule_widgets[key].enabled = self.rule_widgets[key].visible = False
        self._apply()
        self.seed = TextField(s.seed, lambda v: setattr(self.setup, "seed", v), max_len=9, digits_only=True,
                              placeholder=N_("random"))
        self.net_options = [
            Toggle(N_("Open to the network"), self.network, self._set_network),
            Choice(N_("Turn timer"), TIMER_OPTIONS, self.turn_seconds, lambda v: setattr(self, "turn_seconds", v)),
            Toggle(N_("Hints allowed"), self.hints_allowed, lambda v: setattr(self, "hints_allowed", v)),
            Toggle(N_("Watchers allowed"), self.watchers_allowed, lambda v: setattr(self, "watchers_allowed", v)),
        ]
        for option in self.net_options[1:]:
            option.visible = self.network
        self.seed.visible = not self.network  # (a server deals with a seed of its own)
        self.start = Button(N_("Open the game") if self.network else N_("Start game"), self.start_game, hint="Enter",
                            primary=True)
        self.back = Button(N_("Back"), self.go_back, hint="Esc")
        widgets: list[Widget] = [w for row in self.rows for w in row]
        self.widgets = widgets + [self.add, *self.options, *self.variants.values(), *self.house_options.values(),
                                  self.seed,
                                  *self.net_options, self.start, self.back]
        if self.size != (0, 0):
            self.layout(self.app.size)

    def _offered(self) -> list[str]:
        """The rule options this form offers now (a game open to the network: not all)."""
        return [key for key, option in self.rule_options.items() if option.network or not self.network]

    def _combined(self, wanted: dict[str, Any]) -> tuple[Rules, dict[str, bool]]:
        """The rules the choices ``wanted`` make, applied in the form's order (one that cannot
        be played with those before it is left out), and which were applied."""
        keys = self._offered()
        rules, applied = combine(self.rule_options[k].write(wanted[k]) for k in keys)
        return rules, dict(zip(keys, applied))

    def _choose(self, key: str, value: Any) -> None:
        """The player changed an option: the rules are made again from every choice."""
        self.wanted[key] = value
        self._apply()
        if self._brief and self.size != (0, 0):
            self.layout(self.app.size)  # (a full column: the option's line comes or goes with it)

    def _apply(self) -> None:
        """The rules from the choices, each widget showing what is played, and enabled while
        another of its values could be played with the other choices (the first expansion's
        start tile leaves no random one, held tiles no discard to the bag)."""
        rules, applied = self._combined(self.wanted)
        self.setup.rules = rules
        for key in self._offered():
            option, widget = self.rule_options[key], self.rule_widgets[key]
            widget.value = shown_value(option, self.wanted[key] if applied[key] else option.read(rules))
            others = [value for value, _label in option.choices] if option.choices else [True, False]
            widget.enabled = any(self._combined({**self.wanted, key: v})[1][key] for v in others
                                 if shown_value(option, v) != widget.value)

    def _set_seat(self, i: int, field: str, value: str) -> None:
        setattr(self.setup.seats[i], field, value)

    def _set_network(self, value: bool) -> None:
        """Open the game to the network (or not): a seat from the network becomes a seat here."""
        self.network = value
        if not value:
            for seat in self.setup.seats:
                if seat.kind == "open":
                    seat.kind = "human"
        self._build()

    def _kept_setup(self) -> Setup:
        """The form as it is remembered (a seat from the network is remembered as a seat here)."""
        kept = replace(self.setup, seats=[replace(s, kind="human" if s.kind == "open" else s.kind)
                                          for s in self.setup.seats])
        return kept

    def _set_random_first(self, value: bool) -> None:
        self.random_first = self.setup.random_first = value

    def _next_colour(self, i: int) -> None:
        used = {s.color for j, s in enumerate(self.setup.seats) if j != i}
        cur = COLORS.index(self.setup.seats[i].color)
        for k in range(1, len(COLORS) + 1):
            c = COLORS[(cur + k) % len(COLORS)]
            if c not in used:
                self.setup.seats[i].color = c
                self.rows[i][1].label = c
                return

    def _add(self) -> None:
        seats = self.setup.seats
        if len(seats) >= 6:
            return
        used = {s.color for s in seats}
        names = {s.name for s in seats}
        colour = next(c for c in COLORS if c not in used)
        name = next((n for n in DEFAULT_NAMES if n not in names), _("Player {number}").format(number=len(seats) + 1))
        seats.append(SeatSetup(name, colour, "ai:normal"))
        self._build()

    def _remove(self, i: int) -> None:
        if len(self.setup.seats) > 2:
            del self.setup.seats[i]
            self._build()

    def start_game(self) -> None:
        names = [s.name.strip() for s in self.setup.seats]
        if any(not n for n in names):
            self.error = N_("Every player needs a name.")
            return
        if len(set(names)) != len(names):
            self.error = N_("Two players have the same name.")
            return
        if self.network:
            self.open_to_network()
            return
        start_new(self.app, self.setup)

    def open_to_network(self) -> None:
        """Start this computer's game server and create the game on it; the waiting room follows."""
        if not any(s.kind == "open" for s in self.setup.seats):
            self.error = N_("Choose at least one seat from the network.")
            return
        self.app.storage.save_setup(self._kept_setup())
        here = next((s.name.strip() for s in self.setup.seats if s.kind == "human"), "")
        name = _("{name}'s game").format(name=here) if here else _("Network game")
        try:
            link = self.app.net.host_game(self.setup, int(self.turn_seconds), self.hints_allowed, name,
                                          watchers=self.watchers_allowed)
        except HostError as exc:
            self.error = str(exc)
            return
        host = self.app.net.host
        assert host is not None
        self.app.replace_scene("lobby", link=link, url=host.local_url, hosted=True, addresses=host.addresses())

    def go_back(self) -> None:
        self.app.storage.save_setup(self._kept_setup())
        self.app.replace_scene("title")

    # -------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        self.box = pygame.Rect(0, 0, int(1260 * u), int(680 * u))
        self.box.center = (w // 2, h // 2)
        self.box.clamp_ip(pygame.Rect(0, 0, w, h))
        x = self.box.x + int(30 * u)
        y = self.box.y + int(100 * u)
        rh, gap = int(40 * u), int(8 * u)
        for name, colour, kind, remove in self.rows:
            name.rect = pygame.Rect(x, y, int(250 * u), rh)
            colour.rect = pygame.Rect(name.rect.right + int(10 * u), y, int(120 * u), rh)
            kind.rect = pygame.Rect(colour.rect.right + int(10 * u), y, int(170 * u), rh)
            remove.rect = pygame.Rect(kind.rect.right + int(10 * u), y, rh, rh)
            y += rh + gap
        self.add.rect = pygame.Rect(x, y, int(200 * u), rh)
        ox = self.box.x + int(680 * u)
        ow = int(276 * u)
        small = self.app.assets.fonts.get(int(13 * u))
        shown = {key: opt for key, opt in self.variants.items() if opt.visible}
        said = self._timer_lines(small, ow)
        # the column holds the network and its timer; hints go beside "+ Add player", and whether anyone
        # may watch takes the seed's place beside Back (a server deals with a seed of its own)
        column = self.net_options[:2]
        net_rows = sum(1 for opt in column if opt.visible)
        # When the rules column is full: the seed goes to the bottom row beside Back, then the
        # options' pictures are drawn a line shorter.
        # (then only the options played keep their line and picture; then the timer's line is left to
        # the waiting room, which says it too; at the very last, rows closer and lower)
        tries = (((False, True, True, False, False), (True, True, True, False, False),
                  (True, True, True, True, False), (True, True, False, True, False),
                  (True, True, False, True, True)) if self.network
                 else ((False, False, True, False, False), (False, True, True, False, False),
                       (True, True, True, False, False), (True, True, True, True, False),
                       (True, True, True, True, True)))
        for compact, seed_below, timer_said, brief, tight in tries:
            self._timer_said, self._brief = timer_said, brief
            timer_lines = said if timer_said else []
            self._compact = compact
            gap = int((3 if tight else 8) * u)  # (the last resort: rows closer and lower)
            oy = self.box.y + int(100 * u)
            lines = sum(len(self._note_lines(small, k, ow)) for k in shown) + len(timer_lines)
            notes = lines * small.get_linesize()
            rows = len(self.options) + len(shown)
            # the rules column shrinks its rows a little when the network's options join it, and ends
            # above the line along the form's bottom
            room = self.box.bottom - int(34 * u) - oy - notes - int(84 * u)
            rule_h = max(int((22 if tight else 26) * u), min(rh, room // max(1, rows + net_rows) - gap))
            for opt in self.options:
                opt.rect = pygame.Rect(ox, oy, ow, rule_h)
                oy += rule_h + gap
            for key, opt in shown.items():
                opt.rect = pygame.Rect(ox, oy, ow, rule_h)
                oy += rule_h + len(self._note_lines(small, key, ow)) * small.get_linesize() + gap
            seed_h = min(rh, rule_h + int(4 * u))
            if seed_below:
                below = self.box.bottom - int(74 * u) + (int(50 * u) - seed_h) // 2
                below_rect = pygame.Rect(self.box.x + int(208 * u), below, ow, seed_h)
                self.seed.rect, self.net_options[3].rect = below_rect, below_rect.copy()
                ny = oy
            else:
                self.seed.rect = pygame.Rect(ox, oy + int(28 * u), ow, seed_h)
                ny = self.seed.rect.bottom + int(16 * u)
            for i, opt in enumerate(column):
                opt.rect = pygame.Rect(ox, ny, ow, rule_h)
                ny += rule_h + gap + (len(timer_lines) * small.get_linesize() if i == 1 else 0)
            last = column[-1 if self.network else 0].rect
            said_below = len(timer_lines) * small.get_linesize() if self.network else 0  # (the timer's line)
            if last.bottom + said_below < self.box.bottom - int(24 * u) - 12:
                break
        self.net_options[2].rect = pygame.Rect(self.add.rect.right + int(20 * u), self.add.rect.y + (rh - rule_h) // 2,
                                               min(int(276 * u), ox - self.add.rect.right - int(50 * u)), rule_h)
        bw = int(200 * u)
        self.start.rect = pygame.Rect(self.box.right - int(24 * u) - bw, self.box.bottom - int(24 * u) - int(50 * u),
                                      bw, int(50 * u))
        self._lay_house_rules(self.box.x + int(980 * u), self.start.rect.top - int(8 * u))
        self.back.rect = pygame.Rect(self.box.x + int(24 * u), self.start.rect.y, int(160 * u), int(50 * u))
        self.backdrop = make_backdrop(self.app.assets, size, self.app.tiles, seed=5)

    def _timer_lines(self, font: pygame.font.Font, width: int) -> list[str]:
        """What the turn timer does, wrapped under its choice (a game open to the network only)."""
        if not self.network:
            return []
        by_post = int(self.turn_seconds) >= CORRESPONDENCE_SECONDS
        return wrap(font, _(TIMER_LINE) + (" " + _(CORRESPONDENCE_LINE) if by_post else ""), width)

    def _draw_timer_below(self, surface: pygame.Surface, font: pygame.font.Font, y: int) -> None:
        """What the turn timer does, under the computer players' lines when the rules column has no
        room for it, if it fits above Back (else the waiting room says it)."""
        x = self.box.x + int(30 * self.u)
        lines = self._timer_lines(font, self.options[0].rect.x - x - int(30 * self.u))
        if y + len(lines) * font.get_linesize() > self.back.rect.top - int(8 * self.u):
            return
        for line in lines:
            blit_text(surface, font, line, (x, y), INK_DIM)
            y += font.get_linesize()

    def _lay_house_rules(self, hx: int, bottom: int) -> None:
        """The house rules' column from ``hx``, each with its lines under it, ending above
        ``bottom`` (the Start button): in smaller letters and rows when the words need it (German,
        French), never running under the button."""
        u = self.u
        hw = self.box.right - hx - int(24 * u)
        for note_px, row in ((13, 34), (12, 32), (11, 30), (10, 28), (9, 26)):
            note = self.app.assets.fonts.get(int(note_px * u))
            hy = self.box.y + int(100 * u)
            for key, option in self.house_options.items():
                option.rect = pygame.Rect(hx, hy, hw, int(row * u))
                hy += option.rect.h + len(wrap(note, _(HOUSE_LINES[key]), hw)) * note.get_linesize() + int(6 * u)
            self.house_note_px = note_px
            if hy <= bottom:
                break

    #: The size of the house rules' lines (UI units), as :meth:`_lay_house_rules` found room for them.
    house_note_px = 13

    def _seed_label(self) -> tuple[pygame.font.Font, str]:
        """The seed's label in letters small enough for its column (cut if even those are not)."""
        text, width = _("Seed (same seed, same tiles)"), self.seed.rect.w
        font = self.app.assets.fonts.fitting(text, width, tuple(int(px * self.u) for px in (15, 14, 13, 12, 11)),
                                             "bold")
        return font, cut(font, text, width)

    def _picture_size(self) -> int:
        """The side of an option's picture: three lines of the notes (two when the column is full)."""
        return (2 if self._compact else 3) * self.app.assets.fonts.get(int(13 * self.u)).get_linesize()

    def _note_width(self, key: str, width: int) -> int:
        """The width a variant's line wraps in (leaving room for its picture, if it has one)."""
        return width - self._picture_size() - int(6 * self.u) if self.rule_options[key].picture else width

    def _played(self, key: str) -> bool:
        """Whether the option ``key`` is set to anything but the book's game (an expansion played)."""
        option = self.rule_options[key]
        return shown_value(option, self.wanted[key]) != shown_value(option, option.read(Rules()))

    def _note_lines(self, font: pygame.font.Font, key: str, width: int) -> list[str]:
        """An option's line under it, never shorter than its picture; none for an option not played
        when the column is full (its button still says what it is)."""
        if self._brief and not self._played(key):
            return []
        pictured = self.rule_options[key].picture is not None
        lines = wrap(font, _(self.rule_options[key].line), self._note_width(key, width))
        least = 2 if self._compact else 3
        return lines + [""] * (least - len(lines) if pictured else 0)  # (never shorter than its picture)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == PRESS:
            self.error = ""  # (on the press: the release may be the click that says why not)
        if super().handle(intent):
            return True
        if intent.action == "confirm":
            self.start_game()
            return True
        if intent.action == "back":
            self.go_back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.backdrop)
        u = self.u
        fonts = self.app.assets.fonts
        draw_panel(surface, self.box, u, alpha=240)
        blit_text(surface, fonts.get(int(40 * u), "title"), _("New game"), (self.box.centerx, self.box.y + int(16 * u)),
                  ACCENT, "midtop")
        head = fonts.get(int(15 * u), "bold")
        blit_text(surface, head, _("Players (in turn order)"), (self.rows[0][0].rect.x, self.box.y + int(74 * u)),
                  INK_DIM)
        blit_text(surface, head, _("Rules"), (self.options[0].rect.x, self.box.y + int(74 * u)), INK_DIM)
        first = next(iter(self.house_options.values()))
        blit_text(surface, head, _("House rules"), (first.rect.x, self.box.y + int(74 * u)), INK_DIM)
        note = fonts.get(int(self.house_note_px * u))
        for key, option in self.house_options.items():
            y = option.rect.bottom + int(2 * u)
            for line in wrap(note, _(HOUSE_LINES[key]), option.rect.w):
                blit_text(surface, note, line, (option.rect.x, y), INK_DIM if option.enabled else (110, 110, 100))
                y += note.get_linesize()
        note = fonts.get(int(13 * u))
        for key, option in self.variants.items():
            if not option.visible:
                continue
            y = option.rect.bottom + int(2 * u)
            x = option.rect.right - self._note_width(key, option.rect.w)
            for line in self._note_lines(note, key, option.rect.w):
                blit_text(surface, note, line, (x, y), INK_DIM if option.enabled else (110, 110, 100))
                y += note.get_linesize()
        for key, option in self.variants.items():
            picture = self.rule_options[key].picture
            if picture is not None and option.visible and self._note_lines(note, key, option.rect.w):
                side = self._picture_size()
                picture(surface, pygame.Rect(option.rect.x, option.rect.bottom + int(3 * u), side, side),
                        self.app.assets, self.app.tiles, self.setup.seats[0].color)
        timer = self.net_options[1]
        y = timer.rect.bottom + int(2 * u)
        for line in self._timer_lines(note, timer.rect.w) if self._timer_said else []:
            blit_text(surface, note, line, (timer.rect.x, y), INK_DIM)
            y += note.get_linesize()
        if self.seed.visible:
            seed_font, seed_label = self._seed_label()
            blit_text(surface, seed_font, seed_label, (self.seed.rect.x, self.seed.rect.y - int(22 * u)), INK_DIM)
        super().draw(surface)
        for i, (_name, colour, _kind, _remove) in enumerate(self.rows):
            c = self.setup.seats[i].color
            img = self.app.assets.pieces.get(c, int(colour.rect.h * 0.7))
            surface.blit(img, img.get_rect(midleft=(colour.rect.x + int(8 * u), colour.rect.centery)))
            pygame.draw.circle(surface, PLAYER_RGB[c], (colour.rect.right - int(14 * u), colour.rect.centery),
                               int(6 * u))
        small = fonts.get(int(14 * u))
        y = self.add.rect.bottom + int(20 * u)
        blit_text(surface, head, _("Computer players"), (self.box.x + int(30 * u), y), INK_DIM)
        y += int(24 * u)
        for level, text in levels().items():
            level_name = _("{kind}:").format(kind=_(SEAT_KIND.get(level, N_("AI"))))
            x = blit_text(surface, fonts.get(int(14 * u), "bold"), level_name, (self.box.x + int(30 * u), y),
                          INK).right + int(6 * u)
            for line in wrap(small, _(text), self.options[0].rect.x - x - int(30 * u)):
                blit_text(surface, small, line, (x, y), INK_DIM)
                y += small.get_linesize()
            y += int(4 * u)
        if self.network and not self._timer_said:  # (the rules column is full: said under the computers)
            self._draw_timer_below(surface, small, y + int(8 * u))
        if self.error:
            blit_text(surface, fonts.get(int(17 * u), "bold"), _(self.error),
                      (self.box.centerx, self.start.rect.centery), (240, 110, 90), "center")
        blit_text(surface, small, _("Click a name to type · click a colour or player type to change it"),
                  (self.box.centerx, self.box.bottom - int(8 * u)), INK, "midbottom")
