"""Errors a user can act on.

Every error that reaches the CLI is an :class:`InputError` (exit code 2) and names the file,
line and column, what was expected and what was found.  Anything else is a bug.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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


def input_problem(exc: BaseException) -> str | None:
    """What is wrong with the input, when ``exc`` is how a parser or a library says it is too big, too deep or
    malformed; None when it is not (a bug stays a bug, exit 3)."""
    import csv
    import sys

    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    if isinstance(exc, csv.Error):
        return f"not valid CSV: {exc}"
    if isinstance(exc, ValueError):
        text = str(exc)
        if "integer string conversion" in text:
            return f"a number with more than {sys.get_int_max_str_digits():,} digits"
        if "null byte" in text or "null character" in text:
            return "a NUL character (\\0) where a file name is expected"
    return None


@contextmanager
def blamed_on(file: str | Path | None, line: int | None = None, column: int | None = None) -> Iterator[None]:
    """Turn a library's way of saying "this input is too big, too deep or malformed" (:func:`input_problem`)
    into an :class:`InputError` naming ``file`` (and line): the one guard every reader of a user's file
    runs under, so such input ends in exit 2, never in "internal error"."""
    try:
        yield
    except InputError:
        raise
    except Exception as exc:
        problem = input_problem(exc)
        if problem is None:
            raise
        raise InputError.single(problem, file, line, column) from None
