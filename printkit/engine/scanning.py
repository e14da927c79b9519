"""``printkit scan``'s engine side: what the command line hands a game's scanner.

A game that reads its sheets from photos declares a :class:`~printkit.engine.registry.Scanner`; its
function takes a :class:`ScanRequest`, prints its report and returns the exit code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

INSTALL_HINT = ("printkit scan needs the scan extra (OpenCV, NumPy, pillow-heif): "
                "pip install 'printkit[scan]'  (in a checkout: pip install -e '.[scan]')")


@dataclass(frozen=True)
class ScanRequest:
    """The images to read and how, as the user asked.  ``options``: the scanner's own flags given
    (``{"players": 2}``); ``rulings``: the checker's rulings picked, each validated by the scanner."""

    images: tuple[Path, ...]
    json: bool = False
    out: Path | None = None
    lang: str = "en"
    jobs: int = 1
    force: bool = False
    quiet: bool = False
    options: Mapping[str, object] = field(default_factory=dict)
    rulings: Mapping[str, str | None] = field(default_factory=dict)


def missing_extra(load: bool) -> str | None:
    """What keeps the scan extra from serving, or None.  A process that reads imports its modules, so that
    one installed but broken says so here rather than as a traceback later; a ``--jobs`` parent, which
    never reads, only looks them up (importing them would load OpenCV and NumPy into a process that never
    uses them, adding to the memory a batch takes)."""
    from importlib.util import find_spec

    for module in ("cv2", "numpy", "pillow_heif"):
        if load:
            try:
                __import__(module)
            except ImportError as exc:
                return f"{module} cannot be imported: {exc}"
        elif find_spec(module) is None:
            return f"{module} is not installed"
    return None
