"""The icon key of the score sheet: each symbol with its meaning, set apart, never one run-on line.

``sheet.yaml``'s ``legend`` lists the entries separated by three spaces; an entry that starts with
``:icon:`` is keyed by that icon.
"""

from __future__ import annotations

import re

_ICON = re.compile(r"^:([a-z0-9][a-z0-9_-]*):\s*")


def legend_entries(text: str) -> list[tuple[str | None, str]]:
    """(icon or None, meaning) for each entry of the legend text."""
    out: list[tuple[str | None, str]] = []
    for part in re.split(r"\s{3,}", text):
        part = part.strip()
        if not part:
            continue
        m = _ICON.match(part)
        out.append((m.group(1), part[m.end():]) if m else (None, part))
    return out
