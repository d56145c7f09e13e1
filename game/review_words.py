"""The game review's findings in plain words, for the review screen and the command line.

A finding reads like "Turn 7: you laid the mountain at E4 and stopped (42 % → 31 %). Better:
lay the plain castle at F5 with three knights marching east and stop (41 %)." The move played
is told in the second person, to the player who made it (``named=True``: with his name, for a
review of every seat); the better move as what to do instead. Spots, tiles and directions are
the move log's (:mod:`game.movelog`); cards are written as on the cards themselves, rank and
suit symbol ("7♥", "Q♠"), a joker as the word. The symbols ♣♦♥♠ and the arrow → are not in the
game's default font: a screen that draws these texts passes ``symbols=False`` and gets the move
log's letters ("7H") and "->" instead.

Every text goes through the move log's translator (``game.persist.translate``), so a test can
see them with ``set_translator``. Pure: no pygame, no ai.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.knights import Deploy, End, Place
from game.movelog import DIRECTION_WORDS, spot_name
from game.persist.translate import N_, _
from game.review import CHANCE_PLACES, ReviewedTurn
from game.rummy import Draw, Play
from game.rummy.cards import RANK_NAMES, Card

__all__ = [
    "better_words",
    "card_text",
    "chance_before",
    "chance_text",
    "decision_label",
    "finding_text",
    "move_words",
]

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
ARROW = "→"
PLAIN_ARROW = "->"

# ----- the review's texts (one block for the translators) -----------------------------------

# A tile as the object of "you laid ...", with its article.
TILE_PHRASES = {
    "lake": N_("the lake"),
    "mountain": N_("the mountain"),
    "plain": N_("the plain"),
    "plain+village": N_("the plain village"),
    "plain+castle": N_("the plain castle"),
    "plain+town": N_("the plain town"),
    "forest+village": N_("the forest village"),
    "forest+castle": N_("the forest castle"),
    "forest+town": N_("the forest town"),
}


def decision_label(game: str, turn: ReviewedTurn) -> str:
    """ "Turn 7" (Robber Knights) or "Round 2, turn 5" (Räuber-Rommé)."""
    if game == "rummy":
        return _("Round {round}, turn {turn}").format(round=turn.round, turn=turn.turn)
    return _("Turn {turn}").format(turn=turn.turn)


def _lay_phrase(num_players: int, place: Place, deploy: Deploy | None) -> str:
    tile = _(TILE_PHRASES[place.tile]) if place.tile in TILE_PHRASES else place.tile
    lay = _("{tile} at {spot}").format(tile=tile, spot=spot_name(num_players, place.x, place.y))
    if deploy is None:
        return lay
    count = deploy.count
    if count == 0:
        return _("{lay} without knights").format(lay=lay)
    if deploy.dir is None:
        template = (
            _("{lay} with one knight on it")
            if count == 1
            else _("{lay} with {count} knights on it")
        )
        return template.format(lay=lay, count=count)
    direction = _(DIRECTION_WORDS.get(deploy.dir, deploy.dir))
    first, rest = deploy.drops[0], ", ".join(str(d) for d in deploy.drops[1:])
    if count == 1:
        template = _("{lay} with one knight marching {direction}")
    elif set(deploy.drops) == {1}:  # one knight on every tile: the plain march
        template = _("{lay} with {count} knights marching {direction}")
    else:
        template = _(
            "{lay} with {count} knights marching {direction} ({first} on the castle, then {rest})"
        )
    return template.format(lay=lay, count=count, direction=direction, first=first, rest=rest)


def _knights_lays(before: Any, actions: Sequence[Any]) -> tuple[list[str], bool]:
    """The lays of a turn in words, and whether the player stopped (rather than the turn
    ending by itself after the third lay, or with an empty hand)."""
    lays: list[str] = []
    stopped = False
    num_players = before.num_players
    for i, action in enumerate(actions):
        if isinstance(action, Place):
            following = actions[i + 1] if i + 1 < len(actions) else None
            deploy = following if isinstance(following, Deploy) else None
            lays.append(_lay_phrase(num_players, action, deploy))
        elif isinstance(action, End):
            stopped = True
    return lays, stopped


def _knights_move(before: Any, actions: Sequence[Any], who: str | None) -> str:
    lays, stopped = _knights_lays(before, actions)
    if not lays:
        return _("you passed") if who is None else _("{name} passed").format(name=who)
    listed = _join(lays)
    # After a longer list (or a deployment) "and stopped" needs a comma in English.
    long_list = len(lays) > 1 or any(isinstance(a, Deploy) for a in actions)
    if not stopped:
        template = _("you laid {lays}") if who is None else _("{name} laid {lays}")
    elif long_list:
        template = (
            _("you laid {lays}, and stopped")
            if who is None
            else _("{name} laid {lays}, and stopped")
        )
    else:
        template = (
            _("you laid {lays} and stopped") if who is None else _("{name} laid {lays} and stopped")
        )
    return template.format(lays=listed, name=who)


def _knights_better(before: Any, actions: Sequence[Any]) -> str:
    lays, stopped = _knights_lays(before, actions)
    if not lays:
        return _("pass")
    listed = _join(lays)
    if not stopped:
        return _("lay {lays}").format(lays=listed)
    if len(lays) > 1 or any(isinstance(a, Deploy) for a in actions):
        return _("lay {lays}, and stop").format(lays=listed)
    return _("lay {lays} and stop").format(lays=listed)


def _rummy_move(before: Any, actions: Sequence[Any], who: str | None, symbols: bool) -> str:
    action = actions[0] if actions else None
    if isinstance(action, Draw):
        return _("you drew") if who is None else _("{name} drew").format(name=who)
    if isinstance(action, Play):
        cards, opening, out = _play_facts(before, action, symbols)
        if opening and out:
            template = (
                _("you opened and went out with {cards}")
                if who is None
                else _("{name} opened and went out with {cards}")
            )
        elif opening:
            template = (
                _("you opened with {cards}") if who is None else _("{name} opened with {cards}")
            )
        elif out:
            template = (
                _("you went out with {cards}") if who is None else _("{name} went out with {cards}")
            )
        else:
            template = (
                _("you laid {cards} on the table")
                if who is None
                else _("{name} laid {cards} on the table")
            )
        return template.format(cards=cards, name=who)
    return _("you passed") if who is None else _("{name} passed").format(name=who)


def _rummy_better(before: Any, actions: Sequence[Any], symbols: bool) -> str:
    action = actions[0] if actions else None
    if isinstance(action, Draw):
        return _("draw")
    if isinstance(action, Play):
        cards, opening, out = _play_facts(before, action, symbols)
        if opening and out:
            template = _("open and go out with {cards}")
        elif opening:
            template = _("open with {cards}")
        elif out:
            template = _("go out with {cards}")
        else:
            template = _("lay {cards} on the table")
        return template.format(cards=cards)
    return _("pass")


def _finding(
    label: str, move: str, before: str, after: str, arrow: str, better: str | None, best: str
) -> str:
    if better is None:
        return f"{label}: {move} ({before} {arrow} {after})."
    return _("{label}: {move} ({before} {arrow} {after}). Better: {better} ({best}).").format(
        label=label, move=move, before=before, after=after, arrow=arrow, better=better, best=best
    )


def _finding_points(
    label: str,
    move: str,
    before: str,
    after: str,
    arrow: str,
    better: str,
    best: str,
    points: int,
    instead: int,
) -> str:
    return _(
        "{label}: {move} ({before} {arrow} {after}). Better: {better} ({best}; "
        "{points} points left in the hand instead of {instead})."
    ).format(
        label=label,
        move=move,
        before=before,
        after=after,
        arrow=arrow,
        better=better,
        best=best,
        points=points,
        instead=instead,
    )


# ----- end of the review's texts ------------------------------------------------------------


def _join(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" (the move log's template)."""
    if len(parts) == 1:
        return parts[0]
    return _("{names} and {last}").format(names=", ".join(parts[:-1]), last=parts[-1])


