"""Tournament rounds played by bots: how the Pflichtsoli go (``docs/strength.md``).

    python -m engine.bots.tournament --level medium --rounds 50 [--seed 1] [--jobs 2] [--card-play rules]

Four bots of one level play whole tournament rounds (24 deals, a Pflichtsolo each, Vorführung
at the end). Before each deal the bots that plan (the search levels) are told the round's state:
games left and the Pflichtsoli still open. Printed: the Pflichtsoli, the share vorgeführt, their
mean points, the Lustsoli and their wins. ``--card-play LEVEL`` lets another level play the cards
(and make the calls) while ``--level`` bids: the Pflichtsolo planning measured in a fraction of
the time (a round of four ``medium`` players takes minutes here), its solos' points then those of
that level's card play.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from ..driver import advance
from ..observation import Observation
from ..round import TOURNAMENT, Round
from . import make_bot
from .bidding import RoundState


class SplitPlayer:
    """One level bids (the reservation and the naming), another plays the cards."""

    def __init__(self, bidder, player):
        self.bidder, self.player = bidder, player

    @property
    def round_state(self):
        return getattr(self.bidder, "round_state", None)

    @round_state.setter
    def round_state(self, state) -> None:
        self.bidder.round_state = state

    def choose(self, seat: int, observation: Observation | dict):
        observation = Observation.of(observation, seat)
        public = observation.public
        bidding = public.declaration is None and (None in public.reservations or any(public.reservations))
        return (self.bidder if bidding else self.player).choose(seat, observation)


def play_round(level: str, seed: int, card_play: str | None = None) -> list[dict]:
    """One round; a row per deal with a declared solo."""
    round_ = Round(mode=TOURNAMENT)
    players = {seat: make_bot(level, seed * 10 + seat) for seat in range(4)}
    if card_play and card_play != level:
        players = {seat: SplitPlayer(bot, make_bot(card_play, seed * 10 + seat + 4)) for seat, bot in players.items()}
    rng = random.Random(f"tournament-{seed}")
    solos = []
    while not round_.is_over():
        deal = round_.new_deal(rng)
        state = RoundState(round_.games_left(), round_.compulsory_open())
        for player in players.values():
            if hasattr(player, "round_state"):
                player.round_state = state
        advance(deal, players)
        declared = deal.declaration
        if declared is not None and declared.kind != "wedding":
            result = deal.result()
            party = "re"
            solos.append({"round": seed, "deal": len(round_.rows) + 1, "kind": declared.kind,
                          "compulsory": declared.compulsory, "forced": deal.forced is not None,
                          "won": result.winner == party, "points": result.scores[declared.seat]})
        round_.finish_deal(deal)
    return solos


def summary(solos: list[dict], rounds: int) -> dict:
    pflicht = [s for s in solos if s["compulsory"]]
    lust = [s for s in solos if not s["compulsory"]]
    return {
        "rounds": rounds,
        "pflichtsoli": len(pflicht),
        "vorgefuehrt": sum(s["forced"] for s in pflicht),
        "share_vorgefuehrt": round(sum(s["forced"] for s in pflicht) / len(pflicht), 3) if pflicht else None,
        "pflichtsolo_mean_points": round(statistics.fmean(s["points"] for s in pflicht), 2) if pflicht else None,
        "pflichtsolo_won": round(sum(s["won"] for s in pflicht) / len(pflicht), 3) if pflicht else None,
        "vorgefuehrt_mean_points": round(statistics.fmean(s["points"] for s in pflicht if s["forced"]), 2)
        if any(s["forced"] for s in pflicht) else None,
        "chosen_pflichtsolo_mean_points": round(statistics.fmean(s["points"] for s in pflicht if not s["forced"]), 2)
        if any(not s["forced"] for s in pflicht) else None,
        "lustsoli": len(lust),
        "lustsolo_won": round(sum(s["won"] for s in lust) / len(lust), 3) if lust else None,
        "by_kind": {k: sum(s["kind"] == k for s in solos) for k in sorted({s["kind"] for s in solos})},
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="medium")
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--card-play", help="another level plays the cards (default: --level)")
    args = parser.parse_args(argv)
    seeds = [args.seed * 1000 + r for r in range(args.rounds)]
    solos: list[dict] = []
    if args.jobs <= 1:
        for done, seed in enumerate(seeds, 1):
            solos += play_round(args.level, seed, args.card_play)
            sys.stderr.write(f"\r{done}/{args.rounds} rounds")
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for done, rows in enumerate(pool.map(play_round, [args.level] * len(seeds), seeds,
                                                 [args.card_play] * len(seeds)), 1):
                solos += rows
                sys.stderr.write(f"\r{done}/{args.rounds} rounds")
    sys.stderr.write("\n")
    print(json.dumps({"level": args.level, "card_play": args.card_play or args.level, "seed": args.seed}
                     | summary(solos, args.rounds), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
