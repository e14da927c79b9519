"""Writing build results: atomic files, no silent overwrites, and ``manifest.json``.

A file printkit wrote is recorded in the manifest with its sha256.  A later build may
replace it only while it still has that hash; a file the user edited, or one printkit
never wrote, is replaced only with ``force``.  Every write goes to a temporary file in
the same folder first and is then renamed over the target, so an interrupted build never
leaves half a PDF where a good one was.

Files get the permissions any new file gets (the umask decides), so a print server or another
account can read them.  Several builds may write into one folder at once: the manifest is read,
merged and written under a lock on ``.manifest.lock``, so no build loses another's entries.  A build
that fails creates no folder it leaves empty.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from printkit.engine.errors import InputError
from printkit.engine.signals import held_signals

MANIFEST = "manifest.json"
OWN_KEY, OWN_VALUE = "generator", "printkit"  # in every manifest printkit writes: how it knows its own
REPLACES = "replaces"  # an entry's previous sha256 while its file is being replaced (see _write_locked)
LOCK = ".manifest.lock"


def _umask() -> int:
    """The process umask (read by setting it and putting it back: there is no other way)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def manifest_lock(out: Path) -> Iterator[None]:
    """Hold an exclusive lock on the output folder's manifest (blocking until another build is done)."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / LOCK, "a+b") as fh:
        if sys.platform == "win32":  # pragma: no cover - msvcrt locks a byte range
            import msvcrt

            msvcrt.locking(fh.fileno(), msvcrt.LK_LOCK, 1)
            try:
                yield
            finally:
                msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


@contextlib.contextmanager
def claimed(target: Path) -> Iterator[None]:
    """Hold ``target``'s name against every other printkit process for the block, so that checking whether it
    may be written and writing it are one step (two runs writing into one folder at once: the second checks
    what the first wrote).  The claim is an exclusive lock on ``.<name>.lock`` beside it (blocking while
    another holds it), removed after: the kernel lets go of a lock whose process dies, so no claim outlives
    the run that made it, and a stale file is only taken again."""
    lock = target.with_name(f".{target.name}.lock")
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:  # the folder is what cannot be written (read-only, not a folder): named so
            raise OSError(exc.errno, exc.strerror, str(target.parent)) from None
        try:
            _lock(fd)
            try:  # its last holder may have removed the file while this waited: the lock is then on no name
                held = os.path.samestat(os.fstat(fd), os.stat(lock))
            except FileNotFoundError:
                held = False
        except BaseException:
            os.close(fd)
            raise
        if held:
            break
        os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):  # removed while held: a waiter then finds its file gone, and retries
            lock.unlink()
        os.close(fd)  # lets go of the lock


def _lock(fd: int) -> None:
    """An exclusive lock on the open file ``fd``, waiting for it."""
    if sys.platform == "win32":  # pragma: no cover - msvcrt locks a byte range
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)


@dataclass(frozen=True)
class ManifestEntry:
    file: str  # relative to the output folder, with forward slashes
    game: str
    component: str
    kind: str
    pieces: int
    pages: int
    paper: str
    lang: str
    seed: int
    sha256: str
    record: dict[str, Any] | None = None  # what the component says about itself (a game's choice); left out if None
    details: dict[str, Any] = field(default_factory=dict)  # e.g. the TTS grid, data sources; omitted when empty


@dataclass(frozen=True)
class PlannedFile:
    """A file a build wants to write, with what the manifest should say about it."""

    path: str  # relative to the output folder
    data: bytes
    entry: ManifestEntry | None  # None for files not listed (PNG pages are listed too)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def atomic_write(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` so that readers see the old file or the new, never half."""
    write_together([(target, data)])


def write_together(files: Sequence[tuple[Path, bytes]]) -> None:
    """Write several files as one: a reader of their folder, and an interrupted run, leave all of them old or
    all new, never some of each (a scan's transcription without the overlay it was read with).

    Each file is written whole under a temporary name beside its target first (the slow part); the renames
    into place follow with Ctrl-C, SIGTERM and SIGHUP held until the last is done (:func:`held_signals`:
    microseconds).  A rename that fails takes back the files this call put in place, so no part of the set
    stays; a file replaced before it stays replaced (a hard crash between two renames is beyond any order)."""
    aside: list[tuple[str, Path]] = []
    placed: list[Path] = []
    try:
        for target, data in files:
            aside.append((_written_aside(target, data), target))
        with held_signals():
            for tmp, target in aside:
                os.replace(tmp, target)
                placed.append(target)
    except BaseException:
        for tmp, _ in aside:
            Path(tmp).unlink(missing_ok=True)
        if len(placed) < len(aside):
            for target in placed:
                target.unlink(missing_ok=True)
        raise


