"""What a worker process of ``printkit serve`` does: read uploaded images with a game's scanner, exactly as
``printkit scan --json`` reads files, in a private temporary folder deleted before it answers.

The files are given names of the server's own (``photo-1.jpg``, the suffix by their content): nothing a
client sends becomes a path.  The JSON then names ``photo-1.jpg`` where ``printkit scan --json photo-1.jpg``,
run in a folder holding the same bytes under that name, names it too.
"""

from __future__ import annotations

import base64
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.serve.uploads import kind_of, too_large

IMAGE_STEM = "photo"


@dataclass(frozen=True)
class Scanned:
    """A scan's answer, small and picklable: the HTTP status, the body (what ``printkit scan --json``
    prints), the exit code, and for the page each sheet's transcription, overlay and boxes."""

    status: int
    body: str
    code: int
    sheets: list[dict[str, Any]] = field(default_factory=list)


def start(game_ids: tuple[str, ...]) -> None:
    """A worker's start: one core each (the pool has one worker a core), each game's own readying."""
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    from printkit.engine.registry import find_game

    for gid in game_ids:
        game = find_game(gid)
        if game is not None:
            game.start_scan_worker()


def names_for(uploads: list[bytes]) -> list[str]:
    """The server's names for the uploads: ``photo-<n><suffix by content>`` (no suffix: not an image)."""
    return [f"{IMAGE_STEM}-{i}{kind_of(data) or ''}" for i, data in enumerate(uploads, 1)]


def scan_uploads(game_id: str, uploads: list[bytes], lang: str, options: dict[str, Any],
                 rulings: dict[str, str | None], with_files: bool) -> Scanned:
    """Read ``uploads`` as ``printkit scan --json`` reads files; ``with_files``: keep each sheet's
    transcription, overlay (base64 PNG) and boxes in the answer, for the page."""
    import json

    from printkit.engine.registry import find_game
    from printkit.engine.scanning import ScanRequest

    names = names_for(uploads)
    for name, data in zip(names, uploads, strict=True):
        refused = too_large(data, kind_of(data), name)
        if refused is not None:
            return Scanned(refused.status, json.dumps({"errors": [{"message": refused.message}]}) + "\n", 2)
    game = find_game(game_id)
    assert game is not None, game_id  # the app serves only games it found
    folder = tempfile.mkdtemp(prefix="printkit-serve-")  # mode 0700: this user's alone
    here = os.getcwd()
    try:
        for name, data in zip(names, uploads, strict=True):
            fd = os.open(os.path.join(folder, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        # In the folder, so the answer names the files as the command run there names them.  A worker reads
        # one request at a time: no other thread of this process depends on the working folder.
        os.chdir(folder)
        answer = game.answer_scan(ScanRequest(tuple(Path(n) for n in names), json=True, lang=lang, quiet=True,
                                              options=options, rulings=rulings))
        sheets = [_files(s) for s in answer.sheets] if with_files else []
    finally:
        os.chdir(here)
        shutil.rmtree(folder, ignore_errors=True)
    return Scanned(_status(answer, uploads), answer.stdout + "\n" if answer.stdout else _errors(answer), answer.code,
                   sheets)


def _files(sheet: Any) -> dict[str, Any]:
    return {"name": sheet.yaml.name, "yaml": sheet.yaml.read_text(encoding="utf-8"),
            "overlay": base64.b64encode(sheet.overlay.read_bytes()).decode("ascii"), "boxes": list(sheet.boxes)}


def _errors(answer: Any) -> str:
    import json

    return json.dumps({"errors": [{"message": m} for m in answer.errors or ("nothing read",)]}) + "\n"


def _status(answer: Any, uploads: list[bytes]) -> int:
    """200 when a sheet was read (legal or not, sure or not: the JSON says which); 415 when no upload is
    an image of a kind printkit reads; 422 when none holds a sheet that could be read; 400 when the request
    was refused before reading (an option)."""
    if answer.sheets:
        return 200
    if not answer.stdout:
        return 400
    if all(kind_of(data) is None for data in uploads):
        return 415
    return 422
