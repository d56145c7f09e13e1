"""The title font keeps the two dots of "ä" apart (they merged into a bar, "Rāuber-Rommé")."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme

TITLE = "Räuber-Rommé"


def _ink_top(surface: pygame.Surface) -> int:
    """The first row with visible ink."""
    for y in range(surface.get_height()):
        if any(surface.get_at((x, y)).a > 60 for x in range(surface.get_width())):
            return y
    raise AssertionError("nothing drawn")


def _dots_column_profile(size: int, bold: bool) -> list[int]:
    """For each column of the "ä" in the rendered title: the strongest ink above the "a"."""
    rendered = theme.text(TITLE, size, theme.ACCENT, bold)
    face = theme.font(size, bold)
    left = face.size("R")[0]
    metrics = face.metrics("ä")[0]
    assert metrics is not None
    min_x, max_x = metrics[0], metrics[1]
    dots_bottom = _ink_top(theme.text("a", size, theme.ACCENT, bold))
    return [
        max(rendered.get_at((x, y)).a for y in range(dots_bottom))
        for x in range(left + min_x, left + max_x)
    ]


@pytest.mark.parametrize(
    "size",
    # The menu's game button, the table's title, and the two title sizes.
    [theme.FONT_LARGE - 2, theme.FONT_LARGE, theme.FONT_TITLE, theme.FONT_HUGE],
)
@pytest.mark.parametrize("bold", [True, False])
def test_the_umlaut_dots_stay_apart(size: int, bold: bool) -> None:
    profile = _dots_column_profile(size, bold)
    inked = [i for i, alpha in enumerate(profile) if alpha > 128]
    assert len(inked) >= 2, f"no dots above the a at size {size}: {profile}"
    between = profile[inked[0] : inked[-1] + 1]
    assert min(between) < 128, f"the dots of ä touch at size {size} (bold={bold}): {profile}"
