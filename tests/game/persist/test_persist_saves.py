"""Save games: kill-and-resume, refusing damaged files, never losing the last good save."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game.knights import KnightsState
from game.knights import new_game as knights_new_game
from game.persist import (
    SavedGame,
    SaveError,
    SeatRecord,
    autosave,
    autosave_path,
    data_dir,
    delete_autosave,
    delete_named,
    has_autosave,
    list_saves,
    load_autosave,
    load_game,
    load_named,
    replay_log,
    replay_states,
    save_game,
    save_named,
    saved_game,
    write_atomic,
)
from game.persist import saves as saves_module
from game.rummy import RummyState
from tests.game.test_movelog_players import random_knights_action, random_rummy_action
from tests.paths import ROOT


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder through ROBBERS_DEN_HOME."""
    folder = tmp_path / "den"
    folder.mkdir()
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(folder))
    return folder


def _seats(n: int) -> list[SeatRecord]:
    levels = ["easy", "medium", "hard", "expert", "medium", "hard"]
    seats = [SeatRecord("Ann", "human", None, 0)]
    seats += [SeatRecord(f"Bot{i}", "computer", levels[i], i) for i in range(1, n)]
    return seats


def _play(state: Any, rng: random.Random, steps: int, history: list[Any]) -> Any:
    for _ in range(steps):
        if isinstance(state, KnightsState):
            if state.is_terminal:
                break
            action = random_knights_action(state, rng)
        else:
            action = random_rummy_action(state, rng)
        history.append(action)
        state = state.apply(action)
    return state


def _mid_game(game: str, seed: int, players: int, steps: int) -> SavedGame:
    from game.rummy import new_game as rummy_new_game

    names = [s.name for s in _seats(players)]
    start = knights_new_game(names, seed) if game == "knights" else rummy_new_game(names, seed)
    history: list[Any] = []
    state = _play(start, random.Random(seed), steps, history)
    extra = {"penalties": [[3, 0, 12]]} if game == "rummy" else {}
    return saved_game(game, _seats(players), state, history, extra)


# ----- kill and resume ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seed", "players", "steps"),
    [("knights", 3, 2, 25), ("knights", 8, 4, 60), ("rummy", 5, 3, 30), ("rummy", 6, 2, 200)],
)
def test_a_save_written_mid_game_resumes_identically_and_plays_to_the_end(
    game: str, seed: int, players: int, steps: int
) -> None:
    original = _mid_game(game, seed, players, steps)
    autosave(original)
    assert has_autosave()
    resumed = load_autosave()
    assert resumed is not None
    assert resumed.state.to_dict() == original.state.to_dict()
    assert resumed.seats == original.seats and resumed.game == game
    assert resumed.history == original.history
    assert dict(resumed.extra) == dict(original.extra)
    # both copies play on identically, to the end (rummy: through the next round)
    rng_a, rng_b = random.Random(99), random.Random(99)
    a, b = original.state, resumed.state
    for _ in range(3000):
        if a.is_terminal and (isinstance(a, KnightsState) or a.round > original.state.round):
            break
        a, b = _play(a, rng_a, 1, []), _play(b, rng_b, 1, [])
        assert a.to_dict() == b.to_dict()
    assert a.is_terminal


