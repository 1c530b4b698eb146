"""The River on screen: its New game option and its Rules page."""

from __future__ import annotations

from ...app.art.expansion_ui import ExpansionUI, RuleOption, RuleSection
from ...i18n import N_


class RiverUI(ExpansionUI):
    order = 10
    title_name = N_("The River")

    def options(self) -> list[RuleOption]:
        """A toggle among the plain rule options (the random start tile does not go with it,
        nor do players holding several tiles: the form disables them, as the rules refuse them)."""
        return [RuleOption(N_("The River"), lambda rules: bool(rules.get("river")), lambda on: {"river": bool(on)})]

    def rules_sections(self) -> list[RuleSection]:
        return [RuleSection(
            N_("The River"),
            N_("The game starts from the spring; the 12 river tiles come first, each continuing the river "
               "without turning back on itself, and the lake ends it. No follower goes on the river."),
            "river-start", N_("Annotated rules 2007, The River"))]


UI = RiverUI()
