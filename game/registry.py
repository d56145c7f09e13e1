"""The games the program plays, one :class:`GameSpec` each: the one place that knows them.

Everything that differs per game and is not the game's own code is found here: the menu and
setup list the registry, saves and statistics accept its keys, the arena and the AI process ask
it for a state or an agent, the client asks it for the table scene, the help topic and the
rules pictures. No module outside a game's own packages switches on a game's name.

A spec names its pieces in the layers above the engines (the log's wording, the computer
players, the table scene, the rules pictures) by import path, ``"module:attribute"``, resolved
on first use with :func:`resolve`. So this module imports only the engines, and each layer
imports only what it may: the AI process never loads pygame, the window never loads the solver,
and a game's client is loaded only when that game is played.

Adding a game: see "Adding a game" in docs/architecture.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game import knights, rummy


def N_(message: str) -> str:  # noqa: N802 - gettext's mark: translated where shown
    return message


@dataclass(frozen=True)
class GameSpec:
    """What the program needs to know of one game besides its engine's own API."""

    key: str  # the name used in saves, statistics, settings and on the command line
    title: str  # untranslated; shown as ``_(spec.title)``
    blurb: str  # untranslated: the menu button's tooltip
    menu_letter: str  # the menu's shortcut key for this game
    engine_name: str  # the ``"game"`` field of the engine's own state JSON
    min_players: int
    max_players: int
    new_game: Callable[[list[str], int], Any]
    state_from_dict: Callable[[Any], Any]
    action_from_dict: Callable[[Any], Any]
    lower_score_wins: bool  # rummy scores are penalty points
    ends_with_play: bool  # a terminal state ends the game (knights), not only a round (rummy)
    first_position: Callable[[Any, list[str], int], Any]  # (a state of the game, the names
    # it began with, its seed) -> the position it began at
    final_scores: Callable[[Any], list[float]]  # per seat at a terminal state (arena, review)
    unit_action: type | None  # the action that deals the next unit of play (rummy's round)
    restart: Callable[[Any, int], Any] | None  # (state, seed) -> a new game at the same table
    result: Callable[[Any, Any], tuple[list[int], list[int]]]  # (before, after) of the last
    # move: each seat's score of the game or round it ended, and the winners (statistics)
    describe_ref: str  # (state, action, names) -> the move log's line
    aftermath_ref: str  # (before, after) -> the log's further lines [(text, kind)]
    agent_ref: str  # (level, seed, seconds, stop) -> an ai.Agent
    hint_ref: str | None  # (stop) -> the Hint key's agent; None: the hard level's move
    warm_up_ref: str | None  # () -> prepares the computer players (compiles, loads caches)
    table_ref: str  # the table scene class, built as ``Table(app, session)``
    help_ref: str  # the F1 help topic (a game.ui.help_text.HelpTopic)
    rules_pictures_ref: str  # () -> the rules screen's pictures for this game
    review_ref: str  # () -> the game review's parts (an ai.review.estimate.ReviewGame)

    def describe(self, state: Any, action: Any, names: Sequence[str] | None = None) -> str:
        """The move log's line for ``action`` played in ``state``."""
        describe: Callable[..., str] = resolve(self.describe_ref)
        return describe(state, action, names)

    def begins_unit(self, action: Any) -> bool:
        """Does ``action`` start a new unit of play (the rummy round; a knights game has one)?"""
        return self.unit_action is not None and isinstance(action, self.unit_action)

    def seat_range_text(self) -> str:
        return f"{self.min_players}–{self.max_players}"


def resolve(ref: str) -> Any:
    """The attribute named by ``"package.module:attribute"`` (imported on first use)."""
    module_name, _, attribute = ref.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def _knights_start(
    state: knights.KnightsState, names: list[str], seed: int
) -> knights.KnightsState:
    return knights.new_game(names, seed)


def _rummy_start(state: rummy.RummyState, names: list[str], seed: int) -> rummy.RummyState:
    return rummy.new_game(names, seed, state.jokers)