def test_a_killed_process_always_leaves_a_loadable_autosave(home: Path) -> None:
    """A writer saving after every move is killed (SIGKILL) mid-stream: the file on disk is
    always one whole save, never half of one."""
    script = (
        "import random, sys\n"
        "from game.knights import new_game\n"
        "from game.persist import autosave, saved_game, SeatRecord\n"
        "seats = [SeatRecord('Ann', 'human', None, 0), SeatRecord('Bot', 'computer', 'hard', 1)]\n"
        "rng = random.Random(1)\n"
        "for game in range(1000):\n"
        "    state = new_game(['Ann', 'Bot'], game)\n"
        "    while not state.is_terminal:\n"
        "        state = state.apply(rng.choice(state.legal_actions()))\n"
        "        autosave(saved_game('knights', seats, state))\n"
        "        print('saved', flush=True)\n"
    )
    env = dict(os.environ, ROBBERS_DEN_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, cwd=ROOT
    )
    try:
        assert proc.stdout is not None
        for _ in range(40):  # let it write a good number of saves, then kill it mid-write
            assert proc.stdout.readline() == b"saved\n"
        time.sleep(random.Random().uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    resumed = load_autosave()
    assert resumed is not None and isinstance(resumed.state, KnightsState)
    assert [p.name for p in home.iterdir() if not p.name.startswith(".")] == ["continue.json"]


# ----- refusing bad files -------------------------------------------------------------------


def _good_autosave() -> tuple[SavedGame, bytes]:
    good = _mid_game("knights", 1, 2, 12)
    autosave(good)
    return good, autosave_path().read_bytes()


def _refused(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert message and "Traceback" not in message
    return message


def test_truncated_random_and_foreign_files_are_refused_and_the_good_save_survives(
    home: Path,
) -> None:
    _, good_bytes = _good_autosave()
    rng = random.Random(7)
    bad = home / "bad.json"
    cases: dict[str, bytes] = {
        "truncated": good_bytes[: len(good_bytes) // 2],
        "truncated by one byte": good_bytes[:-1],
        "empty": b"",
        "random bytes": bytes(rng.randrange(256) for _ in range(4096)),
        "foreign json": b'{"name": "not a game", "items": [1, 2, 3]}',
        "a bare engine state": json.dumps(json.loads(good_bytes)["state"]).encode(),
        "a json list": b"[1, 2, 3]",
        "NaN": good_bytes.replace(b'"colour":0', b'"colour":NaN'),
        "deep nesting": b"[" * 100_000 + b"]" * 100_000,
        "latin-1 text": '{"format": "caf\xe9"}'.encode("latin-1"),
    }
    for label, data in cases.items():
        bad.write_bytes(data)
        message = _refused(bad)
        assert "not" in message.lower() or "damaged" in message.lower(), (label, message)
    assert autosave_path().read_bytes() == good_bytes
    assert load_autosave() is not None


def _edited(good_bytes: bytes, edit: Any) -> bytes:
    data = json.loads(good_bytes)
    edit(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(format="other-game-save"), "not a Robbers' Den"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d["seats"].pop(), "seats for a game of 2"),
        (lambda d: d["seats"][1].update(level="godlike"), "level"),
        (lambda d: d["seats"][0].update(kind="robot"), "human or a computer"),
        (lambda d: d["seats"][0].update(name=""), "name"),
        (lambda d: d["seats"][0].update(colour=-1), "colour"),
        (lambda d: d["state"]["board"][0].update(tile="dragon"), "no 'dragon' tile"),
        (lambda d: d["state"]["board"].append(d["state"]["board"][0]), "two tiles at"),
        (lambda d: d["state"].update(current=7), "current"),
        (lambda d: d["state"].update(game="raeuber-romme"), "position is invalid"),
        (lambda d: d.update(history=[{"type": "fly"}]), "move 1 of the history"),
        (lambda d: d.update(history={"type": "end"}), "history must be a list"),
        (lambda d: d.update(extra=[1]), "extra"),
        (lambda d: d.update(cheat=True), "unknown fields"),
        (lambda d: d.pop("state"), "position is missing"),
    ],
)
def test_damaged_parts_are_named_in_the_message(home: Path, edit: Any, words: str) -> None:
    _, good_bytes = _good_autosave()
    bad = home / "edited.json"
    bad.write_bytes(_edited(good_bytes, edit))
    assert words in _refused(bad)


def test_an_oversized_file_is_refused_without_reading_it_all(home: Path) -> None:
    big = home / "big.json"
    big.write_bytes(b" " * (saves_module.MAX_SAVE_BYTES + 10))
    assert "too large" in _refused(big)


def test_a_state_that_would_not_load_back_never_replaces_the_good_save() -> None:
    _, good_bytes = _good_autosave()

    class BrokenState:
        """An engine state whose save form is inconsistent (a tile lies twice)."""

        num_players = 2

        def to_dict(self) -> dict[str, Any]:
            data = json.loads(good_bytes)["state"]
            data["board"].append(data["board"][0])  # one tile twice
            return data

    broken = saved_game("knights", _seats(2), BrokenState())
    with pytest.raises(SaveError, match="would not load back"):
        autosave(broken)
    not_json = saved_game("knights", _seats(2), _mid_game("knights", 1, 2, 12).state,
                          extra={"when": object()})  # fmt: skip
    with pytest.raises(SaveError, match="JSON"):
        autosave(not_json)
    assert autosave_path().read_bytes() == good_bytes


# ----- disks that refuse --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "words"),
    [(errno.EROFS, "read-only"), (errno.ENOSPC, "disk is full"), (errno.EACCES, "permission")],
)
def test_a_refusing_disk_gives_a_clear_message_and_keeps_the_old_save(
    home: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    _, good_bytes = _good_autosave()

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OSError(code, os.strerror(code))

    target = "replace" if code != errno.ENOSPC else "fsync"
    with monkeypatch.context() as patch, pytest.raises(SaveError, match=words):
        patch.setattr(os, target, refuse)
        autosave(_mid_game("knights", 2, 2, 30))
    assert autosave_path().read_bytes() == good_bytes
    assert sorted(p.name for p in home.iterdir()) == ["continue.json"]  # no temp file left


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores folder permissions"
)
def test_a_read_only_folder_gives_save_error(home: Path) -> None:
    _, good_bytes = _good_autosave()
    home.chmod(0o500)
    try:
        with pytest.raises(SaveError, match="permission|read-only"):
            autosave(_mid_game("knights", 2, 2, 30))
    finally:
        home.chmod(0o700)
    assert autosave_path().read_bytes() == good_bytes


