"""Players joining, renamed or leaving during a round (rules file: "Rounds, scores, players").

The engine changes the state (``add_player``, ``rename_current``, ``remove_current``); these
helpers ask for names, keep the session's seats in step and tell the table to re-lay itself.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from game.core import IllegalAction
from game.i18n import _, refusal_text
from game.ui import theme
from game.ui.overlays import Dialog
from game.ui.rummy.prompts import NameDialog
from game.ui.session import COMPUTER_NAMES, Seat

if TYPE_CHECKING:
    from game.ui.rummy.table import RummyTableScene


def _free_colour(scene: RummyTableScene) -> int:
    used = {s.colour for s in scene.session.seats}
    return next(i for i in range(len(theme.PLAYER_COLOURS)) if i not in used)


def _name_problem(scene: RummyTableScene, name: str, except_seat: int | None = None) -> str | None:
    if not name:
        return _("a player needs a name")
    for seat, player in enumerate(scene.state.players):
        if seat != except_seat and player.name.lower() == name.lower():
            return _("{name} is already playing").format(name=name)
    return None


def ask_add_player(scene: RummyTableScene) -> None:
    if scene.state.num_players >= 6:
        scene.say(_("At most 6 players can play."), theme.BAD)
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
    try:
        state = scene.state.add_player(name)
    except IllegalAction as error:
        return refusal_text(error)
    human = kind == "human"
    level = "medium" if human else kind
    scene.session.seats.append(Seat(name, human, level, _free_colour(scene)))
    scene.session.state = state
    scene.after_players_changed()
    cards = len(state.players[-1].hand)
    joined = _("{name} joins the game with {cards} cards and 0 points.")
    scene.log.add(joined.format(name=name, cards=cards), theme.GOOD)
    scene.say(_("{name} joins with {cards} cards.").format(name=name, cards=cards), theme.GOOD)
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
    try:
        state = scene.state.rename_current(name)
    except IllegalAction as error:
        return refusal_text(error)
    old = scene.state.players[seat].name
    scene.session.seats[seat] = replace(scene.session.seats[seat], name=name)
    scene.session.state = state
    for record in scene.rounds:
        if old in record.penalties:
            record.penalties[name] = record.penalties.pop(old)
    scene.after_players_changed()
    scene.log.add(_("{old} is now called {name}.").format(old=old, name=name), theme.TEXT_DIM)
    return None


def ask_remove(scene: RummyTableScene) -> None:
    seat = scene.state.current_player
    if seat is None or scene.state.num_players <= 2:
        scene.say(_("At least 2 players must remain."), theme.BAD)
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
    try:
        state = scene.state.remove_current()
    except IllegalAction as error:
        scene.say(refusal_text(error), theme.BAD)
        return
    name = scene.state.players[seat].name
    scene.worker.cancel()
    del scene.session.seats[seat]
    scene.session.state = state
    scene.after_players_changed()
    scene.log.add(_("{name} leaves the game.").format(name=name), theme.TEXT_DIM)
    on_turn = state.players[state.current_player or 0].name
    scene.say(_("{name} has left; {other} is on turn.").format(name=name, other=on_turn))
