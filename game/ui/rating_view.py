"""The statistics screen's ratings page: for one person, his rating at each game, the games it
rests on, and its history as a graph with the computer levels' ratings drawn across it.

Only reads: the ratings come from the statistics (checked on reading), the levels' ratings
from the game's ladder (``ai.ladder``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ai.ladder import ladder_for, whole_rating
from game.core import LEVELS
from game.i18n import _, ngettext
from game.persist import Stats
from game.persist.ratings import Rating, find
from game.play.session import game_title, level_word
from game.registry import GAMES
from game.ui import theme

LINE = theme.mix(theme.PANEL_DARK, theme.TEXT_DIM, 0.35)


def rated_people(stats: Stats, most: int = 4) -> list[str]:
    """The people with a rating, most games first (at most ``most``)."""
    games: dict[str, int] = {}
    for (_game, name), rating in stats.ratings.items():
        games[name] = games.get(name, 0) + rating.games
    return sorted(games, key=lambda name: (-games[name], name))[:most]


def rated_games() -> list[str]:
    return [game for game in GAMES if ladder_for(game) is not None]


def draw_ratings(surface: pygame.Surface, area: pygame.Rect, stats: Stats, person: str) -> None:
    """``person``'s ratings in ``area``: one heading and one graph per game with a ladder."""
    games = rated_games()
    if not person or not games:
        theme.blit_text(
            surface,
            _("No ratings yet: finish a game against the computer."),
            (area.x, area.y),
            colour=theme.TEXT_DIM,
        )
        return
    line = theme.font(theme.FONT_BODY).get_linesize()
    each = area.h // len(games)
    for index, game in enumerate(games):
        top = area.y + index * each
        found = find(stats.ratings, game, person)
        rating = found[1] if found is not None else None
        title = game_title(game)
        if rating is None or rating.games == 0:
            words = _("{game}: not rated yet").format(game=title)
        else:
            words = ngettext(
                "{game}: {rating}, from {games} game",
                "{game}: {rating}, from {games} games",
                rating.games,
            ).format(game=title, rating=whole_rating(rating.value), games=rating.games)
        theme.blit_text(surface, words, (area.x, top), theme.FONT_BODY, theme.ACCENT, True)
        graph = pygame.Rect(area.x, top + line + 4, area.w, each - line - 16)
        if graph.h > 30:
            draw_graph(surface, graph, game, rating)


def draw_graph(
    surface: pygame.Surface, rect: pygame.Rect, game: str, rating: Rating | None
) -> None:
    """The history of ``rating`` in ``rect``, with a dotted line at each level's rating."""
    ladder = ladder_for(game)
    if ladder is None:
        return
    pygame.draw.rect(surface, theme.PANEL_DARK, rect, border_radius=6)
    levels = [(level, ladder.levels[level].rating) for level in LEVELS]
    history: Sequence[float] = rating.history if rating is not None else ()
    values = [value for _level, value in levels] + list(history)
    low, high = min(values) - 40.0, max(values) + 40.0
    label_w = 16 + max(
        theme.text_width(f"{level_word(level)} 0000", theme.FONT_SMALL) for level in LEVELS
    )
    plot = pygame.Rect(rect.x + 8, rect.y + 8, rect.w - label_w - 16, rect.h - 16)

    def y_of(value: float) -> int:
        return round(plot.bottom - (value - low) / (high - low) * plot.h)

    gap = theme.font(theme.FONT_SMALL).get_linesize()
    label_ys = spread([y_of(value) for _level, value in levels], gap)
    for (level, value), label_y in zip(levels, label_ys, strict=True):
        y = y_of(value)
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surface, LINE, (x, y), (min(x + 6, plot.right), y))
        theme.blit_text(
            surface,
            f"{level_word(level)} {whole_rating(value)}",
            (plot.right + 8, label_y),
            theme.FONT_SMALL,
            theme.TEXT_DIM,
            anchor="midleft",
        )
    if len(history) < 2:
        return
    step = plot.w / (len(history) - 1)
    points = [(round(plot.x + i * step), y_of(value)) for i, value in enumerate(history)]
    pygame.draw.lines(surface, theme.ACCENT, False, points, 3)
    pygame.draw.circle(surface, theme.HIGHLIGHT, points[-1], 5)


def spread(ys: Sequence[int], gap: int) -> list[int]:
    """``ys`` (falling: the levels bottom up) moved apart to at least ``gap`` each, keeping the
    lowest in place, so that labels of close ratings do not overlap."""
    out = list(ys)
    for i in range(1, len(out)):
        out[i] = min(out[i], out[i - 1] - gap)
    return out
