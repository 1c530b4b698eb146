"""The tutorial's lessons and their runner: pure logic on the engine (no pygame).

Lessons are data (``resources/lessons/*.json``, read by :mod:`.lesson`); the runner
(:mod:`.runner`) plays one on a real game, step by step. The Tutorial scene shows it.
"""

from .lesson import Lesson, LessonError, Step, load_lesson, load_lessons
from .runner import DONE, ILLEGAL, MISSED, LessonRunner, Note, Outcome, goal_met, refusal

__all__ = ["DONE", "ILLEGAL", "MISSED", "Lesson", "LessonError", "LessonRunner", "Note",
           "Outcome", "Step", "goal_met", "load_lesson", "load_lessons", "refusal"]
