"""Pure game rules: no I/O, immutable inputs, plain results."""
