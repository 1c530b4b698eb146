"""Carcassonne for the desktop: the rules engine, computer players and the pygame-ce app."""

__version__ = "0.1.0"
