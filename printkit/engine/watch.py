"""``printkit build deck.yaml --watch``: rebuild (and refresh the preview PNGs) whenever an input changes.

Inputs are every file under the definitions' folders and the ``--templates`` folder (the CSV or
spreadsheet, templates, fonts, images), except the output folder.  Polling the modification times
twice a second needs no extra dependency and works the same on every system; the number of files
watched is bounded so pointing it at a home folder does not spin the disk.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from printkit.engine.build import BuildReport, BuildRequest, build
from printkit.engine.errors import InputError

POLL = 0.5  # seconds
MAX_FILES = 5000


def _snapshot(folders: list[Path], out: Path, files: list[Path]) -> dict[Path, int]:
    seen: dict[Path, int] = {}
    out = out.resolve()
    for f in files:
        try:
            seen[f] = f.stat().st_mtime_ns
        except OSError:
            seen[f] = -1
    for folder in folders:
        for p in sorted(folder.rglob("*")):
            if len(seen) >= MAX_FILES:
                return seen
            try:
                rp = p.resolve()
                if rp == out or out in rp.parents or p.name.startswith(".") or not p.is_file():
                    continue
                seen[p] = p.stat().st_mtime_ns
            except OSError:
                continue
    return seen


def watch_build(request: BuildRequest, out: Path, force: bool, report: Callable[[BuildReport], None],
                say: Callable[[str], None], limit: int | None = None, poll: float = POLL) -> int:
    """Build, then rebuild on every change; stop after ``limit`` builds (None: until Ctrl-C).

    Returns the number of builds run.  A build that fails prints its error and the loop waits for
    the next change instead of stopping.
    """
    files = [Path(t) for t in request.targets if Path(t).is_file()]
    folders = sorted({f.resolve().parent for f in files})
    if request.templates is not None and request.templates.is_dir():
        folders.append(request.templates)
    builds = 0
    before = _snapshot(folders, out, files)
    try:
        while True:
            try:
                report(build(request, out, force))
            except InputError as exc:
                for problem in exc.problems:
                    say(f"error: {problem}")
            builds += 1
            if limit is not None and builds >= limit:
                return builds
            say("waiting for changes (Ctrl-C stops)")
            while True:
                time.sleep(poll)
                now = _snapshot(folders, out, files)
                if now != before:
                    changed = sorted(str(p) for p in set(now) | set(before) if now.get(p) != before.get(p))
                    say(f"changed: {', '.join(changed[:3])}{' ...' if len(changed) > 3 else ''}; rebuilding")
                    before = now
                    break
    except KeyboardInterrupt:
        return builds
