"""Computer players. One entry point: ``decide(view, level, seed=..., time_budget=...)``.

A computer player sees only a ``SeatView`` (what a person in that seat could know) and returns a
move for that seat. Deterministic for a given seed. Pure CPU work: call it off the event loop.
"""

from bot.ai.api import Level, decide

__all__ = ["Level", "decide"]
