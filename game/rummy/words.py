"""Räuber-Rommé in words: cards and moves for the log, the review, tooltips and the table's
captions, in the interface language when called.

Cards are written as on the cards themselves, rank and suit symbol ("7♥", "Q♠"), a joker as
the word; a screen whose font lacks the symbols asks for the letters ("7H"). Every sentence is a
whole template wrapped in ``_("...")`` with named fields. Pure: no pygame, no ai.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.i18n import add_field_namer, ngettext
from game.plugin import NOTE, GameWords, LogLine
from game.wording import N_, _, counted, player_name, plural

from .actions import Action as RummyAction
from .actions import Draw, NextRound, Pass, Play
from .cards import RANK_NAMES, Card, hand_card_value, parse_card
from .melds import check_meld, read_meld
from .state import RummyState

# ----- cards by name: tooltips and the table's captions -----------------------------------


RANK_WORDS = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}


def card_name(card: Card) -> str:
    if card.is_joker:
        return _("joker")
    if card.is_hidden:
        return _("a hidden card")
    return _("{rank} of {suit}").format(
        rank=_(RANK_WORDS[card.rank - 1]), suit=_(SUIT_WORDS[card.suit])
    )


def card_words(card: Card) -> str:
    """A card as the texts name it: "9 of diamonds", "queen of spades", "joker" (the cards'
    codes, "9D", are for files; the screen's font has no suit symbols)."""
    if card.is_joker or card.is_hidden:
        return card_name(card)
    rank = str(card.rank) if 2 <= card.rank <= 10 else _(RANK_WORDS[card.rank - 1])
    return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_WORDS[card.suit]))


def cards_words(cards: Sequence[Card]) -> str:
    """ "7 of hearts, 8 of hearts, joker"."""
    return ", ".join(card_words(card) for card in cards)


def _codes(text: str) -> list[Card] | None:
    """The cards of a text of card codes ("9D 9D", "*"), or None if it is anything else."""
    tokens = text.split()
    cards = []
    for token in tokens:
        if token != token.upper():
            return None
        try:
            cards.append(parse_card(token))
        except ValueError:
            return None
    return cards or None


def refusal_field(field: str, value: object) -> object:
    """A refusal's field of card codes in words ("9D 9D" -> "9 of diamonds, 9 of diamonds")."""
    cards = _codes(value) if isinstance(value, str) else None
    return value if cards is None else cards_words(cards)


add_field_namer(refusal_field)


def _points(value: int) -> str:
    return ngettext("{n} point", "{n} points", value).format(n=value)


def hand_value_text(card: Card) -> str:
    """E.g. "ace of hearts: 11 in the hand"."""
    return _("{card}: {value} in the hand").format(
        card=card_name(card), value=hand_card_value(card)
    )


def set_value_text(cards: Sequence[Card], index: int) -> str:
    """E.g. "ace of hearts: 1 point in this run", "joker as 7 of hearts: 7 points in this group"."""
    card = cards[index]
    reading = read_meld(list(cards))
    if reading is None:
        return _("{card}: counts nothing until this set is valid").format(card=card_name(card))
    value = reading.values[index]
    name = card_name(card)
    if card.is_joker:
        meant = reading.stands_for[index]
        if reading.kind == "group":
            word = RANK_WORDS[meant.rank - 1]
            template = _("joker as an {rank}") if word[0] in "ae" else _("joker as a {rank}")
            name = template.format(rank=_(word))
        else:
            name = _("joker as {card}").format(card=card_name(meant))
    if reading.kind == "run":
        return _("{card}: {points} in this run").format(card=name, points=_points(value))
    return _("{card}: {points} in this group").format(card=name, points=_points(value))


def set_caption(cards: Sequence[Card]) -> str:
    """The small label over a set: "run · 24" or "invalid"."""
    verdict = check_meld(list(cards))
    if not verdict.valid:
        return _("invalid")
    kind = _("run") if verdict.kind == "run" else _("group")
    return f"{kind} · {verdict.value}"


def verb(name: str, third_person: str, plain: str) -> str:
    """ "Kunz draws" but "You draw"."""
    return f"{name} {plain if name == _('You') else third_person}"


# ----- the move log ---------------------------------------------------------------------


