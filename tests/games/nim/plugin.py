"""Nim as the program knows it: the test suite's own third game (registered by
tests/conftest.py through ``ROBBERS_DEN_EXTRA_GAMES``), built only from the plug-in contract."""

from __future__ import annotations

from game.core import N_, GameInfo
from game.plugin import DealParts, GamePlugin

from .engine import MAX_STONES, NimState, Take, action_from_dict, new_game

INFO = GameInfo(
    key="nim",
    title=N_("Nim"),
    blurb=N_("Take 1 to 3 stones; whoever takes the last stone wins (2–3 players)"),
    min_players=2,
    max_players=3,
    hidden_information=False,
    lower_score_wins=False,
    actions_listed=True,
    ends_with_play=True,
    menu_letter="n",
)


def _start(state: NimState, names: list[str], seed: int) -> NimState:
    return new_game(names, seed)


def _wins(state: NimState) -> list[float]:
    return state.returns()


def _result(before: NimState, after: NimState) -> tuple[list[int], list[int]]:
    winners = [] if after.winner is None else [after.winner]
    return [int(points) for points in after.returns()], winners


def save_problem(state: NimState) -> str | None:
    """A saved game is dealt as the engine deals: no pile above the deal's largest."""
    if any(stones > MAX_STONES for stones in state.piles):
        return "a pile holds more stones than any deal gives"
    return None


DEALS: DealParts[NimState] = DealParts(
    tag="N",
    unit=lambda state: 1,
    deal=lambda names, seed, unit: new_game(names, seed),
    dealt=lambda state: [str(stones) for stones in state.piles],
)

PLUGIN: GamePlugin[NimState, Take] = GamePlugin(
    info=INFO,
    new_game=new_game,
    state_from_dict=NimState.from_dict,
    action_from_dict=action_from_dict,
    first_position=_start,
    final_scores=_wins,
    result=_result,
    save_problem=save_problem,
    words_ref="tests.games.nim.words:WORDS",
    agent_ref="tests.games.nim.players:make_nim_agent",
    review_ref="tests.games.nim.review:NimReview",
    table_ref="tests.games.nim.table:NimTableScene",
    help_ref="tests.games.nim.help:NIM_TOPIC",
    rules_pictures_ref="tests.games.nim.help:nim_pictures",
    catalog_ref="tests.games.nim:locale",
    deals=DEALS,
)
