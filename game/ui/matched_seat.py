"""The setup's "matched to me" choice for a computer seat: a toggle beside the levels (for a
game with a ladder), and the line that says what strength it is and why.

The strength itself is chosen by ``game.play.rating`` from the people's ratings when the seat
is set to it, and again when the game starts (his rating may have moved since).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from ai.ladder import ladder_for, rating_of, whole_rating
from game.core import LEVELS
from game.i18n import _, ngettext
from game.persist import load_stats
from game.play.rating import offers_matched, person_rating, with_matched
from game.play.session import Seat, level_word
from game.ui import theme
from game.ui.widgets import Button

MATCHED_W = 104  # the toggle's width beside the level choice


def matched_button(
    game: str, seats: Sequence[Seat], index: int, rect: pygame.Rect, toggle: Callable[[], None]
) -> Button:
    """The "Matched" toggle of computer seat ``index``: on, it plays at the matched strength."""
    return Button(
        _("Matched"),
        toggle,
        rect,
        ident=f"matched{index}",
        size=theme.FONT_SMALL + 2,
        selected=seats[index].strength is not None,
        tooltip=_(
            "Matched to me: a strength between the levels, so that your chances are about even"
        ),
    )


def toggled(game: str, seats: Sequence[Seat], index: int) -> list[Seat]:
    """``seats`` with seat ``index`` matched to the people, or back to its plain level."""
    out = list(seats)
    if out[index].strength is not None or not offers_matched(game):
        out[index] = replace(out[index], strength=None)
        return out
    out[index] = replace(out[index], strength=0.0)
    return with_matched(game, load_stats(), out)


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
            "{name} (rating {rating}, {games} game)",
            "{name} (rating {rating}, {games} games)",
            rating.games,
        ).format(name=people[0].name, rating=whole_rating(rating.value), games=rating.games)
    elif people:
        whose = _("the people's mean rating")
    else:
        whose = _("the starting rating")
    return _("Matched to me: between {low} and {high}, rated about {rating}, for {whose}").format(
        low=level_word(low),
        high=level_word(high),
        rating=whole_rating(rating_of(ladder, strength)),
        whose=whose,
    )
