"""Tools for printkit's tests, benchmarks and scripts; not part of the installed package.

The wheel ships only ``printkit``. An editable install (``pip install -e .``) puts the repository root on
``sys.path``, so ``import devkit`` works there; bench/ and scripts/ run with ``PYTHONPATH=.``.
"""
