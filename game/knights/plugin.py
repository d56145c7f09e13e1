"""Robber Knights as the program knows it: what the game declares about itself, its engine's
entry points, its save checks, and where its other parts live (see ``game.plugin``)."""

from __future__ import annotations

from game.plugin import DealParts, GamePlugin

from ..core import N_, GameInfo
from .actions import Action, action_from_dict
from .state import KnightsState, new_game
from .tiles import HIDDEN

INFO = GameInfo(
    key="knights",
    title=N_("Robber Knights"),
    blurb=N_("Lay tiles, build castles, send out your knights (2–4 players)"),
    min_players=2,
    max_players=4,
    hidden_information=True,
    lower_score_wins=False,
    actions_listed=True,
    ends_with_play=True,
    menu_letter="k",
)

# Far beyond any real board (its spots stay within a 10x10 area around the start).
MAX_SPOT = 1_000


def _start(state: KnightsState, names: list[str], seed: int) -> KnightsState:
    return new_game(names, seed)


def _points(state: KnightsState) -> list[float]:
    return [float(points) for points in state.scores()]


def _result(before: KnightsState, after: KnightsState) -> tuple[list[int], list[int]]:
    return list(after.scores()), list(after.winners())


def save_problem(state: KnightsState) -> str | None:
    """What a saved position must hold beyond the rules (the engine loads views too): no hidden
    tile, no spot too far out to draw."""
    for group in (*state.hands, *state.piles, state.start):
        if any(tile.tile == HIDDEN for tile in group):
            return "a tile is hidden ('?'): this is a player's view, not a saved game"
    spots = list(state.board)
    if state.pending is not None:
        spots.append(state.pending)
    if any(abs(x) > MAX_SPOT or abs(y) > MAX_SPOT for x, y in spots):
        return "a tile lies far outside the table"
    return None


def _deal(names: list[str], seed: int, unit: int) -> KnightsState:
    return new_game(names, seed)


def _dealt(state: KnightsState) -> list[str]:
    """Every hand and pile as dealt, seat by seat, top first."""
    return [
        f"{seat}:{part}:{tile.letter}:{tile.tile}"
        for seat in range(state.num_players)
        for part, tiles in (("hand", state.hands[seat]), ("pile", state.piles[seat]))
        for tile in tiles
    ]


DEALS: DealParts[KnightsState] = DealParts(
    tag="K",
    unit=lambda state: 1,
    deal=_deal,
    dealt=_dealt,
    shown_ref="game.knights.words:deal_lines",
)

PLUGIN: GamePlugin[KnightsState, Action] = GamePlugin(
    info=INFO,
    new_game=new_game,
    state_from_dict=KnightsState.from_dict,
    action_from_dict=action_from_dict,
    first_position=_start,
    final_scores=_points,
    result=_result,
    save_problem=save_problem,
    words_ref="game.knights.words:WORDS",
    reasons_ref="game.knights.reasons:move_reasons",
    agent_ref="ai.knights.levels:make_knights_agent",
    review_ref="ai.knights.review:KnightsReview",
    table_ref="game.ui.knights.table:KnightsTableScene",
    help_ref="game.ui.knights.help:KNIGHTS_TOPIC",
    rules_pictures_ref="game.ui.knights.rules_pictures:knights_pictures",
    warm_up_ref="ai.knights.fitted:warm_up",
    deals=DEALS,
    lesson_ref="game.knights.lesson:LESSON",
    ladder_ref="ai.knights:ladder.json",
)
