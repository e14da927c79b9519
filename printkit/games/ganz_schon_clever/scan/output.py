"""What ``printkit scan`` writes for one sheet: the transcription (YAML, uncertain fields marked), the
overlay PNG a person checks it against, and the JSON object."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from printkit.engine.scan.decode.images import damaged_file
from printkit.engine.scan.decode.speed.png import tagged_as_overlay
from printkit.engine.scan.locate.sheets import OVERVIEW_PX_PER_MM
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.scan import ScannedSheet

HASH_LINE = "# printkit-scan-sha256: "
SOURCE_LINE = "# printkit scan of "  # the first line, naming the image (see why_kept)
_FIELD_OF = {"yellow": "yellow", "blue": "blue", "green": "green", "orange": "orange", "purple": "purple",
             "reroll": "rerolls", "plus1": "extra_dice", "score": "claimed", "players": "players"}


def _flow(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_flow(x)}" for k, x in v.items()) + "}"
    return str(v)


def _field_names(table: dict[str, Any], fields: list[tuple[str, int | str]]) -> list[str]:
    """Each field as a player finds it on the sheet (``orange box 4``, ``claimed total``), in English, the
    words of the comments: the same words ``printkit scan`` prints."""
    from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
    from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
    from printkit.games.ganz_schon_clever.scan.tables import field_places

    texts, game = load_check_texts(), load_gsc_game()
    return [texts.scan_field(game, place, "en") for place in field_places(table, fields)]


def _describe(u: Any, who: str) -> str:
    alts = ", ".join(f"{'empty' if v is None else v} {p:.0%}" for v, p in u.alternatives[:3])
    how = (" (chosen by the rules)" if u.decided_by_rules else
           " (read surely, but the sheet's sums favour a misreading over a mistake)" if u.doubted_by_sums else "")
    return f"{who} read {'empty' if u.read is None else u.read}{how}" + (f" [{alts}]" if alts else "")


def _describe_confirmed(c: Any, who: str) -> str:
    reasons = c.by.split(", ")
    claims = [r.removeprefix("claimed ") for r in reasons if r.startswith("claimed ")]
    listed = ", ".join(claims[:-1]) + " and " + claims[-1] if len(claims) > 1 else "".join(claims)
    why = f"agrees with the claimed {listed}" if claims and len(claims) == len(reasons) else c.by
    if c.area == "score":
        why = "the boxes score the same"
    return f"{who} read {c.read} ({c.confidence:.0%} before the sums; {why})"


def transcription_yaml(s: ScannedSheet, source: str) -> str:
    """The sheet in ``printkit check``'s format; each uncertain field's line ends in ``# uncertain: ...``,
    a field that was read unsure but that the sheet's sums confirmed in ``# confirmed: ...``.  ``source``
    names the image in the first line: its path from the transcription's folder (see :func:`why_kept`)."""
    sheet: Sheet = s.read.sheet
    by_field: dict[str, list[str]] = {}
    confirmed: dict[str, list[str]] = {}
    names = _field_names(s.table.table, [(f.area, f.index) for f in (*s.read.uncertain, *s.read.confirmed)])
    n_unsure = len(s.read.uncertain)
    for u, who in zip(s.read.uncertain, names[:n_unsure], strict=True):
        by_field.setdefault(_FIELD_OF.get(u.area, u.area), []).append(_describe(u, who))
    for c, who in zip(s.read.confirmed, names[n_unsure:], strict=True):
        confirmed.setdefault(_FIELD_OF.get(c.area, c.area), []).append(_describe_confirmed(c, who))
    body: list[tuple[str, str]] = [
        ("game", "ganz-schon-clever"), ("players", str(sheet.players)),
        ("yellow", _flow([list(r) for r in sheet.yellow])), ("blue", _flow(list(sheet.blue))),
        ("green", str(sheet.green)), ("orange", _flow(list(sheet.orange))), ("purple", _flow(list(sheet.purple))),
    ]
    for key, track in (("rerolls", sheet.rerolls), ("extra_dice", sheet.extra_dice)):
        if track is not None:
            body.append((key, _flow({"earned": track.earned, "used": track.used})))
    if sheet.claimed:
        body.append(("claimed", _flow(dict(sheet.claimed))))
    elif "claimed" in by_field:
        body.append(("claimed", "{}"))
    lines = []
    for key, value in body:
        line = f"{key}: {value}"
        if key in by_field:
            line += "   # uncertain: " + "; ".join(by_field[key])
        if key in confirmed:
            line += ("   # confirmed: " if key not in by_field else "; confirmed: ") + "; ".join(confirmed[key])
        if key == "players" and key not in by_field:
            line += "".join(f"   # {n}" for n in s.read.notes if n.startswith("players not printed"))
        lines.append(line)
    text = "\n".join(lines) + "\n"
    sid = s.sheet_id
    head = (f"{SOURCE_LINE}{source} (layout {sid.layout}, {sid.format}, serial {sid.serial or '?'})\n"
            "# Lines marked '# uncertain' were not read with confidence: compare them with the .read.png overlay,\n"
            "# fix what is wrong, then run `printkit check` on this file. '# confirmed': read unsure, but the\n"
            "# sheet's own sums agree with the reading (blue on the overlay).\n"
            + (f"# Warning: {damage_warning(s.image.damage)}.\n" if s.image.damage else "")
            + ("# Two readings of the uncertain boxes make a legal sheet: the more probable is written below;\n"
               "# check both.\n" if s.read.two_legal else "")
            + f"{HASH_LINE}{hashlib.sha256(text.encode()).hexdigest()}\n")
    return head + text


