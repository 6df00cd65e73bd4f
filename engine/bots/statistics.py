"""The arena's statistics: the report's figures from the games played (``summarise``: the mean points
per game with its 95% interval over the per-deal means, the splits by contract and party, the solo
rates, the time per decision, the reservation and the bidding, announcement and card-play figures of
each side) and the sequential probability ratio test that stops a match (``Sprt``)."""

from __future__ import annotations

import math
import statistics

from .deal_facts import GameRow

CONTRACT_GROUPS = {"normal": "normal", "wedding": "hochzeit", "wedding-alone": "hochzeit",
                   "silent-wedding": "silent-wedding"}


def contract_group(contract: str) -> str:
    return CONTRACT_GROUPS.get(contract, "solo")


# The sequential test's fewest deals. The variance estimated from a few deals is often too small, and the test then
# stops on a lucky start: with a minimum of 16 it accepted +0.3 after 18 deals for a change that fresh deals put near
# 0 (docs/strength.md, twice). 40 deals are about 10 minutes of `hard` on two cores.
SPRT_MIN_DEALS = 40


class Sprt:
    """A sequential probability ratio test of "the mean per-deal difference is ``h0``" against "it
    is ``h1``", for per-deal means of unknown variance (the generalised SPRT used to test chess
    engines, with a normal model): LLR = (h1 - h0) / s² · Σ (x - (h0 + h1) / 2), s² the sample
    variance so far. It decides H1 once LLR ≥ log((1 - β) / α), H0 once LLR ≤ log(β / (1 - α)),
    and never before ``min_deals`` of which ``MIN_DIFFERING`` differ (a per-deal mean other than 0).

    >>> test = Sprt(0.0, 0.3)
    >>> for x in [0.0] * 50:
    ...     test.add(x)
    >>> test.decision, test.llr < test.lower      # no deal differed: nothing is known of the noise yet
    (None, True)
    >>> for x in [0.1, -0.1] * 5:
    ...     test.add(x)
    >>> test.decision, test.deals
    ('H0', 60)
    """

    MIN_VARIANCE = 1e-4
    # A change that plays differently only in rare deals (a soloist's call) leaves most deals at exactly 0, and 40
    # of them put the variance at its floor and the test at H0 (a lost run of `hard`'s soloist Re: H0 after 40 deals,
    # none of them with a solo). A few deals that differ give the test a variance to work with.
    MIN_DIFFERING = 10

    def __init__(self, h0: float, h1: float, alpha: float = 0.05, beta: float = 0.05, min_deals: int = SPRT_MIN_DEALS):
        if h0 == h1:
            raise ValueError("the two hypotheses of the sequential test must differ")
        self.h0, self.h1, self.alpha, self.beta, self.min_deals = h0, h1, alpha, beta, min_deals
        self.lower, self.upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
        self.values: list[float] = []
        self.llr = 0.0
        self.decision: str | None = None

    @property
    def deals(self) -> int:
        return len(self.values)

    @property
    def differing(self) -> int:
        return sum(1 for value in self.values if value != 0.0)

    def add(self, value: float) -> None:
        if self.decision is not None:
            return
        self.values.append(value)
        if len(self.values) < 2:
            return
        variance = max(statistics.variance(self.values), self.MIN_VARIANCE)
        middle = (self.h0 + self.h1) / 2
        self.llr = (self.h1 - self.h0) / variance * sum(x - middle for x in self.values)
        if len(self.values) >= self.min_deals and self.differing >= self.MIN_DIFFERING:
            self.decision = "H1" if self.llr >= self.upper else "H0" if self.llr <= self.lower else None

    def summary(self, stopped: bool = False) -> dict:
        return {"h0": self.h0, "h1": self.h1, "alpha": self.alpha, "beta": self.beta, "deals": self.deals,
                "min_deals": self.min_deals, "differing": self.differing,
                "llr": round(self.llr, 3), "bounds": [round(self.lower, 3), round(self.upper, 3)],
                "decision": self.decision or ("none (stopped by hand)" if stopped else "none (cap reached)")}


def mean_interval(values: list[float]) -> dict:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    sd = statistics.stdev(values) if n > 1 else float("nan")
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("nan")
    return {"mean": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3), "n": n,
            "sd": round(sd, 3)}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_summary(times: list[float]) -> dict:
    return {"decisions": len(times), "p50_ms": round(1000 * _percentile(times, 0.5), 2),
            "p95_ms": round(1000 * _percentile(times, 0.95), 2), "max_ms": round(1000 * max(times, default=0.0), 2)}


