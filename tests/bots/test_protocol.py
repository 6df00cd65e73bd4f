"""``doppelkopf bot``: JSON lines in, JSON lines out, through a real subprocess."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from engine import Action, Deal, deal_hands
from engine.observation import observe


def test_bot_protocol_round_trip():
    rng = random.Random(4)
    deal = Deal(deal_hands(rng, 0), 0, compulsory_open=frozenset())
    requests = []
    for seat in deal.query_order():
        deal.reserve(seat, False)
    requests.append({"seat": deal.turn, "deal": observe(deal, deal.turn).to_dict()})
    lines = [json.dumps(requests[0]), "this is not json", json.dumps({"seat": 9, "deal": {}}),
             json.dumps({"seat": 0, "deal": {"format": "nonsense"}}), json.dumps(requests[0])]
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "bot", "--level", "rules", "--seed", "1"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 5
    assert "error" in answers[1] and "error" in answers[2] and "error" in answers[3]
    for answer in (answers[0], answers[4]):
        action = Action.from_dict(answer["action"])
        deal.copy().apply(action)
    assert answers[0] == answers[4]


def test_bot_answers_the_whole_deal():
    """The protocol bot plays every decision of a deal for all four seats."""
    rng = random.Random(8)
    deal = Deal(deal_hands(rng, 1), 1, compulsory_open=frozenset())
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "bot", "--level", "rules"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        while deal.phase in ("reservations", "play"):
            seat = deal.turn
            proc.stdin.write(json.dumps({"seat": seat, "deal": observe(deal, seat).to_dict()}) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            deal.apply(Action.from_dict(answer["action"]))
            if deal.phase == "declare":
                break
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert deal.is_done() or deal.phase == "declare"


def test_bot_protocol_reads_calls_without_party():
    """Records in the shared format carry no ``party`` on calls; the answer must still be legal."""
    from engine import Call
    from tests.bots.test_call_parties import strong_re_deal, without_parties
    deal = strong_re_deal(partner=1)
    deal.apply(Call(1, "no90"))
    request = {"seat": 0, "deal": without_parties(observe(deal, 0).to_dict())}
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "bot", "--level", "rules"],
                          input=json.dumps(request) + "\n", capture_output=True, text=True, timeout=60)
    action = Action.from_dict(json.loads(proc.stdout)["action"])
    deal.copy().apply(action)
