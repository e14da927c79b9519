"""Feedback during a build: a progress bar on a terminal, one line per component when piped."""

from __future__ import annotations

import time
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from printkit.engine.build import Step


class BuildProgress:
    """The engine's progress callback, shown as the user's output allows: nothing with ``-q``."""

    def __init__(self, console: Console, quiet: bool) -> None:
        self.console = console
        self.quiet = quiet
        self.bar: Progress | None = None
        self.task = None
        self.started = time.monotonic()
        self.pages = 0  # of the components finished

    def __enter__(self) -> BuildProgress:
        if not self.quiet and self.console.is_terminal:
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("pieces · {task.fields[pages]} pages"), TimeElapsedColumn(),
                                TextColumn("ETA"), TimeRemainingColumn(), console=self.console, transient=True)
            self.bar.__enter__()
            self.task = self.bar.add_task("starting", total=None, pages=0)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.__exit__(kind, exc, tb)

    def __call__(self, step: Step) -> None:
        if self.quiet:
            return
        shown = self.pages + step.pages  # a component being rendered tells its pages so far
        if step.finished:
            self.pages = shown
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, description=step.text, completed=step.done, total=step.total,
                            pages=shown)
        elif step.finished:
            elapsed = time.monotonic() - self.started
            pages = "1 page" if step.pages == 1 else f"{step.pages} pages"
            self.console.print(f"{step.finished}, {pages}  [{step.done}/{step.total} pieces, "
                               f"{elapsed:.1f} s]", markup=False, highlight=False)
