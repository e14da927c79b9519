"""Benchmark: the full kit build, a 500-card custom deck, and the same deck made with protograf.

Run from the repository root with printkit importable::

    PYTHONPATH=. python bench/bench_build.py            # 500 cards, best/median of 3, updates bench/RESULTS.md
    PYTHONPATH=. python bench/bench_build.py --quick    # 60 cards, 1 run each, prints only
    PYTHONPATH=. python bench/bench_build.py --protograf-python /path/to/pg-venv/bin/python   # protograf elsewhere

protograf is not a printkit dependency: install it in a venv of its own (``python -m venv pg-venv &&
pg-venv/bin/pip install protograf``) and name that venv's Python with ``--protograf-python``.

Every measurement runs in a fresh Python process (imports, font loading and caches included,
as a user's ``printkit build deck.yaml`` would pay them).  For each run we record:

* ``wall``: the whole process, from spawn to exit, timed by this script;
* ``work``: inside the child, from before the library import to the PDF written;
* ``peak``: the child's peak resident memory (``ru_maxrss`` from ``os.wait4`` on that child).

protograf (GPL) is only *run*, never imported here: a generated protograf script draws the
same cards in a subprocess.  See ``RESULTS.md`` for how the two workloads differ.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.metadata
import importlib.util
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## build"
ICON_DIR = ROOT / "templates" / "icons"
FONT_FILE = ROOT / "printkit" / "fonts" / "NotoSansTC-Regular.ttf"
TITLE = "Bench Deck"
ACCENT = "#7a1f1f"
BACK = "#2b2140"
BACK_INK = "#f3e9d2"
CARD_W, CARD_H = 63.0, 88.0  # printkit's "poker"

# ---------------------------------------------------------------------------------------------------------------
# The deck
# ---------------------------------------------------------------------------------------------------------------

_EN_ADJ = ["Arcane", "Burning", "Silent", "Frozen", "Golden", "Hidden", "Ancient", "Swift", "Crimson", "Iron",
           "Wild", "Hollow", "Radiant", "Grim", "Verdant", "Storm"]
_EN_NOUN = ["Ward", "Bolt", "Pact", "Sentinel", "Tide", "Oath", "Apprentice", "Gate", "Harvest", "Mirror",
            "Lantern", "Hound", "Crown", "Spire", "Ember", "Veil"]
_ZH_NAME = ["心靈之泉", "烈焰風暴", "寒冰護盾", "古老契約", "暗影獵犬", "黃金王冠", "翠綠守衛", "雷霆之門",
            "沉默誓言", "鋼鐵哨兵", "月光燈籠", "潮汐法師"]
_EN_TYPES = ["Spell", "Ally", "Relic", "Trap", "Ritual"]
_ZH_TYPES = ["法術", "盟友", "聖物", "陷阱", "儀式"]
_EN_SENT = [
    "Deal 3 damage to any target.", "Then discard a card.", "Draw two cards.",
    "Prevent the next 2 damage dealt to you this round.", "When you play a spell, you may pay 1 less.",
    "Each opponent loses 1 life and you gain 1 life.", "Return a card from your discard pile to your hand.",
    "Look at the top three cards of your deck; put one in your hand and the rest on the bottom.",
    "Until end of turn, your allies get +1 strength.", "Exhaust target relic. It does not ready next turn.",
    "If you control three or more spells, draw a card.", "Gain 2 gold.",
]
_ZH_SENT = [
    "抽兩張牌，然後棄一張牌。", "對任一目標造成三點傷害。", "每位對手各失去一點生命，你獲得一點生命。",
    "防止本回合你受到的下兩點傷害。", "若你控制三個以上的法術，再抽一張牌。", "獲得兩枚金幣。",
    "將棄牌堆中的一張牌放回手上。", "直到回合結束，你的盟友力量加一。",
]
_ICONS = ["flame", "shield", "drop", ""]


def deck_rows(n_cards: int, seed: int = 2) -> list[dict[str, str]]:
    """Rows (one per distinct card, with qty) adding up to exactly ``n_cards`` printed cards."""
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    total = 0
    while total < n_cards:
        qty = min(rng.choice([1, 1, 2, 2, 3, 4]), n_cards - total)
        zh = rng.random() < 0.2
        if zh:
            name = rng.choice(_ZH_NAME)
            kind = rng.choice(_ZH_TYPES)
            text = "".join(rng.sample(_ZH_SENT, rng.randint(1, 3)))
        else:
            name = f"{rng.choice(_EN_ADJ)} {rng.choice(_EN_NOUN)}"
            kind = rng.choice(_EN_TYPES)
            text = " ".join(rng.sample(_EN_SENT, rng.randint(1, 3)))
        cost = "" if rng.random() < 0.25 else str(rng.randint(0, 9))
        rows.append({"row": str(len(rows) + 1), "name": name, "qty": str(qty), "cost": cost, "type": kind,
                     "icon": rng.choice(_ICONS), "text": text})
        total += qty
    return rows


def write_csv(path: Path, rows: list[dict[str, str]]) -> None:
    import csv

    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_deck(folder: Path, n_cards: int) -> tuple[Path, list[dict[str, str]]]:
    """deck.yaml + cards.csv for printkit (the CSV is shared with protograf)."""
    rows = deck_rows(n_cards)
    write_csv(folder / "cards.csv", rows)
    (folder / "deck.yaml").write_text(
        f"title: {TITLE}\nsize: poker\nfront: standard\nback: standard-back\n"
        f'style: {{accent: "{ACCENT}", back: "{BACK}"}}\ncsv: cards.csv\n', encoding="utf-8")
    return folder / "deck.yaml", rows


# ---------------------------------------------------------------------------------------------------------------
# protograf script (generated; protograf is GPL and is only run, in its own process)
# ---------------------------------------------------------------------------------------------------------------

def _pg_rules_size(text: str, width_mm: float, height_mm: float) -> float:
    """protograf does not shrink text to fit (it stops with an error on overflow): pick a size per card,
    conservatively from the text's length, as a protograf user would have to by hand."""
    em = sum(1.0 if ord(ch) > 0x2E80 else 0.55 for ch in text)  # text length in ems
    width, height = width_mm * 72 / 25.4, height_mm * 72 / 25.4
    for size in (9.5, 8.5, 7.5, 6.5, 5.5):
        lines = math.ceil(em * size / (width * 0.8))  # 20% slack for word wrap
        if lines * size * 1.5 <= height:
            return size
    return 5.0


