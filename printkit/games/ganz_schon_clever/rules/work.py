"""A bound on the work one question to the rules may take: search nodes, never seconds.

The legality check searches (the bonus order, :mod:`.schedule`; the solo passive turn, :mod:`.solo_passive`),
and reading a photo asks the check again for each combination of readings it tries.  Each search is bounded
on its own, but a question that runs many of them (the solo search runs a bonus-order search per final
cascade; the reader checks up to 256 combinations) was not: one photo spent 30-54 s in 259 searches.  A
:class:`Work` is handed to every search a question runs; they count their nodes against it, and a search
that would go past it stops and answers "undecided" (never "impossible"), as it does at its own limit.
Counted in nodes, the bound gives the same answer on every machine and under any load.
"""

from __future__ import annotations

# One check of one sheet: every search it runs together.  The most any of the 23,966 sheets of
# bench/check_dump.py needs is a few thousand nodes (one node costs 3-5 us), so a sheet that needs more
# than this is far outside play; the bound keeps a check under about a second.
CHECK_WORK = 200_000


class Work:
    """Search nodes a question may still spend (``limit`` in all); ``spent`` says how many it has."""

    __slots__ = ("limit", "spent")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.spent = 0

    @property
    def left(self) -> int:
        return self.limit - self.spent

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.limit

    def spend(self, nodes: int) -> None:
        self.spent += nodes
