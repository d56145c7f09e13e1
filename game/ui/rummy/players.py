"""Players joining, renamed or leaving during a round (rules file: "Rounds, scores, players").

These helpers ask for names and hand each change to the table as a seat change
(:class:`~game.seat_events.SeatEvent`): the session carries it out (the engine's
``add_player``, ``rename_current``, ``remove_current``), keeps it in the history, and the
table logs it and lays itself out again.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.core import IllegalAction
from game.i18n import _, refusal_text
from game.persist.validate import name_key, name_problem
from game.play.session import COMPUTER_NAMES, visible_name
from game.ui import theme
from game.ui.overlays import Dialog
from game.ui.rummy.prompts import NameDialog

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene


def _free_colour(scene: RummyTableScene) -> int:
    used = {s.colour for s in scene.session.seats}
    return next(i for i in range(len(theme.PLAYER_COLOURS)) if i not in used)


def _name_problem(scene: RummyTableScene, name: str, except_seat: int | None = None) -> str | None:
    if not visible_name(name) or name_problem(name) is not None:
        return _("a player needs a name")  # one the save would take back too
    for seat, player in enumerate(scene.state.players):
        if seat != except_seat and name_key(player.name) == name_key(name):
            return _("{name} is already playing").format(name=name)
    return None


def ask_add_player(scene: RummyTableScene) -> None:
    if scene.state.num_players >= 6:
        scene.say(lambda: _("At most 6 players can play."), theme.BAD)
        return
    used = {p.name for p in scene.state.players}
    suggestion = next((n for n in COMPUTER_NAMES if n not in used), _("Guest"))
    scene.app.push(
        NameDialog(scene.app, _("Add a player"), suggestion, partial(add_player, scene), True)
    )


def add_player(scene: RummyTableScene, name: str, kind: str = "medium") -> str | None:
    problem = _name_problem(scene, name)
    if problem:
        return problem
    human = kind == "human"
    level = "medium" if human else kind
    try:
        scene.session.add_player(name, human, level, _free_colour(scene))
    except IllegalAction as error:
        return refusal_text(error)
    scene.after_seat_change()
    cards = len(scene.state.players[-1].hand)
    scene.say(
        lambda: _("{name} joins with {cards} cards.").format(name=name, cards=cards), theme.GOOD
    )
    return None


def ask_rename(scene: RummyTableScene) -> None:
    seat = scene.state.current_player
    if seat is None:
        return
    scene.app.push(
        NameDialog(
            scene.app,
            _("Rename the player on turn"),
            scene.state.players[seat].name,
            lambda name, _kind: rename_current(scene, name),
        )
    )


def rename_current(scene: RummyTableScene, name: str) -> str | None:
    seat = scene.state.current_player
    if seat is None:
        return _("the round is over")
    problem = _name_problem(scene, name, seat)
    if problem:
        return problem
    old = scene.state.players[seat].name
    try:
        scene.session.rename_player(seat, name)
    except IllegalAction as error:
        return refusal_text(error)
    for record in scene.rounds:
        if old in record.penalties:
            record.penalties[name] = record.penalties.pop(old)
    scene.after_seat_change()
    return None


def ask_remove(scene: RummyTableScene) -> None:
    seat = scene.state.current_player
    if seat is None or scene.state.num_players <= 2:
        scene.say(lambda: _("At least 2 players must remain."), theme.BAD)
        return
    name = scene.state.players[seat].name
    scene.app.push(
        Dialog(
            scene.app,
            _("Remove {name}?").format(name=name),
            _("{name}'s cards go back into the stock and his points are dropped.").format(
                name=name
            ),
            [(_("Remove"), partial(remove_current, scene)), (_("Cancel"), None)],
        )
    )


def remove_current(scene: RummyTableScene) -> None:
    seat = scene.state.current_player
    if seat is None:
        return
    name = scene.state.players[seat].name
    try:
        scene.session.remove_player(seat)
    except IllegalAction as error:
        refused = error
        scene.say(lambda: refusal_text(refused), theme.BAD)
        return
    scene.after_seat_change()
    state = scene.state
    on_turn = state.players[state.current_player or 0].name
    scene.say(lambda: _("{name} has left; {other} is on turn.").format(name=name, other=on_turn))
