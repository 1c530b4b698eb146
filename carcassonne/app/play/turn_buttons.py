"""Which of the Play screen's turn buttons (Rotate, Undo, No follower, Confirm, the action's)
show and which may be pressed: a spectator holds no seat and sees none of them (they would do
nothing); a player sees them all, usable when the turn allows."""

from __future__ import annotations

from .turn import TurnController

#: The buttons that act on the turn in progress (the top bar's Menu, Help... are everyone's).
TURN_BUTTONS = ("rotate", "undo", "skip", "confirm", "action")


def turn_buttons(turn: TurnController) -> dict[str, tuple[bool, bool]]:
    """Each turn button's (shown, usable) now; the action's usability is its own (see
    :func:`~.playview.action_button`), so it is given as shown only."""
    shown = not turn.watching
    can, placed = shown and turn.can_act, turn.pending is not None
    return {"rotate": (shown, can), "undo": (shown, can and placed), "skip": (shown, can and placed),
            "confirm": (shown, can and placed), "action": (shown, True)}
