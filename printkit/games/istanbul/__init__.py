"""Istanbul: the 16 place cards in any language, every layout, and the rest of the kit."""
