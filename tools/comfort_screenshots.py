"""Pictures of the comforts for docs/screenshots: the move log with the replay, the rules screen
of each game, statistics, settings, the save list, and a German and a Dutch table.

    python tools/comfort_screenshots.py [DIR]      (default: docs/screenshots)

Everything is reached by seeded play in a private data folder, headless.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["ROBBERS_DEN_HOME"] = tempfile.mkdtemp(prefix="robbers-den-shots-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.persist import record_result, save_named, saved_game  # noqa: E402
from game.play.session import Seat, Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.overlays import HelpOverlay  # noqa: E402
from game.ui.replay import ReplayOverlay, last_opponent_turn  # noqa: E402
from game.ui.saves_scene import SavesScene  # noqa: E402
from game.ui.settings_scene import SettingsScene  # noqa: E402
from game.ui.stats_scene import StatsScene  # noqa: E402
from game.ui.tables import open_table  # noqa: E402
from game.ui.testing import headless_app  # noqa: E402

SIZE = (1280, 800)


class SeededAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


def fresh_app(language: str = "en") -> App:
    app = headless_app(SIZE)
    app.apply_settings(app.settings.replace(language=language))
    app.push(MenuScene(app))
    app.run_frames(1)
    return app


def knights_midgame(app: App, lays: int = 14, seed: int = 31) -> Any:
    seats = [Seat("Ann", True, colour=0), Seat("Kunz", False, "hard", colour=1)]
    session = Session("knights", seats, seed)
    session.set_agent(1, SeededAgent())
    table: Any = open_table(app, session)
    rng = random.Random(seed)
    while sum(1 for e in session.history if e.seat == 0) < lays:
        if table.human_to_move():
            actions = table.state.legal_actions()
            deploys = [a for a in actions if getattr(a, "count", 0) >= 2]
            table.act(rng.choice(deploys or actions))
        app.run_frames(1)
        app.run_until(lambda: table.human_to_move() or table.state.is_terminal, 500)
        if table.state.is_terminal:
            break
    return table


def shot(app: App, directory: Path, name: str) -> None:
    app.run_frames(2)
    app.screenshot(str(directory / name))
    print(f"comfort_screenshots: {directory / name}")


def main(argv: list[str]) -> int:
    directory = Path(argv[0]) if argv else Path("docs/screenshots")
    directory.mkdir(parents=True, exist_ok=True)

    app = fresh_app()
    table = knights_midgame(app)
    turn = last_opponent_turn(table.session, 0)
    assert turn is not None
    replay = ReplayOverlay(app, table, turn)
    app.push(replay)
    replay.go(min(2, replay.steps))
    shot(app, directory, "log-replay.png")
    app.pop()
    save_named("Sunday evening", saved_game("knights", table.session.seats, table.state))

    for topic in ("knights", "rummy"):
        help_app = fresh_app()
        help_app.push(HelpOverlay(help_app, topic))
        help_app.run_frames(2)
        help_app.top.scroll = 10_000
        shot(help_app, directory, f"rules-{topic}.png")

    for level, won, score in (("hard", True, 14), ("hard", False, 9), ("medium", True, 17)):
        record_result("knights", level, won, score)
    for level, won, score in (("expert", False, 42), ("expert", True, 0), ("humans", False, 12)):
        record_result("rummy", level, won, score)
    stats_app = fresh_app()
    stats_app.push(StatsScene(stats_app))
    shot(stats_app, directory, "statistics.png")
    stats_app.pop()
    stats_app.push(SettingsScene(stats_app))
    shot(stats_app, directory, "settings.png")
    stats_app.pop()
    stats_app.push(SavesScene(stats_app))
    shot(stats_app, directory, "saves.png")

    german = fresh_app("de")
    german_table = knights_midgame(german, lays=10, seed=44)
    german_table.show_hint()
    german.run_until(lambda: german_table.hint_action is not None, 6000)
    shot(german, directory, "de-knights-table.png")
    german.push(SettingsScene(german))
    shot(german, directory, "de-settings.png")

    dutch = fresh_app("nl")
    seats = [Seat("Ann", True, colour=0), Seat("Hilde", False, "easy", colour=1)]
    session = Session("rummy", seats, 12)
    session.set_agent(1, SeededAgent())
    rummy: Any = open_table(dutch, session)
    for _turn in range(6):
        dutch.run_until(lambda: rummy.human_to_move(), 2000)
        rummy.draw_card()
    dutch.run_until(lambda: rummy.human_to_move(), 2000)
    shot(dutch, directory, "nl-rummy-table.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
