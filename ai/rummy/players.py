"""Räuber-Rommé players without search: easy and medium (greedy).

Medium opens as soon as it can and lays the most cards it finds each turn. Easy lays only sets
made from its own hand (it never adds to the table's sets) and now and then forgets to.
"""

from __future__ import annotations

import random
from typing import Any

from ai.agent import own_view
from ai.explain import from_evaluation, nothing_weighed
from ai.rummy.heuristic import hand_melds, worth_opening
from ai.rummy.moves import fallback, legal_play, most_cards_play
from ai.rummy.search import RummySearch
from game.considered import Considered

EASY_FORGETS = 0.3


class GreedyRummy:
    """Medium: open at once, then lay the most cards every turn; draw when nothing fits."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        me, view = own_view(state)
        if view.is_terminal:
            return fallback(view)
        player = view.players[me]
        play = legal_play(view, most_cards_play(view.table, player.hand, player.opened))
        return play if play is not None else fallback(view)

    def explain(self, state: Any, rng: random.Random) -> tuple[Any, Considered]:
        """The move, and the other choice (drawing, or the play it passed up), each with the
        evaluation's win chance of the position after it (the hidden cards redealt once)."""
        me, view = own_view(state)
        action = self.choose(state, rng)
        if view.is_terminal:
            return action, nothing_weighed(action, "medium")
        choices = [action]
        draw = fallback(view)
        if draw != action:
            choices.append(draw)
        full = view.determinize(me, rng)
        judge = RummySearch()
        judged = [(choice, judge.evaluate(judge.apply(full, choice))[me]) for choice in choices]
        chosen, chance = judged[0]
        others = [((choice,), value) for choice, value in judged[1:]]
        return action, from_evaluation((chosen,), others, chance, "medium")


class EasyRummy:
    """Easy: lays new sets from its hand only, and skips a possible play now and then."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        me, view = own_view(state)
        if view.is_terminal or rng.random() < EASY_FORGETS:
            return fallback(view)
        player = view.players[me]
        melds = hand_melds(player.hand)
        if not player.opened and not worth_opening(melds):
            return fallback(view)
        table = view.table + tuple(tuple(meld) for meld in melds)
        play = legal_play(view, table) if melds else None
        return play if play is not None else fallback(view)
