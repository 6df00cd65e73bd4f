"""Bidding by what the deal is worth: the expected score of each contract this hand could play.

For a hand about to be bid, the other 36 cards are dealt at random many times; in every such world
each contract in question (gesund, a Hochzeit, a stille Hochzeit, each solo worth a look) is played
out with the search's rollout policy (:mod:`engine.bots.sim`), the same worlds for every contract so
that their differences are measured, not their luck. The seat's mean score-sheet points and the share
of worlds its party wins decide:

- a Lustsolo when it wins in at least ``LUST_WIN`` of the worlds and is estimated no worse than
  gesund by more than ``-LUST_MARGIN`` (see the constants for how they were set);
- a Pflichtsolo (tournament round, own Pflichtsolo still open) when the hand beats what waiting is
  worth: with ``k`` more deals to choose from before a Vorführung, waiting is worth ``WAIT_VALUE[k]``
  points over the normal game, an optimal-stopping value computed from the distribution of the best
  solo's worth on random hands (``SOLO_GAIN_QUANTILES``, measured offline by ``python -m
  engine.bots.bidding``);
- with both Kreuz-Damen: the best of Hochzeit, stille Hochzeit and the solos.

Hands without a solo within reach (by the quick loser count of :mod:`hand_eval`) are gesund; yet every
hand is estimated with the same number of contracts and worlds (``CONTRACTS``), so that the time a
computer takes for its reservation tells nothing about its hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import CLUB_QUEEN, DECK, deck
from ..contracts import SOLO_KINDS, solo_kinds
from ..rules import TSR
from . import reasons
from .hand_eval import solo_losers
from .reasons import Reason
from .sim import Sim, rollout

# A Lustsolo must win in LUST_WIN of the rollout worlds (colour solos won at the table about as
# often as the rollouts said) and be estimated at most a point below gesund: the rollouts rate a
# solo's points lower than the table pays them (the old bidding's solos, won 67% of the time,
# brought +5.1 points in the arena, where rollouts put such hands at +1.6 against +1.8 gesund).
LUST_MARGIN = -1.0
LUST_WIN = 0.70
# The estimates are taken as they come: played at the table by `medium` players (soloist and
# defenders), the solos the bidding chooses won about as often as estimated or more
# (`tools/calibrate_solos.py`, docs/strength.md: Damen- and Bubensolo 39 of 40 won at an estimated
# 81%, colour solos 47 of 60 at 83%). An earlier correction of the Damen- and Bubensolo, measured
# with the rule player's card play at the table, kept the search levels from ever bidding them.
CANDIDATE_LOSERS = 5.0  # solos with more expected losers are not worth a rollout
CANDIDATES = 3          # at most this many solo kinds are estimated (the fewest losers first)
# Every reservation answer estimates this many contracts (gesund, a Hochzeit, the candidate solos) in
# as many worlds, whatever the hand: answering a weak hand at once and a strong one after its rollouts
# would let the thinking time tell a solo hand (issue 21: 76 of 80 games told apart by one time cut).
CONTRACTS = 2 + CANDIDATES


@dataclass(frozen=True)
class Estimate:
    kind: str        # "normal" (gesund), "silent-wedding", "wedding" or a solo kind
    points: float    # the seat's mean score-sheet points over the worlds
    win: float       # the share of worlds the seat's party won


@dataclass(frozen=True)
class RoundState:
    """What a tournament round tells a bidder: games left (this one included) and the seats whose
    Pflichtsolo is still open."""
    games_left: int
    compulsory_open: frozenset

    def chances_after_this(self) -> int:
        """Deals after this one in which a seat owing its Pflichtsolo may still choose its moment."""
        return max(0, self.games_left - len(self.compulsory_open) - 1)


# The best solo's gain over gesund (points per game, the soloist leading)
# on random hands: 21 quantiles from 0 % to 100 %, measured by
# `python -m engine.bots.bidding --hands 300 --worlds 40`.
SOLO_GAIN_QUANTILES = (-10.8, -8.6, -8.2, -7.8, -7.5, -7.1, -6.8, -6.5, -6.3, -5.9, -5.7,
                       -5.2, -5.0, -4.5, -4.1, -3.5, -3.3, -2.6, -1.2, 0.7, 7.1)


def wait_values(quantiles=SOLO_GAIN_QUANTILES, deals: int = 24) -> list[float]:
    """WAIT_VALUE[k]: what a seat owing its Pflichtsolo expects with ``k`` deals left to choose from.

    With none left it is vorgeführt and plays whatever it holds: the mean gain. With ``k`` left it
    plays now only a hand above WAIT_VALUE[k - 1], the value of going on (optimal stopping)."""
    samples = [(a + b) / 2 for a, b in zip(quantiles, quantiles[1:])]
    values = [sum(samples) / len(samples)]
    for _ in range(deals):
        keep = values[-1]
        values.append(sum(max(x, keep) for x in samples) / len(samples))
    return values


WAIT_VALUE = wait_values()


def estimate_contracts(dealt: list[int], seat: int, dealer: int, kinds, worlds: int, rng,
                       compulsory: bool = False, rules=TSR) -> dict[str, Estimate]:
    """The seat's expected points and win share for each contract in ``kinds`` (same worlds for all)."""
    rest, size = list(deck(rules.nines)), rules.tricks
    for card in dealt:
        rest.remove(card)
    vorhand = (dealer + 1) % 4
    others = [s for s in range(4) if s != seat]
    totals = {kind: [0.0, 0] for kind in kinds}
    for _ in range(worlds):
        rng.shuffle(rest)
        hands = [None] * 4
        hands[seat] = dealt
        for i, other in enumerate(others):
            hands[other] = rest[size * i:size * i + size]
        for kind in kinds:
            sim = _start(kind, hands, seat, vorhand, compulsory, rules)
            rollout(sim, rng)
            points = int(sim.reward(seat) // 1)   # the reward's fraction is only an eye tie-break
            totals[kind][0] += points
            totals[kind][1] += points > 0
    return {kind: Estimate(kind, value / worlds, won / worlds) for kind, (value, won) in totals.items()}


def _start(kind: str, hands, seat: int, vorhand: int, compulsory: bool, rules=TSR) -> Sim:
    if kind == "normal":
        re = frozenset(s for s in range(4) if CLUB_QUEEN in hands[s])
        return Sim.start(hands, vorhand, "silent-wedding" if len(re) == 1 else "normal", re, rules=rules)
    if kind == "wedding":
        partner_rule = rules.hochzeit_partner if rules.hochzeit_partner != "choice" else "first_trick"
        return Sim.start(hands, vorhand, "wedding", None, seat, rules, partner_rule)
    soloist_leads = compulsory or rules.solo_lead == "soloist"
    return Sim.start(hands, seat if soloist_leads else vorhand, kind, frozenset((seat,)), rules=rules)


def candidate_solos(dealt: list[int], everything: bool = False, kinds=SOLO_KINDS) -> list[str]:
    """The solo kinds (of ``kinds``, the rule set's) worth estimating: the fewest expected losers first."""
    ranked = sorted(kinds, key=lambda kind: solo_losers(dealt, kind))
    if everything:
        return ranked[:CANDIDATES]
    return [kind for kind in ranked[:CANDIDATES] if solo_losers(dealt, kind) <= CANDIDATE_LOSERS]


def same_work(kinds: list[str], dealt: list[int], rules=TSR) -> list[str]:
    """``kinds`` filled up to ``CONTRACTS`` (or as many as the rules have) with contracts estimated
    only for the time they take: the next solos by loser count, then a Hochzeit as a what-if."""
    filler = [kind for kind in sorted(solo_kinds(rules), key=lambda kind: solo_losers(dealt, kind))
              if kind not in kinds]
    filler += [] if "wedding" in kinds else ["wedding"]
    return kinds + filler[:CONTRACTS - len(kinds)]


def bid(dealt: list[int], seat: int, dealer: int, worlds: int, rng, round_state: RoundState | None = None,
        forced: bool = False, rules=TSR, lust_win: float = LUST_WIN,
        lust_margin: float = LUST_MARGIN) -> tuple[str | None, Reason, dict[str, Estimate]]:
    """The reservation to make: a solo kind, ``wedding`` or None (gesund), why, and the estimates.
    ``lust_win`` and ``lust_margin`` are the bars of a Lustsolo (``LUST_WIN``, ``LUST_MARGIN``).

    House rules: the worlds are dealt from the rule set's deck and played by its rules; a table
    without solos bids none, and the Königs- and Köhlersolo are bid where they are switched on."""
    owes = forced or (round_state is not None and seat in round_state.compulsory_open)
    both_queens = dealt.count(CLUB_QUEEN) == 2
    solos = candidate_solos(dealt, owes, solo_kinds(rules))
    kinds = ["normal"] + (["wedding"] if both_queens and not forced else []) + solos
    estimates = estimate_contracts(dealt, seat, dealer, kinds, worlds, rng, compulsory=owes, rules=rules)
    # The rest of the same work for every hand, after the estimates that decide (and with its own
    # worlds), so that it changes no decision; its estimates are not used.
    estimate_contracts(dealt, seat, dealer, same_work(kinds, dealt, rules)[len(kinds):], worlds, rng,
                       compulsory=owes, rules=rules)
    if not solos and not both_queens:
        return None, reasons.HEALTHY, estimates
    normal = estimates["normal"]
    best_solo = max((estimates[k] for k in solos), key=lambda e: e.points, default=None)
    if forced:
        return best_solo.kind, _solo_reason(best_solo, normal), estimates
    if best_solo is not None:
        gain = best_solo.points - normal.points
        if owes and round_state is not None:
            wanted = gain >= WAIT_VALUE[min(round_state.chances_after_this(), len(WAIT_VALUE) - 1)]
        else:
            wanted = gain >= lust_margin and best_solo.win >= lust_win
        if wanted:
            return best_solo.kind, _solo_reason(best_solo, normal), estimates
    if both_queens:
        if estimates["wedding"].points > normal.points:
            return "wedding", reasons.WEDDING, estimates
        return None, reasons.SILENT_WEDDING, estimates
    return None, Reason.of("gesund-expected", normal=normal.points,
                           solo=best_solo.points if best_solo else normal.points), estimates


def _solo_reason(solo: Estimate, normal: Estimate) -> Reason:
    return Reason.of("solo-expected", kind=solo.kind, points=solo.points, win=round(100 * solo.win),
                     normal=normal.points)


def measure_solo_gains(hands: int, worlds: int, seed: int = 1) -> list[float]:
    """The best solo's gain over gesund (soloist leading) on ``hands`` random hands, sorted."""
    rng = random.Random(seed)
    gains = []
    for _ in range(hands):
        deck = list(DECK)
        rng.shuffle(deck)
        dealt = deck[:12]
        kinds = ["normal"] + candidate_solos(dealt, everything=True)
        estimates = estimate_contracts(dealt, 0, 3, kinds, worlds, rng, compulsory=True)
        gains.append(max(estimates[k].points for k in kinds[1:]) - estimates["normal"].points)
    return sorted(gains)


def reservation_rates(hands: int, worlds: int, seed: int = 1) -> dict:
    """What the bidding chooses on ``hands`` random hands (casual: every solo a Lustsolo)."""
    rng = random.Random(seed)
    chosen: dict[str, int] = {}
    for _ in range(hands):
        deck = list(DECK)
        rng.shuffle(deck)
        kind, _, _ = bid(deck[:12], 0, 3, worlds, rng)
        chosen[kind or "gesund"] = chosen.get(kind or "gesund", 0) + 1
    solos = sum(n for kind, n in chosen.items() if kind in SOLO_KINDS)
    return {"hands": hands, "worlds": worlds, "chosen": dict(sorted(chosen.items())),
            "solo_share_of_hands": round(solos / hands, 4),
            "share_of_solos": {k: round(n / solos, 3) for k, n in sorted(chosen.items()) if k in SOLO_KINDS}}


def main(argv=None) -> None:
    import argparse
    import json
    parser = argparse.ArgumentParser(description="measure SOLO_GAIN_QUANTILES, or (--rates) what the bidding chooses")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rates", action="store_true", help="reservation rates on random hands instead")
    args = parser.parse_args(argv)
    if args.rates:
        print(json.dumps(reservation_rates(args.hands, args.worlds, args.seed), indent=2))
        return
    gains = measure_solo_gains(args.hands, args.worlds, args.seed)
    quantiles = [round(gains[min(len(gains) - 1, int(q * (len(gains) - 1) / 20))], 1) for q in range(21)]
    print("SOLO_GAIN_QUANTILES =", tuple(quantiles))
    print("WAIT_VALUE =", [round(v, 2) for v in wait_values(quantiles)])


if __name__ == "__main__":
    main()
