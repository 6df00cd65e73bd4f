"""The arena's report as Markdown (``markdown``) and both files of it, PREFIX.json and PREFIX.md (``write``)."""

from __future__ import annotations

import json

BUDGET_WORDS = {
    "fixed": "Deterministic: every decision seeded by its position, the search levels at their fixed arena "
             "budget of worlds; {replayed} reference decisions replayed from the reference-only games.",
    "time": "Time budgets as at the table (decisions not repeatable).",
}


def markdown(report: dict) -> str:
    setup, points = report["setup"], report["points_per_game"]
    lines = [
        f"# Arena: {setup['candidate']} vs {setup['reference']}",
        "",
        f"{setup['deals']} deals (seed {setup['seed']}), each played four times with `{setup['candidate']}` "
        f"rotated through the seats and `{setup['reference']}` in the other three: {setup['games']} games, "
        f"{setup['mode']}, {setup['seconds']} s. Rules: `{json.dumps(setup['rules'])}`. "
        + BUDGET_WORDS[setup.get("budget", "time")].format(replayed=setup.get("reference_decisions_replayed", 0)),
        "",
        f"**{setup['candidate']}: {points['mean']:+.3f} points per game** "
        f"(95% confidence interval {points['low']:+.3f} .. {points['high']:+.3f}, over {points['n']} per-deal means; "
        f"per-deal standard deviation {points.get('sd', float('nan')):.3f})",
        "",
    ]
    if setup.get("stopped"):
        lines += [f"Stopped by hand after {setup['deals']} of {setup['cap']} deals.", ""]
    if "sprt" in report:
        test = report["sprt"]
        lines += [f"Sequential test of {test['h0']:+g} (H0) against {test['h1']:+g} (H1) points a game, "
                  f"α = {test['alpha']}, β = {test['beta']}: **{test['decision']}** after {test['deals']} deals "
                  f"(at least {test.get('min_deals', 16)}, cap {setup['cap']}; {test.get('differing', '?')} of them differed), LLR {test['llr']:+.3f} (bounds {test['bounds'][0]:+.3f} .. "
                  f"{test['bounds'][1]:+.3f}).", ""]
    lines += [
        "| games of the candidate | mean points | games |",
        "|---|---:|---:|",
    ]
    for key, split in report["splits"].items():
        lines.append(f"| {key} | {split['mean']:+.3f} | {split['games']} |")
    solo = report["solo_rate"]
    lines += ["", f"Solo rate: candidate {100 * solo['candidate']:.1f}% of its games, reference "
                  f"{100 * solo['reference']:.1f}% per seat and game; a solo in {100 * solo['deals_with_a_solo']:.1f}% of all games.",
              "", "| time per decision | decisions | p50 ms | p95 ms | max ms |", "|---|---:|---:|---:|---:|"]
    for who, t in report["time_per_decision"].items():
        name = setup[who]
        lines.append(f"| {who} ({name}) | {t['decisions']} | {t['p50_ms']} | {t['p95_ms']} | {t['max_ms']} |")
    held = report["reservations"]
    lines += ["", f"Reservations per 100 games: Hochzeit {held['wedding']}, Armut {held['armut']} (taken "
                  f"{held['armut_taken']}, nobody took {held['armut_thrown']}), Schmeißen {held['schmeissen']}."]
    lines += ["", "| per side (seat-games) | solos /100 | by kind | Lustsolo won | Lustsolo points | calls /100 (share met) "
                  "| Füchse lost /100 (given away; could have been kept) | eyes to partners' tricks /game |", "|---|---:|---|---:|---:|---|---:|---:|"]
    for who, f in report["play"].items():
        lust = f["lustsolo"]
        won = f"{lust['won']}/{lust['played']}" if lust["played"] else "-"
        kinds = ", ".join(f"{k.removeprefix('solo-')} {n}" for k, n in f["solos_by_kind"].items()) or "-"
        calls = ", ".join(f"{c} {e['made']} ({100 * e['share_met']:.0f}%)" for c, e in f["calls_per_100_games"].items()) or "-"
        lines.append(f"| {who} ({setup[who]}, {f['seat_games']}) | {f['solo_per_100_games']} | {kinds} | {won} | "
                     f"{lust['mean_points'] if lust['mean_points'] is not None else '-'} | {calls} | "
                     f"{f['foxes_lost_per_100_games']} ({f.get('foxes_given_per_100_games', '-')}; "
                     f"{f.get('foxes_given_keepable_per_100_games', '-')}) | "
                     f"{f['eyes_to_partner_per_game']} |")
    return "\n".join(lines) + "\n"


def write(report: dict, prefix: str) -> None:
    with open(prefix + ".json", "w", encoding="utf-8") as out:
        json.dump(report, out, indent=2)
    with open(prefix + ".md", "w", encoding="utf-8") as out:
        out.write(markdown(report))
