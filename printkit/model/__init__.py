"""Validated, immutable types built from definition files and transcriptions."""
