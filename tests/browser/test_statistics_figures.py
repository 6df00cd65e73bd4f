"""The statistics page's figures (static/statistics.js ``summarize``) over engine-made deals.

Rounds are played by random legal choices under the TSR and house presets (every contract shows up:
normal, each Hochzeit, each solo, Armut, Königs- and Köhlersolo, deals thrown in); each finished deal
becomes an entry exactly as the page makes it (static/archive.js ``entryOf`` over the API's view and
the record), Chromium runs ``summarize``, and the figures are checked against the rounds' score sheets
and counts made here in Python.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from app.statistics_page import script_texts
from app.i18n import translator
from app.views import result_view
from engine.actions import Call
from engine.cards import KING, deal_hands, rank_of
from engine.contracts import ALL_SOLO_KINDS, CONTRACTS, HOUSE_CONTRACTS
from engine.deal import DECLARE, RE, RESERVATIONS
from engine.driver import seats_to_act
from engine.record import export
from engine.round import CASUAL, Round
from engine.rules import Rules

ROOT = Path(__file__).resolve().parents[2]

# Answers the entries (archive.js ``entryOf``) and their summary (statistics.js) for the views and
# records given, in a blank page that has loaded both scripts as the statistics page does.
SUMMARIZE = """deals => {
  const entries = deals.map(d => window.DoppelkopfArchive.entryOf(d.view, d.record));
  const statistics = window.DoppelkopfStatistics;
  return { entries, summary: statistics.summarize(entries),
           valid: entries.map(e => statistics.validEntry(JSON.parse(JSON.stringify(e)))) };
}"""


HOUSE_OPTIONS = {"solo_koenig": True, "solo_koehler": True, "schmeissen_kings": True}
ROUNDS = [("tsr", {}, 0), ("kneipe", HOUSE_OPTIONS, 1), ("sonderregeln", HOUSE_OPTIONS, 2), ("einsteiger", {}, 3)]
DEALS_PER_ROUND = 70


# Hands that make the rarer contracts possible, dealt every few deals (a plain deal in between).
RARE_HANDS = {"poverty": lambda deal, seat: deal.rules.armut and deal.is_poor(seat),
              "throw": lambda deal, seat: bool(deal.throw_reason(seat)),
              "wedding": lambda deal, seat: deal.holds_both_club_queens(seat)}


def dealt(round_: Round, rng: random.Random, wanted: str | None):
    """A new deal of ``round_`` whose hands allow the ``wanted`` naming, if these rules play it: five
    Könige are put into one hand (the rounds with Schmeißen play it with five kings), the other hands
    are dealt until one fits."""
    rules = round_.rules
    if wanted == "throw" and rules.schmeissen_kings:
        hands = deal_hands(rng, round_.dealer, rules.nines)
        five_kings(hands, rng.randrange(4), rng)
        return round_.start_deal(hands)
    playable = wanted == "wedding" or (wanted == "poverty" and rules.armut)
    for _ in range(2000):
        deal = round_.new_deal(rng)
        if not playable or any(RARE_HANDS[wanted](deal, seat) for seat in range(4)):
            return deal
    raise AssertionError(f"no hands for {wanted} in 2000 deals")


def five_kings(hands: list[list[int]], seat: int, rng: random.Random) -> None:
    """Swap kings from the other hands into ``seat``'s until it holds five (the hands stay a deck)."""
    own = hands[seat]
    while sum(rank_of(c) == KING for c in own) < 5:
        other = next(h for h in hands if h is not own and any(rank_of(c) == KING for c in h))
        king = next(c for c in other if rank_of(c) == KING)
        give = rng.choice([c for c in own if rank_of(c) != KING])
        other[other.index(king)], own[own.index(give)] = give, king


def random_deal(round_: Round, rng: random.Random, wanted: str | None = None):
    """One deal of ``round_``, every choice random and legal, with some calls. With ``wanted`` the seats
    whose hands allow it say Vorbehalt and mostly name it (a solo would beat it); else Vorbehalte at random."""
    deal = dealt(round_, rng, wanted)
    while not deal.is_done():
        seats = seats_to_act(deal)
        if deal.phase == DECLARE:
            deal.apply(deal.resolve_reservations({s: naming(deal, s, rng, wanted) for s in seats}))
            continue
        actions = deal.legal_actions(seats[0])
        calls = [a for a in actions if isinstance(a, Call)]
        others = [a for a in actions if not isinstance(a, Call)]
        if deal.phase == RESERVATIONS:
            seat = seats[0]
            says = RARE_HANDS[wanted](deal, seat) if wanted else rng.random() < 0.3
            others = [a for a in others if a.has_reservation == says] or others
        deal.apply(rng.choice(calls) if calls and rng.random() < 0.08 else rng.choice(others))
    return deal


def naming(deal, seat: int, rng: random.Random, wanted: str | None):
    options = deal.legal_declarations(seat)
    preferred = [d for d in options if d.kind == wanted]
    if preferred and rng.random() < 0.8:
        return rng.choice(preferred)
    # A holder with nothing left to name loses to another holder anyway (as the service does it).
    return rng.choice(options) if options else "solo-queens"


