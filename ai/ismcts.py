"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012), game-agnostic.

Each iteration redeals the hidden information (the plug-in's ``determinize``, which may weigh
the deals by what the rivals' actions reveal), walks the one shared tree choosing by UCB among
the actions legal in *that* determinization (with availability counts, so actions that are
rarely possible are not starved or over-trusted), expands one node, plays a short rollout with
the game's cheap policy and, if the rollout is cut before the end, scores the position with the
game's evaluation.

Everything game-specific comes in through :class:`SearchGame`: which actions to consider
(ordered best first, so progressive widening looks at the promising ones first), the rollout
policy and the cut-off evaluation.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ai.agent import Deadline, own_view, search_budget
from game.core import Action, GameState

# A searched choice: an action, or a macro such as a whole turn (a node of the tree).
C = TypeVar("C", bound=Hashable)


class SearchGame(Protocol[C]):
    """The game-specific parts of the search, all working on full (determinized) states."""

    def begin(self, view: GameState, searcher: int, deadline: Deadline) -> None:
        """Called once per decision with the searcher's view, before any iteration."""
        ...

    def determinize(self, view: GameState, searcher: int, rng: random.Random) -> GameState:
        """A full state consistent with the searcher's ``view``: at least
        ``view.determinize(searcher, rng)``; a plug-in may weigh the deals by its beliefs."""
        ...

    def candidates(self, state: GameState, searcher: int, rng: random.Random) -> list[C]:
        """Choices worth searching for the player to move, best first; never empty.
        ``searcher`` is the seat the search decides for (its own moves may get more care)."""
        ...

    def candidate_key(self, state: GameState) -> Hashable | None:
        """What the candidates depend on besides the tree path (e.g. the actor's hand), so a
        node can reuse them across determinizations; None disables the cache."""
        ...

    def rollout_action(self, state: GameState, rng: random.Random) -> Action | None:
        """A cheap, sensible action for the rollout, or None to stop and evaluate here."""
        ...

    def apply(self, state: GameState, choice: C | Action) -> GameState:
        """The state after a searched choice (an action, or a macro such as a whole turn), or
        after a rollout's action."""
        ...

    def first_action(self, choice: C) -> Action:
        """The action to play now for a searched choice."""
        ...

    def evaluate(self, state: GameState) -> list[float]:
        """Estimated returns (0..1 per seat) of a non-terminal state where a rollout stops."""
        ...

    def final_values(self, state: GameState) -> list[float]:
        """What a finished game is worth to each seat (0..1) for the search: its returns, or
        returns shaped by how it was won (a score margin tells near-misses apart)."""
        ...


@dataclass
class Node(Generic[C]):
    """One action edge of the shared tree, with the statistics of the seat that took it."""

    actor: int
    visits: int = 0
    availability: int = 0
    reward: float = 0.0
    children: dict[Hashable, Node[C]] = field(default_factory=dict)
    candidate_cache: dict[Hashable, list[C]] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchConfig:
    budget: float | None = 1.0
    max_iterations: int | None = None
    exploration: float = 0.7
    rollout_depth: int = 12
    # Progressive widening: a node with n visits considers the best ceil(base + n ** alpha)
    # candidates only, so wide decisions (knight lays) deepen instead of staying one ply deep.
    widening_base: float = 4.0
    widening_alpha: float = 0.5
    # The final choice leaves the first candidate only for one visited this many times more.
    keep_first_margin: float = 1.2
    min_visits_to_deviate: int = 8
    deviate_value_margin: float = 0.0
    # Choices per iteration in the tree before the leaf is judged (after any rollout); None =
    # unlimited. A shallow tree spends the iterations on more determinizations instead.
    max_depth: int | None = None
    # Consecutive iterations that share one determinization (1 = a fresh one each time).
    # Sharing lets the first sweep over the root's choices compare them on the same deal,
    # which matters when few, costly iterations fit in the budget.
    determinization_reuse: int = 1
    # Stop before the budget once no other choice can become clearly better (see _settled).
    stop_when_settled: bool = True
    # Paired sampling instead of a tree (see paired_search): every deal is played out after
    # each root choice, and the first choice is left only for one whose paired advantage
    # over it is this many standard errors above zero; 0 = the tree search.
    paired_z: float = 0.0
    min_paired_rounds: int = 4


@dataclass
class SearchResult:
    action: Action
    iterations: int
    visits: dict[str, int]
    settled: bool = False  # stopped before the budget: more search could not change the choice
    # The root's choices the search weighed, the one chosen first, then by visits: (choice,
    # visits, mean value to the searcher); empty when there was nothing to weigh.
    weighed: list[tuple[Any, int, float]] = field(default_factory=list)


def _widened(candidates: list[C], node: Node[C], config: SearchConfig) -> list[C]:
    width = int(math.ceil(config.widening_base + (node.visits + 1) ** config.widening_alpha))
    return candidates[:width]


def _candidates(
    node: Node[C], state: GameState, me: int, game: SearchGame[C], rng: random.Random
) -> list[C]:
    key = game.candidate_key(state)
    if key is None:
        return game.candidates(state, me, rng)
    cached = node.candidate_cache.get(key)
    if cached is None:
        cached = node.candidate_cache[key] = game.candidates(state, me, rng)
    return cached


def _mean(node: Node) -> float:
    return node.reward / node.visits if node.visits else 0.0


def _clearly_better(challenger: Node, first: Node, config: SearchConfig) -> bool:
    """Enough visits, clearly more of them, and a higher mean value than the first choice."""
    return (
        challenger.visits >= config.min_visits_to_deviate
        and challenger.visits > config.keep_first_margin * first.visits + 2
        and _mean(challenger) >= _mean(first) + config.deviate_value_margin
    )


def _settled(root: Node[C], first: C, iterations_left: float, config: SearchConfig) -> bool:
    """Can no other root choice be :func:`_clearly_better` than ``first`` by the end, even if
    every iteration left went to it? (``first``'s visits only grow, so its bar only rises.)"""
    keeper = root.children.get(first)
    if keeper is None:
        return False
    rivals = [child.visits for action, child in root.children.items() if action != first]
    reach = max(rivals, default=0) + iterations_left  # an unexpanded choice starts at 0
    return (
        reach < config.min_visits_to_deviate
        or reach <= config.keep_first_margin * (keeper.visits) + 2
    )


class IterationClock:
    """How many more iterations may fit before the deadline, judged generously: from the
    fastest block of iterations so far (plans and solves are cached, so iterations grow cheaper),
    with room to spare, so the search never stops while the choice could still change."""

    BLOCK = 16
    SPARE = 2.0

    def __init__(self) -> None:
        self.block_start = time.perf_counter()
        self.fastest: float | None = None  # seconds per iteration

    def block_done(self) -> None:
        now = time.perf_counter()
        per_iteration = (now - self.block_start) / self.BLOCK
        self.block_start = now
        if self.fastest is None or per_iteration < self.fastest:
            self.fastest = per_iteration

    def iterations_left(self, deadline: Deadline) -> float:
        if deadline.end is None or self.fastest is None:
            return math.inf
        return self.SPARE * deadline.remaining() / max(self.fastest, 1e-6)


def _select(node: Node[C], options: list[C], exploration: float) -> C:
    best_action = options[0]
    best_score = -math.inf
    for action in options:
        child = node.children[action]
        mean = child.reward / child.visits if child.visits else 0.5
        bonus = exploration * math.sqrt(math.log(max(child.availability, 1)) / (child.visits + 1))
        score = mean + bonus
        if score > best_score:
            best_score = score
            best_action = action
    return best_action


def _play_out(
    state: GameState,
    game: SearchGame[C],
    config: SearchConfig,
    rng: random.Random,
    deadline: Deadline,
) -> list[float]:
    """The rollout of one iteration from ``state``, and what its end is worth to each seat."""
    depth = 0
    while not state.is_terminal and depth < config.rollout_depth and not deadline.expired():
        step = game.rollout_action(state, rng)
        if step is None:
            break
        state = game.apply(state, step)
        depth += 1
    return game.final_values(state) if state.is_terminal else game.evaluate(state)


def _iterate(
    root: Node[C],
    view: GameState,
    me: int,
    game: SearchGame[C],
    config: SearchConfig,
    rng: random.Random,
    deadline: Deadline,
    deal: GameState | None = None,
) -> None:
    state = deal if deal is not None else game.determinize(view, me, rng)
    node = root
    path = [root]
    while not state.is_terminal:
        if config.max_depth is not None and len(path) > config.max_depth:
            break
        options = _widened(_candidates(node, state, me, game, rng), node, config)
        for action in options:
            child = node.children.get(action)
            if child is not None:
                child.availability += 1
        untried = [action for action in options if action not in node.children]
        actor = state.current_player
        assert actor is not None  # a state that is not over has a player to move
        if untried:
            action = untried[0]
            child = Node(actor=actor, availability=1)
            node.children[action] = child
            state = game.apply(state, action)
            path.append(child)
            break
        action = _select(node, options, config.exploration)
        node = node.children[action]
        state = game.apply(state, action)
        path.append(node)
    values = _play_out(state, game, config, rng, deadline)
    for visited in path[1:]:
        visited.visits += 1
        visited.reward += values[visited.actor]
    root.visits += 1


def search(
    state: GameState,
    game: SearchGame[C],
    config: SearchConfig,
    rng: random.Random,
    stop: threading.Event | None = None,
) -> SearchResult:
    """Run ISMCTS for the player to move in ``state`` (only its view is used)."""
    deadline = Deadline(search_budget(config.budget), stop)
    me, view = own_view(state)
    game.begin(view, me, deadline)
    root: Node[C] = Node(actor=me)
    root_options = _candidates(root, game.determinize(view, me, rng), me, game, rng)
    if len(root_options) == 1:
        return SearchResult(game.first_action(root_options[0]), 0, {})
    if config.paired_z > 0.0:
        return paired_search(view, me, root_options, game, config, rng, deadline)
    iterations = 0
    deal = None
    clock = IterationClock()
    first = root_options[0]
    settled = False
    while not deadline.expired():
        if config.max_iterations is not None and iterations >= config.max_iterations:
            break
        if config.determinization_reuse > 1 and iterations % config.determinization_reuse == 0:
            deal = game.determinize(view, me, rng)
        _iterate(root, view, me, game, config, rng, deadline, deal)
        iterations += 1
        if config.stop_when_settled and iterations % IterationClock.BLOCK == 0:
            clock.block_done()
            left = clock.iterations_left(deadline)
            if config.max_iterations is not None:
                left = min(left, config.max_iterations - iterations)
            if _settled(root, first, left, config):
                settled = True
                break  # more search can't change the choice
    # The most visited of the actions that are really ours to take (they never depend on the
    # hidden information, so every root option is legal in the true state).
    legal = [action for action in root_options if action in root.children]
    if not legal:
        return SearchResult(game.first_action(root_options[0]), iterations, {})
    best = max(legal, key=lambda action: root.children[action].visits)
    # Few iterations make visit counts noisy: keep the plug-in's first choice (its own best
    # guess) unless the search clearly prefers another.
    challenger = root.children[best]
    if first in root.children and not _clearly_better(challenger, root.children[first], config):
        best = first
    visits = {str(action): root.children[action].visits for action in legal}
    others = sorted(
        (action for action in legal if action != best), key=lambda a: -root.children[a].visits
    )
    weighed: list[tuple[Any, int, float]] = [
        (action, root.children[action].visits, _mean(root.children[action]))
        for action in [best, *others]
    ]
    return SearchResult(game.first_action(best), iterations, visits, settled, weighed)


def paired_search(
    view: GameState,
    me: int,
    options: list[C],
    game: SearchGame[C],
    config: SearchConfig,
    rng: random.Random,
    deadline: Deadline,
) -> SearchResult:
    """Flat Monte Carlo with common deals: each round redeals the hidden information once and
    plays it out after every root choice, so two choices are compared on the same tiles.

    With many seats the tree's visits spread over rivals' replies and its values differ by
    less than their noise; on shared deals most of that noise (whose tiles come when) cancels
    out of the difference between two choices. Only whole rounds count; the first choice (the
    plug-in's own best guess) is kept unless another beats it clearly on the paired results.
    """
    width = max(1, int(math.ceil(config.widening_base)))
    options = options[:width]
    results: list[list[float]] = [[] for _ in options]
    rounds = 0
    while not deadline.expired():
        if config.max_iterations is not None and rounds * len(options) >= config.max_iterations:
            break
        deal = game.determinize(view, me, rng)
        values: list[float] = []
        for option in options:
            if deadline.expired():
                break
            values.append(_play_out(game.apply(deal, option), game, config, rng, deadline)[me])
        if len(values) < len(options) or deadline.expired():
            break  # a round cut off by the deadline would compare choices on unequal play-outs
        for result, value in zip(results, values, strict=True):
            result.append(value)
        rounds += 1
    means = [sum(result) / rounds if rounds else 0.0 for result in results]
    best = 0
    if rounds >= config.min_paired_rounds:
        challenger = max(range(len(options)), key=lambda index: means[index])
        clear = means[challenger] >= means[0] + config.deviate_value_margin
        if challenger and clear and _paired_z(results[challenger], results[0]) >= config.paired_z:
            best = challenger
    order = [best, *sorted((i for i in range(len(options)) if i != best), key=lambda i: -means[i])]
    weighed: list[tuple[Any, int, float]] = [(options[i], rounds, means[i]) for i in order]
    visits = {str(option): rounds for option in options}
    return SearchResult(
        game.first_action(options[best]), rounds * len(options), visits, False, weighed
    )


def _paired_z(better: list[float], first: list[float]) -> float:
    """How many standard errors the mean paired advantage of ``better`` is above zero."""
    differences = [a - b for a, b in zip(better, first, strict=True)]
    count = len(differences)
    mean = sum(differences) / count
    spread = sum((d - mean) ** 2 for d in differences) / (count - 1)
    if spread <= 0.0:
        return math.inf if mean > 0.0 else 0.0
    return mean / math.sqrt(spread / count)


class IsmctsAgent(Generic[C]):
    """The hard/expert player: ISMCTS over a game's :class:`SearchGame` plug-in.

    A fresh plug-in is made for every decision (plug-ins may remember the decision's root),
    so one agent can think in several threads at once.
    """

    def __init__(
        self,
        make_game: Callable[[], SearchGame[C]],
        config: SearchConfig,
        stop: threading.Event | None = None,
    ) -> None:
        self.make_game = make_game
        self.config = config
        self.stop = stop

    def choose(self, state: GameState, rng: random.Random) -> Action:
        return search(state, self.make_game(), self.config, rng, self.stop).action
