"""The game review screen: the graph of win chances, the costliest decisions, their positions."""
