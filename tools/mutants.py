"""Mutation testing of the rules engines and the save and review readers: ``make mutants``.

mutmut (3.x) plants one small change at a time in a function (``<`` for ``<=``, a constant off by
one, a dropped argument, ...) and runs the tests that call that function; a change that no test
notices "survives" and points at a rule the suite does not pin down. Each group below mutates a
few modules and runs only the fast test files that exercise them, in its own work folder
``.mutants/<group>/`` (ignored by git; the sources are copied there, the repository is never
touched), within a budget of minutes so that all groups fit in about half an hour on two cores.
A group cut short by its budget keeps what it checked: the next run goes on from there. mutmut
runs the mutants whose tests look fastest first, so a module that many slow tests reach (the
melds) waits for last; ``--only`` names the mutants to run now (mutmut's names, ``*`` allowed),
which mutmut judges again even if it judged them before. mutmut
keeps a verdict once given, so after adding tests run the group with ``--fresh`` to judge the
survivors again.

    python tools/mutants.py                    # every group, in the order below
    python tools/mutants.py rummy review       # some groups
    python tools/mutants.py rummy --minutes 20 # a bigger budget per group
    python tools/mutants.py --report           # only print the scores and survivors so far
    python tools/mutants.py --fresh rummy      # forget a group's earlier results first
    python tools/mutants.py rummy --only 'game.rummy.melds.*'  # these mutants first (again)

Not part of CI (``make test``): it takes far longer than the suite and its survivors need a
person to judge (some changes can't alter behaviour, see ``EQUIVALENT`` below).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutants"


@dataclass(frozen=True)
class Group:
    mutate: tuple[str, ...]  # globs of the files to mutate, relative to the repository
    tests: tuple[str, ...]  # the test files that judge them (fast ones only)
    minutes: float  # default budget
    deselect: tuple[str, ...] = ()  # slow tests that start processes, judged by the rest


KILLED_SAVER = (
    "tests/game/persist/test_persist_saves.py::test_a_killed_process_always_leaves_a_loadable_autosave"
)
# 36 s of random whole games: every surviving melds or turn-rules mutant waited for it, which
# let a 12-minute run judge about a tenth of them. The rest of the rummy tests judge them.
RUMMY_RANDOM_GAMES = (
    "tests/game/rummy/test_rummy_properties.py::test_random_games_keep_every_invariant"
)

# In priority order: the rummy rules first (melds, turn rules, opening), then the readers.
GROUPS: dict[str, Group] = {
    "rummy": Group(
        mutate=(
            "game/rummy/melds.py",
            "game/rummy/turn_rules.py",
            "game/rummy/cards.py",
            "game/rummy/actions.py",
            "game/rummy/state.py",
            "game/rummy/draft.py",
            "game/rummy/serial.py",
        ),
        tests=(
            "tests/game/rummy/test_melds.py",
            "tests/game/rummy/test_melds_properties.py",
            "tests/game/rummy/test_rummy_state.py",
            "tests/game/rummy/test_rummy_actions.py",
            "tests/game/rummy/test_draft.py",
            "tests/game/test_core_and_cards.py",
            "tests/game/test_refusals.py",
            "tests/game/rummy/test_rummy_properties.py",
        ),
        minutes=12,
        deselect=(RUMMY_RANDOM_GAMES,),
    ),
    "review": Group(
        mutate=("game/review.py",),
        tests=("tests/game/persist/test_persist_review.py", "tests/game/test_review_words.py"),
        minutes=3,
    ),
    "seats": Group(
        mutate=("game/seat_events.py",),
        tests=(
            "tests/game/test_seat_events.py",
            "tests/game/persist/test_persist_saves.py",
            "tests/game/persist/test_persist_untrusted.py",
        ),
        minutes=3,
        deselect=(KILLED_SAVER,),
    ),
    "knights": Group(
        mutate=("game/knights/*.py",),
        tests=(
            "tests/game/knights/test_knights_rules.py",
            "tests/game/knights/test_knights_deploy.py",
            "tests/game/knights/test_knights_hidden.py",
            "tests/game/knights/test_knights_json.py",
            "tests/game/knights/test_knights_properties.py",
            "tests/game/knights/test_knights_perft.py",
            "tests/game/knights/test_knights_plugin.py",
            "tests/game/knights/test_knights_save_refusals.py",
            "tests/game/knights/test_knights_state_edges.py",
            "tests/game/knights/test_knights_position.py",
            "tests/game/test_refusals.py",
            # words.py (the move log's and the review's sentences): 3 s for both games
            "tests/game/test_movelog.py",
            "tests/game/test_review_words.py",
        ),
        minutes=8,
    ),
    "persist": Group(
        mutate=(
            "game/persist/saves.py",
            "game/persist/validate.py",
            "game/persist/state_checks.py",
            "game/persist/jsonfile.py",
            "game/persist/replay.py",
            "game/persist/settings.py",
            "game/persist/stats.py",
            "game/persist/history.py",
        ),
        tests=(
            "tests/game/persist/test_persist_forged_saves.py",
            "tests/game/persist/test_persist_save_files.py",
            "tests/game/persist/test_persist_saves.py",
            "tests/game/persist/test_persist_untrusted.py",
            "tests/game/persist/test_persist_history.py",
            "tests/game/persist/test_persist_settings.py",
            "tests/game/persist/test_persist_stats.py",
            "tests/game/persist/test_persist_stats_bounds.py",
            "tests/game/persist/test_persist_review.py",
            "tests/game/persist/test_fuzz_saves.py",
        ),
        minutes=6,
        deselect=(KILLED_SAVER,),
    ),
}

# Survivors judged unable to change behaviour (mutmut's name -> why); reported apart. mutmut
# numbers a function's mutants in order, so an entry holds until that function is edited: judge
# the survivors of an edited function again.
_ZIP_ONE_SHORTER = (
    "zip(turns, turns[1:]) pairs lists one apart in length: strict=False, no strict and"
    " strict=None (falsy) all stop at the shorter one"
)
_ZIP_TWO_PAIRS = "zips two 2-tuples: strict or not, both always have two items"
_DEFAULTS_BY_FIELD = (
    "the defaults SeatEvent is built for are compared only field by field for name, old, human,"
    " level, colour, seed and note, whose defaults depend on neither the change nor the seat"
)
_NO_SAME_RANK_IN_A_RUN = (
    "_pair_problems never sees two normal cards of one rank (_read_run refuses them first as"
    " RUN_RANK_TWICE), so no diff is 0"
)
_NOT_A_GROUP = "_set_rank_value only asks whether the kind is 'group'; any other kind is a run"
_ONE_PLUS = "no tile kind holds two '+': split, rsplit and any maxsplit from 1 cut it alike"
_ONLY_THE_SIGN = "direction is only compared with 0 (1 or -1, 2 or -2, > 0 or >= 0 alike)"
_SAME_LENGTHS = "zips sequences built one per item of the other: strict or not makes no difference"
_FIRST_OF_MOST_COMMON = (
    "Counter.most_common(n)[0] is the same first item for n = 1, 2 or None (a stable sort)"
)
_OPENING_SEARCH = (
    "opening_value's order, early stop and bound: the search stays exhaustive below 30 (where"
    " the refusal names the points) and reaches 30 exactly when the best does; above 30 the"
    " points shown come from words.opening_sets (turn_edit takes the larger)"
)
_SERIAL_UNREACHABLE = (
    "dealer None is refused before _seat as 'dealer must be a whole number', so allow_none"
    " is never asked"
)
_ONE_HIDDEN_SEAT = (
    "one seat hiding tiles: the pool is exactly his tiles (in any state a game reaches), which"
    " the capped first fit takes whole in the same shuffled order"
)
_UNREACHABLE_ASSERT = "the last try deals without caps and always returns: never raised"
_HELD_EMPTY = (
    "a view hides every tile of another seat and none of the viewer's: a seat that hides tiles"
    " shows none, so its held tiles are empty and no shown tile is refilled"
)
EQUIVALENT: dict[str, str] = {
    "game.review.x__read_review__mutmut_85": _ZIP_ONE_SHORTER,
    "game.review.x__read_review__mutmut_88": _ZIP_ONE_SHORTER,
    "game.review.x__read_turn__mutmut_65": _ZIP_TWO_PAIRS,
    "game.review.x__read_turn__mutmut_68": _ZIP_TWO_PAIRS,
    "game.review.x__read_turn__mutmut_73": _ZIP_TWO_PAIRS,
    "game.review.xǁGameReviewǁmistakes__mutmut_1": (
        "mistakes()'s default limit: every caller (the review screen, the review command) passes"
        " its own"
    ),
    "game.rummy.melds.x__read_group__mutmut_4": (
        "a group's normal cards all have one rank (that is how it was sent here) and it has at"
        " least two of them: normals[1].rank is normals[0].rank"
    ),
    "game.rummy.melds.x__read_group__mutmut_33": "_set_rank_value ignores run_has_king in a group",
    "game.rummy.melds.x__read_group__mutmut_39": "_set_rank_value ignores run_has_king in a group",
    "game.rummy.melds.x__run_ranks__mutmut_2": (
        "a run has at least two normal cards and a fitting run puts them all on one line: the"
        " second gives the same start as the first, and a row that doesn't fit fails either way"
    ),
    "game.rummy.melds.x__wraps__mutmut_6": (
        "_wraps tries step 1 and -1: rank + step * pos for one is rank - step * pos for the other"
    ),
    "game.rummy.melds.x__read_run__mutmut_10": "a run's normal cards all have one suit by then",
    "game.rummy.melds.x__read_run__mutmut_40": _NOT_A_GROUP,
    "game.rummy.melds.x__read_run__mutmut_45": _NOT_A_GROUP,
    "game.rummy.melds.x__read_run__mutmut_46": _NOT_A_GROUP,
    "game.rummy.melds.x_check_meld__mutmut_5": (
        "MeldCheck.valid None instead of False: every reader only tests it for truth"
    ),
    "game.rummy.melds.x__misfit__mutmut_2": (
        "_misfit only breaks a tie between the two ace readings: one more for both changes no order"
    ),
    "game.rummy.melds.x__pair_problems__mutmut_14": _NO_SAME_RANK_IN_A_RUN,
    "game.rummy.melds.x__pair_problems__mutmut_19": _NO_SAME_RANK_IN_A_RUN,
    "game.rummy.melds.x__pair_problems__mutmut_20": _NO_SAME_RANK_IN_A_RUN,
    **{
        f"game.rummy.melds.x__pair_problems__mutmut_{n}": _NO_SAME_RANK_IN_A_RUN
        for n in range(40, 48)
    },
    "game.rummy.melds.x__pair_problems__mutmut_24": _ONLY_THE_SIGN,
    "game.rummy.melds.x__pair_problems__mutmut_27": _ONLY_THE_SIGN,
    "game.rummy.melds.x__pair_problems__mutmut_50": _ONLY_THE_SIGN,
    "game.rummy.melds.x__pair_problems__mutmut_31": _SAME_LENGTHS,
    "game.rummy.melds.x__pair_problems__mutmut_34": _SAME_LENGTHS,
    "game.rummy.melds.x__pair_problems__mutmut_35": _SAME_LENGTHS,
    "game.rummy.melds.x_joker_meaning__mutmut_11": _SAME_LENGTHS,
    "game.rummy.melds.x_joker_meaning__mutmut_14": _SAME_LENGTHS,
    "game.rummy.melds.x_joker_meaning__mutmut_15": _SAME_LENGTHS,
    "game.rummy.melds.x__mixed_problem__mutmut_4": _FIRST_OF_MOST_COMMON,
    "game.rummy.melds.x__mixed_problem__mutmut_5": _FIRST_OF_MOST_COMMON,
    "game.rummy.melds.x__mixed_problem__mutmut_8": _FIRST_OF_MOST_COMMON,
    "game.rummy.melds.x__mixed_problem__mutmut_10": _FIRST_OF_MOST_COMMON,
    "game.rummy.turn_rules.x_opening_value__mutmut_6": (
        "an invalid set's value is 0 (MeldCheck), and the search takes only sets the laid cards"
        " cover, so the extra candidates add nothing"
    ),
    **{
        f"game.rummy.turn_rules.x_opening_value__mutmut_{n}": _OPENING_SEARCH
        for n in (10, 12, 21, 22, 26)
    },
    "game.rummy.turn_rules.x_check_play__mutmut_1": (
        "phase 'turn' and a seat on turn go together in every state (the save reader refuses"
        " either without the other), so 'or' and 'and' pick the same states"
    ),
    "game.rummy.serial.x_parse_state__mutmut_158": _SERIAL_UNREACHABLE,
    "game.rummy.serial.x_parse_state__mutmut_167": _SERIAL_UNREACHABLE,
    "game.rummy.serial.x_parse_state__mutmut_291": "everything.pop's answer is not used",
    "game.rummy.serial.x_parse_state__mutmut_294": "everything.pop's answer is not used",
    "game.knights.deploy.x_explain_illegal__mutmut_12": (
        "castle_need's 'or 1' is for a castle on a lake, and no castle kind is a lake"
    ),
    **{
        f"game.knights.deploy.x_legal_deployments__mutmut_{n}": (
            "_DEPLOY_CACHE only remembers answers: not reading it, storing None, or emptying it"
            " at 50,000 or 50,001 entries computes the same deployments again"
        )
        for n in (21, 22, 58, 59, 60)
    },
    "game.knights.deploy.x_legal_deployments__mutmut_3": (
        "castle_need's 'or 1' is for a castle on a lake, and no castle kind is a lake"
    ),
    "game.knights.deploy.x_legal_deployments__mutmut_26": (
        "staying in the castle is marked by any order below 0: -1 or -2 both sort before the"
        " four directions and both read as no direction"
    ),
    **{f"game.knights.state.x__unpickle__mutmut_{n}": _SAME_LENGTHS for n in (5, 8, 9)},
    "game.knights.actions.xǁDeployǁ__post_init____mutmut_1": (
        "always turning drops into a tuple: tuple() of a tuple is an equal tuple"
    ),
    "game.knights.serial.x__check_phase__mutmut_173": (
        "lays_this_turn 4 in phase deploy: parse_state refuses any count above 3 first"
        " ('lays_this_turn must be at most 3')"
    ),
    "game.knights.serial.x__board__mutmut_33": "allow_hidden is only tested for truth",
    "game.knights.serial.x_parse_state__mutmut_238": "allow_hidden is only tested for truth",
    "game.knights.serial.x__check_tile_counts__mutmut_37": (
        "a letter found on no tile counts 1 instead of 0: every letter's limit is at least 8"
        " (4 or 5 kinds times 2 to 4 sets), so both pass"
    ),
    **{
        f"game.knights.state.xǁKnightsStateǁ_apply_deploy__mutmut_{n}": (
            "the legal deployments are only cached on the state: not reading or not filling the"
            " cache computes the same list again"
        )
        for n in (8, 12)
    },
    "game.knights.state.xǁKnightsStateǁ_apply_deploy__mutmut_5": (
        "an assert of what phase deploy always holds (a seat on turn and a castle pending; the"
        " save reader refuses either without the other)"
    ),
    **{
        f"game.knights.state.xǁKnightsStateǁlegal_deployments__mutmut_{n}": (
            "'and' for 'or' between phase, pending and seat: pending is set exactly in phase"
            " deploy, and a seat is on turn in every phase but over (the save reader refuses"
            " any other state)"
        )
        for n in (1, 2)
    },
    **{
        f"game.knights.state.x__kind_rank__mutmut_{n}": (
            "_kind_rank only orders the tiles a seat may keep, all of them in KIND_ORDER"
        )
        for n in (5, 6)
    },
    **{
        f"game.knights.state.xǁKnightsStateǁ_compute_legal__mutmut_{n}": (
            "the tiles a seat may keep are always A's mountain, plain and plain+village, whose"
            " names sort as KIND_ORDER does"
        )
        for n in (29, 31)
    },
    **{
        f"game.knights.state.xǁKnightsStateǁ{name}__mutmut_{n}": (
            "the legal moves and spots are only cached on the state: not reading or not filling"
            " the cache computes the same list again"
        )
        for name, n in (("legal_actions", 1), ("legal_actions", 5), ("_legal_spot_list", 1))
    },
    "game.knights.state.xǁKnightsStateǁ_legal_spot_list__mutmut_4": (
        "the board is empty only before the start tiles are laid, and no spot is asked for"
        " then (phase keep)"
    ),
    "game.knights.state.xǁKnightsStateǁ_legal_spot_list__mutmut_11": (
        "the narrower box only sends more boards to the general path, which filters the same"
        " frontier by the same limits"
    ),
    "game.knights.state.xǁ_Draftǁlay_start__mutmut_14": "PlacedTile's knights default to ()",
    "game.knights.position.x__placed__mutmut_6": "PlacedTile's knights default to ()",
    "game.knights.state.xǁ_Draftǁpass_turn__mutmut_15": (
        "step n + 1 looks at the seat after the current one again, which step 1 already found"
        " without tiles"
    ),
    "game.knights.state.xǁ_PlaceTableǁ__init____mutmut_1": (
        "not equivalent but out of mutmut's reach: the tables are built when game.knights.state"
        " is imported, before mutmut switches a mutant on in its forked worker; run by hand"
        " (MUTANT_UNDER_TEST set before the import) test_knights_rules.py fails at once"
    ),
    "game.knights.hidden.x__full_sets__mutmut_1": (
        "not equivalent but out of mutmut's reach: _FULL_SETS is built for 2, 3 and 4 players"
        " (every count a state can have) when game.knights.hidden is imported, before mutmut"
        " switches a mutant on"
    ),
    **{
        f"game.knights.hidden.x_unseen_pool__mutmut_{n}": (
            "_FULL_SETS holds every player count a state can have, and _full_sets(n) builds the"
            " same table: looked up, built again or both, the same counts"
        )
        for n in (9, 10, 11)
    },
    **{
        f"game.knights.hidden.x__deal_letter__mutmut_{n}": (
            "a letter a seat does not hide counts 0 or None: only 'not m' reads it before"
        )
        for n in (20, 22)
    },
    "game.knights.hidden.x__deal_letter__mutmut_12": _ONE_HIDDEN_SEAT,
    "game.knights.hidden.x__deal_letter__mutmut_30": (
        "dropping the caps one try earlier or on the last: either way the deal that returns"
        " respects them or is an uncapped deal of the shuffled pool"
    ),
    **{
        f"game.knights.hidden.x__deal_letter__mutmut_{n}": _UNREACHABLE_ASSERT for n in (58, 59, 60)
    },
    **{f"game.knights.hidden.x__deal_letter__mutmut_{n}": _HELD_EMPTY for n in (34,)},
    **{f"game.knights.hidden.x_redeal__mutmut_{n}": _HELD_EMPTY for n in (18, 19, 20, 24, 25, 53)},
    **{
        f"game.knights.hidden.x_redeal__mutmut_{n}": (
            "the order seats are served in only changes how often a capped deal is tried again:"
            " every deal returned keeps the caps or is the last, uncapped one"
        )
        for n in (29, 31, 33)
    },
    **{
        f"game.knights.hidden.x__sort_key__mutmut_{n}": (
            "_sort_key only sorts the viewer's own pile, whose kinds are all in KIND_ORDER: the"
            " default is never used"
        )
        for n in (2, 4, 5, 6)
    },
    "game.knights.hidden.x_shuffle_within_letters__mutmut_6": (
        "end 0 compares the first tile's letter with itself: no group ends there"
    ),
    **{f"game.knights.tiles.x_terrain_of__mutmut_{n}": _ONE_PLUS for n in (4, 5, 7)},
    **{f"game.knights.tiles.x_building_of__mutmut_{n}": _ONE_PLUS for n in (5, 6, 8)},
    **{
        f"game.persist.validate.x_number_problem__mutmut_{n}": (
            "the name given to finite_number only words its ValueError, which number_problem"
            " catches and replaces with its own reason"
        )
        for n in (11, 14, 15)
    },
    **{
        f"game.persist.saves.x__history_reader__mutmut_{n}": (
            "not equivalent but out of mutmut's reach: the readers are made when"
            " game.persist.saves is imported (_ENGINES), before mutmut switches a mutant on in"
            " its forked worker"
        )
        for n in range(1, 6)
    },
    **{
        f"game.persist.saves.x_store_review__mutmut_{n}": (
            "None for False (ensure_ascii, allow_nan, parse_history): both are only tested for"
            " truth"
        )
        for n in (40, 41, 66)
    },
    **{
        f"game.persist.saves.x_store_review__mutmut_{n}": (
            "parse_history True reads the history again, which game_from_dict(data) has just"
            " read from the same moves: the same result, only slower"
        )
        for n in (68, 70)
    },
    "game.persist.saves.x_review_for__mutmut_24": (
        "GameReview.from_dict refuses a turn that runs past the review's own moves, and those"
        " are checked against the game's first: the turns' test never decides"
    ),
    **{
        f"game.persist.stats.x_result_key__mutmut_{n}": (
            "the error handler of encode is only asked for a lone surrogate, and json.dumps"
            " (ensure_ascii) writes every character of a state as ASCII; 'UTF-8' is 'utf-8'"
        )
        for n in (16, 18, 19, 20)
    },
    **{
        f"game.persist.stats.xǁRecordǁfrom_dict__mutmut_{n}": (
            "an assert for the type checker: the int_problem checks above let only whole"
            " numbers through"
        )
        for n in (48, 49)
    },
    "game.seat_events.xǁSeatEventǁto_dict__mutmut_11": _DEFAULTS_BY_FIELD,
    "game.seat_events.xǁSeatEventǁto_dict__mutmut_12": _DEFAULTS_BY_FIELD,
}

# Loaded by pytest in the work folder: caches must not hand a mutant the answers the unchanged
# code gave in mutmut's first (forked-from) run, or a mutant below a cache would look harmless.
CONFTEST = '''"""Written by tools/mutants.py: every test starts with empty function caches."""

import sys

import pytest


# Module-level dicts that remember answers (knights deployments, round-tripped save moves).
CACHE_DICTS = ("_DEPLOY_CACHE", "_OPTIONS_CACHE", "_ROUND_TRIPPED")


@pytest.fixture(autouse=True)
def _empty_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith(("game.", "ai.")):
            for key, value in list(vars(module).items()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
                elif key in CACHE_DICTS and isinstance(value, dict):
                    value.clear()
'''

KILLED = {1, 3}  # a test failed (3: pytest's internal error, also a failure)
TIMEOUT = {36, 24, -24, 152, 255}  # past its time: an endless loop, noticed
SURVIVED = {0}
NO_TESTS = {5, 33}


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(item) for item in items) + "]"


def prepare(name: str, group: Group, fresh: bool) -> Path:
    """The group's work folder: links to the sources and tests, and mutmut's settings."""
    folder = WORK / name
    if fresh and folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for part in ("game", "ai", "tests", "assets", "tools"):  # tools: tests import its scripts
        link = folder / part
        if not link.exists():
            link.symlink_to(ROOT / part)
    mutate = sorted({str(p.relative_to(ROOT)) for g in group.mutate for p in ROOT.glob(g)})
    mutate = [path for path in mutate if not path.endswith("__init__.py")]
    (folder / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    deselect = [f"--deselect={test}" for test in group.deselect]
    settings = f"""# Written by tools/mutants.py for the group {name!r}.
