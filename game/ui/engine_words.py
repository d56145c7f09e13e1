"""The engines' messages (IllegalAction texts, meld problems) in the player's language.

The engines speak English and stay free of the client's translations; the UI routes what they
say through :func:`translate_engine`: one catalog entry per message template (marked with
``N_`` below so the gettext tools extract them), matched by a pattern with named fields. Fields
holding game words (tile kinds, terrains) are translated too; fields named ``rest`` hold another
engine message and are translated the same way. A message no pattern knows stays as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from game.i18n import N_, _, language

# Game words that appear inside engine messages.
WORDS: dict[str, str] = {
    "plain": N_("plain"),
    "forest": N_("forest"),
    "mountain": N_("mountain"),
    "lake": N_("lake"),
    "castle": N_("castle"),
    "village": N_("village"),
    "town": N_("town"),
    "plain+village": N_("plain+village"),
    "plain+castle": N_("plain+castle"),
    "plain+town": N_("plain+town"),
    "forest+village": N_("forest+village"),
    "forest+castle": N_("forest+castle"),
    "forest+town": N_("forest+town"),
    "empty": N_("empty"),
}
MESSAGE_FIELDS = {"rest"}

# (template, msgid): the template is the engine's English with {fields}.
TEMPLATES: tuple[str, ...] = (
    # Robber Knights
    N_("the game is over"),
    N_("first each player chooses which A tile to keep"),
    N_("first bring knights into play from the castle you just laid (or none)"),
    N_("lay a tile or end your turn"),
    N_("lay a tile"),
    N_("the castle stays in your hand anyway: keep one of the other tiles"),
    N_("you have no {tile} tile to keep"),
    N_("you have no castle to keep beside it"),
    N_("you have no {tile} tile in your hand"),
    N_("a spot is given by whole-number coordinates"),
    N_("that spot is already taken"),
    N_("that spot is not next to any tile"),
    N_("the area may be at most {n} tiles wide"),
    N_("the area may be at most {n} tiles tall"),
    N_("that tile can't go there"),
    N_("you must lay at least one tile before ending your turn"),
    N_("a deployment is a number of knights, a direction N, E, S, W or none, and drops"),
    N_("you have only {supply} knights left"),
    N_("you may bring at most {n} knights into play at once"),
    N_("the knights left on the tiles must add up to the knights brought in"),
    N_("a {terrain} castle needs {n} knights, you can't bring in fewer"),
    N_("a {terrain} needs {n} knights left on it"),
    N_("at most {n} knights fit on one tile, so {count} knights must move"),
    N_("that deployment is not possible"),
    N_("bringing in no knights has no direction and no drops"),
    N_("no tile may hold more than {n} knights"),
    N_("knights can't cross an empty space or leave the layout"),
    N_("knights can't enter a lake"),
    # Räuber-Rommé: the turn
    N_("a player needs a name"),
    N_("the round is over: deal the next round"),
    N_("the stock is empty: you can only play or pass"),
    N_("you may pass only when the stock is empty: draw a card"),
    N_("you can't end your turn like this: {rest}"),
    N_("the round is still being played"),
    N_("at most {n} players can play"),
    N_("at least {n} players must remain"),
    N_("{cards} left the table: cards on the table can't go back to a hand"),
    N_("{cards}: not in your hand"),
    N_("lay at least one card from your hand (or draw)"),
    N_("to open you need sets made only of your own cards worth 30 or more (you have {points})"),
    N_("set {number} ({cards}): {rest}"),
    N_("this is not your hand to play"),
    # Räuber-Rommé: laying out a turn
    N_("the round is over: there is no turn to lay out"),
    N_("only the player on turn can lay out his cards"),
    N_("{card} lay on the table before your turn: table cards can't go to a hand"),
    N_("split inside the set: between card 1 and card {n}"),
    N_("a set can't be joined with itself"),
    N_("there is no set {n} on the table"),
    N_("set {number} has no card {n}"),
    N_("your hand has no card {n}"),
    N_("{card} is not in your hand"),
    N_("a card can go at places 1 to {n} of that set"),
    N_("open first: lay your own sets worth 30 points before you touch the public sets"),
    # Räuber-Rommé: sets
    N_("a set needs at least 3 cards"),
    N_("a set needs at least 2 normal cards (jokers alone can't say what they stand for)"),
    N_("two jokers need at least two cards between them"),
    N_("K-A-2 does not wrap"),
    N_("mixed suits in a run"),
    N_("{cards}: a group holds cards of one rank only"),
    N_("a face-down card can't be judged"),
    N_("a run holds at most 13 cards"),
    N_("a group holds at most 4 cards, one of each suit"),
    N_("{a} and {b}: a group may hold each suit only once"),
    N_("{a} and {b}: a run can't hold the same rank twice"),
    N_("{a} and {b}: a run can't hold a rank twice"),
    N_("{a} and {b} are out of order: a run goes either up or down"),
    N_("gap between {a} and {b}"),
    N_("too many cards between {a} and {b}"),
    N_("these cards don't make a run"),
)


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    compiled = []
    for template in TEMPLATES:
        parts = re.split(r"\{(\w+)\}", template)
        regex = ""
        for i, part in enumerate(parts):
            if i % 2 == 0:
                regex += re.escape(part)
            else:
                # A field never spans the separators of a message list (", " and "; ").
                field = r"(?:(?!, |; ).)+?" if part != "rest" else ".+"
                regex += f"(?P<{part}>{field})"
        compiled.append((re.compile(f"^{regex}$", re.DOTALL), template))
    return tuple(compiled)


def _field(name: str, value: str) -> str:
    if name in MESSAGE_FIELDS:
        return _translate_list(value, "; ")
    if value in WORDS:
        return _(WORDS[value])
    return value


def translate_engine(message: str) -> str:
    """``message`` from an engine in the current language (unchanged in English).

    A message may be a list: problems joined by "; ", each perhaps a set's problems joined by
    ", " (the engines' own way); every piece is matched on its own, longest first."""
    if language() == "en" or not message:
        return message
    capital = message[:1].isupper()
    direct = _translate(message)
    if direct is not None:
        return direct
    text = message[:1].lower() + message[1:] if capital else message
    translated = _translate_list(text, "; ")
    if translated == text:
        return message
    return translated[:1].upper() + translated[1:] if capital else translated


def _translate_list(text: str, separator: str) -> str:
    """Translate ``separator``-joined pieces, each the longest run of pieces a template knows
    (a single message may itself hold the separator); unknown pieces stay as they are."""
    pieces = text.split(separator)
    out: list[str] = []
    i = 0
    while i < len(pieces):
        for j in range(len(pieces), i, -1):
            # A run of several pieces must be one message, not "set 1 (...): {rest}" eating
            # the next problems into its list.
            found = _translate(separator.join(pieces[i:j]), nested=j == i + 1)
            if found is not None:
                out.append(found)
                i = j
                break
        else:
            piece = pieces[i]
            out.append(_translate_list(piece, ", ") if separator == "; " else piece)
            i += 1
    return separator.join(out)


def _translate(text: str, nested: bool = True) -> str | None:
    """The translation of one engine message (None if no template fits); ``nested=False``
    leaves out the templates that hold another message list."""
    for pattern, template in _patterns():
        if not nested and "{rest}" in template:
            continue
        match = pattern.match(text)
        if match is None:
            continue
        fields = {name: _field(name, value) for name, value in match.groupdict().items()}
        try:
            return _(template).format(**fields)
        except (KeyError, IndexError, ValueError):
            return None
    return None