def test_write_atomic_replaces_whole_files(home: Path) -> None:
    path = home / "deep" / "folder" / "note.txt"
    write_atomic(path, "first")
    write_atomic(path, "second ✓")
    assert path.read_text(encoding="utf-8") == "second ✓"
    assert [p.name for p in path.parent.iterdir()] == ["note.txt"]


# ----- the data folder, autosave and named saves --------------------------------------------


def test_the_data_folder_follows_the_environment(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert data_dir() == home
    monkeypatch.delenv("ROBBERS_DEN_HOME")
    assert "robbers-den" in str(data_dir())


def test_no_autosave_means_nothing_to_continue() -> None:
    assert not has_autosave() and load_autosave() is None
    autosave(_mid_game("rummy", 1, 2, 5))
    assert has_autosave()
    delete_autosave()
    delete_autosave()  # twice is fine
    assert load_autosave() is None


def test_named_saves_list_load_and_delete(home: Path) -> None:
    assert list_saves() == []
    knights = _mid_game("knights", 4, 3, 20)
    rummy = _mid_game("rummy", 4, 4, 20)
    save_named("Sunday knights", knights)
    time.sleep(0.01)
    save_named("Rommé mit Oma", rummy)
    listed = list_saves()
    assert [s.name for s in listed] == ["Rommé mit Oma", "Sunday knights"]  # newest first
    assert listed[0].game == "rummy" and listed[0].players == ("Ann", "Bot1", "Bot2", "Bot3")
    assert listed[1].problem is None and listed[1].modified_text[:2] == "20"
    assert load_named("Sunday knights").state == knights.state
    assert isinstance(load_named("Rommé mit Oma").state, RummyState)
    (home / "saves" / "Broken.json").write_text("{", encoding="utf-8")
    broken = next(s for s in list_saves() if s.name == "Broken")
    assert broken.problem and broken.game is None
    delete_named("Sunday knights")
    with pytest.raises(SaveError, match="no saved game"):
        load_named("Sunday knights")
    assert {s.name for s in list_saves()} == {"Rommé mit Oma", "Broken"}


@pytest.mark.parametrize("name", ["", "   ", "../escape", "a/b", "x" * 41, "-rf", "con.json"])
def test_unsafe_save_names_are_refused(name: str) -> None:
    with pytest.raises(SaveError):
        save_named(name, _mid_game("knights", 1, 2, 3))


def test_seats_come_from_client_seats() -> None:
    client = [SimpleNamespace(name="Ann", human=True, level="medium", colour=2),
              SimpleNamespace(name="Kunz", human=False, level="hard", colour=0)]  # fmt: skip
    state = knights_new_game(["Ann", "Kunz"], 3)
    saved = saved_game("knights", client, state)
    assert saved.seats == (
        SeatRecord("Ann", "human", None, 2),
        SeatRecord("Kunz", "computer", "hard", 0),
    )
    assert saved.to_dict()["seats"][1] == {
        "name": "Kunz",
        "kind": "computer",
        "level": "hard",
        "colour": 0,
    }
    save_game(data_dir() / "x.json", saved)
    assert load_game(data_dir() / "x.json").seats[1].human is False


def test_a_history_that_would_not_load_back_is_refused_before_writing() -> None:
    _, good_bytes = _good_autosave()
    game = _mid_game("knights", 1, 2, 12)
    from game.rummy import Draw

    wrong_game = saved_game("knights", game.seats, game.state, [*game.history, Draw()])
    with pytest.raises(SaveError, match="history"):
        autosave(wrong_game)
    not_an_action = saved_game("knights", game.seats, game.state, [*game.history, "lay"])
    with pytest.raises(SaveError):
        autosave(not_an_action)
    assert autosave_path().read_bytes() == good_bytes


@pytest.mark.parametrize(("game", "players", "steps"), [("knights", 3, 70), ("rummy", 3, 120)])
def test_a_resumed_game_gets_its_move_log_back(game: str, players: int, steps: int) -> None:
    from game.movelog import describe

    original = _mid_game(game, 12, players, steps)
    autosave(original)
    resumed = load_autosave()
    assert resumed is not None
    states = replay_states(resumed)
    assert states is not None and len(states) == len(original.history) + 1
    assert states[-1].to_dict() == original.state.to_dict()
    log = replay_log(resumed)
    assert log is not None and len(log) == len(original.history)
    names = [s.name for s in original.seats]
    assert log[-1] == describe(game, states[-2], original.history[-1], names)
    assert log[0].startswith("Ann ") or log[0].startswith("Bot")


def test_a_history_that_does_not_lead_to_the_state_gives_no_log() -> None:
    original = _mid_game("knights", 12, 2, 40)
    assert replay_log(saved_game("knights", original.seats, original.state)) is None
    shortened = saved_game("knights", original.seats, original.state, original.history[:-1])
    assert replay_states(shortened) is None
    rummy = _mid_game("rummy", 3, 2, 10)
    joined = rummy.state.add_player("Newcomer")
    grown = saved_game("rummy", [*rummy.seats, SeatRecord("Newcomer", "human")], joined,
                       rummy.history)  # fmt: skip
    assert replay_log(grown) is None


def test_messages_go_through_the_translator_with_extractable_texts(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import wording as translate

    used: set[str] = set()

    def bracket(text: str) -> str:
        used.add(text)
        return "[" + text + "]"

    translate.set_translator(bracket)
    try:
        messages = []
        for content in (b"\xff\xfe", b"{", b'{"format": "robbers-den-save", "version": 9}'):
            (home / "x.json").write_bytes(content)
            messages.append(_refused(home / "x.json"))
        with pytest.raises(SaveError) as caught:
            save_named("../x", _mid_game("knights", 1, 2, 3))
        messages.append(str(caught.value))
        with monkeypatch.context() as patch, pytest.raises(SaveError) as caught:
            patch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "")))
            autosave(_mid_game("knights", 1, 2, 3))
        messages.append(str(caught.value))
    finally:
        translate.set_translator(None)
    assert all(m.startswith("[") and m.endswith("]") for m in messages), messages
    assert "[the disk is full" in messages[-1]
    extractable = set()
    for path in (ROOT / "game/persist").glob("*.py"):
        extractable |= gettext_literals(path)
    assert used <= extractable


def gettext_literals(path: Path) -> set[str]:
    """The literal texts of the ``_("...")`` and ``N_("...")`` calls in a file: what the gettext
    tools extract (implicitly joined literals count as one, as for xgettext)."""
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        first = node.args[0]
        if node.func.id in ("_", "N_") and isinstance(first, ast.Constant):
            found.add(str(first.value))
    return found
