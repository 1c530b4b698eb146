"""The application's screens, one module each.

Scenes reach each other by name through the app (``app.push_scene("rules")``), never
by importing each other; the table of names is :mod:`carcassonne.app.scene_table`.
"""
