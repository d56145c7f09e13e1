"""The message beside the rummy status line is shown whole in a 1024-wide window: a hint's
"Accept (Y) or dismiss (Esc)." was cut to "Accept (Y) or dismiss …"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.rummy import parse_cards
from game.ui import theme
from game.ui.app import App
from game.ui.rummy import table_draw
from tests.game.ui.rummy.test_ui_rummy import hand_built, open_table


@pytest.fixture
def narrow_app() -> Iterator[App]:
    application = App((1024, 640), headless=True, pace=0.0)
    yield application
    for scene in list(application.scenes):
        scene.on_exit()


def test_the_hint_message_fits_whole_beside_the_status_at_1024(narrow_app: App) -> None:
    hand = "QS KS AS 6D 7D QD QH QC 9C 3H 4H 10C 2S 4S 7C KC"
    scene = open_table(narrow_app, hand_built([hand, "2S 3S 4S 8D"]))
    scene.hint_arrived([parse_cards("QS KS AS"), parse_cards("QD QH QC")])
    narrow_app.run_frames(1)
    assert "Accept (Y) or dismiss (Esc)." in scene.message
    shown = table_draw.status_message(scene)
    assert shown is not None
    line, size = shown
    assert line == scene.message
    assert size >= theme.FONT_SMALL - table_draw.MESSAGE_SHRINK
