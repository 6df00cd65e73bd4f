"""The 90 quick test vectors of the house rules spec, §14 (a copy of that section is
``house_vectors.md``; each table row is one test)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.calls import LEVEL, PartyCalls, apply_call, call_problem
from engine.cards import CLUB_QUEEN, DECK, EYES, NINE, card_from_code, rank_of
from engine.contracts import ORDERS, TRUMP, build_order
from engine.deal import Deal
from engine.round import next_bock_levels
from engine.rules import Rules
from engine.scoring import Line, game_result

TEXT = (Path(__file__).parent / "house_vectors.md").read_text(encoding="utf-8")
GAMES = {"normal": "normal", "Kreuz-Solo": "solo-clubs", "Damensolo": "solo-queens", "Koenigssolo": "solo-kings",
         "Koehler": "solo-koehler", "Herz-Solo": "solo-hearts", "Karo-Solo": "solo-diamonds", "solo": "solo-clubs"}


def rows(prefix: str) -> list[list[str]]:
    found = [[cell.strip() for cell in line.strip().strip("|").split("|")]
             for line in TEXT.splitlines() if line.startswith(f"| {prefix}")]
    assert found, prefix
    return found


def ids(prefix):
    return [row[0] for row in rows(prefix)]


def rules_of(text: str) -> Rules:
    """``kneipe; schweine=false`` or ``dulle_tie=second, schweine=true; Schweine held`` -> Rules."""
    preset, options = "tsr", {}
    for part in re.split(r"[;,]\s*", text):
        if "=" in part:
            key, value = part.split("=")
            value = {"true": True, "false": False}.get(value, value)
            options[key] = int(value) if isinstance(value, str) and value.isdigit() else value
        elif part in ("tsr", "kneipe", "ohne_neunen", "sonderregeln", "einsteiger"):
            preset = part
    return Rules.from_dict({"preset": preset, **options})


def cards(text: str) -> list[int]:
    return [card_from_code(c) for c in re.split(r"[,\s]+", text.strip())]


# ----- 14.1 trick winner, 14.2 following suit --------------------------------------------------

@pytest.mark.parametrize("row", rows("HT"), ids=ids("HT"))
def test_trick_winner(row):
    _, game, options, last, played, winner, eyes = row
    rules = rules_of(options.replace("; ", ", "))
    order = build_order(GAMES[game], rules, "Schweine held" in options, "Superschweine active" in options)
    trick = cards(played)
    assert order.trick_winner(trick, last == "yes") + 1 == int(winner)
    assert sum(EYES[c] for c in trick) == int(eyes)


@pytest.mark.parametrize("row", rows("HF"), ids=ids("HF"))
def test_following_suit(row):
    _, game, options, led, hand, legal = row
    order = build_order(GAMES[game], rules_of(options), "Schweine held" in options)
    assert order.legal_cards(cards(hand), card_from_code(led)) == cards(legal)


# ----- 14.3 hand classification, 14.4 reservation precedence -------------------------------------

def deal_with(hands: dict[int, list[int]], rules: Rules, rng=None, **kwargs) -> Deal:
    """A deal whose given seats hold the given hands; the rest of the deck goes to the other seats."""
    size = rules.tricks
    rest = [c for c in DECK if rules.nines or rank_of(c) != NINE]
    for hand in hands.values():
        for card in hand:
            rest.remove(card)
    (rng or random.Random(1)).shuffle(rest)
    full = []
    for seat in range(4):
        full.append(hands[seat] if seat in hands else [rest.pop() for _ in range(size)])
    return Deal(full, 0, rules, **kwargs)


@pytest.mark.parametrize("row", rows("HC"), ids=ids("HC"))
def test_hand_classification(row):
    _, options, hand, _count, poor, passed, throw = row
    rules = rules_of(options)
    deal = deal_with({1: cards(hand)}, rules)
    assert deal.is_poor(1) == (poor == "yes")
    assert deal.throw_reason(1) == (None if throw == "no" else throw)
    if poor == "yes":
        for seat in deal.query_order():
            deal.reserve(seat, seat == 1)
        deal.declare(1, "poverty")
        assert deal.poverty_cards() == int(passed)


ROLE_TEST = {
    "throw": lambda d, s: d.throw_reason(s) is not None,
    "poverty": lambda d, s: d.is_poor(s),
    "wedding": lambda d, s: d.holds_both_club_queens(s),
}


def hands_for(roles: dict[int, str], rules: Rules) -> Deal:
    """A deal in which each seat may declare exactly what ``roles`` gives it (plus a solo)."""
    thrower = cards("C9 C9 S9 S9 D9 DJ DJ HJ HJ SJ SJ DK")   # five nines, seven trumps
    fails = [c for c in DECK if ORDERS["normal"].suit[c] != TRUMP]
    if "throw" in roles.values():
        for card in thrower:
            if card in fails:
                fails.remove(card)
    rng = random.Random(7)
    for _ in range(2000):
        pool = list(fails)
        rng.shuffle(pool)
        given = {}
        for seat, role in roles.items():
            if role == "throw":
                given[seat] = list(thrower)
            elif role == "poverty":
                given[seat] = [card_from_code("D10")] + [pool.pop() for _ in range(11)]
            elif role == "wedding":
                given[seat] = [CLUB_QUEEN, CLUB_QUEEN] + [c for c in cards("H10 H10 SQ SQ HQ HQ DQ DQ CJ CJ")]
        deal = deal_with(given, rules, rng, compulsory_open=frozenset({3}) if "Pflichtsolo" in roles.values() else None)
        if all(ROLE_TEST[kind](deal, seat) == (roles.get(seat) == kind) for seat in range(4) for kind in ROLE_TEST):
            return deal
    raise AssertionError(f"no deal found for {roles}")


def _situation(text: str) -> tuple[dict[int, str], bool]:
    roles = {}
    for seat, role in re.findall(r"S(\d) (Armut|Schmeissen|Lustsolo|Hochzeit|Pflichtsolo)", text):
        roles[int(seat)] = {"Armut": "poverty", "Schmeissen": "throw", "Hochzeit": "wedding"}.get(role, role)
    both = re.search(r"S(\d) and S(\d) both poor", text)
    if both:
        roles = {int(both.group(1)): "poverty", int(both.group(2)): "poverty"}
    return roles, "no solos" in text


@pytest.mark.parametrize("row", rows("HV"), ids=ids("HV"))
def test_reservation_precedence(row):
    _, situation, declaring, valid = row
    roles, no_solos = _situation(situation)
    rules = Rules.from_dict({"preset": "kneipe", "solos": not no_solos})
    deal = hands_for(roles, rules)
    for seat in deal.query_order():
        deal.reserve(seat, seat in roles)
    seat, kind = re.match(r"S(\d) (\w+)", declaring).groups()
    kind = {"Armut": "poverty", "Schmeissen": "throw", "Hochzeit": "wedding", "Lustsolo": "solo-queens",
            "Pflichtsolo": "solo-queens"}[kind]
    partner = "first_trick" if kind == "wedding" else None
    problem = deal.declare_problem(int(seat), kind, deal.is_compulsory(int(seat), kind), partner)
    if valid == "valid":
        assert problem is None
    else:
        outranking = re.search(r"S(\d) outranks", valid).group(1)
        assert problem is not None and (f"seat {outranking}" in problem or "never wins" in problem), problem


# ----- 14.5 announcements, 14.6 Bock, 14.7 Hochzeit, 14.8 scoring ----------------------------------

@pytest.mark.parametrize("row", rows("HA"), ids=ids("HA"))
def test_announcement_legality(row):
    _, options, shift, steps = row
    rules = rules_of(options)
    calls = {"re": PartyCalls(), "kontra": PartyCalls()}
    for party, call, h, legal in re.findall(r"(Re|Kontra) party: '([\w ]+)' with h=(\d+) → (legal|illegal)", steps):
        own, other = calls[party.lower()], calls["kontra" if party == "Re" else "re"]
        level = LEVEL.get(call.lower(), None)
        if level is None:
            level = LEVEL["no" + call.split()[1]] if call.startswith("keine") else LEVEL[call]
        offset = int(shift) + 12 - rules.tricks
        problem = call_problem(own, other, level, int(h), offset, rules.announcements == "re_kontra_only")
        assert (problem is None) == (legal == "legal"), (call, h, problem)
        if problem is None:
            apply_call(own, level, int(h), offset)


@pytest.mark.parametrize("row", rows("HB"), ids=ids("HB"))
def test_bock_schedule(row):
    _, stack_max, deals, multipliers = row
    levels, got = [], []
    for deal in deals.split():
        if deal == "x":
            got.append("–")
            continue
        got.append(f"x{2 ** (levels[0] if levels else 0)}")
        levels = next_bock_levels(levels, deal == "T", int(stack_max))
    assert got == multipliers.split()


@pytest.mark.parametrize("row", rows("HH"), ids=ids("HH"))
def test_hochzeit_partner_rule(row):
    _, rule, tricks, partner, clarified = row
    deal = hands_for({1: "wedding"}, Rules.from_dict({"hochzeit_partner": rule}))
    for seat in deal.query_order():
        deal.reserve(seat, seat == 1)
    deal.declare(1, "wedding")
    for number, (led, winner) in enumerate(re.findall(r"([TF])→S(\d)", tricks), 1):
        deal._clarify_wedding(number, int(winner), card_from_code("DJ" if led == "T" else "CA"))
        if deal.re_seats is not None:
            break
    assert deal.clarified_in == int(clarified)
    if partner.startswith("none"):
        assert deal.contract == "wedding-alone" and deal.re_seats == {1}
    else:
        assert deal.re_seats == {1, int(partner[1])}


@pytest.mark.parametrize("row", rows("HS"), ids=ids("HS"))
def test_scoring_summary(row):
    _, options, game, re_eyes, re_ann, ko_ann, re_abs, ko_abs, sp, bock, scores = row
    rules = rules_of(options)
    eyes, tricks = map(int, re.match(r"(\d+) \((\d+)\)", re_eyes).groups())
    levels = {"–": 0, "k90": 1, "k60": 2, "k30": 3, "schwarz": 4}
    re_calls = PartyCalls(re_ann == "yes" or re_abs != "–", True, levels[re_abs])
    ko_calls = PartyCalls(ko_ann == "yes" or ko_abs != "–", True, levels[ko_abs])
    net = int(sp)
    special = [Line("doppelkopf", "re" if net > 0 else "kontra", 1)] * abs(net)
    contract = GAMES[game]
    re_seats = frozenset({1}) if contract != "normal" else frozenset({1, 3})
    result = game_result(contract, re_seats, eyes, tricks, re_calls, ko_calls, special,
                         rules=rules, all_tricks=rules.tricks, bock=int(bock[1:]))
    assert result.scores == [int(v) for v in scores.split(", ")]


def test_all_ninety_vectors_are_tested():
    assert sum(len(rows(p)) for p in ("HT", "HF", "HC", "HV", "HA", "HB", "HH", "HS")) == 90
