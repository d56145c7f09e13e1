"""The Robber Knights computer players: the evaluation, greedy and search players, the levels."""
