"""San Marco's kit notes: the only pages about how the kit was made, laid out as one flow.

First where the kit's rules come from (``data/rules/<lang>.yaml``, blocks shared with the engine's rulebook
format), then every house value the definition marks, the house rules, the values taken from the write-up the
kit started from, and what differs from the published game and why (``data/notes.yaml``).  Two columns;
one page on A4 and Letter, on A5 the text runs on to a second page.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.engine.elements import Element, Piece, Text
from printkit.engine.rulebook import Block
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.drawing import Flow
from printkit.games.san_marco.layout.house_notes import house_value_lines, seed_lines

BODY_STEP = 0.4  # pt the notes' body is set above the aid's: a page of running text, read at arm's length
BULLET_GAP, LIST_GAP = 0.3, 1.2  # mm after a bullet within a list, and after a list's last one
TITLE_TOP, TITLE_H, FIRST_TOP = 4.0, 11.0, 18.0  # mm: the title's band, and where the columns start below it


def notes_pages(kit: KitContext, lead: Sequence[Block] = ()) -> tuple[Piece, ...]:
    """The kit-notes pages: ``lead`` (where the rules come from) and the house notes in one flow."""
    a = kit.style.aid
    game = kit.game
    W, H, m = *kit.page(a.page_w, a.page_h), a.margin
    title = Text(m, TITLE_TOP, W - 2 * m, TITLE_H, kit.t("notes_title", title=game.title.get(kit.lang)),
                 size=a.title_size, bold=True, color=a.head_color, align="left", wrap=False)
    col_w = (W - 2 * m - a.gutter) / 2
    f = Flow([(m, col_w), (m + col_w + a.gutter, col_w)] * 3, top=m, bottom=H - m, first_top=FIRST_TOP,
             first_columns=2)
    body = a.body_size + BODY_STEP

    def head(text: str) -> None:
        f.add(text, a.head_size, a.head_color, bold=True, gap=0.6, keep=True)

    def bullets(lines: Sequence[str]) -> None:
        # one block a bullet: a long list runs on into the next column instead of leaving this one empty
        for i, line in enumerate(lines):
            f.add(f"• {line}", body, gap=BULLET_GAP if i + 1 < len(lines) else LIST_GAP)

    def section(key: str, lines: list[str], intro: str = "") -> None:
        if lines:
            head(kit.t(key))
            if intro:
                f.add(intro, body)
            bullets(lines)

    if game.variant is not None:  # first: what builds this very kit again
        f.add(kit.t("notes_variant_seed", seed=str(game.variant.seed)), body)
    for block in lead:
        if block.kind in ("head", "sub"):
            head(block.text)
        elif block.kind == "bullets":
            bullets(block.text.split("\n"))
        else:
            f.add(block.text, body)
    section("notes_house_head", house_value_lines(kit), kit.t("notes_intro"))
    section("notes_house_rules_head", [hr.text.get(kit.lang) for hr in game.house_rules])
    section("notes_seed_head", seed_lines(kit))
    section("notes_differs_head", [kit.t(k) for k in ("notes_diff_pieces", "notes_diff_board", "notes_diff_words",
                                                      "notes_diff_variants")])
    n_pages = max(f.column_of) // 2 + 1
    pages: list[list[Element]] = [[title]] + [[] for _ in range(n_pages - 1)]
    for e, col in zip(f.elements, f.column_of, strict=True):
        pages[col // 2].append(e)
    return tuple(Piece("san-marco kit notes" + (f" {i + 1}" if n_pages > 1 else ""), W, H, tuple(p))
                 for i, p in enumerate(pages))
