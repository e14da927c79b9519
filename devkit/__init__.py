"""Tools for printkit's tests, benchmarks and scripts; not part of the installed package.

The wheel ships only ``printkit``. An editable install (``pip install -e .``) puts the repository root on
``sys.path``, so ``import devkit`` works there; bench/ and scripts/ run with ``PYTHONPATH=.``.

- :mod:`devkit.readback`: what a rendered PDF holds, read back for tests.
- :mod:`devkit.scan`: simulated captures (flatbed scans, phone photos) and simulated handwriting, for any game.
- :mod:`devkit.ganz_schon_clever`: a Ganz schön clever pad printed in memory, filled in by simulated players
  (the synthetic test set), and what each box of it should read.
"""
