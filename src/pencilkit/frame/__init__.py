"""Genre-independent machinery: the board, the technique ladder, probing, search, rating."""