def summarise(rows: list[GameRow], cand_times: list[float], ref_times: list[float]) -> dict:
    by_deal: dict[int, list[int]] = {}
    for row in rows:
        by_deal.setdefault(row.deal, []).append(row.points)
    per_deal = [statistics.fmean(points) for points in by_deal.values()]
    splits: dict[str, dict] = {}
    for row in rows:
        for key in (contract_group(row.contract), f"{contract_group(row.contract)}/{row.party}", f"party/{row.party}"):
            splits.setdefault(key, []).append(row.points)
    games = len(rows)
    cand_solos = sum(1 for r in rows if r.soloist == r.seat)
    ref_solos = sum(1 for r in rows if r.soloist is not None and r.soloist != r.seat)
    return {
        "points_per_game": mean_interval(per_deal),
        "deal_means": [round(m, 4) for m in per_deal],   # runs of other seeds pool with these (tools/pool_arena.py)
        "splits": {key: {"mean": round(statistics.fmean(v), 3), "games": len(v)} for key, v in sorted(splits.items())},
        "solo_rate": {"candidate": round(cand_solos / games, 4) if games else 0.0,
                      "reference": round(ref_solos / (3 * games), 4) if games else 0.0,
                      "deals_with_a_solo": round(sum(1 for r in rows if r.soloist is not None) / games, 4) if games else 0.0},
        "time_per_decision": {"candidate": time_summary(cand_times), "reference": time_summary(ref_times)},
        "reservations": reservation_figures(rows),
        "play": {"candidate": play_figures([r.facts[r.seat] for r in rows]),
                 "reference": play_figures([f for r in rows for s, f in enumerate(r.facts) if s != r.seat])},
    }


def reservation_figures(rows: list[GameRow]) -> dict:
    """Per 100 games: Hochzeiten, Armut declared / taken (played) / given back to the dealer, Schmeißen."""
    games = len(rows) or 1

    def per_100(count: int) -> float:
        return round(100 * count / games, 2)
    return {"wedding": per_100(sum(r.declared == "wedding" for r in rows)),
            "armut": per_100(sum(r.declared == "poverty" for r in rows)),
            "armut_taken": per_100(sum(r.taken for r in rows)),
            "armut_thrown": per_100(sum(r.declared == "poverty" and not r.taken for r in rows)),
            "schmeissen": per_100(sum(r.declared == "throw" for r in rows))}


def play_figures(facts: list[dict]) -> dict:
    """Bidding, announcement and card-play figures over one side's seat-games."""
    games = len(facts) or 1
    solos = [f["solo"] for f in facts if "solo" in f]
    lust = [s for s in solos if not s["compulsory"]]
    pflicht = [s for s in solos if s["compulsory"]]
    by_kind: dict[str, int] = {}
    for solo in solos:
        by_kind[solo["kind"]] = by_kind.get(solo["kind"], 0) + 1
    calls: dict[str, dict] = {}
    for f in facts:
        for made in f["calls"]:
            entry = calls.setdefault(made["call"], {"made": 0, "met": 0})
            entry["made"] += 1
            entry["met"] += made["met"]
    return {
        "seat_games": len(facts),
        "solo_per_100_games": round(100 * len(solos) / games, 2),
        "solos_by_kind": dict(sorted(by_kind.items())),
        "lustsolo": {"played": len(lust), "won": sum(s["won"] for s in lust),
                     "mean_points": round(statistics.fmean(s["points"] for s in lust), 2) if lust else None},
        "pflichtsolo": {"played": len(pflicht), "vorgefuehrt": sum(s["forced"] for s in pflicht),
                        "mean_points": round(statistics.fmean(s["points"] for s in pflicht), 2) if pflicht else None},
        "calls_per_100_games": {call: {"made": round(100 * e["made"] / games, 2),
                                       "share_met": round(e["met"] / e["made"], 3)} for call, e in sorted(calls.items())},
        "foxes_lost_per_100_games": round(100 * sum(f["fox_lost"] for f in facts) / games, 2),
        "foxes_given_per_100_games": round(100 * sum(f.get("fox_given", 0) for f in facts) / games, 2),
        "foxes_given_keepable_per_100_games": round(100 * sum(f.get("fox_given_keepable", 0) for f in facts) / games, 2),
        "eyes_to_partner_per_game": round(sum(f["eyes_to_partner"] for f in facts) / games, 2),
    }
