"""Keeping a shared definition inside its own folder.

A deck or template from someone else must not be able to print any file on the machine into a PDF
(``csv: ../../home/me/.ssh/id_rsa``, ``image: /etc/passwd``, ``front: ../../secret.yaml``).  Every
path a definition names is resolved (symbolic links too) and must lie inside one of its roots: the
definition's own folder, the user's ``--templates`` folder, printkit's bundled templates.
``--allow-outside`` lifts this for a user's own files.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from printkit.engine.errors import InputError


@dataclass(frozen=True)
class Containment:
    """The folders a definition may read from; ``allow_outside`` lifts the check."""

    roots: tuple[Path, ...]
    allow_outside: bool = False

    def with_roots(self, *more: Path | None) -> Containment:
        return Containment((*self.roots, *(r for r in more if r is not None)), self.allow_outside)

    def inside(self, path: Path) -> bool:
        if self.allow_outside:
            return True
        try:
            resolved = path.resolve()
        except (OSError, RuntimeError):  # a symbolic link loop
            return False
        return any(resolved.is_relative_to(root.resolve()) for root in self.roots)

    def check(self, path: Path, what: str, file: str | Path | None = None, line: int | None = None,
              column: int | None = None) -> Path:
        """``path`` itself when it lies inside a root and is a regular file or folder (or missing); else an error.

        Every path a definition names passes here, so a NUL byte (which no file name holds, and which makes
        every file call raise) is refused here too, with or without ``allow_outside``."""
        if "\0" in str(path):
            raise InputError.single(f"{what} {str(path)!r} holds a NUL character (\\0); no file is named so",
                                    file, line, column)
        if not self.inside(path):
            self._outside(path, what, file, line, column)
        try:
            mode = os.stat(path).st_mode  # stat, not open: opening a FIFO waits for a writer that never comes
        except (OSError, ValueError):
            return path  # missing or unreadable: the reader names the file and says so
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a folder may be named (`templates:`); it never hangs
            kind = "a pipe (FIFO)" if stat.S_ISFIFO(mode) else "a device or socket"
            raise InputError.single(f"{what} {str(path)!r} is {kind}, not a file; a definition reads only regular "
                                    "files", file, line, column)
        return path

    def _outside(self, path: Path, what: str, file: str | Path | None, line: int | None,
                 column: int | None) -> None:
        roots = ", ".join(str(r.resolve()) for r in dict.fromkeys(self.roots))
        raise InputError.single(
            f"{what} {str(path)!r} is outside the folders a definition may read ({roots}); "
            "move the file next to the definition, or pass --allow-outside if it is your own", file, line, column)


def check_name(name: str, what: str, file: str | Path | None = None, line: int | None = None,
               column: int | None = None) -> str:
    """A template or icon *name* is a name, never a path: no folders, no ``..``."""
    if not name or "/" in name or "\\" in name or name.startswith(".") or "\0" in name:
        raise InputError.single(f"{what} {name!r} is not a name (no folders, no leading dot); "
                                "to use your own file, put it in your --templates folder", file, line, column)
    return name
