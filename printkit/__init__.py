"""printkit: board-game definitions in, print-ready PDFs out.

Layers, one direction of flow:
definitions (YAML data) → model (validated types) → rules (pure functions)
→ layout (geometry in mm) → render (ReportLab) → cli.
"""

__version__ = "0.1.0"

__all__ = ["Deck", "PrintkitError", "PrintkitWarning", "build"]


def __getattr__(name: str) -> object:
    """``from printkit import Deck, build`` (docs/api.md), loaded on first use so the command line starts without
    the engine."""
    if name in __all__:
        from printkit import api

        return getattr(api, name)
    raise AttributeError(f"module 'printkit' has no attribute {name!r}")
