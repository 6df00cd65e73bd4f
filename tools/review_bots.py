"""Replay a level's own deals as a club player would: every Fuchs its side lost and every call, with
what the seat knew, why it acted and how it ended.

Plays ``--deals`` arena deals (the cards of ``doppelkopf arena --seed S``) with the level at all four
seats, its decisions seeded as in the arena (the reference-only game of a match against itself), and
prints one line per event, then the counts:

    .venv/bin/python -m tools.review_bots --level medium --seed 92 --deals 60
    .venv/bin/python -m tools.review_bots --level hard --seed 77 --deals 40 --show fox
    .venv/bin/python -m tools.review_bots --level medium+call_value=raw,call_margin=99 --seed 95 --deals 60 --show calibration

A Fuchs line: the trick and the seat's place in it, the hand, whether the trick was surely lost from the
seat's own knowledge (``known lost``), a legal trump of fewer eyes that beats the Fuchs (``cheaper
higher``), whether the arena counts it as given away (open cards, in hindsight) and whether it could
have been kept (the opponents could not surely catch it later after the cheaper card). A call line: the
call, how many cards had been played, the caller's hand and trumps, the reason it gave and whether it
was met. ``calibration`` compares the share of worlds in which the search saw a call met with how
often it was met at the table, by call, by whether the other side had announced and by that share (each
decision that judged calls, on the card played); ``--dump`` writes each judgement with the number of cards
played before it. With ``call_value`` on and a
margin no gain reaches, every call of a normal game is judged and none is made: the evaluator's own
forecast against the deal as played.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.actions import Call, Play
from engine.bots.arena import ArenaPlayer, arena_bot, deal_hands_for
from engine.bots.deal_facts import call_met, deal_facts, fox_losses
from engine.bots.public import TRUMP, View
from engine.bots.rules import fox_at_risk, sure_opponent_trick
from engine.bots.search import other_side_called
from engine.cards import EYES, FOX, code
from engine.deal import Deal
from engine.driver import advance
from engine.rules import TSR


class Reviewed(ArenaPlayer):
    """An arena player that keeps each call with its reason, and the record before each Fuchs played
    (by the number of cards played before it)."""

    def start_deal(self, index: int) -> None:
        super().start_deal(index)
        self.calls: list[tuple[int, str, int, str]] = []
        self.fox_records: dict = {}
        # (seat, call, share of worlds met, other side called, cards played before)
        self.judged: list[tuple[int, str, float, bool, int]] = []

    def choose(self, seat, observation):
        self.seed_decision(seat, observation)
        action, why = self.bot.explain(seat, observation)
        played = sum(1 for move in observation.actions if isinstance(move, Play))
        verdict = getattr(self.bot, "last_verdict", None)
        if verdict is not None and verdict.card in verdict.stats:
            weight, by_call = verdict.stats[verdict.card][1:3]
            other_called = other_side_called(View.of(observation, True))
            self.judged += [(seat, call, figures[1] / weight, other_called, played) for call, figures in by_call.items()]
        if isinstance(action, Call):
            self.calls.append((seat, action.call, played, str(why)))
        if isinstance(action, Play) and action.card == FOX:
            self.fox_records[played] = observation
        return action


def cards_text(cards) -> str:
    return " ".join(code(card) for card in cards)


def fox_line(index: int, seat: int, observation, given: bool, keepable: bool) -> str:
    view = View.of(observation, True)
    legal = view.legal_cards()
    cheaper_higher = [c for c in legal if c != FOX and view.is_trump(c) and EYES[c] < EYES[FOX]
                      and view.order.beats[FOX][c]]
    trick = view.public.trick
    where = f"played {len(trick) + 1}. to {cards_text(card for _, card in trick)}" if trick else "led"
    return (f"deal {index} seat {seat}: Fuchs {where}; hand {cards_text(view.hand)} ({len(view.hand)} cards); "
            f"at risk {fox_at_risk(view, FOX)}, known lost {sure_opponent_trick(view, FOX)}, "
            f"cheaper higher {cards_text(cheaper_higher) or '-'}; given away {given}, could have been kept {keepable}")


SHARES = (0.5, 0.7, 0.85, 0.95, 1.01)   # upper bounds of the calibration's rows


def calibrate(table: dict, rows: list, deal: Deal, result, judged) -> None:
    """Add each judgement of ``judged`` to ``table[(call, other side called, row)] = [judgements, share
    sum, met]`` and to ``rows`` (what ``tools/fit_call_calibration.py`` reads)."""
    for seat, call, share, other_called, played in judged:
        party = "re" if seat in deal.re_seats else "kontra"
        met = call_met(call, result, party, "kontra" if party == "re" else "re")
        rows.append({"call": call, "share": share, "other_called": other_called, "played": played, "met": met})
        figures = table.setdefault((call, other_called, next(bound for bound in SHARES if share < bound)), [0, 0.0, 0])
        figures[0] += 1
        figures[1] += share
        figures[2] += met


def calibration_lines(table: dict) -> list[str]:
    lines = ["calibration: call, the other side had called, judgements, share of worlds met (row, mean), met at the table"]
    for call, other_called, row in sorted(table, key=lambda key: (LEVEL_ORDER.index(key[0]), key[1], key[2])):
        count, shares, met = table[(call, other_called, row)]
        low = max((bound for bound in SHARES if bound < row), default=0.0)
        lines.append(f"{call:7} {'after a call' if other_called else 'no call':12} {count:5}  "
                     f"{100 * low:3.0f}-{min(100, 100 * row):3.0f}% (mean {100 * shares / count:3.0f}%)  "
                     f"met {100 * met / count:3.0f}%")
    return lines


LEVEL_ORDER = ("re", "kontra", "no90", "no60", "no30", "schwarz")


def review(level: str, seed: int, deals: int, show: set[str], out=sys.stdout) -> dict:
    """Play the deals and print the events; returns the counts (``calibration``: the table of ``calibrate``)."""
    player = Reviewed(arena_bot(level, seed, "fixed"), seed)
    counts = {"games": 0, "fox_lost": 0, "fox_given": 0, "fox_given_keepable": 0, "calibration": {}, "judgements": []}
    for index in range(deals):
        hands, dealer = deal_hands_for(seed, index)
        player.start_deal(index)
        deal = Deal(hands, dealer, TSR, compulsory_open=frozenset())
        advance(deal, {seat: player for seat in range(4)})
        result = deal.result()
        facts = [deal_facts(deal, result, seat) for seat in range(4)]
        counts["games"] += 4
        calibrate(counts["calibration"], counts["judgements"], deal, result, player.judged)
        for seat in range(4):
            counts["fox_lost"] += facts[seat]["fox_lost"]
            counts["fox_given"] += facts[seat]["fox_given"]
            counts["fox_given_keepable"] += facts[seat]["fox_given_keepable"]
            for trick_index, given, keepable in fox_losses(deal, result, seat) if "fox" in show else ():
                trick = deal.tricks[trick_index]
                played = 4 * trick_index + (seat - trick.leader) % 4
                out.write(fox_line(index, seat, player.fox_records[played], given, keepable) + "\n")
        for seat, call, played, why in player.calls:
            met = next(made["met"] for made in facts[seat]["calls"] if made["call"] == call)
            key = f"{call}_made"
            counts[key] = counts.get(key, 0) + 1
            counts[f"{call}_met"] = counts.get(f"{call}_met", 0) + met
            if "calls" in show:
                hand = deal.hand_at_play(seat)
                trumps = sum(deal.order.suit[card] == TRUMP for card in hand)
                out.write(f"deal {index} seat {seat}: {call} after {played} cards played, {result.contract}; hand "
                          f"{cards_text(sorted(hand))} ({trumps} trumps); {why}; met {met} (Re {result.eyes['re']} eyes)\n")
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="medium", help="a level or variant, as for doppelkopf arena")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--show", default="fox,calls", help="what to list: fox, calls, calibration")
    parser.add_argument("--dump", help="write the calibration's judgements to this file (JSON lines)")
    args = parser.parse_args(argv)
    counts = review(args.level, args.seed, args.deals, set(args.show.split(",")))
    per_100 = 100 / counts["games"]
    print(f"{counts['games']} games: Füchse lost {counts['fox_lost'] * per_100:.2f} per 100 games, "
          f"given away {counts['fox_given'] * per_100:.2f}, of them could have been kept "
          f"{counts['fox_given_keepable'] * per_100:.2f}")
    for call in LEVEL_ORDER:
        if counts.get(f"{call}_made"):
            made, met = counts[f"{call}_made"], counts[f"{call}_met"]
            print(f"{call}: {made} ({made * per_100:.2f} per 100 games), met {met} ({100 * met / made:.0f}%)")
    if "calibration" in args.show:
        print("\n".join(calibration_lines(counts["calibration"])))
    if args.dump:
        Path(args.dump).write_text("".join(json.dumps(row) + "\n" for row in counts["judgements"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
