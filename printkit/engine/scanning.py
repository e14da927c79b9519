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


@dataclass(frozen=True)
class SheetFiles:
    """One sheet a scan read and wrote: its transcription, its overlay, and where each box lies on the
    overlay (``{"area", "index", "x", "y", "w", "h", "shape", "state"}``, in the overlay's pixels; ``state``:
    ``sure``, ``confirmed`` or ``uncertain``), for a page that draws the boxes to tap."""

    yaml: Path
    overlay: Path
    boxes: tuple[Mapping[str, object], ...] = ()


@dataclass(frozen=True)
class ScanAnswer:
    """What a scanner answers a :class:`ScanRequest`: the exit code, every line ``printkit scan`` prints
    (``("out", line)`` or ``("err", line)``, in order) and the sheets it wrote."""

    code: int
    lines: tuple[tuple[str, str], ...] = ()
    sheets: tuple[SheetFiles, ...] = ()

    @property
    def stdout(self) -> str:
        """What the command prints on standard output (with ``--json``: its JSON), without the last newline."""
        return "\n".join(line for stream, line in self.lines if stream == "out")

    @property
    def errors(self) -> tuple[str, ...]:
        """The lines printed on standard error that are errors, without their ``error: ``."""
        return tuple(line.removeprefix("error: ") for stream, line in self.lines
                     if stream == "err" and line.startswith("error: "))


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
