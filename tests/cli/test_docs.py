"""The user documentation keeps up with the command line: every command has its section in docs/commands.md,
the README points there, and no link in the README or docs/ leads nowhere."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from printkit.cli import app

ROOT = Path(__file__).resolve().parents[2]
COMMANDS_PAGE = ROOT / "docs" / "commands.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {_slug(line.lstrip("#")) for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


def test_every_command_has_a_section_on_the_commands_page() -> None:
    names = set(typer.main.get_command(app).commands)
    assert {"build", "check", "scan", "preflight", "calibrate", "schema", "showcase", "games", "sizes"} <= names
    sections = set(re.findall(r"^## `printkit (\w+)`$", COMMANDS_PAGE.read_text(encoding="utf-8"), re.MULTILINE))
    assert sorted(names - sections) == []
    assert sorted(sections - names) == []  # no section for a command that is gone


def test_the_readme_lists_the_commands_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    more = readme[readme.index("### More documentation"):]
    assert "](docs/commands.md)" in more


def test_every_link_in_the_readme_and_docs_leads_somewhere() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            resolved = (page.parent / path).resolve() if path else page
            if not resolved.exists():
                broken.append(f"{page.name}: {target}")
            elif anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert broken == []
