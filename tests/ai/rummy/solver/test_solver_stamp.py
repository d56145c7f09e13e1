"""The stamp beside numba's cache is read as untrusted: anything but the expected hash means
"compile again", never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.rummy.solver.compiled import stamp


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_the_stamp_written_after_a_build_is_current(cache_dir: Path) -> None:
    assert not stamp.is_current()  # an empty cache
    assert stamp.write(stamp.source_key())
    assert stamp.stamp_path().parent == cache_dir
    assert stamp.is_current()


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe\x00garbage",
        b"{not json",
        b"[1, 2]",
        b'{"key": 12}',
        b'{"key": "0000"}',
        b'{"key": "' + b"a" * 5000 + b'"}',
        b"null",
    ],
)
def test_a_damaged_or_forged_stamp_means_compile_again(cache_dir: Path, content: bytes) -> None:
    cache_dir.mkdir(parents=True)
    stamp.stamp_path().write_bytes(content)
    assert not stamp.is_current()


def test_a_folder_in_place_of_the_stamp_means_compile_again(cache_dir: Path) -> None:
    stamp.stamp_path().mkdir(parents=True)
    assert not stamp.is_current()
    assert not stamp.write(stamp.source_key())  # reported, not raised


def test_a_stamp_of_other_sources_is_stale(cache_dir: Path) -> None:
    assert stamp.write(stamp.source_key() + "0")
    assert not stamp.is_current()
    assert stamp.is_current(stamp.source_key() + "0")


def test_a_source_tree_it_may_not_write_keeps_the_stamp_in_the_users_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(stamp.os, "access", lambda path, mode: False)  # an installed package
    assert stamp.stamp_path() == tmp_path / "numba" / stamp.STAMP_NAME
    assert stamp.write(stamp.source_key())
    assert stamp.is_current()