def _knights_points(state: knights.KnightsState) -> list[float]:
    return [float(points) for points in state.scores()]


def _knights_result(
    before: knights.KnightsState, after: knights.KnightsState
) -> tuple[list[int], list[int]]:
    return list(after.scores()), list(after.winners())


def _rummy_restart(state: rummy.RummyState, seed: int) -> rummy.RummyState:
    """The same players at a new deal, all points back to 0."""
    return rummy.new_game([p.name for p in state.players], seed, state.jokers)


def _rummy_penalties(state: rummy.RummyState) -> list[float]:
    """The penalty each seat is left holding (the hand's value) when the round ends."""
    return [float(rummy.hand_value(player.hand)) for player in state.players]


def _rummy_round_result(
    before: rummy.RummyState, after: rummy.RummyState
) -> tuple[list[int], list[int]]:
    penalties = [p.score - old.score for p, old in zip(after.players, before.players, strict=True)]
    winners = [seat for seat, share in enumerate(after.returns()) if share > 0]
    return penalties, winners


GAMES: dict[str, GameSpec] = {
    spec.key: spec
    for spec in (
        GameSpec(
            key="knights",
            title=N_("Robber Knights"),
            blurb=N_("Lay tiles, build castles, send out your knights (2–4 players)"),
            menu_letter="k",
            engine_name="robber-knights",
            min_players=2,
            max_players=4,
            new_game=knights.new_game,
            state_from_dict=knights.KnightsState.from_dict,
            action_from_dict=knights.action_from_dict,
            lower_score_wins=False,
            ends_with_play=True,
            first_position=_knights_start,
            final_scores=_knights_points,
            unit_action=None,
            restart=None,
            result=_knights_result,
            describe_ref="game.movelog:describe_knights",
            aftermath_ref="game.ui.log_lines:knights_aftermath",
            agent_ref="ai.knights.levels:make_knights_agent",
            hint_ref=None,
            warm_up_ref="ai.knights.fitted:warm_up",
            table_ref="game.ui.knights.table:KnightsTableScene",
            help_ref="game.ui.help_text:KNIGHTS_TOPIC",
            rules_pictures_ref="game.ui.rules_pictures:knights_pictures",
            review_ref="ai.review.knights:KnightsReview",
        ),
        GameSpec(
            key="rummy",
            title=N_("Räuber-Rommé"),
            blurb=N_("Rummy with a table you may rebuild every turn (2–6 players)"),
            menu_letter="r",
            engine_name="raeuber-romme",
            min_players=2,
            max_players=6,
            new_game=rummy.new_game,
            state_from_dict=rummy.RummyState.from_dict,
            action_from_dict=rummy.action_from_dict,
            lower_score_wins=True,
            ends_with_play=False,
            first_position=_rummy_start,
            final_scores=_rummy_penalties,
            unit_action=rummy.NextRound,
            restart=_rummy_restart,
            result=_rummy_round_result,
            describe_ref="game.movelog:describe_rummy",
            aftermath_ref="game.ui.log_lines:rummy_aftermath",
            agent_ref="ai.rummy.levels:make_rummy_agent",
            hint_ref="ai.rummy.hint:HintSearch",
            warm_up_ref="ai.rummy_solver:warm_up",
            table_ref="game.ui.rummy.table:RummyTableScene",
            help_ref="game.ui.rummy.help:RUMMY_TOPIC",
            rules_pictures_ref="game.ui.rules_pictures:rummy_pictures",
            review_ref="ai.review.rummy:RummyReview",
        ),
    )
}
GAME_KEYS: tuple[str, ...] = tuple(GAMES)


def game_spec(key: str) -> GameSpec:
    """The spec of game ``key``; ``ValueError`` (naming the games there are) for any other."""
    spec = GAMES.get(key)
    if spec is None:
        raise ValueError(f"unknown game {key!r}; choose from {', '.join(GAME_KEYS)}")
    return spec