def write_protograf(folder: Path, rows: list[dict[str, str]], font: str = "Noto Sans TC",
                    name: str = "pg_deck.py", csv_name: str = "cards.csv") -> Path:
    for icon in ("flame", "shield", "drop"):
        svg = (ICON_DIR / f"{icon}.svg").read_text(encoding="utf-8").replace("currentColor", ACCENT)
        (folder / f"{icon}.svg").write_text(svg, encoding="utf-8")
    by_icon: dict[str, list[int]] = {}
    by_size: dict[float, list[int]] = {}
    with_cost: list[int] = []
    rules_w, rules_h = CARD_W - 11, CARD_H * 0.58 - 33
    for i, row in enumerate(rows, start=1):
        if row["icon"]:
            by_icon.setdefault(row["icon"], []).append(i)
        by_size.setdefault(_pg_rules_size(row["text"], rules_w, rules_h), []).append(i)
        if row["cost"] != "":
            with_cost.append(i)
    w, h = CARD_W, CARD_H
    art_h = h * 0.42
    lines = [
        "import json, os, resource, time",
        "_t0 = time.perf_counter()",
        "from protograf import *  # noqa",
        f"Create(filename={Path(name).stem + '.pdf'!r}, paper='A4', units='mm', margin=8)",
        f"Font({font!r})",
        f"Data(filename={csv_name!r})",
        f"Deck(width={w}, height={h}, copy='qty', fill='#fbf7ee', stroke='#999999')",
        f"F = dict(font_name={font!r}, wrap=True, line_height=1.2)",
        "Card('*',",
        f"    rectangle(x=2.5, y=2.5, width={w - 5}, height={h - 5}, rounding=2.5, fill=None, stroke={ACCENT!r},"
        " stroke_width=0.5),",
        f"    rectangle(x=2.5, y=2.5, width={w - 5}, height=11, rounding=2.5, fill={ACCENT!r}, stroke=None),",
        f"    rectangle(x=5, y=16, width={w - 10}, height={art_h:.3f}, rounding=1.5, fill='#efe4cf',"
        " stroke='#b9a27e', stroke_width=0.3),",
        f"    text(text=T('{{{{ type }}}}'), x=5, y={17 + art_h:.3f}, width={w - 10}, height=5, font_size=7,"
        " stroke='#6b5a44', align='left', **F),",
        f"    text(text=T('{TITLE} · {{{{ row }}}}/{len(rows)}'), x=5, y={h - 8}, width={w - 10}, height=4,"
        " font_size=5.5, stroke='#8a7a60', align='right', **F),",
        f"    text(text=T('{{{{ name }}}}'), x=5, y=3.5, width={w - 18}, height=9, font_size=12, stroke='#ffffff',"
        " align='left', **F),",
        ")",
        f"Card({with_cost!r},",
        f"    circle(cx={w - 8.5}, cy=8, radius=4.2, fill='#f2c14e', stroke='#3b2a14', stroke_width=0.4),",
        f"    text(text=T('{{{{ cost }}}}'), x={w - 12.5}, y=5, width=8, height=8, font_size=11, align='centre',"
        " **F),",
        ")",
    ]
    for icon, cards in sorted(by_icon.items()):
        lines.append(f"Card({cards!r}, image('{icon}.svg', x={w / 2 - 12}, y={16 + h * 0.21 - 12:.3f},"
                     " width=24, height=24))")
    for size, cards in sorted(by_size.items()):
        lines.append(f"Card({cards!r}, text(text=T('{{{{ text }}}}'), x=5.5, y={23 + art_h:.3f}, width={rules_w},"
                     f" height={rules_h:.3f}, font_size={size}, align='left', **F))")
    lines += [
        "CardBack('*',",
        f"    rectangle(x=0, y=0, width={w}, height={h}, fill={BACK!r}, stroke=None),",
        f"    rectangle(x=3, y=3, width={w - 6}, height={h - 6}, rounding=2.5, fill=None, stroke={BACK_INK!r},"
        " stroke_width=0.6),",
        f"    rectangle(x=5, y=5, width={w - 10}, height={h - 10}, rounding=1.8, fill=None, stroke={BACK_INK!r},"
        " stroke_width=0.25),",
        f"    text(text={TITLE!r}, x=6, y={h / 2 - 5}, width={w - 12}, height=10, font_size=16, stroke={BACK_INK!r},"
        " align='centre', **F),",
        ")",
        "Save()",
        "_t1 = time.perf_counter()",
        "with open('result.json', 'w') as fh:",  # checked by the parent: protograf exits 0 on errors
        "    json.dump({'work': _t1 - _t0, 'maxrss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}, fh)",
    ]
    script = folder / name
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return script


