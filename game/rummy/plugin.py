"""Räuber-Rommé as the program knows it: what the game declares about itself, its engine's
entry points, its save checks, and where its other parts live (see ``game.plugin``)."""

from __future__ import annotations

from game.plugin import GamePlugin

from ..core import N_, GameInfo
from .actions import Action, NextRound, action_from_dict
from .cards import HIDDEN, hand_value
from .state import RummyState, new_game

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
    agent_ref="ai.rummy.levels:make_rummy_agent",
    review_ref="ai.rummy.review:RummyReview",
    table_ref="game.ui.rummy.table:RummyTableScene",
    help_ref="game.ui.rummy.help:RUMMY_TOPIC",
    rules_pictures_ref="game.ui.rummy.rules_pictures:rummy_pictures",
    hint_ref="ai.rummy.hint:HintSearch",
    warm_up_ref="ai.rummy_solver:warm_up",
    ladder_ref="ai.rummy:ladder.json",
    unit_action=NextRound,
    restart=_restart,
)
