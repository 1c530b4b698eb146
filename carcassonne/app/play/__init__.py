"""A turn at the table: the turn controller, dragging, the aids, the coach and the animations."""
