"""The bundled games, one package each."""
