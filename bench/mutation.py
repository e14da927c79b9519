"""Mutation score of the test suite over the rules, imposition and rendering modules (a benchmark, not CI).

Each mutant changes one thing on one line of product code, the way a slip of the keyboard would: a
number one higher, ``<`` for ``<=``, ``+`` for ``-``, ``and`` for ``or``, a ``not`` dropped.  The
tests that cover that module run against the mutant in a copy of the repository; a mutant is
*killed* when they fail (or hang past the timeout).  Mutants are a seeded random sample of every
mutation point, so a run fits in the time there is; the same seed gives the same sample.

    PYTHONPATH=. python bench/mutation.py [--per-module 12] [--seed 1] [--write]
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
        "tests/gsc/test_gsc_score.py", "tests/gsc/test_gsc_score_tables.py", "tests/gsc/test_gsc_examples.py"],
    "printkit/games/ganz_schon_clever/rules/legality.py": [
        "tests/gsc/test_gsc_score.py", "tests/gsc/test_gsc_mutations.py", "tests/gsc/test_gsc_examples.py"],
    "printkit/games/san_marco/rules/variant.py": ["tests/san_marco/test_variant.py", "tests/san_marco/test_options.py"],
    "printkit/engine/imposition.py": [
        "tests/engine/test_imposition.py", "tests/engine/test_imposition_properties.py",
        "tests/engine/test_cards_pdf.py", "tests/engine/test_bleed_pixels.py",
        "tests/engine/test_imposition_pinned.py"],
    "printkit/engine/render/text.py": ["tests/engine/test_text.py", "tests/engine/test_cards_pdf.py",
                                       "tests/engine/test_imposition_pinned.py"],
    "printkit/engine/render/pdf.py": ["tests/engine/test_cards_pdf.py", "tests/engine/test_bleed_pixels.py"],
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


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _points(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    """Every place one mutation can go, with a description, in a stable walk order."""
    skip = _docstrings(tree)
    found: list[tuple[ast.AST, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in skip and type(node.value) in (int, float):
            found.append((node, f"{node.value!r} -> {node.value + 1!r}"))
        elif isinstance(node, ast.Compare):
            for op in node.ops:
                if type(op) in _SWAPS:
                    found.append((op, f"{type(op).__name__} -> {_SWAPS[type(op)].__name__}"))
        elif (isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _SWAPS) or isinstance(node, ast.BoolOp):
            found.append((node, f"{type(node.op).__name__} -> {_SWAPS[type(node.op)].__name__}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.append((node, "not x -> x"))
    return found


def mutate(source: str, index: int) -> tuple[str, int, str]:
    """The source with mutation ``index`` applied: (new source, line, description)."""
    tree = ast.parse(source)
    node, what = _points(tree)[index]
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.Constant):
        node.value = node.value + 1
    elif isinstance(node, ast.cmpop):
        parent = next(n for n in ast.walk(tree) if isinstance(n, ast.Compare) and node in n.ops)
        parent.ops = [_SWAPS[type(o)]() if o is node else o for o in parent.ops]
        line = parent.lineno
    elif isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp):
        node.op = _SWAPS[type(node.op)]()
    elif isinstance(node, ast.UnaryOp):
        replacement = node.operand
        for parent in ast.walk(tree):
            for field, value in ast.iter_fields(parent):
                if value is node:
                    setattr(parent, field, replacement)
                elif isinstance(value, list) and node in value:
                    value[value.index(node)] = replacement
    return ast.unparse(ast.fix_missing_locations(tree)), line, what


def sample(per_module: int, seed: int) -> list[Mutant]:
    rng = random.Random(seed)
    mutants = []
    for module in TARGETS:
        source = (ROOT / module).read_text(encoding="utf-8")
        points = _points(ast.parse(source))
        for i in sorted(rng.sample(range(len(points)), min(per_module, len(points)))):
            _, line, what = mutate(source, i)
            mutants.append(Mutant(module, i, line, what))
    return mutants


def run(mutants: list[Mutant], timeout: float) -> list[tuple[Mutant, str]]:
    outcomes = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "repo"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "output", "__pycache__",
                                                                    ".hypothesis", ".pytest_cache"))
        env = {**os.environ, "PYTHONPATH": str(copy), "PRINTKIT_NO_CACHE": "1"}
        for m in mutants:
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
    args = ap.parse_args()
    started = time.monotonic()
    mutants = sample(args.per_module, args.seed)
    if args.only is not None:
        mutants = [m for m in mutants if f"{m.module}:{m.line}" in args.only]
    outcomes = run(mutants, args.timeout)
    killed = sum(1 for _, o in outcomes if o != "survived")
    lines = [HEADING, "",
             f"- date: {datetime.date.today()}; `python bench/mutation.py --per-module {args.per_module} --seed "
             f"{args.seed}` ({len(outcomes)} mutants, a seeded sample of every mutation point; "
             f"{(time.monotonic() - started) / 60:.0f} min on the shared 2 cores)",
             f"- **{killed} of {len(outcomes)} killed ({100 * killed / max(len(outcomes), 1):.0f}%)**; target >= 90%",
             "", "| module | killed | survivors (line: mutation) |", "|---|---|---|"]
    for module in TARGETS:
        mine = [(m, o) for m, o in outcomes if m.module == module]
        dead = sum(1 for _, o in mine if o != "survived")
        alive = "; ".join(f"{m.line}: {m.what}" for m, o in mine if o == "survived") or "–"
        lines.append(f"| {module} | {dead}/{len(mine)} | {alive} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
