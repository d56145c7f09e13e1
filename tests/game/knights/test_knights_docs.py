"""The usage examples in the Robber Knights docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

import game.knights
import game.knights.position


@pytest.mark.parametrize("module", [game.knights, game.knights.position])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
