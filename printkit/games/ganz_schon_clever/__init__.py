"""Ganz schön clever: score-sheet pads, the solo page, the box table for scanners, and the checker."""

from printkit.engine.registry import Checker, Game, Option, Ruling, Scanner
from printkit.games.ganz_schon_clever.rulings import SOLO_PASSIVE_RULINGS

GAME = Game(
    titles={"en": "Ganz schön clever", "zh-TW": "絕頂聰明"},
    id="ganz-schon-clever",
    aliases=("clever", "gsc"),
    kit="printkit.games.ganz_schon_clever.kit:components",
    facts_from="printkit.games.ganz_schon_clever.kit:facts",
    languages=("en", "zh-TW", "de"),
    checker=Checker(
        run="printkit.games.ganz_schon_clever.check:check_file",
        languages=("en", "zh-TW"),
        rulings=(Ruling("solo_passive", "solo passive turn: none (no actions, the printed rule) or plus1 (the +1 "
                        "allowed, the variant). Default: a sheet possible under either is legal, and the report "
                        "says when it needed plus1.", SOLO_PASSIVE_RULINGS),),
    ),
    scanner=Scanner(
        run="printkit.games.ganz_schon_clever.scanner:scan",
        answer="printkit.games.ganz_schon_clever.scanner:answer",
        start_worker="printkit.games.ganz_schon_clever.scan.run:start_worker",
        options=(Option("players", int, "players, when the sheet's QR code does not say.", min=1, max=4),),
    ),
    components=(
        ("score-sheets", "a pad of score sheets (--count, 1 or 2 per page)"),
        ("solo-page", "solo rules summary and rating table"),
        ("score-sheet-boxes", "every box's position, for scanners (JSON)"),
    ),
    options=(
        Option("count", int, "sheets in the pad.", min=1, max=500),
        Option("per_page", int, "sheets per page (1 or 2).", min=1, max=2),
        Option("ink_saver", bool, "outlines instead of large colour fills."),
    ),
    json_schemas=(("gsc-sheet", "a Ganz schön clever transcription for `printkit check`",
                   "printkit.games.ganz_schon_clever.definitions.transcription:transcription_json_schema"),),
)