def card_text(card: Card, symbols: bool = True) -> str:
    """ "7♥", "10♣", "Q♠" as the cards show them; a joker as the (translated) word."""
    if card.is_joker:
        return _("joker")
    if card.is_hidden or not symbols:
        return str(card)
    return RANK_NAMES[card.rank - 1] + SUIT_SYMBOLS.get(card.suit, card.suit)


def _play_facts(before: Any, play: Play, symbols: bool) -> tuple[str, bool, bool]:
    """The hand cards a play laid (set by set, in each set's order), whether it opened, and
    whether it went out (laid the whole hand)."""
    old: Counter[Card] = Counter(card for cards in before.table for card in cards)
    new: Counter[Card] = Counter(card for cards in play.table for card in cards)
    laid = new - old
    left = Counter(laid)
    # A set left as it was got none of them (a joker laid elsewhere is not its joker).
    untouched = Counter(tuple(cards) for cards in before.table)
    groups: list[str] = []
    for cards in play.table:
        if untouched[tuple(cards)] > 0:
            untouched[tuple(cards)] -= 1
            continue
        mine = []
        for card in cards:
            if left[card] > 0:
                left[card] -= 1
                mine.append(card_text(card, symbols))
        if mine:
            groups.append(" ".join(mine))
    seat = before.current_player
    player = before.players[seat] if seat is not None else None
    opening = player is not None and not player.opened
    out = player is not None and sum(laid.values()) >= len(player.hand)
    return ", ".join(groups), opening, out


