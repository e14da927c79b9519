"""What ``printkit serve`` accepts from a client on a shared network, a reason in a line each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServeLimits:
    max_body_bytes: int = 60 * 1024 * 1024  # a request: a 200-megapixel phone's JPEG (~40 MB) and the form around it
    max_files: int = 8  # images a request: a page of a pad's sheets picked at once; the page sends one a request
    max_pixels: int = 120_000_000  # an image's pixels, read from its header before decoding (the reader's own bound)
    max_pdf_pages: int = 20  # a PDF's pages: a pad's scans at the table; a larger batch is `printkit scan`'s
    max_check_bytes: int = 256 * 1024  # a transcription: about a hundred times the largest sheet's
    scan_seconds: float = 120.0  # a scan not answered by then is answered with an error (the worker goes on)


LIMITS = ServeLimits()
DEFAULT_PORT = 8765
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