def describe_rummy(
    state: RummyState, action: RummyAction, names: Sequence[str] | None = None
) -> str:
    """A log line for a Räuber-Rommé ``action`` taken in ``state`` (before it was applied)."""
    players = [p.name for p in state.players]
    who = player_name(names, players, state.current_player)
    if isinstance(action, NextRound):
        dealer = (state.dealer + 1) % state.num_players
        starter = (dealer + 1) % state.num_players
        return _("Round {round} dealt: {dealer} deals, {starter} begins").format(
            round=state.round + 1,
            dealer=player_name(names, players, dealer),
            starter=player_name(names, players, starter),
        )
    if isinstance(action, Draw):
        if len(state.stock) == 1:
            return _("{who} drew the last card of the stock").format(who=who)
        return _("{who} drew a card").format(who=who)
    if isinstance(action, Pass):
        if state.passes + 1 >= state.num_players:
            template = _("{who} passed; everybody passed, so the round ends without a winner")
            return template.format(who=who)
        return _("{who} passed").format(who=who)
    if isinstance(action, Play):
        return _play_line(state, action, who)
    return f"{who}: {action}"


def _play_line(state: RummyState, action: Play, who: str) -> str:
    before: Counter[Card] = Counter(card for cards in state.table for card in cards)
    after: Counter[Card] = Counter(card for cards in action.table for card in cards)
    played = after - before
    laid = sum(played.values())
    cards = plural(laid, _("1 card ({cards})"), _("{n} cards ({cards})")).format(
        cards=cards_words(sorted(played.elements())), n=laid
    )
    extended, rebuilt, started = _set_changes(state.table, action.table, played)
    seat = state.current_player
    opener = seat is not None and not state.players[seat].opened
    if opener:
        count, points = opening_sets(played, action.table)
        sets = counted(count, _("1 set"), _("{n} sets"))
        line = _("{who} opened with {sets} ({points} points) and laid {cards}").format(
            who=who, sets=sets, points=points, cards=cards
        )
        if rebuilt:
            rebuilt_sets = counted(rebuilt, _("1 set"), _("{n} sets"))
            line += _(", then rebuilt {sets}").format(sets=rebuilt_sets)
    else:
        line = _("{who} laid {cards}").format(who=who, cards=cards)
        if rebuilt:
            line += _(" and rebuilt {sets}").format(
                sets=counted(rebuilt, _("1 set"), _("{n} sets"))
            )
        elif extended and started:
            line += _(" on {sets} and in {new}").format(
                sets=counted(extended, _("1 set"), _("{n} sets")),
                new=counted(started, _("1 new set"), _("{n} new sets")),
            )
        elif extended:
            line += _(" on {sets}").format(sets=counted(extended, _("1 set"), _("{n} sets")))
        elif started:
            line += _(" in {sets}").format(sets=counted(started, _("1 new set"), _("{n} new sets")))
    if seat is not None and laid >= len(state.players[seat].hand):
        line += _("; {who} went out and wins round {round}").format(who=who, round=state.round)
    return line


def _set_changes(
    old: Sequence[Sequence[Card]], new: Sequence[Sequence[Card]], played: Counter[Card]
) -> tuple[int, int, int]:
    """How many sets were only extended with laid cards (a set that only grew, in any place:
    laying off), how many old sets were rebuilt otherwise, and how many new sets were started."""
    gone = list((Counter(map(tuple, old)) - Counter(map(tuple, new))).elements())
    came = list((Counter(map(tuple, new)) - Counter(map(tuple, old))).elements())
    extended = 0
    for grown in list(came):
        for before in gone:
            had, has = Counter(before), Counter(grown)
            added = has - had
            if not had - has and added and not added - played:
                gone.remove(before)
                came.remove(grown)
                extended += 1
                break
    return extended, len(gone), 0 if gone else len(came)


def opening_sets(played: Counter[Card], table: Sequence[Sequence[Card]]) -> tuple[int, int]:
    """How many sets on the table are made only of the cards laid this turn, and their points
    (most valuable first, each laid card counted once): the sets that opened. The engine's
    ``opening_value`` stops at 30; the log wants the whole sum."""
    left = Counter(played)
    candidates = []
    for cards in table:
        verdict = check_meld(list(cards))
        if verdict.valid:
            candidates.append((verdict.value, tuple(cards)))
    candidates.sort(key=lambda candidate: -candidate[0])
    count = points = 0
    for value, cards in candidates:
        needed = Counter(cards)
        if not needed - left:
            left -= needed
            count += 1
            points += value
    return count, points


