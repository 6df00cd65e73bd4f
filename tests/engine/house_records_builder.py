"""Builds the house-rule records in ``records/house/`` from the worked examples of the house rules
spec, ``house-rules.md`` §15 (not a test module).

    .venv/bin/python -m tests.engine.house_records_builder [SPEC]   # rewrite records/house/*.json

Each example of §15 is a complete deal (rules, dealer, hands, reservations, the Armut exchange,
every trick in play order, each announcement with the announcer's hand size) and its evaluation.
This turns the text into a deal record (``HX-*.json``) and the facts the text states into
``expected.json``: the four entries, winner, eyes and tricks per party, the parties, each trick's
winner and eyes, the special points, Schweine, the Bock multiplier and triggers, a throw-in.
The records are built from the text alone, never by the engine, so the tests that score them
check the engine against the spec.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

RECORDS = Path(__file__).parent / "records" / "house"
SPEC = Path("/work/shared/rules/house-rules.md")
SPECIAL = {"Doppelkopf": "doppelkopf", "Fuchs gefangen": "fox", "Karlchen": "karlchen",
           "Karlchen gefangen": "karlchen-caught", "Fuchs am Ende": "fox-last-trick",
           "gegen die Alten": "against-the-queens"}


def _seat(text: str) -> int:
    return int(text.lstrip("S"))


def _seats(text: str) -> list[int]:
    return sorted(_seat(s) for s in re.findall(r"S\d", text))


def examples(text: str) -> dict[str, str]:
    """The text of each worked example, by id."""
    body = text[text.index("## 15."):text.index("## 16.")]
    parts = re.split(r"^#### (HX-\w+) .*$", body, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def parse(text: str) -> tuple[dict, dict]:
    """(record, expected facts) of one example's text."""
    rules = json.loads(re.search(r"- Rules: `(\{.*?\})`", text).group(1))
    dealer = _seat(re.search(r"- Dealer (S\d)", text).group(1))
    bock = re.search(r"Bock multiplier of this deal: x(\d+)", text)
    hands = [re.search(rf"  - S{s}: `([^`]*)`", text).group(1).split() for s in range(4)]
    actions = []
    reservations = re.search(r"- Reservations: (.*)\.", text).group(1)
    for part in reservations.split(", "):
        seat, word = part.split()
        actions.append({"seat": _seat(seat), "reservation": word == "Vorbehalt"})
    declared = re.search(r"(S\d) declares `([\w-]+)`(?: with partner rule `(\w+)`)?(?: \((\w+)\))?", text)
    if declared:
        seat, kind, partner, solo = declared.groups()
        action = {"seat": _seat(seat), "declare": kind, "compulsory": solo == "Pflichtsolo"}
        if partner:
            action["partner"] = partner
        actions.append(action)
    passed = re.search(r"(S\d) passes \d+ cards face down: `([^`]*)`", text)
    if passed:
        actions.append({"seat": _seat(passed.group(1)), "pass": passed.group(2).split()})
        for seat, answer in re.findall(r"^  (S\d) (declines|takes them)\.", text, flags=re.M):
            actions.append({"seat": _seat(seat), "accept": answer == "takes them"})
        returned = re.search(r"(S\d) returns `([^`]*)`", text)
        if returned:
            actions.append({"seat": _seat(returned.group(1)), "return": returned.group(2).split()})
    tricks = re.findall(r"^  \d+\. (.*?) → (S\d) \((\d+)\)", text, flags=re.M)
    calls = {}
    for seat, call, size in re.findall(r"^  - (S\d) \(\w+\) '(\w+)' with (\d+) cards in hand", text, flags=re.M):
        calls.setdefault((_seat(seat), int(size)), []).append(call)
    size = [len(h) for h in hands]
    for cards, _, _ in tricks:
        for play in cards.split(", "):
            seat, card = play.split()
            seat = _seat(seat)
            for call in calls.pop((seat, size[seat]), []):
                actions.append({"seat": seat, "call": call})
            actions.append({"seat": seat, "play": card})
            size[seat] -= 1
    assert not calls, f"announcements not placed: {calls}"
    record = {"format": "doppelkopf-deal/1", "rules": rules, "dealer": dealer}
    if bock:
        record["bock"] = int(bock.group(1))
    record["hands"] = hands
    record["actions"] = actions
    return record, _expected(text, tricks)


def _expected(text: str, tricks) -> dict:
    result = re.search(r"\*\*Result: (.*?)\*\*", text).group(1)
    expected = {"scores": [int(v) for v in re.findall(r"S\d ([+-]\d+)", result)]}
    if "(thrown in)" in text:
        expected["contract"] = "thrown"
        expected["thrown_by"] = _seat(re.search(r"(S\d)'s hand is shown", text).group(1))
        return expected
    game = re.search(r"- Game: .*?Re = ([S\d +]+), Kontra = ([S\d +]+)\.", text)
    expected["re"], expected["kontra"] = _seats(game.group(1)), _seats(game.group(2))
    schweine = re.search(r"Schweine: (S\d)", text)
    superschweine = re.search(r"Superschweine: (S\d)", text)
    expected["schweine"] = _seat(schweine.group(1)) if schweine else None
    expected["superschweine"] = _seat(superschweine.group(1)) if superschweine else None
    eyes = re.search(r"- Eyes: Re (\d+) \((\d+) tricks\) : Kontra (\d+) \((\d+) tricks\)\. Winner: (\w+)", text)
    expected["eyes"] = {"re": int(eyes.group(1)), "kontra": int(eyes.group(3))}
    expected["tricks"] = {"re": int(eyes.group(2)), "kontra": int(eyes.group(4))}
    expected["winner"] = {"Re": "re", "Kontra": "kontra", "nobody": None}[eyes.group(5)]
    expected["trick_winners"] = [[_seat(w), int(e)] for _, w, e in tricks]
    points = re.search(r"- Special points: (.*?)(?: → net.*)?\.?$", text, flags=re.M).group(1)
    special = []
    if not points.startswith("none"):
        for name, party in re.findall(r"([A-Za-z ]+?) (Re|Kontra)(?: \(trick \d+\))?(?:, |$)", points):
            special.append([SPECIAL[name.strip()], party.lower()])
    expected["special"] = sorted(special)
    bock = re.search(r"- Bock: this deal x(\d+); triggers: (.*)\.", text)
    if bock:  # only where the rules play Bock
        expected["bock"] = int(bock.group(1))
        expected["bock_triggers"] = [] if bock.group(2) == "none" else bock.group(2).split(", ")
    return expected


def build(spec: Path = SPEC) -> dict[str, tuple[dict, dict]]:
    return {name: parse(text) for name, text in examples(spec.read_text(encoding="utf-8")).items()}


def write(built: dict[str, tuple[dict, dict]]) -> None:
    RECORDS.mkdir(parents=True, exist_ok=True)
    for name, (record, _) in built.items():
        (RECORDS / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    expected = {name: facts for name, (_, facts) in built.items()}
    (RECORDS / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(build(Path(sys.argv[1]) if len(sys.argv) > 1 else SPEC))
    print(f"wrote {len(list(RECORDS.glob('HX-*.json')))} records to {RECORDS}")
