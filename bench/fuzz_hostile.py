"""Fuzz the two readers a shared definition drives hardest: template expressions and spreadsheets (issue 41).

    PYTHONPATH=. python bench/fuzz_hostile.py [--expressions 3000] [--workbooks 400] [--seed 41]

Expressions are drawn from a grammar of the operations that make large values (``*``, ``%``, ``~``, ``+``,
``**``, ``format``, ``join``, ``expandtabs``, ``translate``, the sizing filters, ``lipsum``, ``sum``) over small
and huge operands, and evaluated as a card's text under a card's budget.  Workbooks are valid .xlsx files
made hostile (far cells, huge or many shared strings, big parts, random byte flips), each read by
``read_sheet`` in a forked child held to 1 GB of address space and 10 s, so an abort or a hang is counted,
not suffered.  Each outcome is one of: a value, the user's error (InputError, exit 2), another exception (a
bug), or the child killed.  Prints a summary and the figures bench/RESULTS.md quotes.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import signal
import sys
import tempfile
import time
import tracemalloc
import zipfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.engine.errors import InputError
from printkit.engine.spreadsheets import read_sheet
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import load_template
from tests.engine.workbooks import write_xlsx

LIMIT_BYTES = 1 << 30  # the bound: 1 GB
LIMIT_SECONDS = 10

SMALL = ["0", "1", "3", "7", "'a'", "'ab'", "'\\t'", "'{}'", "'{0}'", "'%s'", "[1, 2]", "range(5)", "'x' * 99"]
HUGE = ["10**9", "99999", "10**5", "2**20", "'a' * 99999", "[0] * 99999", "range(99999)", "10**6"]


def _operand(rng: random.Random, depth: int) -> str:
    if depth <= 0 or rng.random() < 0.35:
        return rng.choice(SMALL + HUGE)
    return _expression(rng, depth - 1)


def _expression(rng: random.Random, depth: int = 3) -> str:
    a, b = _operand(rng, depth), _operand(rng, depth)
    forms = [
        f"({a}) * ({b})", f"({a}) ~ ({b})", f"({a}) + ({b})", f"({a}) ** ({b})", f"('%*s' % ({a}, {b}))",
        f"('{{:>{{w}}}}'.format({b}, w={a}))", f"(({a}) | string).expandtabs({b})", f"''.join([({a}) | string] * 3)",
        f"(({a}) | string).translate({{97: ({b}) | string}})", f"(({a}) | string).replace('a', ({b}) | string)",
        f"('{{0}}' * 3).format({a})", f"(({a}) | list) | batch(3, {b}) | list", f"(({a}) | list) | slice(3) | list",
        f"[({a}) | list, [1]] | sum(start=[])", f"(({a}) | list) | tojson(indent=2)", "lipsum(3, False, 5, 9)",
        f"(({a}) | string) | center(50)", f"(({a}) | string) | indent(4)", f"(({a}) | string) | wordwrap(20)",
        f"(({a}) | string) | truncate(30)", f"(({a}) | list) | join(({b}) | string)", f"(({a}) | string)[:50]",
    ]
    return rng.choice(forms)


def fuzz_expressions(n: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="printkit-fuzz-"))
    outcomes: Counter[str] = Counter()
    bugs: list[str] = []
    worst_bytes = worst_seconds = 0.0
    worst_expression = ""
    for i in range(n):
        expr = _expression(rng)
        path = folder / f"t{i}.yaml"
        path.write_text("elements:\n  - text: {x: 1, y: 1, w: 50, h: 10, text: " + repr("{{ " + expr + " }}") +
                        "}\n", encoding="utf-8")
        template = load_template(path)
        tracemalloc.start()
        start = time.process_time()
        try:
            render_template(template, {"card": {}}, 60, 90, "card 1")
            outcomes["value"] += 1
        except InputError as exc:
            outcomes["budget (exit 2)" if "too much work" in str(exc) or "would make" in str(exc) else
                     "other input error (exit 2)"] += 1
        except Exception as exc:  # a bug: recorded, not raised
            outcomes["bug"] += 1
            bugs.append(f"{expr}: {type(exc).__name__}: {exc}"[:200])
        worst_seconds = max(worst_seconds, time.process_time() - start)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        if peak > worst_bytes:
            worst_bytes, worst_expression = peak, expr
    return {"cases": n, "outcomes": dict(outcomes), "worst_mb": worst_bytes / 1e6, "worst_cpu_s": worst_seconds,
            "worst_expression": worst_expression, "bugs": bugs[:10]}


def _hostile_workbook(rng: random.Random, path: Path) -> None:
    rows = [["name", "qty"], *([f"c{i}", rng.randint(0, 9)] for i in range(rng.randint(1, 30)))]
    write_xlsx(path, {"Cards": rows})
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    kind = rng.choice(["far", "strings", "references", "padding", "flip", "plain"])
    ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    if kind == "far":
        col = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(1, 3)))
        cell = f'<row r="{rng.randint(1, 1_048_576)}"><c r="{col}{rng.randint(1, 1_048_576)}"><v>1</v></c></row>'
        parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"].replace(
            b"</sheetData>", cell.encode() + b"</sheetData>")
    elif kind in ("strings", "references"):
        size = rng.choice([10, 1_000, 30_000, 40_000, 200_000])
        parts["xl/sharedStrings.xml"] = (f"<sst {ns}><si><t>name</t></si><si><t>{'y' * size}</t></si></sst>").encode()
        count = rng.choice([1, 100, 2_000]) if kind == "references" else 1
        body = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + "".join(
            f'<row r="{r}"><c r="A{r}" t="s"><v>1</v></c></row>' for r in range(2, count + 2))
        parts["xl/worksheets/sheet1.xml"] = (f'<?xml version="1.0"?><worksheet {ns}><sheetData>{body}</sheetData>'
                                             "</worksheet>").encode()
    elif kind == "padding":
        parts["xl/media/pad.bin"] = bytes(rng.choice([1, 10, 80]) * 2**20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    if kind == "flip":
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))


def _read_in_child(path: Path) -> tuple[str, float]:
    """Read ``path`` in a forked child (1 GB, 10 s): its outcome and its CPU seconds."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))
        resource.setrlimit(resource.RLIMIT_CPU, (LIMIT_SECONDS, LIMIT_SECONDS))
        try:
            read_sheet(path)
            outcome = "value"
        except InputError:
            outcome = "input error (exit 2)"
        except MemoryError:
            outcome = "bug: MemoryError"
        except Exception as exc:  # a bug: named
            outcome = f"bug: {type(exc).__name__}: {str(exc)[:80]}"
        os.write(write_fd, outcome.encode())
        os._exit(0)
    os.close(write_fd)
    _, status, usage = os.wait4(pid, 0)
    said = os.read(read_fd, 200).decode()
    os.close(read_fd)
    if os.WIFSIGNALED(status):
        said = f"killed ({signal.Signals(os.WTERMSIG(status)).name})"
    return said or "killed (no answer)", usage.ru_utime + usage.ru_stime


def fuzz_workbooks(n: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="printkit-fuzz-"))
    outcomes: Counter[str] = Counter()
    bugs: list[str] = []
    worst = 0.0
    for i in range(n):
        path = folder / f"w{i}.xlsx"
        _hostile_workbook(rng, path)
        outcome, seconds = _read_in_child(path)
        outcomes[outcome.split(":")[0] + (": " + outcome.split(":")[1] if outcome.startswith("bug") else "")] += 1
        if outcome.startswith(("bug", "killed")):
            kept = folder / f"bug{i}.xlsx"
            path.rename(kept)
            bugs.append(f"{kept}: {outcome}")
        else:
            path.unlink()
        worst = max(worst, seconds)
    return {"cases": n, "outcomes": dict(outcomes), "worst_cpu_s": worst, "bugs": bugs[:10]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--expressions", type=int, default=3000)
    parser.add_argument("--workbooks", type=int, default=400)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    expressions = fuzz_expressions(args.expressions, args.seed)
    print("expressions:", expressions)
    workbooks = fuzz_workbooks(args.workbooks, args.seed)
    print("workbooks:", workbooks)


if __name__ == "__main__":
    main()
