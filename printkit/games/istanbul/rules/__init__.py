"""Istanbul's rules as pure functions over the model: layouts, tracks and setup.  No I/O."""