def move_words(
    game: str,
    before: Any,
    actions: Sequence[Any],
    names: Sequence[str],
    *,
    named: bool = False,
    symbols: bool = True,
) -> str:
    """The move ``actions`` (one decision, played at ``before``) in plain words, told to the
    player who made it ("you laid the mountain at E4 and stopped", "you drew", "you laid
    7♥ 8♥ 9♥ on the table"); with ``named``, about him by his name in ``names``."""
    seat = before.current_player
    who = None
    if named:
        who = names[seat] if seat is not None and 0 <= seat < len(names) else _("Nobody")
    if game == "rummy":
        return _rummy_move(before, actions, who, symbols)
    return _knights_move(before, actions, who)


def better_words(
    game: str,
    before: Any,
    best: Sequence[Any],
    names: Sequence[str],
    *,
    symbols: bool = True,
) -> str:
    """The better move ``best`` as what to do instead: "lay the plain castle at F5 with three
    knights marching east and stop", "lay 7♥ 8♥ 9♥ on the table", "draw"."""
    if game == "rummy":
        return _rummy_better(before, best, symbols)
    return _knights_better(before, best)


def chance_text(chance: float) -> str:
    """A win chance as whole percent: "42 %" (as the statistics screen writes them)."""
    # rounded as a review file keeps it, so a review read back reads as it did when made
    kept = round(max(0.0, min(1.0, chance)), CHANCE_PLACES)
    return f"{round(kept * 100):.0f} %"


def chance_before(turns: Sequence[ReviewedTurn], turn: ReviewedTurn, players: int) -> float:
    """The deciding seat's chance before ``turn``: as he judged it after his previous turn of
    the same round (each estimate is made from the deciding seat's own view, like the graph's
    lines), or the equal share at the start of the round (or game)."""
    previous = None
    for other in turns:
        if other.index >= turn.index:
            break
        if other.round == turn.round and other.seat == turn.seat:
            previous = other
    if previous is None:
        return 1.0 / max(1, players)
    return previous.chances[turn.seat]


def finding_text(
    game: str,
    states: Sequence[Any],
    history: Sequence[Any],
    turn: ReviewedTurn,
    names: Sequence[str],
    *,
    turns: Sequence[ReviewedTurn] = (),
    named: bool = False,
    symbols: bool = True,
) -> str:
    """One decision in plain words: what was played, the deciding seat's chance before and
    after it, and the better move with its chance (rummy: with the hand points each leaves).

    ``states``/``history`` are the game's as the review had them; ``turns`` the review's
    decisions (for the chance before ``turn``: see :func:`chance_before`; without them a turn
    counts as the first of its round)."""
    before = states[turn.index]
    actions = tuple(history[turn.index : turn.index + turn.moves])
    move = move_words(game, before, actions, names, named=named, symbols=symbols)
    label = decision_label(game, turn)
    players = len(turn.chances) or before.num_players
    earlier = [t for t in turns if t.index < turn.index]
    start = chance_text(chance_before(earlier, turn, players))
    after = chance_text(turn.played)
    arrow = ARROW if symbols else PLAIN_ARROW
    if not turn.best:
        return _finding(label, move, start, after, arrow, None, "")
    better = better_words(game, before, turn.best, names, symbols=symbols)
    best = chance_text(turn.best_chance)
    if turn.points_played is not None and turn.points_best is not None:
        return _finding_points(
            label, move, start, after, arrow, better, best, turn.points_best, turn.points_played
        )
    return _finding(label, move, start, after, arrow, better, best)
