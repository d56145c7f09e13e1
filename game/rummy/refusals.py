"""Every way the Räuber-Rommé engine refuses an action, an edit or a set: a stable code and
today's English.

The client translates a refusal by its code (the template is the catalog's msgid). Fields named
``rest`` hold further reasons, joined as the English joins them.
"""

from __future__ import annotations

from ..core import refusal

# The turn.
NAME_NEEDED = refusal("name_needed", "a player needs a name")
ROUND_OVER = refusal("round_over", "the round is over: deal the next round")
NOT_A_RUMMY_ACTION = refusal("not_a_rummy_action", "{action} is not a Räuber-Rommé action")
PLAY_MALFORMED = refusal(
    "play_malformed", "a play lists the sets on the table after your turn, each a list of cards"
)
STOCK_EMPTY = refusal("stock_empty", "the stock is empty: you can only play or pass")
PASS_ONLY_WHEN_EMPTY = refusal(
    "pass_only_when_empty", "you may pass only when the stock is empty: draw a card"
)
PLAY_REFUSED = refusal(
    "play_refused", "you can't end your turn like this: {rest}", lists={"rest": "; "}
)
ROUND_STILL_PLAYED = refusal("round_still_played", "the round is still being played")
TOO_MANY_PLAYERS = refusal("too_many_players", "at most {n} players can play")
TOO_FEW_PLAYERS = refusal("too_few_players", "at least {n} players must remain")

# A play: the whole table after the turn.
SET_PROBLEMS = refusal(
    "set_problems", "set {number} ({cards}): {rest}", lists={"rest": ", "}, words=("cards",)
)
CARDS_LEFT_TABLE = refusal(
    "cards_left_table", "{cards} left the table: cards on the table can't go back to a hand"
)
CARDS_NOT_IN_HAND = refusal("cards_not_in_hand", "{cards}: not in your hand")
LAY_ONE_CARD = refusal("lay_one_card", "lay at least one card from your hand (or draw)")
OPENING_SHORT = refusal(
    "opening_short",
    "to open you need sets made only of your own cards worth 30 or more (you have {points})",
)
NOT_YOUR_HAND = refusal("not_your_hand", "this is not your hand to play")

# Laying out a turn (TurnDraft).
NO_TURN_TO_LAY_OUT = refusal("no_turn_to_lay_out", "the round is over: there is no turn to lay out")
ONLY_PLAYER_ON_TURN = refusal(
    "only_player_on_turn", "only the player on turn can lay out his cards"
)
TABLE_CARD_TO_HAND = refusal(
    "table_card_to_hand", "{card} lay on the table before your turn: table cards can't go to a hand"
)
SPLIT_INSIDE = refusal("split_inside", "split inside the set: between card 1 and card {n}")
JOIN_ITSELF = refusal("join_itself", "a set can't be joined with itself")
NO_SUCH_SET = refusal("no_such_set", "there is no set {n} on the table")
NO_SUCH_CARD = refusal("no_such_card", "set {number} has no card {n}")
NO_SUCH_HAND_CARD = refusal("no_such_hand_card", "your hand has no card {n}")
CARD_NOT_IN_HAND = refusal("card_not_in_hand", "{card} is not in your hand")
PLACE_OUT_OF_RANGE = refusal("place_out_of_range", "a card can go at places 1 to {n} of that set")
OPEN_FIRST = refusal(
    "open_first", "open first: lay your own sets worth 30 points before you touch the public sets"
)

# One set (meld).
TOO_SHORT = refusal("too_short", "a set needs at least 3 cards")
TOO_FEW_NORMAL = refusal(
    "too_few_normal",
    "a set needs at least 2 normal cards (jokers alone can't say what they stand for)",
)
JOKERS_TOO_CLOSE = refusal("jokers_too_close", "two jokers need at least two cards between them")
NO_WRAP = refusal("no_wrap", "K-A-2 does not wrap")
MIXED_SUITS = refusal("mixed_suits", "mixed suits in a run")
RUN_OR_GROUP = refusal(
    "run_or_group",
    "neither a run nor a group: a run needs one suit (other suits: {suit_odd}), a group one rank "
    "(other ranks: {rank_odd})",
)
FACE_DOWN = refusal("face_down", "a face-down card can't be judged")
RUN_TOO_LONG = refusal("run_too_long", "a run holds at most 13 cards")
GROUP_TOO_BIG = refusal("group_too_big", "a group holds at most 4 cards, one of each suit")
GROUP_ONE_RANK = refusal("group_one_rank", "{cards}: a group holds cards of one rank only")
GROUP_SUIT_TWICE = refusal("group_suit_twice", "{a} and {b}: a group may hold each suit only once")
RUN_SAME_RANK = refusal("run_same_rank", "{a} and {b}: a run can't hold the same rank twice")
RUN_RANK_TWICE = refusal("run_rank_twice", "{a} and {b}: a run can't hold a rank twice")
OUT_OF_ORDER = refusal("out_of_order", "{a} and {b} are out of order: a run goes either up or down")
GAP = refusal("gap", "gap between {a} and {b}")
TOO_MANY_BETWEEN = refusal("too_many_between", "too many cards between {a} and {b}")
NOT_SORTED = refusal("not_sorted", "{cards} is not in order: sort it up or down")
NO_RUN = refusal("no_run", "these cards don't make a run")
