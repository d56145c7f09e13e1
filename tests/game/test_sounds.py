"""Synthesised sounds: the shape pygame's mixer wants, audible, distinct, and playable."""

from __future__ import annotations

import numpy as np
import pytest

from game.sounds import SAMPLE_RATE, SOUNDS, all_sounds


@pytest.mark.parametrize("name", sorted(SOUNDS))
def test_each_sound_is_short_stereo_int16_and_not_silent(name: str) -> None:
    sound = SOUNDS[name]()
    assert sound.dtype == np.int16 and sound.ndim == 2 and sound.shape[1] == 2
    assert sound.flags["C_CONTIGUOUS"]
    seconds = sound.shape[0] / SAMPLE_RATE
    assert 0.02 <= seconds <= 1.5
    loudness = float(np.sqrt(np.mean(sound.astype(np.float64) ** 2)))
    assert loudness > 500  # clearly audible (full scale is 32767)
    assert int(np.abs(sound).max()) < 32000  # headroom: no clipping
    # starts and ends near silence: no click
    assert abs(int(sound[0, 0])) < 3000 and abs(int(sound[-1, 0])) < 3000


def test_sounds_are_deterministic_and_distinct() -> None:
    first, second = all_sounds(), all_sounds()
    assert set(first) == {"lay_tile", "lay_card", "deal", "win", "click"}
    for name in first:
        assert np.array_equal(first[name], second[name])
    lengths = {name: s.shape[0] for name, s in first.items()}
    assert len(set(lengths.values())) == len(lengths)
    assert lengths["win"] > lengths["deal"] > lengths["lay_tile"] > lengths["click"]


def test_the_deal_moves_from_left_to_right() -> None:
    sound = SOUNDS["deal"]().astype(np.float64)
    half = sound.shape[0] // 2
    early, late = sound[:half], sound[half:]
    assert np.abs(early[:, 0]).sum() > np.abs(early[:, 1]).sum()
    assert np.abs(late[:, 1]).sum() > np.abs(late[:, 0]).sum()


def test_the_win_fanfare_has_its_notes() -> None:
    sound = SOUNDS["win"]()[:, 0].astype(np.float64)
    spectrum = np.abs(np.fft.rfft(sound))
    freqs = np.fft.rfftfreq(sound.size, 1 / SAMPLE_RATE)
    for note in (523.25, 659.25, 783.99, 1046.5):
        near = spectrum[(freqs > note - 5) & (freqs < note + 5)].max()
        assert near > 20 * np.median(spectrum)


def test_pygame_turns_them_into_sounds() -> None:
    pygame = pytest.importorskip("pygame")
    try:
        pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=2)
    except pygame.error as error:
        pytest.skip(f"no audio device even with the dummy driver: {error}")
    try:
        for samples in all_sounds().values():
            sound = pygame.sndarray.make_sound(samples)
            assert sound.get_length() == pytest.approx(samples.shape[0] / SAMPLE_RATE, rel=0.01)
    finally:
        pygame.mixer.quit()


def test_a_machine_without_sound_prints_no_sound_library_errors() -> None:
    """Opening the mixer where there is no sound card (or no audio driver at all) is silent on
    stderr: SDL's ALSA backend would print "ALSA lib ... cannot find card" lines there."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    code = (
        "import pygame; pygame.display.init()\n"
        "from game.ui.audio import Audio\n"
        "Audio(enabled=True)\n"
        "import sys; sys.stderr.write('still here\\n')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "ALSA" not in result.stderr
    assert result.stderr.strip().endswith("still here")  # stderr itself still works afterwards
