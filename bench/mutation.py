"""Mutation score of the test suite over the rules, imposition and rendering modules (a benchmark, not CI).

Each mutant changes one thing on one line of product code, the way a slip of the keyboard would: a
number one higher, ``<`` for ``<=``, ``+`` for ``-``, ``and`` for ``or``, a ``not`` dropped.  The
tests that cover that module run against the mutant in a copy of the repository; a mutant is
*killed* when they fail (or hang past the timeout).  Mutants are a seeded random sample of every
mutation point, so a run fits in the time there is; the same seed gives the same sample.

    PYTHONPATH=. python bench/mutation.py [--per-module 12] [--seed 1] [--write]

Cheap iteration: ``--list`` prints the sample without running it, ``--modules text.py pdf.py`` keeps only
those modules' mutants (the sample itself does not change), ``--only MODULE:LINE ...`` re-runs the sampled
mutants on those lines, and ``--lines MODULE:LINE ...`` runs *every* mutation point on those lines instead of
the sample.  Mutants listed in ``EQUIVALENT`` (with the reason they cannot change behaviour) are reported as
such and left out of the score's denominator, never silently.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from results import replace_section  # bench/ is on sys.path when a bench runs

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## mutation score (rules, imposition, rendering)"

# module -> the tests that are meant to catch a mistake in it
TARGETS: dict[str, list[str]] = {
    "printkit/games/ganz_schon_clever/rules/score.py": [
        "tests/games/ganz_schon_clever/test_gsc_score.py", "tests/games/ganz_schon_clever/test_gsc_score_tables.py",
        "tests/games/ganz_schon_clever/test_gsc_examples.py"],
    "printkit/games/ganz_schon_clever/rules/legality.py": [
        "tests/games/ganz_schon_clever/test_gsc_score.py", "tests/games/ganz_schon_clever/test_gsc_mutations.py",
        "tests/games/ganz_schon_clever/test_gsc_examples.py",
        "tests/games/ganz_schon_clever/test_gsc_solo_passive.py"],
    "printkit/games/san_marco/rules/variant.py": ["tests/games/san_marco/test_variant.py",
                                                  "tests/games/san_marco/test_options.py"],
    "printkit/engine/imposition.py": [
        "tests/engine/test_imposition.py", "tests/engine/test_imposition_properties.py",
        "tests/engine/test_cards_pdf.py", "tests/engine/test_bleed_pixels.py",
        "tests/engine/test_imposition_pinned.py", "tests/engine/test_page_furniture.py"],
    "printkit/engine/render/text.py": ["tests/engine/test_text.py", "tests/engine/test_cards_pdf.py",
                                       "tests/engine/test_imposition_pinned.py", "tests/engine/render/test_markup.py"],
    "printkit/engine/render/pdf.py": ["tests/engine/test_cards_pdf.py", "tests/engine/test_bleed_pixels.py",
                                      "tests/engine/test_page_furniture.py", "tests/engine/test_rotate.py"],
}

_LEGALITY = "printkit/games/ganz_schon_clever/rules/legality.py"
# Mutants that cannot change what the program does, each with the reason; keyed by module, the mutated line's
# code (stripped) and the mutation, so the entry still applies when the line moves.
EQUIVALENT: dict[tuple[str, str, str], str] = {
    (_LEGALITY, "problems += 1", "1 -> 2"):
        "`problems` starts at 0, is only ever increased and is only read as `if not problems`: 1 and 2 are "
        "both truthy, so the solver is skipped in exactly the same cases.",
    ("printkit/engine/render/text.py", "words = sorted((w for w in glossary if len(w) > 1), key=len, reverse=True)",
     "Gt -> GtE"):
        "a one-character glossary word matches one token of that same text and replaces it with `_with(run[0], "
        "text=w, space_after=run[-1].space_after)`, a token equal to it: the output cannot change.",
    ("printkit/games/san_marco/rules/variant.py", "k = others.index(i) if i != capital else -1", "1 -> 2"):
        "`k` is only read as `names[k]` and `colors[k]` in the `else` branches of `... if i == capital else ...`, "
        "so the value given to the capital (-1 or -2) is never used.",
    ("printkit/engine/render/pdf.py",
     'doc.record(piece, Affine.place(ox - win.x, oy - win.y), "board", (b, b, b, b), texts)', "Sub -> Add"):
        "the board's placement is recorded only for tile A1 (`if tile.row == 0 and tile.col == 0`), whose window "
        "starts at board (0, 0) (`Box(c * step_x, r * step_y, ...)`): `ox - 0` and `ox + 0` are the same.",
    ("printkit/engine/render/pdf.py",
     "self.canvas = Canvas(self.buf, pagesize=(page_size[0] * mm, page_size[1] * mm), invariant=1,", "Mult -> Div"):
        "the canvas's first page size is never written: every page calls `set_page` (setPageSize) before anything "
        "is drawn, and a canvas saved with no page writes no size; ReportLab gives byte-identical PDFs for "
        "210 x 297 mm and 210 / mm x 297 / mm there, with and without pages (checked).",
}

_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Mult,
    ast.And: ast.Or, ast.Or: ast.And,
}


@dataclass(frozen=True)
class Mutant:
    module: str
    index: int  # the index-th mutation point in the module (walk order)
    line: int
    what: str
    code: str = ""  # the line as written, stripped

    @property
    def equivalent(self) -> str | None:
        return EQUIVALENT.get((self.module, self.code, self.what))


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _points(tree: ast.AST) -> list[tuple[ast.AST, int, str]]:
    """Every place one mutation can go: (node, which operator of a comparison, description), in walk order.

    A comparison's operator is named by the Compare node and its position, never by the operator object:
    CPython shares one ``ast.Lt()`` (etc.) among every comparison of a module, so the object would name them
    all (an earlier version of this script mutated the module's first ``<`` whichever ``<`` it had drawn)."""
    skip = _docstrings(tree)
    found: list[tuple[ast.AST, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in skip and type(node.value) in (int, float):
            found.append((node, 0, f"{node.value!r} -> {node.value + 1!r}"))
        elif isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in _SWAPS:
                    found.append((node, i, f"{type(op).__name__} -> {_SWAPS[type(op)].__name__}"))
        elif (isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _SWAPS) or isinstance(node, ast.BoolOp):
            found.append((node, 0, f"{type(node.op).__name__} -> {_SWAPS[type(node.op)].__name__}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.append((node, 0, "not x -> x"))
    return found


def mutate(source: str, index: int) -> tuple[str, int, str]:
    """The source with mutation ``index`` applied: (new source, line, description)."""
    tree = ast.parse(source)
    node, slot, what = _points(tree)[index]
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.Constant):
        node.value = node.value + 1
    elif isinstance(node, ast.Compare):
        node.ops = [_SWAPS[type(o)]() if i == slot else o for i, o in enumerate(node.ops)]
    elif isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp):
        node.op = _SWAPS[type(node.op)]()
    elif isinstance(node, ast.UnaryOp):
        replacement = node.operand
        for parent in ast.walk(tree):
            for field, value in ast.iter_fields(parent):
                if value is node:
                    setattr(parent, field, replacement)
                elif isinstance(value, list) and any(v is node for v in value):
                    value[next(i for i, v in enumerate(value) if v is node)] = replacement
    return ast.unparse(ast.fix_missing_locations(tree)), line, what


def _mutants(module: str, source: str) -> list[Mutant]:
    """Every mutation point of a module, located, without applying any."""
    lines = source.splitlines()
    return [Mutant(module, i, node.lineno, what, lines[node.lineno - 1].strip())
            for i, (node, _, what) in enumerate(_points(ast.parse(source)))]


def sample(per_module: int, seed: int, root: Path = ROOT) -> list[Mutant]:
    rng = random.Random(seed)
    mutants = []
    for module in TARGETS:
        source = (root / module).read_text(encoding="utf-8")
        every = _mutants(module, source)
        mutants += [every[i] for i in sorted(rng.sample(range(len(every)), min(per_module, len(every))))]
    return mutants


def on_lines(wanted: list[str], root: Path = ROOT) -> list[Mutant]:
    """Every mutation point on the given ``module:line`` lines (not a sample)."""
    mutants = []
    for module in TARGETS:
        lines = {int(w.rpartition(":")[2]) for w in wanted if w.rpartition(":")[0] == module}
        if not lines:
            continue
        mutants += [m for m in _mutants(module, (root / module).read_text(encoding="utf-8")) if m.line in lines]
    return mutants


def snapshot(tmp: str) -> Path:
    """A copy of the repository to mutate.  Mutants are drawn from the copy, not the working tree, so a
    commit or merge during a long run cannot shift the points under the sample."""
    copy = Path(tmp) / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "output", "__pycache__",
                                                                ".hypothesis", ".pytest_cache"))
    return copy


def run(mutants: list[Mutant], timeout: float, copy: Path) -> list[tuple[Mutant, str]]:
    outcomes = []
    env = {**os.environ, "PYTHONPATH": str(copy), "PRINTKIT_NO_CACHE": "1"}
    for m in mutants:
        if m.equivalent:
            print(f"{'equiv':>8}  {m.module}:{m.line}  {m.what}", flush=True)
            outcomes.append((m, "equivalent"))
            continue
        target = copy / m.module
        original = target.read_text(encoding="utf-8")
        mutated, _, _ = mutate(original, m.index)
        target.write_text(mutated, encoding="utf-8")
        try:
            done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                   *TARGETS[m.module]], cwd=copy, env=env, capture_output=True,
                                  timeout=timeout, check=False)
            outcome = "survived" if done.returncode == 0 else "killed"
        except subprocess.TimeoutExpired:
            outcome = "timeout"
        finally:
            target.write_text(original, encoding="utf-8")
        print(f"{outcome:>8}  {m.module}:{m.line}  {m.what}", flush=True)
        outcomes.append((m, outcome))
    return outcomes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-module", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--write", action="store_true", help=f"replace the section in {RESULTS.name}")
    ap.add_argument("--only", nargs="*", default=None, metavar="MODULE:LINE",
                    help="run only the sampled mutants on these lines (e.g. survivors of an earlier run)")
    ap.add_argument("--lines", nargs="*", default=None, metavar="MODULE:LINE",
                    help="run every mutation point on these lines instead of the sample")
    ap.add_argument("--modules", nargs="*", default=None, metavar="NAME",
                    help="keep only mutants of modules whose path contains one of these (the sample is unchanged)")
    ap.add_argument("--list", action="store_true", help="print the mutants and their tests, run nothing")
    args = ap.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        copy = ROOT if args.list else snapshot(tmp)
        mutants = on_lines(args.lines, copy) if args.lines is not None else sample(args.per_module, args.seed, copy)
        if args.only is not None:
            mutants = [m for m in mutants if f"{m.module}:{m.line}" in args.only]
        if args.modules is not None:
            mutants = [m for m in mutants if any(n in m.module for n in args.modules)]
        if args.list:
            for m in mutants:
                note = "  (equivalent)" if m.equivalent else ""
                print(f"{m.module}:{m.line}  {m.what}  | {m.code}{note}")
            print("tests:", {m.module: TARGETS[m.module] for m in mutants})
            return
        outcomes = run(mutants, args.timeout, copy)
    equivalent = sum(1 for _, o in outcomes if o == "equivalent")
    scored = len(outcomes) - equivalent
    killed = sum(1 for _, o in outcomes if o in ("killed", "timeout"))
    command = " ".join(["python bench/mutation.py", *sys.argv[1:]]).replace(" --write", "")
    lines = [HEADING, "",
             f"- date: {datetime.date.today()}; `{command}` ({len(outcomes)} mutants; "
             f"{(time.monotonic() - started) / 60:.0f} min on the shared 2 cores, load average "
             f"{os.getloadavg()[0]:.1f} at the end)",
             f"- **{killed} of {scored} killed ({100 * killed / max(scored, 1):.0f}%)**; target >= 90%; "
             f"{equivalent} equivalent mutant(s) left out of the count (reasons below)",
             "", "| module | killed | survivors (line: mutation) |", "|---|---|---|"]
    for module in TARGETS:
        mine = [(m, o) for m, o in outcomes if m.module == module and o != "equivalent"]
        dead = sum(1 for _, o in mine if o != "survived")
        alive = "; ".join(f"{m.line}: {m.what}" for m, o in mine if o == "survived") or "–"
        lines.append(f"| {module} | {dead}/{len(mine)} | {alive} |")
    for m, o in outcomes:
        if o == "equivalent":
            lines.append(f"\n- equivalent, {m.module}:{m.line} `{m.code}` ({m.what}): {m.equivalent}")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
