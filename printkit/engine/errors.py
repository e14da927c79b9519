"""Errors a user can act on.

Every error that reaches the CLI is an :class:`InputError` (exit code 2) and names the file,
line and column, what was expected and what was found.  Anything else is a bug.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, located as precisely as we know."""

    message: str
    file: str | None = None
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based
    path: str = ""  # dotted path inside the document, e.g. "cards.3.qty"

    def __str__(self) -> str:
        where = self.file or ""
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        inside = f" {self.path}:" if self.path else ""
        if not where:
            return f"{inside.strip()} {self.message}".strip()
        return f"{where}:{inside} {self.message}"


@dataclass
class InputError(Exception):
    """Bad input: a definition, a template, a transcription or a command-line value."""

    problems: list[Problem] = field(default_factory=list)

    @classmethod
    def single(
        cls, message: str, file: str | Path | None = None, line: int | None = None,
        column: int | None = None, path: str = "",
    ) -> InputError:
        return cls([Problem(message, str(file) if file is not None else None, line, column, path)])

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


class MissingGlyphError(InputError):
    """A string would print a character the font does not have (it would come out as a box)."""
