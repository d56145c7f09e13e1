"""Issue 35: every number the game reads from a file goes through the one checked reader
(:mod:`game.numbers`): ``float(x)`` on an integer of 400 digits raises OverflowError, and a
stored review once crashed every start that way. So no ``float()`` of a non-literal value is
allowed anywhere in ``game/`` except in the modules below, each for the reason given (they
convert values the program computed itself, never a file's)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.numbers import finite_number, number_in
from tests.paths import ROOT

GAME = ROOT / "game"

ALLOWED = {
    "numbers.py": "the checked reader itself: float() after the type check, OverflowError caught",
    "cli_args.py": "a command-line text: float(str) never overflows (1e400 is inf), then checked",
    "knights/plugin.py": "scores the engine computed (small whole numbers)",
    "rummy/plugin.py": "hand values the engine computed (small whole numbers)",
    "sounds.py": "numpy peaks of waves the game synthesises",
    "ui/sprites.py": "a random jitter from the game's own generator",
    "ui/testing.py": "test input events (a wheel step the test gives)",
    "play/review_job.py": "a review budget from the settings (already checked) or the default",
}


def float_calls(path: Path) -> list[int]:
    """Lines of ``float(...)`` calls whose argument is not a literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "float"
        and node.args
        and not isinstance(node.args[0], ast.Constant)
    ]


def test_no_float_of_an_unchecked_value_anywhere_in_game() -> None:
    found = {
        str(path.relative_to(GAME)): lines
        for path in sorted(GAME.rglob("*.py"))
        if (lines := float_calls(path))
    }
    unchecked = {name: lines for name, lines in found.items() if name not in ALLOWED}
    assert not unchecked, f"float() of a value that may come from a file: {unchecked}"
    assert set(found) <= set(ALLOWED)
    assert "review.py" not in found and "persist/settings.py" not in found


def test_the_scan_sees_a_float_call() -> None:
    assert float_calls(GAME / "numbers.py")  # not vacuous: the reader's own float() is found


@pytest.mark.parametrize("value", [10**400, -(10**400), 2**1024, float("nan"), float("inf"), True])
def test_the_reader_refuses_what_a_float_cannot_be(value: object) -> None:
    with pytest.raises(ValueError, match="review's budget"):
        number_in(value, "the review's budget", 0.0, 3600.0)
    with pytest.raises(ValueError):
        finite_number(value, "a weight")


def test_the_reader_takes_ordinary_numbers() -> None:
    assert number_in(1, "a chance", 0.0, 1.0) == 1.0 and isinstance(number_in(1, "x", 0, 1), float)
    assert finite_number(2**1023, "big but a float") == float(2**1023)
    with pytest.raises(ValueError, match="not from 0 to 1"):
        number_in(1.5, "a chance", 0.0, 1.0)
