"""Why an image could not be read as a sheet (exit code 2 at the command line)."""

from __future__ import annotations


class ScanError(Exception):
    """The input is not a readable sheet: not an image, no markers, QR unreadable, unknown layout.

    The message is for the user: it says what was looked for and what was found.
    """
