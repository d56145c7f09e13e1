"""``robbers-den deal CODE [--show] [--json]``: the deal a deal code names and its fingerprint.

Compare the fingerprint with the one the table showed when the deal started: the same
fingerprint means the game was dealt exactly as the code says, before anyone moved. With
``--show`` every pile or hand and the stock are listed in dealt order, to compare with what
was drawn. A code that names no deal is refused in one line (exit status 2). Texts are in the
language of the game's settings. No pygame on this path.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.deals import DealCodeError, deal_fingerprint, decode, encode, first_position
from game.i18n import set_language
from game.persist import load_settings
from game.plugin import resolve
from game.registry import game_spec
from game.wording import _


def parse_deal_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="robbers-den deal",
        description="Print the fingerprint of the deal a deal code names (and, with --show, "
        "the whole deal), to check the fingerprint the table showed when the deal started.",
    )
    parser.add_argument("code", metavar="CODE", help="a deal code, e.g. K3RJ-01Z")
    parser.add_argument("--show", action="store_true", help="list every pile or hand in order")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    args = parse_deal_args(argv)
    set_language(load_settings().language)
    try:
        deal = decode(args.code)
    except DealCodeError as error:
        print(f"robbers-den deal: {error}", file=sys.stderr)
        return 2
    spec = game_spec(deal.game)
    assert spec.deals is not None
    printed = deal_fingerprint(deal)
    lines: list[str] = []
    if args.show and spec.deals.shown_ref is not None:
        lines = resolve(spec.deals.shown_ref)(first_position(deal))
    if args.json:
        shown = {
            "code": encode(deal),
            "game": deal.game,
            "seats": deal.seats,
            "seed": deal.seed,
            "unit": deal.unit,
            "fingerprint": printed,
        }
        if args.show:
            shown["deal"] = lines
        print(json.dumps(shown, ensure_ascii=False))
        return 0
    title = _(spec.info.title)
    if spec.deals.max_unit > 1:
        heading = _("{game}, {seats} players, the deal of round {unit} (seed {seed})")
    else:
        heading = _("{game}, {seats} players (seed {seed})")
    print(heading.format(game=title, seats=deal.seats, unit=deal.unit, seed=deal.seed))
    print(_("Deal fingerprint: {fingerprint}").format(fingerprint=printed))
    for line in lines:
        print(line)
    return 0
