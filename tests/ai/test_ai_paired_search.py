"""Paired sampling (``SearchConfig.paired_z``): every redeal is played out after each root
choice, so the luck of the deal cancels out of the comparison, and the first choice is left
only on clear paired evidence."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from ai.agent import Deadline
from ai.ismcts import SearchConfig, search
from ai.knights.levels import KnightsSearchAgent, make_knights_agent
from game.knights.state import new_game


@dataclass(frozen=True)
class Pick:
    """One decision for seat 0: a choice among options, then a hidden luck decides.

    ``luck`` is the deal (unknown to the searcher until redealt); an option's worth is its
    ``edge`` plus the luck, so the luck is most of what one play-out shows."""

    edges: tuple[float, ...]
    luck: float = 0.0
    picked: int | None = None
    num_players: int = 2

    @property
    def is_terminal(self) -> bool:
        return self.picked is not None

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else 0

    def view(self, seat: int) -> Pick:
        return self


class PickGame:
    """The :class:`ai.ismcts.SearchGame` of :class:`Pick`; ``noise`` adds luck per play-out
    that no redeal shares (what a play-out's own randomness would be)."""

    def __init__(self, noise: float = 0.0, spread: float = 0.6) -> None:
        self.noise = noise
        self.spread = spread
        self.rng = random.Random(99)
        self.deals = 0

    def begin(self, view: Any, searcher: int, deadline: Deadline) -> None:
        pass

    def determinize(self, view: Pick, searcher: int, rng: random.Random) -> Pick:
        self.deals += 1
        return replace(view, luck=rng.uniform(0.0, self.spread))

    def candidates(self, state: Pick, searcher: int, rng: random.Random) -> list[int]:
        return list(range(len(state.edges)))

    def candidate_key(self, state: Pick) -> None:
        return None

    def rollout_action(self, state: Pick, rng: random.Random) -> None:
        return None

    def apply(self, state: Pick, choice: Any) -> Pick:
        return replace(state, picked=choice)

    def first_action(self, choice: int) -> int:
        return choice

    def evaluate(self, state: Pick) -> list[float]:
        raise AssertionError("every play-out here ends the game")

    def final_values(self, state: Pick) -> list[float]:
        assert state.picked is not None
        worth = state.edges[state.picked] + state.luck + self.rng.uniform(0.0, self.noise)
        return [worth, 1.0 - worth]


PAIRED = SearchConfig(budget=None, max_iterations=120, paired_z=1.0, widening_base=4.0)


def test_a_clearly_better_choice_is_found_through_the_luck_of_the_deal() -> None:
    # The second choice is 0.05 better; one deal's luck spreads over 0.6.
    result = search(Pick((0.2, 0.25, 0.1, 0.15)), PickGame(), PAIRED, random.Random(1))
    assert result.action == 1
    assert result.weighed[0][0] == 1 and result.weighed[0][1] == 30  # 30 rounds of 4 choices


def test_every_choice_is_played_on_the_same_deals() -> None:
    game = PickGame()
    result = search(Pick((0.2, 0.25, 0.1, 0.15)), game, PAIRED, random.Random(1))
    rounds = result.weighed[0][1]
    assert game.deals == rounds + 1  # one deal per round, and the root's candidates
    assert all(visits == rounds for _, visits, _ in result.weighed)


def test_the_first_choice_stays_without_clear_evidence() -> None:
    # Independent noise the deals do not share, and the first choice a little better: the
    # search must not leave it for a choice that only looks better by chance.
    kept = 0
    for seed in range(30):
        game = PickGame(noise=0.6)
        result = search(Pick((0.22, 0.2, 0.2, 0.2)), game, PAIRED, random.Random(seed))
        kept += result.action == 0
    assert kept >= 24


def test_too_few_rounds_keep_the_first_choice() -> None:
    config = replace(PAIRED, max_iterations=12)  # 3 rounds, below min_paired_rounds
    result = search(Pick((0.0, 0.5, 0.1, 0.1)), PickGame(), config, random.Random(1))
    assert result.action == 0


def test_a_value_margin_keeps_the_first_choice_over_a_tiny_sure_gain() -> None:
    config = replace(PAIRED, deviate_value_margin=0.05)
    tiny = search(Pick((0.2, 0.21, 0.0, 0.0)), PickGame(), config, random.Random(1))
    assert tiny.action == 0
    clear = search(Pick((0.2, 0.3, 0.0, 0.0)), PickGame(), config, random.Random(1))
    assert clear.action == 1


def test_only_the_expert_at_four_seats_samples_in_pairs() -> None:
    expert = make_knights_agent("expert", 1, 3.0)
    hard = make_knights_agent("hard", 1, 1.0)
    assert isinstance(expert, KnightsSearchAgent) and isinstance(hard, KnightsSearchAgent)
    assert expert.paired_from == 4 and hard.paired_from is None
    quick = KnightsSearchAgent(None, level="expert", paired_from=4)
    quick.midgame = replace(quick.midgame, max_iterations=60)
    state = new_game(4, 3)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    result = quick._search(state, random.Random(2))
    # Paired rounds give every plan the same number of play-outs.
    assert len({visits for _, visits, _ in result.weighed}) == 1
    two = new_game(2, 3)
    while two.phase == "keep":
        two = two.apply(two.legal_actions()[0])
    tree = quick._search(two, random.Random(2))
    assert len({visits for _, visits, _ in tree.weighed}) > 1
