"""Where the bundled templates and icons live, in a checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def templates_root() -> Path:
    """``templates/`` of the checkout, or the copy the wheel carries as ``printkit/_templates``."""
    installed = _PACKAGE / "_templates"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "templates"


def icon_dirs(extra: Path | None = None) -> tuple[Path, ...]:
    """Icon folders, the user's own first so they can replace any bundled icon."""
    dirs = [templates_root() / "icons"]
    if extra is not None:
        dirs.insert(0, extra / "icons")
    return tuple(dirs)