def rummy_aftermath(before: RummyState, after: RummyState) -> list[LogLine]:
    """What the others kept when a round ends, and the next deal."""
    lines: list[LogLine] = []
    if after.is_terminal and not before.is_terminal and len(after.players) == len(before.players):
        for player, old in zip(after.players, before.players, strict=True):
            if player.hand:
                points = player.score - old.score
                cards = cards_words(player.hand)
                line = ngettext(
                    "{name}: {cards} = {points} point", "{name}: {cards} = {points} points", points
                ).format(name=player.name, cards=cards, points=points)
                lines.append((line, NOTE))
    if before.is_terminal and not after.is_terminal:
        lines.append((_("Round {round} is dealt.").format(round=after.round), NOTE))
    return lines


# ----- the review ----------------------------------------------------------------------

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _rummy_move(
    before: RummyState, actions: Sequence[RummyAction], who: str | None, symbols: bool
) -> str:
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


def _rummy_better(before: RummyState, actions: Sequence[RummyAction], symbols: bool) -> str:
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


def card_text(card: Card, symbols: bool = True) -> str:
    """ "7♥", "10♣", "Q♠" as the cards show them; a joker as the (translated) word; without
    ``symbols`` (a font that lacks them) in words, "7 of hearts"."""
    if card.is_joker:
        return _("joker")
    if card.is_hidden or not symbols:
        return card_words(card)
    return RANK_NAMES[card.rank - 1] + SUIT_SYMBOLS.get(card.suit, card.suit)


def _play_facts(before: RummyState, play: Play, symbols: bool) -> tuple[str, bool, bool]:
    """The hand cards a play laid (set by set, in each set's order, each with the table's
    cards of the set it joins: "9♣ to the run 6♣ 7♣ 8♣"), whether it opened, and whether it went out
    (laid the whole hand)."""
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
        mine, rest = [], []
        for card in cards:
            if left[card] > 0:
                left[card] -= 1
                mine.append(card_text(card, symbols))
            else:
                rest.append(card_text(card, symbols))
        if mine:
            joint = " " if symbols else ", "
            text = joint.join(mine)
            if rest:  # laid to cards already on the table: say which set they join
                kind = check_meld(list(cards)).kind
                if kind == "run":
                    template = _("{cards} to the run {set}")
                elif kind == "group":
                    template = _("{cards} to the group {set}")
                else:  # a table being rebuilt, not valid yet
                    template = _("{cards} to {set}")
                text = template.format(cards=text, set=joint.join(rest))
            groups.append(text)
    seat = before.current_player
    player = before.players[seat] if seat is not None else None
    opening = player is not None and not player.opened
    out = player is not None and sum(laid.values()) >= len(player.hand)
    return (", " if symbols else "; ").join(groups), opening, out


def joined(after: RummyState, name: str) -> str:
    """The log's line for a player who joins: he is dealt a hand and starts at 0 points."""
    cards = len(after.players[-1].hand) if after.players else 0
    line = _("{name} joins the game with {cards} cards and 0 points.")
    return line.format(name=name, cards=cards)


def decision_label(round_number: int, turn: int) -> str:
    """ "Round 2, turn 5"."""
    return _("Round {round}, turn {turn}").format(round=round_number, turn=turn)


def move_words(
    before: RummyState, actions: Sequence[RummyAction], who: str | None, symbols: bool
) -> str:
    return _rummy_move(before, actions, who, symbols)


def better_words(before: RummyState, actions: Sequence[RummyAction], symbols: bool) -> str:
    return _rummy_better(before, actions, symbols)


def chance_title() -> str:
    return _("Chance of winning the round after each turn")


def public_words(before: RummyState, actions: Sequence[RummyAction]) -> str:
    """A move the other players may hear of without its cards: "lay 4 cards", "draw a card"."""
    action = actions[0] if actions else None
    if isinstance(action, Play):
        old = Counter(card for cards in before.table for card in cards)
        new = Counter(card for cards in action.table for card in cards)
        count = sum((new - old).values())
        return plural(count, _("lay 1 card"), _("lay {n} cards")).format(n=count)
    if isinstance(action, Draw):
        return _("draw a card")
    if isinstance(action, Pass):
        return _("pass")
    return ""


WORDS: GameWords[RummyState, RummyAction] = GameWords(
    describe=describe_rummy,
    aftermath=rummy_aftermath,
    decision_label=decision_label,
    move_words=move_words,
    better_words=better_words,
    chance_title=chance_title,
    joined=joined,
    public_words=public_words,
)


def deal_lines(state: RummyState) -> list[str]:
    """The deal in words (``robbers-den deal CODE --show``): each hand, then the stock."""
    lines = [
        _("{name}'s hand: {cards}").format(name=player.name, cards=cards_words(player.hand))
        for player in state.players
    ]
    lines.append(_("The stock, top first: {cards}").format(cards=cards_words(state.stock)))
    return lines
