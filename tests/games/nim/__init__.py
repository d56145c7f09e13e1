"""Nim: a tiny third game that keeps the shared code honest (every game is a plug-in)."""
