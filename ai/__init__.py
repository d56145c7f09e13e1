"""Computer players: random, greedy, ISMCTS, the rummy solver and the difficulty levels."""
