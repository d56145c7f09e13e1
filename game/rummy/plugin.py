"""Räuber-Rommé as the program knows it: what the game declares about itself, its engine's
entry points, its save checks, and where its other parts live (see ``game.plugin``)."""

from __future__ import annotations

from game.plugin import DealParts, GamePlugin

from ..core import N_, GameInfo
from .actions import Action, NextRound, action_from_dict
from .cards import HIDDEN, hand_value
from .state import DEFAULT_JOKERS, PlayerState, RummyState, deal_round, new_game

INFO = GameInfo(
    key="rummy",
    title=N_("Räuber-Rommé"),
    blurb=N_("Rummy with a table you may rebuild every turn (2–6 players)"),
    min_players=2,
    max_players=6,
    hidden_information=True,
    lower_score_wins=True,
    actions_listed=False,  # a play is the whole table: far too many to list
    ends_with_play=False,
    menu_letter="r",
)

# Penalty points of an evening and the round number stay far below this.
MAX_COUNT = 10**9


def _start(state: RummyState, names: list[str], seed: int) -> RummyState:
    return new_game(names, seed, state.jokers)


def _restart(state: RummyState, seed: int) -> RummyState:
    """The same players at a new deal, all points back to 0."""
    return new_game(list(state.player_names), seed, state.jokers)


def _penalties(state: RummyState) -> list[float]:
    """The penalty each seat is left holding (the hand's value) when the round ends."""
    return [float(hand_value(player.hand)) for player in state.players]


def _round_result(before: RummyState, after: RummyState) -> tuple[list[int], list[int]]:
    penalties = [p.score - old.score for p, old in zip(after.players, before.players, strict=True)]
    winners = [seat for seat, share in enumerate(after.returns()) if share > 0]
    return penalties, winners


def save_problem(state: RummyState) -> str | None:
    """What a saved position must hold beyond the rules (the engine loads views too): no hidden
    card, no number too large to show."""
    cards = [card for player in state.players for card in player.hand]
    cards += list(state.stock)
    cards += [card for meld in state.table for card in meld]
    if HIDDEN in cards:
        return "a card is hidden ('?'): this is a player's view, not a saved game"
    if state.round > MAX_COUNT or any(p.score > MAX_COUNT for p in state.players):
        return "a score or the round number is far too large"
    return None


# Rounds a deal code can name: far more than an evening holds.
MAX_CODED_ROUND = 4096


def _deal_unit(state: RummyState) -> int | None:
    """The round whose deal ``state`` plays; None with another number of jokers (the codes
    name deals of the usual deck)."""
    return state.round if state.jokers == DEFAULT_JOKERS else None


def _deal(names: list[str], seed: int, unit: int) -> RummyState:
    """Round ``unit``'s deal as the game dealt it: its deck, and the dealer whose turn it was
    to deal (each round the next seat deals), all points at 0."""
    seats = [PlayerState(name, 0, False, ()) for name in names]
    return deal_round(seed, DEFAULT_JOKERS, unit, (unit - 1) % len(names), seats)


def _dealt(state: RummyState) -> list[str]:
    """Every hand as dealt, seat by seat, then the stock, top first."""
    hands = [f"{seat}:{card}" for seat, player in enumerate(state.players) for card in player.hand]
    return [*hands, *(f"stock:{card}" for card in state.stock)]


DEALS: DealParts[RummyState] = DealParts(
    tag="R",
    unit=_deal_unit,
    deal=_deal,
    dealt=_dealt,
    max_unit=MAX_CODED_ROUND,
    shown_ref="game.rummy.words:deal_lines",
)

PLUGIN: GamePlugin[RummyState, Action] = GamePlugin(
    info=INFO,
    new_game=new_game,
    state_from_dict=RummyState.from_dict,
    action_from_dict=action_from_dict,
    first_position=_start,
    final_scores=_penalties,
    result=_round_result,
    save_problem=save_problem,
    words_ref="game.rummy.words:WORDS",
    reasons_ref="game.rummy.reasons:move_reasons",
    agent_ref="ai.rummy.levels:make_rummy_agent",
    review_ref="ai.rummy.review:RummyReview",
    table_ref="game.ui.rummy.table:RummyTableScene",
    lesson_ref="game.rummy.lesson:LESSON",
    help_ref="game.ui.rummy.help:RUMMY_TOPIC",
    rules_pictures_ref="game.ui.rummy.rules_pictures:rummy_pictures",
    hint_ref="ai.rummy.hint:HintSearch",
    warm_up_ref="ai.rummy_solver:warm_up",
    ladder_ref="ai.rummy:ladder.json",
    unit_action=NextRound,
    restart=_restart,
    deals=DEALS,
)