def play_rounds():
    """The deals (API view and record, as the page fetches them) and, per round, what Python counted."""
    deals, rounds = [], []
    for index, (preset, options, seed) in enumerate(ROUNDS):
        rng = random.Random(seed)
        round_ = Round(CASUAL, Rules.from_dict({"preset": preset, **options}))
        counted = []
        for seq in range(DEALS_PER_ROUND):
            deal = random_deal(round_, rng, [None, *RARE_HANDS][seq % 4])
            view = {"game_id": f"game{index}", "deal_number": round_.played + 1, "seq": seq,
                    "settings": {"mode": CASUAL, "level": "random"}, "result": result_view(deal).model_dump()}
            deals.append({"view": view, "record": export(deal)})
            counted.append(deal)
            round_.finish_deal(deal)
        rounds.append((round_, counted))
    return deals, rounds


@pytest.fixture(scope="module")
def figures(browser):
    deals, rounds = play_rounds()
    page = browser.new_page()
    try:
        for name in ("archive.js", "statistics.js"):
            page.add_script_tag(content=(ROOT / "static" / name).read_text(encoding="utf-8"))
        return page.evaluate(SUMMARIZE, deals), rounds
    finally:
        page.close()


def test_every_contract_is_among_the_deals(figures):
    answer, _ = figures
    seen = {entry["contract"] for entry in answer["entries"]}
    assert set(CONTRACTS) | set(HOUSE_CONTRACTS) <= seen, set(CONTRACTS) | set(HOUSE_CONTRACTS) - seen
    assert any(entry["calls"] for entry in answer["entries"])
    assert any(entry["special"] for entry in answer["entries"])


def test_the_points_add_up_to_the_score_sheets(figures):
    answer, rounds = figures
    summary = answer["summary"]
    totals = [sum(round_.totals[seat] for round_, _ in rounds) for seat in range(4)]
    scored = sum(1 for _, deals in rounds for deal in deals if deal.thrown is None)
    for seat in range(4):
        mine = summary["seats"][seat]
        assert mine["points"] == totals[seat]
        assert mine["deals"] == scored                                # one per score sheet row
        assert mine["re"]["played"] + mine["kontra"]["played"] == scored
        by_contract = [contract["seats"][seat] for contract in summary["contracts"].values()]
        assert sum(c["points"] for c in by_contract) == totals[seat]
        assert sum(c["played"] for c in by_contract) == scored
        assert sum(c["won"] for c in by_contract) == mine["re"]["won"] + mine["kontra"]["won"]


def test_parties_solos_calls_and_special_points_match_the_deals(figures):
    answer, rounds = figures
    summary = answer["summary"]
    played = [deal for _, deals in rounds for deal in deals if deal.thrown is None]
    for seat in range(4):
        mine = summary["seats"][seat]
        results = [(deal, deal.result()) for deal in played]
        as_re = [(d, r) for d, r in results if seat in r.re]
        assert mine["re"]["played"] == len(as_re)
        assert mine["re"]["won"] == sum(r.winner == RE for _, r in as_re)
        assert mine["kontra"]["won"] == sum(r.winner is not None and r.winner != RE
                                            for _, r in results if seat not in r.re)
        solos = [(d, r) for d, r in results if d.declaration is not None and d.declaration.seat == seat
                 and d.declaration.kind in ALL_SOLO_KINDS]
        assert mine["solos"] == {"played": len(solos), "won": sum(r.winner == RE for _, r in solos)}
        calls = [(r, c) for d, r in results for c in d.calls_made if c.seat == seat]
        assert mine["calls"]["played"] == len(calls)
        assert mine["calls"]["won"] == sum(r.winner == c.party for r, c in calls)
        special = sum(line["points"] for _, r in results for line in r.to_dict()["special"]
                      if line["party"] == (RE if seat in r.re else "kontra"))
        assert mine["special"] == special
    contracts = Counter(deal.contract for _, deals in rounds for deal in deals)
    assert {name: c["deals"] for name, c in summary["contracts"].items()} == dict(contracts)


def test_the_page_names_every_contract_it_may_count():
    texts = script_texts(translator("de"), "de")
    assert set(texts["contract_order"]) == set(CONTRACTS) | set(HOUSE_CONTRACTS)
    assert texts["contracts"]["poverty"] == "Armut" and texts["contracts"]["thrown"] == "Geschmissen"
    assert all(not name.startswith("contract.") for name in texts["contracts"].values())


def test_a_thrown_deal_and_its_redeal_are_two_entries(figures):
    answer, rounds = figures
    keys = [entry["key"] for entry in answer["entries"]]
    assert len(keys) == len(set(keys))
    assert any(":thrown@" in key for key in keys)


def test_every_real_entry_passes_the_import_check(figures):
    answer, _ = figures
    assert all(answer["valid"])
