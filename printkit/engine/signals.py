"""``kill`` and a closed terminal stop printkit as Ctrl-C does.

SIGTERM and SIGHUP raise KeyboardInterrupt in the main process, so every ``with`` and ``finally`` on the way
out runs: a file being written is removed, never left half written (:func:`printkit.engine.outputs.atomic_write`),
temporary folders go.  Worker processes ignore these signals and Ctrl-C's: a terminal sends them to every
process of its job, and a worker stopped mid-write would leave half a file; the main process stops handing
out work instead, and each worker finishes the file it is on.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

# SIGHUP: not on Windows
_STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
_ALL = (signal.SIGINT, *_STOPPING)  # and Ctrl-C


def stop_on_signals() -> None:
    """In the main process: SIGTERM and SIGHUP raise KeyboardInterrupt, the first one only (a second, while
    cleaning up, is ignored: the clean-up finishes)."""
    for sig in _STOPPING:
        signal.signal(sig, _stop)


def _stop(signum: int, frame: FrameType | None) -> None:
    for sig in _STOPPING:
        signal.signal(sig, signal.SIG_IGN)
    raise KeyboardInterrupt


def leave_stopping_to_the_main_process() -> None:
    """In a worker process: ignore Ctrl-C, SIGTERM and SIGHUP (the main process stops the work)."""
    for sig in _ALL:
        signal.signal(sig, signal.SIG_IGN)


@contextlib.contextmanager
def helpers_started_deaf() -> Iterator[None]:
    """Start multiprocessing's helper processes inside this (its resource tracker, started with the first
    pool): they inherit the ignored Ctrl-C, SIGTERM and SIGHUP, so a closed terminal, which signals every
    process of the job, does not kill the tracker mid-run (it ignores Ctrl-C and SIGTERM itself, not SIGHUP)."""
    from multiprocessing import resource_tracker

    before = {sig: signal.signal(sig, signal.SIG_IGN) for sig in _ALL}
    try:
        resource_tracker.ensure_running()
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP held back while the block runs and delivered when it ends: for a few steps
    that must all happen or none (the renames of files written together).  Their handlers are swapped for one
    that notes them (blocking the signals would not do: a thread of OpenCV's or pdfium's may take a signal
    sent to the process); a signal ignored stays ignored.  Outside the main thread, where no handler can be
    set, the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    # (None: a handler not set from Python, left alone)
    before = {sig: h for sig in _ALL if (h := signal.getsignal(sig)) is not None and h is not signal.SIG_IGN}
    for sig in before:
        signal.signal(sig, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        for sig in dict.fromkeys(caught):
            signal.raise_signal(sig)  # to this thread, with its own handler back
