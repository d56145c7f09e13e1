"""Robber Knights rules: pure Python, no pygame."""
