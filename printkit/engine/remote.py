"""Card data at a URL (a published Google Sheet as CSV or XLSX): fetched only when the user allows it.

A definition someone shares must never make printkit reach the network on its own, so a URL is
fetched only with ``--allow-network``.  Only ``https://`` is accepted (and plain ``http://`` to this
machine, for local servers and tests).  Every fetch is bounded in size and time, cached under
``$PRINTKIT_CACHE`` (default ``~/.cache/printkit``), and reported with its sha256 so the manifest
records exactly which data a build used.  When the network fails, the last cached copy is used with
a warning.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

from printkit.engine.errors import InputError
from printkit.engine.outputs import atomic_write

MAX_BYTES = 20 * 1024 * 1024
TIMEOUT = 20.0  # seconds for the whole fetch (connecting, every redirect, every byte), not per read
_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


@dataclass(frozen=True)
class Fetched:
    url: str
    data: bytes
    sha256: str
    from_cache: bool  # the network failed and the cached copy was used
    final_url: str = ""  # where the data came from after redirects ("" when it came from the cache)


def is_url(text: str) -> bool:
    return text.startswith(("https://", "http://"))


def cache_dir() -> Path:
    root = os.environ.get("PRINTKIT_CACHE")
    return Path(root) if root else Path.home() / ".cache" / "printkit"


def _cache_file(url: str) -> Path:
    return cache_dir() / "data" / hashlib.sha256(url.encode("utf-8")).hexdigest()


def check_url(url: str, where: str) -> None:
    """Refuse what printkit never fetches: anything but https, except plain http to this machine.  Every
    redirect is checked by this too (``where`` then names the hop)."""
    parsed = urlparse(url)
    if parsed.scheme == "https" and parsed.hostname:
        return
    if parsed.scheme == "http" and parsed.hostname in _LOOPBACK:
        return
    raise InputError.single(f"{where}: only https:// URLs are fetched (plain http only from this machine); "
                            f"found {url!r}")


def fetch(url: str, allow_network: bool, where: str) -> Fetched:
    """The bytes at ``url``: fetched when ``allow_network``, else refused with a message saying how."""
    check_url(url, where)
    if not allow_network:
        raise InputError.single(f"{where}: the cards are at {url}; printkit fetches data only when you pass "
                                "--allow-network (a shared definition never makes it fetch on its own)")
    import urllib.error  # here, not at the top: every deck build imports this module, few fetch anything

    cached = _cache_file(url)
    try:
        data, final = _within(TIMEOUT, lambda: _download(url, where))
        if len(data) > MAX_BYTES:
            raise InputError.single(f"{where}: {url} is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                                    "that is not a deck's data")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        if cached.is_file():
            data = cached.read_bytes()
            return Fetched(url, data, hashlib.sha256(data).hexdigest(), True)
        reason = getattr(exc, "reason", None) or exc
        raise InputError.single(f"{where}: cannot fetch {url}: {reason}") from None
    with contextlib.suppress(OSError):  # a read-only home only loses the offline copy
        atomic_write(cached, data)
    return Fetched(url, data, hashlib.sha256(data).hexdigest(), False, final)


def _download(url: str, where: str) -> tuple[bytes, str]:
    """The body at ``url`` (at most one byte over :data:`MAX_BYTES`) and the URL it came from, every redirect
    checked by :func:`check_url` as the first URL was."""
    import urllib.request

    class CheckedRedirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
            try:
                check_url(newurl, where)
            except InputError:
                raise InputError.single(f"{where}: {req.full_url} redirects to {newurl}; printkit follows no redirect "
                                        "to a URL it would not fetch (only https://, plain http only to this "
                                        "machine)") from None
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    opener = urllib.request.build_opener(CheckedRedirects)
    request = urllib.request.Request(url, headers={"User-Agent": "printkit"})
    with opener.open(request, timeout=TIMEOUT) as response:
        return response.read(MAX_BYTES + 1), response.geturl()


T = TypeVar("T")


def _within(seconds: float, work: Callable[[], T]) -> T:
    """``work()``'s result, or TimeoutError once ``seconds`` have passed: a socket's timeout is per read, and a
    server sending a byte every few seconds would otherwise hold a build for ever.  The worker is left to end at
    its socket's own timeout (it is a daemon thread: it never holds the process)."""
    import threading

    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["value"] = work()
        except BaseException as exc:  # handed to the caller's thread
            done["error"] = exc

    worker = threading.Thread(target=run, name="printkit-fetch", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise TimeoutError(f"it did not arrive within {seconds:g} s")
    if "error" in done:
        raise done["error"]
    return done["value"]


def url_suffix(url: str) -> str:
    """The file kind a URL serves, from its path or a Google Sheets ``output=`` / ``format=`` parameter."""
    parsed = urlparse(url)
    for part in parsed.query.split("&"):
        key, _, value = part.partition("=")
        if key in ("output", "format", "exportFormat") and value:
            return "." + value.lower()
    return Path(parsed.path).suffix.lower() or ".csv"
