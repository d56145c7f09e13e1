"""The setup's "matched to me" choice for a computer seat: a fifth option beside the levels
(for a game with a ladder), and the line that says what strength it is and why.

The strength itself is chosen by ``game.play.rating`` from the people's ratings when the seat
is set to it, and again when the game starts (his rating may have moved since).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ai.ladder import ladder_for, rating_of
from game.core import LEVELS
from game.i18n import _, ngettext
from game.persist import load_stats
from game.play.rating import offers_matched, person_rating, with_matched
from game.play.session import Seat, level_word

MATCHED = len(LEVELS)  # the option's index after the levels


def level_options(game: str) -> list[str]:
    """The level choices of a computer seat: the levels, and "Matched" where it can be."""
    words = [level_word(level).capitalize() for level in LEVELS]
    return [*words, _("Matched")] if offers_matched(game) else words


def option_index(game: str, seat: Seat) -> int:
    if seat.strength is not None and offers_matched(game):
        return MATCHED
    return LEVELS.index(seat.level)


def choose_option(game: str, seats: Sequence[Seat], index: int, option: int) -> list[Seat]:
    """``seats`` with seat ``index`` set to level option ``option``."""
    out = list(seats)
    if option == MATCHED and offers_matched(game):
        out[index] = replace(out[index], strength=0.0)
        return with_matched(game, load_stats(), out)
    out[index] = replace(out[index], level=LEVELS[option], strength=None)
    return out


def rematched(game: str, seats: Sequence[Seat]) -> list[Seat]:
    """``seats`` with the matched seats' strength chosen anew from the stored ratings (and
    made plain levels where the game has no ladder)."""
    if not offers_matched(game):
        return [replace(seat, strength=None) for seat in seats]
    return with_matched(game, load_stats(), seats)


def matched_note(game: str, seats: Sequence[Seat]) -> str:
    """What a matched seat at this table plays like, and whose rating it follows ("" if no
    seat is matched)."""
    ladder = ladder_for(game)
    matched = [seat for seat in seats if seat.strength is not None and not seat.human]
    if ladder is None or not matched:
        return ""
    strength = matched[0].strength or 0.0
    low = LEVELS[min(int(strength), len(LEVELS) - 2)]
    high = LEVELS[min(int(strength), len(LEVELS) - 2) + 1]
    people = [seat for seat in seats if seat.human]
    stats = load_stats()
    if len(people) == 1:
        rating = person_rating(stats, game, people[0].name)
        whose = ngettext(
            "{name}'s rating {rating} ({games} game)",
            "{name}'s rating {rating} ({games} games)",
            rating.games,
        ).format(name=people[0].name, rating=round(rating.value), games=rating.games)
    elif people:
        whose = _("the people's mean rating")
    else:
        whose = _("the starting rating")
    return _("Matched to me: between {low} and {high}, rated about {rating}, for {whose}").format(
        low=level_word(low),
        high=level_word(high),
        rating=round(rating_of(ladder, strength)),
        whose=whose,
    )
