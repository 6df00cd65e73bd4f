"""Figures of the teacher (engine/bots/teacher.py): does the Analyse grade what the Tipp said, what does it
say against solos, and how well do the worlds predict the hidden cards.

    .venv/bin/python -m tools.teacher_figures follow --deals 30 --jobs 2
        seat 0 follows the Tipp in every decision against ``hard`` (fixed budget); then the Analyse judges
        seat 0: how many of its decisions it grades (the target is none)
    .venv/bin/python -m tools.teacher_figures solos --deals 40 --jobs 2
        deals in which ``hard`` plays a solo from seat 1, 2 or 3 and ``hard`` defends at seat 0: how often the
        Analyse recommends a defender's call, and how often such a call would have been met in the real deal
    .venv/bin/python -m tools.teacher_figures worlds --deals 40 --jobs 2
        the worlds of seat 0 at each of its card decisions, with the bidding believed and without: the share
        of worlds giving each other seat each unseen card against where the cards really are (calibration and
        Brier score), and a defender's estimate of the soloist's trumps at the first card
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from engine.bots import make_bot
from engine.bots.analysis import _prefix, analyse, decision_points
from engine.bots.bidding import candidate_solos
from engine.bots.levels import HARD
from engine.bots.search import _next_worlds, level_bid, worlds_model
from engine.bots.teacher import Teacher
from engine.contracts import ALL_SOLO_KINDS, ORDERS, TRUMP
from engine.deal import Deal
from engine.driver import advance
from engine.observation import observe
from engine.record import export, load
from engine.scoring import score
from engine.worlds import WorldSampler

MET_AT = {"kontra": 121, "no90": 151, "no60": 181, "no30": 211}   # the defenders' eyes that meet each call


def _players(seed: int, seat0) -> dict:
    players = {s: make_bot("hard", seed * 10 + s).fixed_budget() for s in (1, 2, 3)}
    players[0] = seat0
    return players


def play(seed: int, seat0) -> dict:
    deal = Deal.shuffled(random.Random(seed))
    advance(deal, _players(seed, seat0))
    return export(deal)


def follow(seed: int) -> dict:
    started = time.perf_counter()
    record = play(seed, Teacher())
    played = time.perf_counter() - started
    judged = analyse(record, 0)
    return {"seed": seed, "decisions": len(decision_points(record, 0)), "graded": sum(bool(j.grade) for j in judged),
            "marks": [(j.kind, j.trick, j.chosen, j.best, round(j.loss, 2), j.grade) for j in judged if j.grade],
            "analysis_s": round(time.perf_counter() - started - played, 1)}


def _solo_seat(deal: Deal) -> int | None:
    """A seat 1..3 whose hand ``hard`` bids as a solo (cheap to rule out: no candidate, no bid)."""
    for seat in (1, 2, 3):
        dealt = list(deal.dealt[seat])
        if candidate_solos(dealt) and level_bid(HARD, dealt, seat, deal.dealer, deal.rules)[0] in ALL_SOLO_KINDS:
            return seat
    return None


def solo(seed: int) -> dict | None:
    deal = Deal.shuffled(random.Random(seed))
    if _solo_seat(deal) is None or level_bid(HARD, list(deal.dealt[0]), 0, deal.dealer, deal.rules)[0]:
        return None
    advance(deal, _players(seed, make_bot("hard", seed * 10).fixed_budget()))
    if deal.contract not in ALL_SOLO_KINDS or 0 in deal.re_seats:
        return None
    record = export(deal)
    started = time.perf_counter()
    judged = analyse(record, 0)
    result = score(deal)
    eyes = result.eyes["kontra"]
    recommended = [j.best for j in judged if j.kind == "call" and j.best != "none"]
    made = [a.call for a in deal.actions if getattr(a, "call", None) and a.seat == 0]
    return {"seed": seed, "contract": deal.contract, "defenders_eyes": eyes, "recommended": recommended, "made": made,
            "met": {call: eyes >= least for call, least in MET_AT.items()},
            "graded": [(j.kind, j.trick, j.chosen, j.best, round(j.loss, 2), j.grade) for j in judged if j.grade],
            "analysis_s": round(time.perf_counter() - started, 1)}


def worlds(seed: int, count: int = 48) -> dict:
    """Predicted holdings against the real ones at seat 0's card decisions, believing the bidding or not."""
    deal = Deal.shuffled(random.Random(seed))
    advance(deal, _players(seed, make_bot("hard", seed * 10).fixed_budget()))
    record = load(export(deal))
    group = "normal" if deal.contract not in ALL_SOLO_KINDS else "solo" if 0 not in deal.re_seats else "own solo"
    out = {"seed": seed, "group": group, "rows": {"believed": [], "plain": []}, "trumps": {}}
    points = [p for p in decision_points(record, 0) if p.kind == "card"]
    for number, point in enumerate(points):
        before = _prefix(record, point.index)
        observation = observe(before, 0)
        for name, believe in (("believed", True), ("plain", False)):
            rng = random.Random(f"{seed}-{point.index}")
            sampler = WorldSampler(observation, 0)
            behaviour = dataclasses.replace(HARD.behaviour, believe_bidding=believe)
            model = worlds_model(sampler, observation, 0, behaviour)   # as the Teacher deals them
            sample = []
            while len(sample) < count:
                sample += _next_worlds(sampler, model, behaviour, rng)
            for other in (1, 2, 3):
                real = before.hands[other]
                for card in set(sampler.pool):
                    share = sum(card in w.hands[other] for w in sample) / len(sample)
                    out["rows"][name].append((round(share, 3), card in real))
            if number == 0 and group == "solo":
                soloist = next(iter(deal.re_seats))
                order = ORDERS[deal.contract]
                trumps = lambda hand: sum(order.suit[c] == TRUMP for c in hand)   # noqa: E731
                out["trumps"][name] = sum(trumps(w.dealt[soloist]) for w in sample) / len(sample)
                out["trumps"]["real"] = trumps(deal.dealt[soloist])
    return out


