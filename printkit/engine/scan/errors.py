"""Why an image could not be read as a sheet (exit code 2 at the command line)."""

from __future__ import annotations


class ScanError(Exception):
    """The input is not a readable sheet: not an image, no markers, QR unreadable, unknown layout.

    The message is for the user: it says what was looked for and what was found.
    """


class OwnOverlay(ScanError):
    """The input is an overlay printkit scan itself wrote (``<image>.read.png``), not a photo or a scan:
    passed again with the images it came from (``printkit scan *.png`` run twice), it is skipped, not read."""
