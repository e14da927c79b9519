"""Sanssouci's rules as pure functions: no I/O."""
