"""Sprites, font and sounds, loaded with importlib.resources."""