def _report_worlds(results: list[dict]) -> dict:
    report = {}
    for group in ("normal", "solo"):
        mine = [r for r in results if r["group"] == group]
        if not mine:
            continue
        entry = {"deals": len(mine)}
        for name in ("plain", "believed"):
            rows = [row for r in mine for row in r["rows"][name]]
            brier = sum((p - held) ** 2 for p, held in rows) / len(rows)
            table = []
            for low in range(10):
                bucket = [(p, held) for p, held in rows if low / 10 <= p < (low + 1) / 10 or low == 9 and p == 1]
                if bucket:
                    table.append([f"{low / 10:.1f}-{(low + 1) / 10:.1f}", len(bucket),
                                  round(sum(p for p, _ in bucket) / len(bucket), 3),
                                  round(sum(h for _, h in bucket) / len(bucket), 3)])
            entry[name] = {"predictions": len(rows), "brier": round(brier, 4), "buckets": table}
        if group == "solo":
            entry["soloist_trumps"] = {name: round(sum(r["trumps"][name] for r in mine if r["trumps"]) /
                                                   max(1, sum(bool(r["trumps"]) for r in mine)), 2)
                                       for name in ("plain", "believed", "real")}
        report[group] = entry
    return report


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("follow", "solos", "worlds"))
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3900)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", help="write the per-deal results here (JSON)")
    parser.add_argument("--seeds-from", help="worlds: also the deals of this file (written by solos --out)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.what == "solos":
            results, seed = [], args.seed
            while len(results) < args.deals:
                batch = list(range(seed, seed + 200))
                seed += 200
                results += [r for r in pool.map(solo, batch) if r is not None]
            results = results[:args.deals]
        else:
            seeds = list(range(args.seed, args.seed + args.deals))
            if args.seeds_from:
                with open(args.seeds_from) as found:
                    seeds += [r["seed"] for r in json.load(found)]
            results = list(pool.map(follow if args.what == "follow" else worlds, seeds))
    if args.out:
        with open(args.out, "w") as out:
            json.dump(results, out)
    if args.what == "follow":
        graded = [r for r in results if r["graded"]]
        times = sorted(r["analysis_s"] for r in results)
        print(json.dumps({"deals": len(results), "decisions": sum(r["decisions"] for r in results),
                          "graded": sum(r["graded"] for r in results), "deals_with_a_grade": len(graded),
                          "marks": [m for r in graded for m in r["marks"]][:20],
                          "analysis_s": {"median": times[len(times) // 2], "max": times[-1]}}, indent=1))
    elif args.what == "solos":
        by_kind = {}
        for r in results:
            by_kind.setdefault(r["contract"], []).append(r)
        print(json.dumps({
            "solos": len(results),
            "analysis_recommends_a_call": sum(bool(r["recommended"]) for r in results),
            "recommended": [(r["contract"], r["recommended"], {c: r["met"].get(c) for c in r["recommended"]})
                            for r in results if r["recommended"]],
            "would_have_been_met": {call: sum(r["met"][call] for r in results) for call in MET_AT},
            "seat0_called": sum(bool(r["made"]) for r in results),
            "graded_calls": sum(1 for r in results for g in r["graded"] if g[0] == "call"),
            "by_kind": {k: {"solos": len(v), "kontra_met": sum(r["met"]["kontra"] for r in v),
                            "recommended": sum(bool(r["recommended"]) for r in v)} for k, v in sorted(by_kind.items())},
            "analysis_s_median": sorted(r["analysis_s"] for r in results)[len(results) // 2]}, indent=1))
    else:
        for group, entry in _report_worlds(results).items():
            print(f"{group}: {entry['deals']} deals", entry.get("soloist_trumps", ""))
            for name in ("plain", "believed"):
                figures = entry[name]
                print(f"  {name:9s} {figures['predictions']} predictions, Brier {figures['brier']:.4f}; predicted/held:",
                      "  ".join(f"{b[0]} {b[2]:.2f}/{b[3]:.2f} (n={b[1]})" for b in figures["buckets"]))
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