def _written_aside(target: Path, data: bytes) -> str:
    """``data`` written and synced to a new temporary file in ``target``'s folder (made if missing); its path."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a normal new file follows the umask
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def read_manifest(out: Path) -> dict[str, dict]:
    path = out / MANIFEST
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get(OWN_KEY) != OWN_VALUE:  # someone's own manifest.json: never taken for ours, nor overwritten
            raise InputError.single(f"was not written by printkit (it has no \"{OWN_KEY}\": \"{OWN_VALUE}\"); "
                                    "move it away, choose another --out, or pass --force to replace it", path)
        return {e["file"]: e for e in data["files"]}
    except (ValueError, KeyError, TypeError, AttributeError):
        raise InputError.single(
            "is not a manifest printkit can read; move it away or pass --force", path
        ) from None


@dataclass(frozen=True)
class WriteResult:
    path: str
    status: str  # "new", "updated", "unchanged"
    entry: ManifestEntry | None


def _blocked_folder(out: Path, target: Path) -> Path | None:
    """The first folder on the way to ``target`` that exists but is a file."""
    for parent in reversed(target.relative_to(out).parents):
        p = out / parent
        if p.exists() and not p.is_dir():
            return p
    return None


def write_all(out: Path, planned: list[PlannedFile], force: bool = False) -> list[WriteResult]:
    """Check every target first, then write them all and the manifest, under the manifest's lock.

    Nothing is written if any target would overwrite a file printkit did not write (or
    that changed since), unless ``force``.  If the disk fails half-way, the manifest still
    records what was written, so the next build recognises those files as its own.
    """
    if out.exists() and not out.is_dir():
        raise InputError.single("the output folder is a file; choose another --out", out)
    created = _missing_folders(out, planned)
    try:
        with manifest_lock(out):
            return _write_locked(out, planned, force)
    except OSError as exc:  # a read-only file system, a file on the way to --out, a full disk, no permission
        _remove_empty(created)
        raise InputError.single(f"cannot write the output folder here: {exc.strerror or exc}; choose another --out",
                                exc.filename or out) from None
    except BaseException:
        _remove_empty(created)
        raise


def _missing_folders(out: Path, planned: list[PlannedFile]) -> list[Path]:
    """The folders this build would create (``out`` and below), deepest first."""
    folders = {out, *out.parents}
    for f in planned:
        folders.update(p for p in (out / f.path).parents if p == out or out in p.parents)
    return sorted((p for p in folders if not p.exists()), key=lambda p: len(p.parts), reverse=True)


def _remove_empty(folders: list[Path]) -> None:
    """Take away folders a failed build created, if nothing is in them (but the lock file)."""
    for folder in folders:
        with contextlib.suppress(OSError):
            if (folder / LOCK).is_file() and [p.name for p in folder.iterdir()] == [LOCK]:
                (folder / LOCK).unlink()
            folder.rmdir()


def _write_locked(out: Path, planned: list[PlannedFile], force: bool) -> list[WriteResult]:
    manifest = {} if force and not (out / MANIFEST).is_file() else _manifest_or_empty(out, force)
    conflicts = []
    for f in planned:
        target = out / f.path
        blocked = _blocked_folder(out, target)
        if blocked is not None:
            conflicts.append(f"{blocked}: is a file, but a folder is needed there for {f.path}")
            continue
        if not target.exists():
            continue
        before = manifest.get(f.path, {}).get("definition")
        now = f.entry.details.get("definition") if f.entry is not None else None
        if before and now and before != now and not force:
            conflicts.append(f"{target}: was built from {before}; building {now} would replace it (both are "
                             "named alike); build them into different --out folders, or pass --force")
            continue
        if target.is_dir():
            conflicts.append(f"{target}: is a folder, a file is to be written there")
            continue
        current = sha256(target.read_bytes())
        recorded = manifest.get(f.path, {}).get("sha256")
        before = manifest.get(f.path, {}).get(REPLACES)  # a build interrupted while replacing it
        if current not in (recorded, before) and current != sha256(f.data) and not force:
            why = "was changed since printkit wrote it" if recorded else "was not written by printkit"
            conflicts.append(f"{target}: {why}; move it away or pass --force to replace it")
    if conflicts:
        raise InputError.single("\n".join(conflicts))
    # Written ahead: before any file moves, the manifest knows each planned file by its new sha256 and the one it
    # replaces, so whatever an interruption (Ctrl-C, kill -9, a power cut) leaves in place, it is printkit's own.
    pending = dict(manifest)
    for f in planned:
        if f.entry is not None:
            pending[f.path] = _entry_json(f.entry)
            previous = manifest.get(f.path, {}).get("sha256")
            if previous and previous != pending[f.path]["sha256"]:
                pending[f.path][REPLACES] = previous
    if pending != manifest:
        _write_manifest(out, pending)
    results = []
    try:
        for f in planned:
            target = out / f.path
            if target.is_file() and target.read_bytes() == f.data:
                status = "unchanged"
            else:
                status = "updated" if target.exists() else "new"
                atomic_write(target, f.data)
            results.append(WriteResult(f.path, status, f.entry))
            if f.entry is not None:
                manifest[f.path] = _entry_json(f.entry)
    except BaseException as exc:
        if results:
            with contextlib.suppress(OSError):  # the first error is the one to report
                # what was surely written by its new sha256; the rest as written ahead (old or new, either is ours)
                _write_manifest(out, {**pending, **{r.path: manifest[r.path] for r in results if r.path in manifest}})
        if isinstance(exc, OSError):
            raise InputError.single(f"cannot write: {exc.strerror or exc}", exc.filename or out) from None
        raise
    _write_manifest(out, manifest)
    return results


def _entry_json(entry: ManifestEntry) -> dict[str, Any]:
    data = asdict(entry)
    if data["record"] is None:
        del data["record"]
    details = data.pop("details")
    data.update(details)
    return data


def _write_manifest(out: Path, manifest: dict[str, dict]) -> None:
    body = {OWN_KEY: OWN_VALUE, "files": [manifest[k] for k in sorted(manifest)]}
    atomic_write(out / MANIFEST, (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def _manifest_or_empty(out: Path, force: bool) -> dict[str, dict]:
    try:
        return read_manifest(out)
    except InputError:
        if force:
            return {}
        raise
