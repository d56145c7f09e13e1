"""Robbers' Den: Robber Knights and Räuber-Rommé, rules engines and the pygame-ce client."""

__version__ = "0.1.0"
