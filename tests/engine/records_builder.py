"""Builds the end-to-end deal records in ``records/`` from trick-by-trick plans (not a test module).

    .venv/bin/python -m tests.engine.records_builder     # rewrite tests/engine/records/*.json

Each plan realises one worked example of the rules spec (§15, see ``spec_examples``): the same
parties, eyes, tricks, announcements and special points. A plan is 12 lines, one per trick:
the leader's seat, then the four cards in play order. The hands are the cards each seat plays;
the actions are the reservation query, the naming, and the plays with every legal call of the
example inserted just before the caller plays down to its stated hand size. ``build`` replays the
record through the engine, so an illegal plan fails here with the engine's own RecordError.

The plans were found with a small throwaway constraint search (the tricks an example describes
were fixed first, e.g. N18's trick 1) and are kept here as plain data. They keep following suit
easy to check: a seat that does not follow in a trick never plays the led suit class later.
Eyes, trick winners, foxes, Doppelköpfe and Karlchen match each example's text, which
``test_spec_records`` checks trick by trick where the text names a trick.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.contracts import SOLO_KINDS
from engine.record import FORMAT, replay

from .spec_examples import EXAMPLES, calls

RECORDS = Path(__file__).parent / "records"

# example id: the 12 tricks, each "leader card card card card" (cards in play order); t = trick.
PLANS = {
    "N01": """  # Re S1+S3: 130 eyes in 7 tricks, no special points
        1 CJ HJ DA DJ
        1 CQ CJ DK DQ
        1 HK HA H9 HA
        2 HK H9 D10 SJ
        1 C9 C10 C10 CK
        2 SQ D10 DJ H10
        1 SQ SJ DA HQ
        1 CA C9 D9 CA
        3 HJ HQ SA DK
        0 SK SA SK S9
        1 S10 DQ S10 S9
        2 D9 CQ H10 CK
    """,
    "N16": """  # Re S1+S3 takes all 12; t5 S0's fox to S3; t7 42 and t9 41 eyes; t12 S1's Karlchen
        1 C9 C9 CK CK
        3 H10 DQ DQ DJ
        3 HK H9 HA H9
        1 S10 S9 SA SK
        3 CQ DA CJ HJ
        3 SQ SQ DK HQ
        3 CA C10 CA C10
        3 SK S10 SA S9
        1 H10 D10 DA D10
        1 HK HA SJ SJ
        3 HQ HJ CQ DJ
        1 CJ D9 DK D9
    """,
    "N18": """  # t1 S9 S9 C9 H9 to S1 (Kontra, 0 eyes); Re S2+S3 takes the other 11 tricks
        1 S9 S9 C9 H9
        1 DQ CQ H10 HQ
        3 DA DK D9 HJ
        2 C10 C10 CK CK
        2 SQ DA DJ CJ
        2 S10 HJ C9 SA
        3 H10 CA D9 SJ
        3 DK HA D10 SJ
        2 CJ DJ HK D10
        2 SA HK H9 S10
        2 HQ CQ HA DQ
        3 SQ CA SK SK
    """,
    "N21": """  # Re S1+S3: 130 in 7; t4 S1's fox to S2
        1 SJ D9 D10 SJ
        1 SK S9 S9 SK
        1 CQ DQ DK C10
        1 DA HQ DJ HK
        2 HA HA H9 C9
        2 D10 SQ CK DJ
        3 HJ CA SQ H10
        2 DK H10 SA HQ
        3 C10 CA CK C9
        0 HK HJ H9 S10
        1 DA D9 CQ SA
        3 CJ S10 CJ DQ
    """,
    "N25": """  # Re S1+S3: 110 in 6; t2 S1's fox to S0, t7 S3's fox to S2; t4 43 eyes to S1; t12 S3's Karlchen
        1 CQ HQ DQ HJ
        1 DA DK D10 DQ
        0 CK CK C9 C10
        3 CA SA H10 CA
        1 SA DK SK S10
        2 C10 D10 SQ HK
        0 DJ D9 H10 DA
        2 DJ SJ HQ HJ
        0 CJ SQ SJ CQ
        3 SK S9 S10 D9
        2 HK HA H9 HA
        3 CJ S9 H9 C9
    """,
    "N26": """  # Re S1+S3: 115 in 6, no special points
        1 S10 S10 S9 SA
        0 C10 C9 CK CK
        0 HJ CJ H10 DK
        2 SK SK S9 SA
        1 DA SQ CQ CJ
        3 HK H9 HA HK
        1 CA SJ CA C9
        2 D9 HQ H10 HQ
        0 HA DA H9 D9
        1 CQ D10 DQ DJ
        1 DJ DK D10 SJ
        0 C10 DQ HJ SQ
    """,
    "N27": """  # Re S1+S3: 55 in 2, no special points
        1 CQ H10 DJ SJ
        2 CJ D9 DK C10
        2 DJ SJ HQ S9
        0 D10 HK DK DA
        3 HJ DQ C9 D9
        0 C9 CK D10 CK
        2 DA HJ SQ SK
        0 HA H9 HA H9
        0 S10 SK DQ CA
        2 H10 SQ CJ SA
        2 HK CA SA S9
        2 HQ CQ S10 C10
    """,
    "N29": """  # Re S1+S3: 140 in 7; t2 S0's fox to S3, t6 S1's fox to S2; t9 four tens to S0; t12 S1's Karlchen
        1 HK H9 HK CA
        1 DK DK HJ DA
        3 S10 S10 S9 SK
        3 CQ SQ DJ HQ
        3 SK SA SJ SA
        1 DA DQ HJ DJ
        2 CK C9 CA C10
        0 HQ CJ SJ DQ
        0 H10 D10 H10 D10
        0 D9 D9 SQ CK
        2 HA HA C10 CQ
        1 CJ S9 H9 C9
    """,
    "S01": """  # Damensolo, soloist S2 leads: 130 in 7; t4 41 eyes and t6 S0's fox to S2 (not scored)
        2 CK CJ C10 CA
        1 H9 H10 HK HA
        0 DQ DQ SQ HQ
        2 SA S10 S10 H10
        2 DJ DK DA D9
        0 DA D10 CQ D10
        2 SJ S9 SJ CJ
        2 S9 SK SA CA
        0 DK DJ HQ D9
        2 HJ H9 HA HJ
        0 C9 C9 C10 CK
        2 CQ SQ SK HK
    """,
    "S04": """  # Fleischloser, the dealer S0 leads: 140 in 8
        0 CK CQ C9 CJ
        0 S10 S9 S9 SQ
        0 HJ H10 HA HK
        2 DK DJ DA DQ
        0 D9 SQ DA D10
        2 HJ DJ H10 H9
        0 HK CQ H9 SK
        0 DK SA D9 D10
        3 S10 SA SJ SJ
        0 C10 C9 HQ CA
        3 CK CA CJ HA
        0 SK C10 HQ DQ
    """,
    "S05": """  # Kreuz-Solo (Lustsolo) S2 takes all 12 tricks
        1 HJ DQ C9 DQ
        2 CQ CK C10 CJ
        2 CQ DJ DJ HJ
        2 SQ DK SQ C9
        2 DA D10 SK D9
        2 SA S9 SK HA
        2 HQ H9 CK C10
        2 H10 H9 CA CA
        2 DA HA HK DK
        2 H10 S9 SJ SJ
        2 D10 HK S10 D9
        2 HQ S10 SA CJ
    """,
    "S09": """  # S3 holds both CQ: 216 in 11; Kontra's trick t5 has 24 eyes; t6 S0's fox to S3 (not scored)
        1 HQ SJ SQ DJ
        3 HQ HJ SJ H9
        3 DQ CJ DK CK
        3 H10 DA DJ S9
        3 HJ CJ H10 C10
        1 SQ SA CQ DA
        3 D10 D9 D9 C9
        3 CQ D10 DK HK
        3 DQ C10 CA SA
        3 S10 SK SK S10
        3 CA CK HK C9
        3 HA H9 HA S9
    """,
    "H02": """  # Hochzeiter S2 takes t1, S0 takes t2 (partner); 160 in 9; t7 S3's fox to S0
        1 HQ CQ D9 SJ
        2 CK C9 CA C9
        0 S10 SA SA SK
        1 DK DJ SJ SQ
        0 HK HA H9 HK
        1 HJ CJ DJ DQ
        0 SQ CJ HJ DA
        0 DQ DK D10 D10
        0 H9 HA DA D9
        2 SK S9 S10 C10
        0 H10 C10 CQ HQ
        0 CA CK S9 H10
    """,
    "H03": """  # Hochzeiter S3 takes t1 (with S1's fox) and t2, S1 takes t3 (partner); 115 in 5
        1 DA DQ CQ HJ
        3 HA HA H9 HK
        3 CK CK CA C10
        1 C10 C9 SQ CA
        3 D10 DJ DQ SJ
        1 S10 SA SA SQ
        0 HJ DK H10 HQ
        2 HQ DJ DA D10
        2 SK S9 C9 SK
        2 CJ CJ D9 DK
        2 S9 S10 SJ HK
        0 H9 D9 H10 CQ
    """,
    "H04": """  # Hochzeiter S1 takes t1 (41 eyes), t2 (S0's fox) and t3: alone; 160 in 9
        1 H10 DA D10 D10
        1 HQ HJ DQ DA
        1 HQ D9 H9 DQ
        1 S10 SA S9 SA
        2 CJ HK DJ SQ
        1 H9 HA HA HK
        2 CJ CK HJ CQ
        1 C9 C9 CA CA
        3 S9 SK S10 SK
        1 CQ DJ C10 SJ
        1 DK DK CK D9
        1 H10 SQ C10 SJ
    """,
}


def _query(example_id: str) -> list[dict]:
    """The reservation query (dealer S0, so S1 first) and the naming, as record actions."""
    ex = EXAMPLES[example_id]
    if ex.contract in SOLO_KINDS:
        holder, kind = ex.re[0], ex.contract
    elif ex.contract in ("wedding", "wedding-alone"):
        holder, kind = ex.hochzeiter, "wedding"
    else:
        holder = kind = None
    actions = [{"seat": s, "reservation": s == holder} for s in (1, 2, 3, 0)]
    if holder is not None:
        actions.append({"seat": holder, "declare": kind, "compulsory": ex.compulsory})
    return actions


def parse_plan(text: str) -> list[tuple[int, list[str]]]:
    tricks = []
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        leader, *cards = line.split()
        tricks.append((int(leader), cards))
    assert len(tricks) == 12 and all(len(cards) == 4 for _, cards in tricks), text
    return tricks


def build(example_id: str) -> dict:
    """The complete, replay-checked deal record of one example."""
    tricks = parse_plan(PLANS[example_id])
    hands = [[], [], [], []]
    plays = []
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            hands[seat].append(card)
            plays.append((seat, card))
    pending = calls(EXAMPLES[example_id])
    actions = _query(example_id)
    played = [0, 0, 0, 0]
    for seat, card in plays:
        actions += [{"seat": s, "call": c} for s, c, h in pending if s == seat and 12 - h == played[seat]]
        actions.append({"seat": seat, "play": card})
        played[seat] += 1
    assert len(actions) == len(_query(example_id)) + len(pending) + 48, f"{example_id}: a call was not placed"
    record = {"format": FORMAT, "rules": {"preset": "tsr"}, "dealer": 0, "hands": hands, "actions": actions}
    deal = replay(record)  # raises RecordError on the first illegal action
    assert [t.leader for t in deal.tricks] == [leader for leader, _ in tricks], example_id
    return record


def dumps(record: dict) -> str:
    """The record as JSON with one hand and one action per line."""
    def rows(items):
        return ",\n".join("  " + json.dumps(item) for item in items)
    head = ", ".join(f"{json.dumps(key)}: {json.dumps(record[key])}" for key in ("format", "rules", "dealer"))
    return f'{{{head},\n "hands": [\n{rows(record["hands"])}\n ],\n "actions": [\n{rows(record["actions"])}\n ]}}\n'


def write_all() -> None:
    RECORDS.mkdir(exist_ok=True)
    for example_id in PLANS:
        (RECORDS / f"{example_id}.json").write_text(dumps(build(example_id)), encoding="utf-8")


if __name__ == "__main__":
    write_all()
