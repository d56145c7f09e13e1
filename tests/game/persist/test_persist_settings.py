"""Settings: remembered across runs, forgiving of damaged files, checked when changed."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.persist import LANGUAGES, SaveError, Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    return tmp_path


def test_first_run_gets_the_defaults_in_english() -> None:
    settings = load_settings()
    assert settings == Settings()
    assert settings.language == "en" and settings.sound_on and not settings.fullscreen
    assert LANGUAGES == ("en", "de", "nl")


def test_every_setting_round_trips_through_the_file() -> None:
    changed = Settings().replace(
        animation_pace=0.5,
        ai_pace=1.5,
        window_size=(1600, 900),
        fullscreen=True,
        set_columns=4,
        four_colour_suits=True,
        colour_blind_marks=True,
        sound_on=False,
        language="nl",
    )
    save_settings(changed)
    assert load_settings() == changed
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["window_size"] == [1600, 900]
    assert {f for f in data if f != "version"} == set(Settings.__dataclass_fields__)


def test_replace_checks_values_and_keeps_the_old_value_immutable() -> None:
    base = Settings()
    with pytest.raises(ValueError):
        base.replace(language="fr")
    with pytest.raises(ValueError):
        base.replace(sound_on="yes")
    with pytest.raises(ValueError):
        base.replace(volume=3)
    with pytest.raises(ValueError):
        base.replace(ai_pace=float("nan"))
    assert base.replace(ai_pace=99).ai_pace == 5.0  # clamped to the slowest pace
    assert base.replace(window_size=[100, 100]).window_size == (800, 560)
    with pytest.raises(AttributeError):
        base.language = "de"  # type: ignore[misc]
    assert base.language == "en"


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\xff garbage \x89PNG", b"{not json", b"[1, 2]", b'"just text"', b"{" * 50_000],
)
def test_a_damaged_file_gives_defaults_and_is_kept_aside(home: Path, content: bytes) -> None:
    settings_path().write_bytes(content)
    assert load_settings() == Settings()
    (kept,) = home.glob("settings.json.bad-*")
    assert kept.read_bytes() == content
    save_settings(Settings().replace(language="de"))  # and the next save works again
    assert load_settings().language == "de"


def test_a_file_from_another_version_is_kept_aside(home: Path) -> None:
    settings_path().write_text('{"version": 2, "language": "de"}', encoding="utf-8")
    assert load_settings() == Settings()
    assert len(list(home.glob("settings.json.bad-*"))) == 1


def test_bad_fields_take_their_defaults_and_good_ones_stay() -> None:
    raw: dict[str, Any] = {
        "version": 1,
        "language": "klingon",
        "sound_on": "loud",
        "window_size": [1024],
        "set_columns": 2.5,
        "ai_pace": True,
        "animation_pace": 2.0,
        "fullscreen": True,
        "colour_blind_marks": True,
        "unknown_future_field": 1,
    }
    settings_path().write_text(json.dumps(raw), encoding="utf-8")
    loaded = load_settings()
    assert loaded == Settings(animation_pace=2.0, fullscreen=True, colour_blind_marks=True)


def test_saving_to_a_full_disk_gives_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError, match="disk is full"):
        save_settings(Settings())
