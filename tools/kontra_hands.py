"""How often a Kontra hand wins, by its trumps and its Dullen and Pik-Damen (the search levels' Kontra bar).

Plays ``--deals`` arena deals with the silent rule player at all four seats and counts, for every Kontra
seat of a normal game whose hand passes the search levels' bar (``hand_eval.strong_for``, 8 trumps or
more), whether Kontra won, by trumps and by how many Dullen and Pik-Damen it held (``top``):

    .venv/bin/python -m tools.kontra_hands --deals 30000 --seed 5
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from engine.bots import make_bot
from engine.bots.arena import deal_hands_for
from engine.bots.hand_eval import normal_strength, strong_for
from engine.cards import DULLE, SPADE_QUEEN
from engine.deal import Deal
from engine.driver import advance


def kontra_hands(deals: int, seed: int) -> tuple[Counter, Counter]:
    """Games and Kontra wins by (trumps up to 10, top trumps up to 3)."""
    bot = make_bot("rules-silent", seed)
    games, won = Counter(), Counter()
    for index in range(deals):
        hands, dealer = deal_hands_for(seed, index)
        deal = Deal(hands, dealer, compulsory_open=frozenset())
        advance(deal, {seat: bot for seat in range(4)})
        result = deal.result()
        if result.contract != "normal":
            continue
        for seat in set(range(4)) - deal.re_seats:
            trumps, high, aces = normal_strength(hands[seat])
            if strong_for("kontra", trumps, high, aces) and trumps >= 8:
                key = (min(trumps, 10), min(sum(card in (DULLE, SPADE_QUEEN) for card in hands[seat]), 3))
                games[key] += 1
                won[key] += result.winner == "kontra"
    return games, won


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    games, won = kontra_hands(args.deals, args.seed)
    print("| trumps | Dullen and Pik-Damen | games | Kontra won |\n|---:|---:|---:|---:|")
    for key in sorted(games):
        print(f"| {key[0]}{'+' if key[0] == 10 else ''} | {key[1]}{'+' if key[1] == 3 else ''} | {games[key]} | "
              f"{100 * won[key] / games[key]:.0f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
