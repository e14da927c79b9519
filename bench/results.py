"""Writing a benchmark's section into bench/RESULTS.md, keeping every other section as it is."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).parent / "RESULTS.md"


def replace_section(heading: str, text: str, results: Path = RESULTS) -> None:
    """Put ``text`` (which starts with ``heading``) in place of that section, or at the end if new."""
    old = results.read_text(encoding="utf-8") if results.exists() else "# Benchmark results\n"
    if heading in old:
        head, _, rest = old.partition(heading)
        tail = rest.split("\n## ", 1)
        old = head.rstrip() + ("\n\n## " + tail[1] if len(tail) > 1 else "")
    results.write_text(old.rstrip() + "\n\n" + text, encoding="utf-8")
