"""Numbers read from the computer players' data files, checked: a file may be damaged or
hand-edited, so anything but a finite number in range is refused with a ``ValueError``.

The reader itself is :mod:`game.numbers`, shared with the stored review and the save files,
so there is one of it."""

from __future__ import annotations

from game.numbers import finite_number, finite_numbers

__all__ = ["finite_number", "finite_numbers"]
