"""Istanbul's pieces laid out: pure functions from the model to card fields and Pieces."""
