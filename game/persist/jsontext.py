"""Untrusted JSON text to values, never failing for what the file holds in one place only.

``json.loads`` fails on the whole text for two things that may sit in one corner of a save:
``NaN``/``Infinity`` (not JSON, but Python writes them) and nesting deeper than Python's
recursion limit (a ``RecursionError``). A save's stored review is such a corner: a bad review
must be dropped, not cost the game. So both become markers here, and whoever reads that
place refuses the marker: the save's checks (``json_problem``) everywhere but the review, the
review's own reader in it.
"""

from __future__ import annotations

import json
import re

from game.core import JSONValue

# Far deeper than any value of the game (a rummy move in a review: 7 levels; json_problem
# refuses more than 64) and far below Python's recursion limit.
MAX_DEPTH = 100
# What a too-deep value becomes: a text no check accepts (it holds a control character).
TOO_DEEP = "\u0000nested too deeply"
_TOO_DEEP_JSON = json.dumps(TOO_DEEP)
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class NotANumber:
    """What ``NaN``, ``Infinity`` or ``-Infinity`` in a file becomes: no number at all, so
    every reader of numbers refuses it in words."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def loads_untrusted(text: str) -> JSONValue:
    """The JSON value of ``text``; ValueError if it is no JSON. Non-numbers and too-deep
    values are markers (see the module doc), so one bad corner never fails the whole."""
    try:
        return json.loads(text, parse_constant=NotANumber)
    except RecursionError:
        pass
    try:
        return json.loads(_cut_deep(text), parse_constant=NotANumber)
    except RecursionError as error:  # (cannot happen after the cut; a ValueError all the same)
        raise ValueError("the file is nested too deeply") from error


def _cut_deep(text: str) -> str:
    """``text`` with every value opening below MAX_DEPTH replaced by TOO_DEEP."""
    parts: list[str] = []
    depth, cut_from, kept = 0, -1, 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark[0] == '"':
            continue
        if mark in "[{":
            depth += 1
            if depth == MAX_DEPTH + 1 and cut_from < 0:
                cut_from = token.start()
        else:
            depth -= 1
            if depth == MAX_DEPTH and cut_from >= 0:
                parts += [text[kept:cut_from], _TOO_DEEP_JSON]
                kept, cut_from = token.end(), -1
    if cut_from >= 0:  # never closed: the text is cut short, and stays so
        parts.append(text[kept:cut_from])
        kept = len(text)
    parts.append(text[kept:])
    return "".join(parts)
