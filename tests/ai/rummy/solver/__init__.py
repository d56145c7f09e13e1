"""Tests of the rummy solver (ai/rummy/solver/) and its integer-program oracle."""
