"""The small inline markup every text element understands.

* ``**bold**``, ``*italic*`` (``***both***``), set in the real bold and italic faces;
* ``{color=#a00|red words}`` (any colour printkit reads: ``#rgb``, ``#rrggbb``, a name), which may hold
  bold and italic inside;
* ``:icon-name:`` draws an icon inline (as before; handled when the runs are broken into words);
* a newline, or ``<br>``, starts a new line;
* ``\\*``, ``\\{``, ``\\}``, ``\\[``, ``\\<`` and ``\\\\`` print the character itself.

Square brackets are text: ``[rule]``, ``[Rule 3]`` and ``[1]`` print as written.  Markup of other tools that
printkit would otherwise print as written, silently (``[b]bold[/b]``, ``<i>italic</i>``, ``[color=red]…[/color]``),
and a misspelt colour (``{colour:#a00|…}``, ``{colr=#a00|…}``) are errors (:func:`foreign_markup`) that say how
printkit writes it, or how to print the brackets as written.

Text without any of these characters is one plain run, so existing texts print as before.  An
unclosed ``*`` or ``{`` prints as written rather than failing: card text comes from spreadsheets
where a lone asterisk ("see rules*") is common.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    italic: bool = False
    color: str | None = None  # None: the element's colour


_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_COLOR_OPEN = re.compile(r"\{colou?r=([#A-Za-z0-9]{1,32})\|")
_SPECIAL = set("*{}\\<")


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[Run, ...]:
    """``text`` as runs of one style each, in order (newlines stay inside the runs' text)."""
    if not any(ch in _SPECIAL for ch in text):
        return (Run(text),) if text else ()
    text = _BR.sub("\n", text)
    runs: list[Run] = []
    bold = italic = False
    colors: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            runs.append(Run("".join(buf), bold, italic, colors[-1] if colors else None))
            buf.clear()

    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] in "*{}\\[<":
            buf.append(text[i + 1])
            i += 2
            continue
        if ch == "*":
            stars = 2 if text.startswith("**", i) else 1
            if text.startswith("***", i) and not bold and not italic and _closes(text, i + 3, "***"):
                flush()
                bold = italic = True
                i += 3
                continue
            if text.startswith("***", i) and bold and italic:
                flush()
                bold = italic = False
                i += 3
                continue
            if stars == 2:
                if bold or _closes(text, i + 2, "**"):
                    flush()
                    bold = not bold
                    i += 2
                    continue
            elif italic or _closes(text, i + 1, "*"):
                flush()
                italic = not italic
                i += 1
                continue
            buf.append(ch * stars)
            i += stars
            continue
        if ch == "{":
            m = _COLOR_OPEN.match(text, i)
            if m and _balanced_close(text, m.end()):
                flush()
                colors.append(m.group(1))
                i = m.end()
                continue
        if ch == "}" and colors:
            flush()
            colors.pop()
            i += 1
            continue
        buf.append(ch)
        i += 1
    flush()
    return tuple(runs)


def _closes(text: str, start: int, marker: str) -> bool:
    """Whether ``marker`` appears again later (so an opening marker is markup, not a lone asterisk)."""
    j = text.find(marker, start)
    while j > 0 and text[j - 1] == "\\":
        j = text.find(marker, j + 1)
    return j > start


def _balanced_close(text: str, start: int) -> bool:
    depth = 1
    for k in range(start, len(text)):
        if text[k] == "\\":
            continue
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return True
    return False


def plain(text: str) -> str:
    """The characters that will print (markup removed), for glyph checks and messages."""
    return "".join(r.text for r in parse(text))


# Tags of BBCode (nanDECK, forums) and HTML/Pango (Squib) that a designer may bring along, and what printkit
# writes instead.  Only a tag that is opened and closed counts: "[b]" alone is text.
_FOREIGN = re.compile(r"(?<!\\)([\[<])(b|i|u|s|em|strong|color|colour|font|size|span)\b([^\]>]*)[\]>](.*?)"
                      r"(?<!\\)[\[<]/\2[\]>]", re.IGNORECASE | re.DOTALL)
_INSTEAD = {"b": "**bold**", "strong": "**bold**", "i": "*italic*", "em": "*italic*",
            "color": "{color=#a00|words}", "colour": "{color=#a00|words}", "span": "{color=#a00|words}"}
_MISSPELT_COLOR = re.compile(r"(?<!\\)\{\s*([A-Za-z]+)\s*[=:]\s*([^|{}]{0,40})\|")


def foreign_markup(text: str) -> str | None:
    """What is wrong when ``text`` holds markup printkit does not read but a designer meant as markup (another
    tool's tags, a misspelt colour), or None.  Plain brackets (``[rule]``) are text and pass."""
    m = _FOREIGN.search(text)
    if m is not None:
        tag = f"{m.group(1)}{m.group(2)}{m.group(3)}{']' if m.group(1) == '[' else '>'}"
        instead = _INSTEAD.get(m.group(2).lower())
        how = f"printkit writes it {instead}" if instead else "printkit has no markup for it"
        return (f"{tag!r} is markup of another tool, which printkit would print as written: {how}; "
                f"to print the tag itself, write \\{tag}")
    for m in _MISSPELT_COLOR.finditer(text):
        if _COLOR_OPEN.match(text, m.start()) is None \
                and difflib.get_close_matches(m.group(1).lower(), ("color", "colour"), cutoff=0.6):
            return (f"{m.group(0)!r} looks like colour markup but is not: printkit writes {{color=#a00|words}} "
                    f"(or {{colour=red|words}}); to print the brace itself, write \\{{")
    return None
