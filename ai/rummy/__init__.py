"""The Räuber-Rommé computer players: the heuristic, the moves, the search, the levels, the hint
and the solver."""
