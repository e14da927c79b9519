"""printkit: board-game definitions in, print-ready PDFs out.

Layers, one direction of flow:
definitions (YAML data) → model (validated types) → rules (pure functions)
→ layout (geometry in mm) → render (ReportLab) → cli.
"""

__version__ = "0.1.0"