def protograf_home(folder: Path) -> Path:
    """A HOME for protograf: our Noto Sans TC as a user font (protograf finds fonts by scanning the system)."""
    home = folder / "home"
    fonts = home / ".local" / "share" / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    shutil.copy(FONT_FILE, fonts / FONT_FILE.name)
    return home


# ---------------------------------------------------------------------------------------------------------------
# Children
# ---------------------------------------------------------------------------------------------------------------

def child_printkit(args: list[str]) -> None:
    """``--child deck DECK OUT`` or ``--child kit OUT``: one printkit build, a JSON line on stdout."""
    t0 = time.perf_counter()
    from printkit.engine.build import BuildRequest, build
    from printkit.engine.registry import kits

    mode = args[0]
    skipped: list[str] = []
    if mode == "deck":
        targets: tuple[str, ...] = (args[1],)
        out = Path(args[2])
    else:
        out = Path(args[1])
        ok = []
        for game in kits():
            module = game.kit.partition(":")[0]
            if importlib.util.find_spec(module) is None:
                skipped.append(f"{game.id} ({module} not on this branch)")
            else:
                ok.append(game.id)
        targets = tuple(ok)
        if not targets:
            import resource

            print(json.dumps({"work": time.perf_counter() - t0, "built": [], "skipped": skipped, "files": 0,
                              "pieces": 0, "pages": 0,
                              "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
            return
    report = build(BuildRequest(targets=targets), out)
    t1 = time.perf_counter()
    import resource

    pdfs = [r for r in report.files if r.entry is not None and r.entry.file.endswith(".pdf")]
    print(json.dumps({
        "work": t1 - t0,
        "built": list(targets),
        "skipped": skipped,
        "files": len(report.files),
        "pieces": sum(r.entry.pieces for r in pdfs),
        "pages": sum(r.entry.pages for r in pdfs),
        "warnings": len(report.warnings),
        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }))


@dataclass
class Run:
    wall: float
    work: float
    peak_mb: float
    info: dict = field(default_factory=dict)


def _spawn(cmd: list[str], cwd: Path, env: dict[str, str], stdout: Path) -> Run:
    """Run ``cmd``; wall time and this child's own peak RSS (os.wait4 gives per-child rusage)."""
    with stdout.open("w") as out, (cwd / "stderr.txt").open("w") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed ({proc.returncode}):\n{(cwd / 'stderr.txt').read_text()[-3000:]}")
    peak_kb = usage.ru_maxrss  # Linux: kilobytes
    return Run(wall, 0.0, peak_kb / 1024)


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if extra:
        env.update(extra)
    return env


def run_printkit(mode: str, work: Path, deck: Path | None, i: int) -> Run:
    out = work / f"out-{mode}-{i}"
    if out.exists():
        shutil.rmtree(out)
    args = [sys.executable, str(Path(__file__).resolve()), "--child", mode]
    args += [str(deck), str(out)] if mode == "deck" else [str(out)]
    run = _spawn(args, work, _env(), work / "child.json")
    info = json.loads((work / "child.json").read_text().strip().splitlines()[-1])
    run.work = info.pop("work")
    run.info = info
    return run


def run_floor(work: Path, i: int) -> Run:
    """The hand-written ReportLab floor (bench/floor_reportlab.py) on the same CSV."""
    out = work / f"floor-{i}.pdf"
    script = ROOT / "bench" / "floor_reportlab.py"
    run = _spawn([sys.executable, str(script), str(work / "cards.csv"), str(out), str(ICON_DIR)], work, _env(),
                 work / "floor.json")
    info = json.loads((work / "floor.json").read_text().strip().splitlines()[-1])
    run.work = info.pop("work")
    run.info = info
    return run


# The Python that runs protograf: this one, or another environment's (``--protograf-python``), so protograf (GPL,
# not a printkit dependency) need not be installed next to printkit.
PROTOGRAF_PYTHON = sys.executable


def protograf_version(python: str) -> str | None:
    """protograf's version (and its pymupdf's) in ``python``'s environment, or None when it has no protograf."""
    code = ("import importlib.metadata as m, protograf; "
            "print(m.version('protograf') + ', pymupdf ' + m.version('pymupdf'))")
    try:
        out = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else None


def run_protograf(folder: Path, script: Path, home: Path) -> Run:
    pdf = folder / (script.stem + ".pdf")
    if pdf.exists():
        pdf.unlink()
    done = folder / "result.json"
    if done.exists():
        done.unlink()
    run = _spawn([PROTOGRAF_PYTHON, script.name], folder, _env({"HOME": str(home)}), folder / "stdout.txt")
    if not done.exists():  # protograf stops with exit status 0 on errors
        raise RuntimeError(f"protograf did not finish:\n{(folder / 'stdout.txt').read_text()[-3000:]}")
    result = json.loads(done.read_text())
    run.work = result["work"]
    import pikepdf  # only to count pages of the result, after timing

    with pikepdf.open(pdf) as doc:
        run.info = {"pages": len(doc.pages), "bytes": pdf.stat().st_size}
    return run


# ---------------------------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------------------------

def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def machine(protograf: str | None = None) -> dict[str, str]:
    """The machine and the library versions; ``protograf``: its version where it runs (maybe another Python)."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem = next(line for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal"))
        mem_gb = f"{int(mem.split()[1]) / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration):
        mem_gb = "?"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "?"
    return {
        "cpu": f"{cpu}, {os.cpu_count()} CPUs (os.cpu_count)", "memory": mem_gb,
        "os": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "versions": ", ".join(f"{d} {_version(d)}" for d in ("reportlab", "svglib", "jinja2", "pydantic"))
        + f", protograf {protograf or 'not installed'}",
        "commit": commit,
    }


def summarize(runs: list[Run]) -> dict[str, float]:
    walls = [r.wall for r in runs]
    works = [r.work for r in runs]
    return {"best": min(walls), "median": statistics.median(walls), "work_best": min(works),
            "work_median": statistics.median(works), "peak_mb": max(r.peak_mb for r in runs)}


def fmt(s: dict[str, float], cards: int | None = None) -> str:
    cells = [f"{s['best']:.2f} s", f"{s['median']:.2f} s", f"{s['work_median']:.2f} s"]
    cells.append(f"{cards / s['median']:.0f}" if cards else "–")
    cells.append(f"{s['peak_mb']:.0f} MB")
    return " | ".join(cells)


def render_section(data: dict) -> str:
    m = data["machine"]
    n = data["cards"]
    lines = [
        SECTION, "",
        f"Measured {data['date']} by `python bench/bench_build.py` (commit {m['commit']}): each number is a fresh "
        f"Python process, {data['repeat']} runs each, in the same script run.",
        "",
        f"- machine: {m['cpu']}, {m['memory']}, {m['os']}",
        f"- {m['python']}; {m['versions']}",
        "",
        "| workload | best wall | median wall | median work | cards/s (median wall) | peak RSS |",
        "|---|---|---|---|---|---|",
    ]
    pk, pg = data.get("printkit_deck"), data.get("protograf_deck")
    if pk:
        lines.append(f"| printkit, {n}-card deck (fronts + backs, {pk['pages']} pages) | {fmt(pk['stats'], n)} |")
    if pg:
        lines.append(f"| protograf {m['versions'].split('protograf ')[1].split(',')[0]}, same {n} cards "
                     f"({pg['pages']} pages) | {fmt(pg['stats'], n)} |")
    fl = data.get("floor")
    if fl:
        lines.append(f"| floor: hand-written ReportLab script, same {n} cards and font (no fitting, no marks) | "
                     f"{fmt(fl['stats'], n)} |")
    pl = data.get("protograf_latin")
    if pl:
        lines.append(f"| protograf, same cards in built-in Helvetica (CJK not drawable: a lower bound, not the same "
                     f"output) | {fmt(pl['stats'], n)} |")
    kit = data.get("kit")
    if kit:
        label = "printkit, full kit (`BuildRequest()`)"
        if kit["games"]:
            lines.append(f"| {label}: {', '.join(kit['games'])} ({kit['pieces']} pieces, {kit['pages']} pages) | "
                         f"{fmt(kit['stats'])} |")
        else:
            lines.append(f"| {label}: no bundled game buildable on this branch | {fmt(kit['stats'])} |")
    lines.append("")
    if pk and pg:
        ratio = pg["stats"]["median"] / pk["stats"]["median"]
        work_ratio = pg["stats"]["work_median"] / pk["stats"]["work_median"]
        verdict = "meets the 4x target" if ratio >= 4 else ("faster, short of the 4x target" if ratio > 1
                                                            else "slower than protograf")
        lines.append(f"**printkit is {ratio:.2f}x as fast as protograf on the {n}-card deck** (median wall time; "
                     f"{work_ratio:.2f}x on in-process work time): {verdict}.")
        if pl:
            lines.append(f"Against protograf's lower bound with a built-in font: "
                         f"{pl['stats']['median'] / pk['stats']['median']:.2f}x.")
        lines.append("")
    if pk and fl:
        lines.append(f"**printkit takes {pk['stats']['median'] / fl['stats']['median']:.2f}x the floor's time** "
                     f"(median wall; {pk['stats']['work_median'] / fl['stats']['work_median']:.2f}x on work time; "
                     "the aim is at most 2x).")
        lines.append("")
    if kit and kit["skipped"]:
        lines.append("Full kit: skipped " + "; ".join(kit["skipped"]) + "; their builder modules were not importable "
                     "on this branch when measured.")
        lines.append("")
    if data.get("history"):
        lines += ["History (median wall, same bench):", ""]
        lines += [f"- {h}" for h in data["history"]]
        lines.append("")
    lines += [
        "Columns: *wall* is the whole child process (start-up, imports, font loading, build, PDF written), timed by "
        "the parent; *work* is measured inside the child from before the library import to the PDF written; "
        "*peak RSS* is the child's `ru_maxrss` (`os.wait4`).",
        "",
        "The floor (`bench/floor_reportlab.py`) draws the same cards from the same CSV with the same embedded font and "
        "plain ReportLab calls: one text size, greedy wrapping, no glyph check, no bleed, crop marks, manifest or "
        "preview.",
        "",
        "How the two deck workloads compare:",
        "",
        f"- Same {n} cards from the same CSV ({data['rows']} rows with a qty column, about 20% Traditional Chinese), "
        "poker size (63 x 88 mm), A4, 9 cards a page, fronts and a back for every card, Noto Sans TC embedded by "
        "both (protograf finds it as a user font in a private HOME; its font cache is warmed before timing).",
        "- Fronts: frame, title bar, title, cost badge with the cost (when set), art box, icon (when set), type line, "
        "rules text, footer. Backs: background, double frame, deck title.",
        "- printkit does more per card: it shrinks every text to fit its box (protograf does not: it stops with an "
        "error on overflow, so the script hands it a size per card from the text length), checks every character "
        "against the font, sets bold titles in the real bold face, adds bleed, crop marks, TrimBox/BleedBox and a "
        "scale bar on every page, mirrors backs for duplex, and writes a manifest and an overview PNG.",
        "- protograf draws icons as 300-dpi PNGs rasterised from the same SVGs (its only SVG route); printkit draws "
        "them as vectors. protograf's footer numbers the CSV row, printkit's the printed card.",
        "- Where protograf's time goes (cProfile of its script): every wrapped text box is set twice, once on a "
        "scratch PDF to measure it, and each time the font is embedded anew (`insert_font`, `pdf_add_cid_font`, "
        "glyph widths); with a large CJK font that is most of the run. printkit's templates are compiled once per deck "
        "(what reads no card field is evaluated on the first card, a value that reads some fields once per distinct "
        "value of them), text is set once per distinct string and box and drawn as one string per face and colour, "
        "each string's subset codes are worked out once per PDF, ReportLab's reading of the font file is kept under "
        "`$PRINTKIT_CACHE/fonts` (so a build after the first does not parse it again), the cycle collector rests "
        "during the build, and the preflight checks a placement of the very same elements once; what remains over "
        "the floor (process CPU time measured under load, 2 cores): imports (pydantic, Jinja2, PyYAML, PIL, "
        "pypdfium2 and printkit's own modules; about 0.2 s more than the floor's), the preflight (about 0.07 s), "
        "shrink-to-fit and the bold face, evaluating each card's own fields, crop marks and scale bars, and the "
        "overview PNG (about 0.02 s).",
        "",
    ]
    return "\n".join(lines)


def old_history() -> list[str]:
    """History lines of the current ``## build`` section, so a rerun keeps them."""
    if not RESULTS.exists():
        return []
    lines = RESULTS.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    inside = in_history = False
    for line in lines:
        if line.startswith("## "):
            inside = line.strip() == SECTION
            in_history = False
        elif inside and line.startswith("History"):
            in_history = True
        elif inside and in_history and line.startswith("- "):
            out.append(line[2:])
        elif inside and in_history and line.strip():
            in_history = False
    return out


def write_section(text: str) -> None:
    """Replace the ``## build`` section of RESULTS.md, keeping every other section."""
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n\n"
    lines = old.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == SECTION), None)
    if start is None:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        new = "\n".join(lines[:start] + text.rstrip("\n").splitlines() + [""] + lines[end:])
    RESULTS.write_text(new.rstrip("\n") + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------------------------

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="60 cards, one run each, RESULTS.md left alone")
    ap.add_argument("--cards", type=int, default=None, help="cards in the deck (default 500, 60 with --quick)")
    ap.add_argument("--repeat", type=int, default=None, help="runs per measurement (default 3, 1 with --quick)")
    ap.add_argument("--no-protograf", action="store_true", help="skip the protograf comparison")
    ap.add_argument("--protograf-python", metavar="PATH",
                    help="the Python of an environment with protograf installed (default: this one)")
    ap.add_argument("--no-kit", action="store_true", help="skip the full kit build")
    ap.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    ap.add_argument("--keep", type=Path, help="work in this folder and keep the PDFs (default: a temp folder)")
    ap.add_argument("--history", action="append", default=[], help="a line for the History list (repeatable)")
    ap.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child_printkit(a.child)
        return
    n = a.cards or (60 if a.quick else 500)
    repeat = a.repeat or (1 if a.quick else 3)
    write = not (a.quick or a.no_write)
    global PROTOGRAF_PYTHON
    if a.protograf_python:
        PROTOGRAF_PYTHON = a.protograf_python
    pg_version = None if a.no_protograf else protograf_version(PROTOGRAF_PYTHON)
    if a.protograf_python and not a.no_protograf and pg_version is None:
        raise SystemExit(f"{a.protograf_python} cannot import protograf")
    has_pg = pg_version is not None
    data: dict = {"date": dt.date.today().isoformat(), "machine": machine(pg_version), "cards": n, "repeat": repeat,
                  "history": old_history() + a.history}
    print(f"machine: {data['machine']}")
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        work = Path(tmp)
        if a.keep:
            work = a.keep.resolve()
            work.mkdir(parents=True, exist_ok=True)
        deck, rows = write_deck(work, n)
        data["rows"] = len(rows)
        pg_dir = work / "protograf"
        if has_pg:
            pg_dir.mkdir()
            shutil.copy(work / "cards.csv", pg_dir / "cards.csv")
            script = write_protograf(pg_dir, rows)
            latin = write_protograf(pg_dir, rows, font="Helvetica", name="pg_deck_helvetica.py")
            home = protograf_home(work)
            print("protograf: warming its font cache on a 4-card deck (not timed) ...")
            write_csv(pg_dir / "cards-warm.csv", deck_rows(4))
            run_protograf(pg_dir, write_protograf(pg_dir, deck_rows(4), name="pg_warm.py", csv_name="cards-warm.csv"),
                          home)
        pk_runs: list[Run] = []
        floor_runs: list[Run] = []
        pg_runs: list[Run] = []
        latin_runs: list[Run] = []
        for i in range(repeat):  # interleave, so both see the same machine state
            pk_runs.append(run_printkit("deck", work, deck, i))
            r = pk_runs[-1]
            print(f"printkit  deck run {i + 1}: wall {r.wall:.2f} s, work {r.work:.2f} s, peak {r.peak_mb:.0f} MB, "
                  f"{r.info['pieces']} cards, {r.info['pages']} pages")
            floor_runs.append(run_floor(work, i))
            r = floor_runs[-1]
            print(f"floor     deck run {i + 1}: wall {r.wall:.2f} s, work {r.work:.2f} s, peak {r.peak_mb:.0f} MB")
            if has_pg:
                pg_runs.append(run_protograf(pg_dir, script, home))
                r = pg_runs[-1]
                print(f"protograf deck run {i + 1}: wall {r.wall:.2f} s, work {r.work:.2f} s, "
                      f"peak {r.peak_mb:.0f} MB, {r.info['pages']} pages")
                latin_runs.append(run_protograf(pg_dir, latin, home))
                r = latin_runs[-1]
                print(f"protograf/Helvetica run {i + 1}: wall {r.wall:.2f} s, work {r.work:.2f} s, "
                      f"peak {r.peak_mb:.0f} MB, {r.info['pages']} pages")
        if pk_runs[0].info["pieces"] != n:
            raise SystemExit(f"printkit built {pk_runs[0].info['pieces']} cards, expected {n}")
        expected_pages = 2 * math.ceil(n / 9)
        data["printkit_deck"] = {"stats": summarize(pk_runs), "pages": pk_runs[0].info["pages"]}
        data["floor"] = {"stats": summarize(floor_runs)}
        if pg_runs:
            data["protograf_deck"] = {"stats": summarize(pg_runs), "pages": pg_runs[0].info["pages"]}
            data["protograf_latin"] = {"stats": summarize(latin_runs), "pages": latin_runs[0].info["pages"]}
            if pg_runs[0].info["pages"] != expected_pages:
                print(f"note: protograf made {pg_runs[0].info['pages']} pages, expected {expected_pages}")
        if not a.no_kit:
            kit_runs = [run_printkit("kit", work, None, i) for i in range(repeat)]
            info = kit_runs[0].info
            games = info["built"]
            for i, r in enumerate(kit_runs):
                print(f"printkit  kit  run {i + 1}: wall {r.wall:.2f} s, work {r.work:.2f} s, peak {r.peak_mb:.0f} MB")
            if info["skipped"]:
                print("kit: skipped " + "; ".join(info["skipped"]))
            data["kit"] = {"stats": summarize(kit_runs), "games": games, "skipped": info["skipped"],
                           "pieces": info["pieces"], "pages": info["pages"]}
    section = render_section(data)
    print()
    print(section)
    if write:
        write_section(section)
        print(f"updated {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
