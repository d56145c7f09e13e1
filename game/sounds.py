"""Short game sounds synthesised with numpy: no sound files to ship, nothing to license.

Each function returns a C-contiguous ``int16`` array of shape ``(samples, 2)`` at 44100 Hz,
ready for ``pygame.sndarray.make_sound`` with a mixer opened as 44100 Hz, 16 bit, stereo.
No pygame here: the client builds the Sounds once and plays them when ``sound_on`` is set.
The sounds are deterministic (fixed noise seeds), so tests and players hear the same thing.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

SAMPLE_RATE = 44100
PEAK = 0.6  # of full scale: leaves headroom when sounds overlap

Mono = NDArray[np.float64]
Stereo = NDArray[np.int16]


def _time(seconds: float) -> Mono:
    return np.arange(int(SAMPLE_RATE * seconds), dtype=np.float64) / SAMPLE_RATE


def _decay(t: Mono, rate: float, attack: float = 0.002) -> Mono:
    """A fast linear attack (no click at the start) then exponential decay."""
    rise = np.clip(t / attack, 0.0, 1.0)
    return rise * np.exp(-rate * t)


def _smoothed_noise(samples: int, width: int, seed: int) -> Mono:
    """White noise through a moving average of ``width`` samples (wider = duller)."""
    noise = np.random.default_rng(seed).uniform(-1.0, 1.0, samples + width)
    kernel = np.ones(width) / width
    return np.convolve(noise, kernel, mode="valid")[:samples]


def _to_stereo(signal: Mono, pan: float = 0.0) -> Stereo:
    """Normalise to PEAK and spread over two channels; ``pan`` -1 (left) .. 1 (right)."""
    peak = float(np.max(np.abs(signal))) if signal.size else 0.0
    if peak > 0:
        signal = signal * (PEAK / peak)
    left = signal * min(1.0, 1.0 - pan)
    right = signal * min(1.0, 1.0 + pan)
    both = np.stack([left, right], axis=1) * 32767.0
    return np.ascontiguousarray(np.clip(both, -32768, 32767).astype(np.int16))


def lay_tile() -> Stereo:
    """A wooden knock: a low, quickly damped tone with a dull noise thud (Robber Knights)."""
    t = _time(0.16)
    tone = np.sin(2 * np.pi * 190 * t) + 0.5 * np.sin(2 * np.pi * 410 * t)
    thud = _smoothed_noise(t.size, 12, seed=1)
    return _to_stereo((0.8 * tone * _decay(t, 38)) + thud * _decay(t, 90))


def _snap(seconds: float, seed: int, brightness: int) -> Mono:
    t = _time(seconds)
    noise = _smoothed_noise(t.size, brightness, seed)
    hiss = noise - _smoothed_noise(t.size, brightness * 6, seed)  # drop the lowest rumble
    return hiss * _decay(t, 70, attack=0.001)


def lay_card() -> Stereo:
    """A card snapped onto the table: a short bright slap (Räuber-Rommé)."""
    return _to_stereo(_snap(0.09, seed=2, brightness=3))


def deal() -> Stereo:
    """Cards dealt round the table: six quick snaps, panned left to right."""
    gap = int(SAMPLE_RATE * 0.075)
    snaps = [_snap(0.07, seed=10 + i, brightness=3 + i % 2) for i in range(6)]
    total = gap * (len(snaps) - 1) + snaps[-1].size
    left = np.zeros(total)
    right = np.zeros(total)
    for i, snap in enumerate(snaps):
        pan = -0.6 + 1.2 * i / (len(snaps) - 1)
        start = i * gap
        left[start : start + snap.size] += snap * min(1.0, 1.0 - pan)
        right[start : start + snap.size] += snap * min(1.0, 1.0 + pan)
    peak = max(float(np.max(np.abs(left))), float(np.max(np.abs(right))))
    both = np.stack([left, right], axis=1) * (PEAK / peak * 32767.0)
    return np.ascontiguousarray(both.astype(np.int16))


def win() -> Stereo:
    """A bright rising fanfare (C, E, G, high C) with a held last note: a game or round won."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    step = 0.12
    t = _time(step * (len(notes) - 1) + 0.7)
    signal = np.zeros(t.size)
    for i, freq in enumerate(notes):
        start = i * step
        local = np.clip(t - start, 0.0, None)
        held = 4.0 if i == len(notes) - 1 else 9.0
        voice = np.sin(2 * np.pi * freq * local) + 0.35 * np.sin(4 * np.pi * freq * local)
        signal += np.where(t >= start, voice * _decay(local, held, attack=0.01), 0.0)
    fade = np.clip((t[-1] - t) / 0.05, 0.0, 1.0)  # no click at the end
    return _to_stereo(signal * fade)


def click() -> Stereo:
    """A soft tick for buttons and menu moves."""
    t = _time(0.03)
    return _to_stereo(np.sin(2 * np.pi * 1500 * t) * _decay(t, 220) * 0.5)


SOUNDS: dict[str, Callable[[], Stereo]] = {
    "lay_tile": lay_tile,
    "lay_card": lay_card,
    "deal": deal,
    "win": win,
    "click": click,
}


def all_sounds() -> dict[str, Stereo]:
    """Every sound by name, synthesised once (about 20 ms in all)."""
    return {name: make() for name, make in SOUNDS.items()}