[tool.mutmut]
source_paths = ["game", "ai"]
only_mutate = {_toml_list(mutate)}
also_copy = ["assets", "tools", "conftest.py"]
pytest_add_cli_args = {_toml_list(["-p", "no:cacheprovider", "-q", *deselect])}
pytest_add_cli_args_test_selection = {_toml_list(list(group.tests))}
use_git_change_detection = false
# mutmut's default (15: CPU seconds = 30 x (the tests' time + 1)) let one endless loop in a
# board walk hold the single worker for three minutes; 8 x still leaves a loaded machine room.
timeout_multiplier = 4.0

[tool.pytest.ini_options]
addopts = "--ignore=tests/bench"
markers = ["slow: longer tests (still in the default run)"]
"""
    (folder / "pyproject.toml").write_text(settings, encoding="utf-8")
    return folder


def run(name: str, folder: Path, minutes: float, children: int, only: list[str]) -> None:
    """mutmut in the group's folder, stopped (its results so far kept) past ``minutes``."""
    env = dict(os.environ)
    env["ROBBERS_DEN_NO_JIT"] = "1"  # the copies would compile the solver anew
    env["SDL_VIDEODRIVER"] = env["SDL_AUDIODRIVER"] = "dummy"
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *only]
    print(f"== {name}: mutmut over {folder} (budget {minutes:g} min)", flush=True)
    log = (folder / "run.log").open("w", encoding="utf-8")
    with log:
        process = subprocess.Popen(
            command,
            cwd=folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            process.wait(timeout=minutes * 60)
        except subprocess.TimeoutExpired:
            print(f"   {name}: budget spent, stopping (results so far are kept)", flush=True)
            os.killpg(process.pid, signal.SIGINT)  # mutmut saves and stops its workers
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def report(name: str, folder: Path) -> tuple[int, int]:
    """Print the score per file and the survivors; returns (killed, checked)."""
    all_killed = all_checked = 0
    mutants = folder / "mutants"
    metas = sorted(mutants.glob("**/*.py.meta")) if mutants.exists() else []
    for meta in metas:
        codes: dict[str, int | None] = json.loads(meta.read_text()).get("exit_code_by_key", {})
        if not codes:
            continue
        killed = sum(1 for c in codes.values() if c in KILLED or c in TIMEOUT)
        survived = sorted(k for k, c in codes.items() if c in SURVIVED)
        no_tests = sorted(k for k, c in codes.items() if c in NO_TESTS)
        unchecked = sum(1 for c in codes.values() if c is None)
        checked = len(codes) - unchecked
        path = meta.relative_to(mutants).with_suffix("")
        score = 100 * killed / checked if checked else 0.0
        print(
            f"   {path}: {killed}/{checked} killed ({score:.1f} %), {len(survived)} survived,"
            f" {len(no_tests)} without a test, {unchecked} not yet checked"
        )
        for key in survived + no_tests:
            why = EQUIVALENT.get(key)
            label = "no test" if key in no_tests else "survived"
            print(f"      {label}: {key}" + (f"  (equivalent: {why})" if why else ""))
        all_killed += killed
        all_checked += checked
    return all_killed, all_checked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("groups", nargs="*", help=f"of {', '.join(GROUPS)} (default: all)")
    parser.add_argument("--minutes", type=float, help="budget per group (default: its own)")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--report", action="store_true", help="only print the results so far")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results first")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="run only these mutants, e.g. 'game.rummy.melds.*' (judged again if judged before)",
    )
    args = parser.parse_args(argv)
    names = args.groups or list(GROUPS)
    unknown = [name for name in names if name not in GROUPS]
    if unknown:
        parser.error(f"no group {unknown[0]!r}; the groups are {', '.join(GROUPS)}")
    started = time.monotonic()
    for name in names:
        group = GROUPS[name]
        folder = prepare(name, group, args.fresh and not args.report)
        if not args.report:
            run(name, folder, args.minutes or group.minutes, args.children, args.only)
        killed, checked = report(name, folder)
        if checked:
            print(f"== {name}: {killed}/{checked} killed ({100 * killed / checked:.1f} %)")
    print(f"== done in {(time.monotonic() - started) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