def damage_warning(damage: str) -> str:
    """What a sheet read from a damaged image file comes with (it exits 3: any box may be misread)."""
    return f"{damaged_file(damage)}; check every box on the overlay"


def written_by_scan(head: bytes) -> bool:
    """Whether a file beginning with ``head`` (its first few kB) is a transcription printkit scan wrote."""
    return head.startswith(SOURCE_LINE.encode()) and ("\n" + HASH_LINE).encode() in head


def why_kept(path: Path, source: str) -> str | None:
    """Why an existing transcription at ``path`` must not be replaced by one of ``source`` without
    ``--force``, or None: a person changed it after printkit scan wrote it, or wrote it themselves, or
    it is the transcription of another image (two photos named alike read into one folder)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "it is not a transcription printkit scan wrote"
    _, sep, body = text.partition("\n" + HASH_LINE)
    if not sep:
        return "printkit scan did not write it (a transcription typed by hand?)"
    digest, _, rest = body.partition("\n")
    if hashlib.sha256(rest.encode()).hexdigest() != digest.strip():
        return "it was changed after printkit scan wrote it (a corrected transcription?)"
    first = text.partition("\n")[0]
    if first.startswith(SOURCE_LINE):
        was = first[len(SOURCE_LINE):].rpartition(" (layout ")[0]
        if was and was != source:
            return f"it is the transcription of {was}, not of {source}"
    return None


# Faded, so the marks stand out, in steps of 4 levels: a scan's noise in the last two bits would make the
# PNG about twice as large and as slow to write, and no eye sees the steps.
_FADE = ((np.arange(256) * 0.75 + 64).astype(np.uint8) & 0xFC).astype(np.uint8)
FULL_SHEET_MM = 297.0  # an A4 sheet's height: labels are drawn at full size on it ...
LABEL_SMALLEST = 0.7  # ... and no smaller than this share of it on a shorter sheet (a half sheet: 200 mm)


@cache
def _text_size(label: str, scale: float) -> tuple[int, int]:
    """Width and height of a label: a sheet has a hundred, of a dozen kinds, and OpenCV measures
    each one slowly."""
    (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
    return w, h


def overlay_png(s: ScannedSheet) -> bytes:
    """The rectified sheet with every read box outlined and its reading printed: green when read with
    confidence, blue when read unsure but confirmed by the sheet's own sums, red when uncertain,
    so a person verifies the reading at a glance."""
    img = cv2.LUT(s.image.overview, _FADE)  # a new image: the sheet's own overview stays as it was read
    unsure = {(u.area, u.index) for u in s.read.uncertain}
    agreed = {(c.area, c.index) for c in s.read.confirmed}
    names = {int(b["index"]): b["name"] for b in s.table.table["boxes"] if b["area"] == "score"}
    p = OVERVIEW_PX_PER_MM
    # labels as large as on a full sheet's boxes, smaller on a half sheet's, whose boxes are two thirds
    # the size: the label covers no more of the writing it names
    small = max(LABEL_SMALLEST, min(1.0, s.image.located.frame.height / FULL_SHEET_MM))
    for r in s.image.readings:
        sp = r.spec
        key = (sp.area, names[sp.index] if sp.area == "score" else sp.index)
        bad = key in unsure
        colour = (220, 30, 30) if bad else (30, 90, 230) if key in agreed else (20, 150, 60)
        x0, y0, x1, y1 = round(sp.x * p), round(sp.y * p), round((sp.x + sp.w) * p), round((sp.y + sp.h) * p)
        if sp.shape == "circle":
            # the lower half only: a loop around the circle and a cross through it stay in sight above it
            radius = (x1 - x0) // 2 + 3
            cv2.ellipse(img, ((x0 + x1) // 2, (y0 + y1) // 2), (radius, radius), 0, 10, 170, colour, 2, cv2.LINE_AA)
        else:
            cv2.rectangle(img, (x0 - 1, y0 - 1), (x1 + 1, y1 + 1), colour, 2, cv2.LINE_AA)
        value = s.read.values.get((sp.area, sp.index), r.value) if sp.area != "score" \
            else s.read.sheet.claimed.get(key[1], r.value)  # type: ignore[call-overload]
        if value is None or value is False or value == "empty":  # a claimed 0 is printed (0 == False)
            label = "?" if bad else ""
        elif value is True:
            label = "X"
        elif value == "earned":
            label = "O"
        elif value == "used":
            label = "OX"
        else:
            label = str(value)
        if label:
            scale = (0.5 if sp.shape == "circle" else 0.7) * small
            tw, th = _text_size(label, scale)
            org = (x1 - tw - 2, y0 + th + 2)
            cv2.rectangle(img, (org[0] - 2, org[1] - th - 3), (org[0] + tw + 2, org[1] + 3), (255, 255, 255), -1)
            cv2.putText(img, label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 2, cv2.LINE_AA)
    if s.image.damage:  # every box may be misread, green or not: said where the person looks
        _banner(img, "damaged file: read from what could be decoded - check every box", small)
    return tagged_as_overlay(png_bytes(img))  # a later `printkit scan *.png` skips it


def _banner(img: np.ndarray, text: str, small: float) -> None:
    """``text`` in red on white across the top margin of the sheet, between its corner markers."""
    scale = 0.7 * small
    tw, th = _text_size(text, scale)
    x, y = max(2, (img.shape[1] - tw) // 2), round(6 * OVERVIEW_PX_PER_MM) + th
    cv2.rectangle(img, (x - 6, y - th - 6), (x + tw + 6, y + 8), (255, 255, 255), -1)
    cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (220, 30, 30), 2, cv2.LINE_AA)


def png_bytes(rgb: np.ndarray) -> bytes:
    """``rgb`` as a PNG file.  By fpng where it is installed (part of the ``[scan]`` extra where it has
    a wheel): several times faster than OpenCV's (zlib's), the file a third
    larger; elsewhere by OpenCV.  Either file holds the same pixels."""
    try:
        import fpng
    except ImportError:  # no wheel for this platform
        ok, buf = cv2.imencode(".png", rgb[..., ::-1])
        assert ok
        return buf.tobytes()
    return bytes(fpng.from_ndarray(np.ascontiguousarray(rgb)))


def scan_json(s: ScannedSheet, check_json: dict[str, Any]) -> dict[str, Any]:
    sheet = s.read.sheet
    trans: dict[str, Any] = {"game": "ganz-schon-clever", "players": sheet.players,
                             "yellow": [list(r) for r in sheet.yellow], "blue": list(sheet.blue),
                             "green": sheet.green, "orange": list(sheet.orange), "purple": list(sheet.purple)}
    if sheet.rerolls is not None:
        trans["rerolls"] = {"earned": sheet.rerolls.earned, "used": sheet.rerolls.used}
    if sheet.extra_dice is not None:
        trans["extra_dice"] = {"earned": sheet.extra_dice.earned, "used": sheet.extra_dice.used}
    if sheet.claimed:
        trans["claimed"] = dict(sheet.claimed)
    return {"file": s.image.file, "page": s.image.page, "position": s.image.position,
            "sheet": {"layout_version": s.sheet_id.layout, "format": s.sheet_id.format, "serial": s.sheet_id.serial,
                      "rounds": s.sheet_id.rounds},
            "transcription": trans, "uncertain": [u.as_json() for u in s.read.uncertain],
            "confirmed": [c.as_json() for c in s.read.confirmed], "check": check_json,
            "notes": s.read.notes + s.warnings + ([damage_warning(s.image.damage)] if s.image.damage else [])}
