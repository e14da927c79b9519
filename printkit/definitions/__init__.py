"""Definition files: reading YAML/JSON with positions, and the bundled game definitions."""
