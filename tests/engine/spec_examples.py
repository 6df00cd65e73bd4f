"""The worked scoring examples of the rules spec, docs ddv-tsr.md §15, as data.

One row per example, transcribed from its text:

* ``value``: the game-value items (deal-record item names). With a winner every item goes to the
  winner (``announced-*`` are worth 2, everything else 1); without a winner each item is written
  ``party:item`` for the party that earned it.
* ``special``: special points as ``party:item``, with ``@trick`` where the example names the trick.
* ``calls``: ``"seat call h"`` joined by `` / ``, h = the caller's hand size; a leading ``x`` marks
  an announcement the example calls illegal (it is ignored there).
* ``lead``/``compulsory``/``hochzeiter``: who leads trick 1, Pflichtsolo, the seat with both CQ.
Every example has dealer S0.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.calls import LEVEL, PartyCalls


class Example(NamedTuple):
    contract: str
    re: tuple[int, ...]
    re_eyes: int
    re_tricks: int
    winner: str | None
    scores: tuple[int, int, int, int]
    value: str
    special: str = ""
    calls: str = ""
    lead: int = 1
    compulsory: bool = False
    hochzeiter: int | None = None


X = Example
EXAMPLES = {
    # N01 Plain normal game, Re wins
    "N01": X("normal", (1, 3), 130, 7, "re", (-1, 1, -1, 1),
             value="won"),
    # N02 Plain normal game, Kontra wins
    "N02": X("normal", (1, 3), 115, 5, "kontra", (2, -2, 2, -2),
             value="won", special="kontra:against-the-queens"),
    # N03 120:120, no announcements
    "N03": X("normal", (1, 2), 120, 6, "kontra", (2, -2, -2, 2),
             value="won", special="kontra:against-the-queens"),
    # N04 120:120, only Kontra announced
    "N04": X("normal", (1, 2), 120, 6, "re", (-3, 3, 3, -3),
             value="won announced-kontra", calls="3 kontra 12"),
    # N05 120:120, Re and Kontra announced
    "N05": X("normal", (1, 3), 120, 6, "kontra", (6, -6, 6, -6),
             value="won announced-re announced-kontra", special="kontra:against-the-queens",
             calls="1 re 12 / 2 kontra 11"),
    # N06 120:120, only Re announced
    "N06": X("normal", (1, 3), 120, 6, "kontra", (4, -4, 4, -4),
             value="won announced-re", special="kontra:against-the-queens", calls="3 re 11"),
    # N07 Re announced, Re wins and plays Kontra 'unter 90'
    "N07": X("normal", (0, 2), 151, 8, "re", (4, -4, 4, -4),
             value="won under90 announced-re", calls="2 re 11"),
    # N08 Only Kontra announced, Kontra wins with 121
    "N08": X("normal", (1, 3), 119, 6, "kontra", (4, -4, 4, -4),
             value="won announced-kontra", special="kontra:against-the-queens", calls="0 kontra 11"),
    # N09 Re + 'keine 90', fulfilled
    "N09": X("normal", (1, 3), 165, 9, "re", (-5, 5, -5, 5),
             value="won under90 announced-re absage-no90", calls="1 re 12 / 3 no90 10"),
    # N10 Re + 'keine 90', failed (Kontra 100)
    "N10": X("normal", (1, 3), 140, 8, "kontra", (5, -5, 5, -5),
             value="won announced-re absage-no90", special="kontra:against-the-queens",
             calls="1 re 12 / 3 no90 10"),
    # N11 Re + 'keine 90', failed, Kontra reaches 120
    "N11": X("normal", (1, 3), 110, 5, "kontra", (6, -6, 6, -6),
             value="won announced-re absage-no90 reached120", special="kontra:against-the-queens",
             calls="1 re 12 / 3 no90 10"),
    # N12 Re + 'keine 90' + 'keine 60', fulfilled
    "N12": X("normal", (1, 3), 185, 10, "re", (-7, 7, -7, 7),
             value="won under90 under60 announced-re absage-no90 absage-no60",
             calls="1 re 11 / 1 no90 10 / 3 no60 9"),
    # N13 Re + 'keine 60' (skipping 'keine 90'), failed with Kontra 95
    "N13": X("normal", (1, 3), 145, 8, "kontra", (7, -7, 7, -7),
             value="won announced-re absage-no90 absage-no60 reached90", special="kontra:against-the-queens",
             calls="1 re 11 / 1 no60 10"),
    # N14 Re + 'keine 60', failed with Kontra 125 (stacking of 7.2.2 (f))
    "N14": X("normal", (1, 3), 115, 6, "kontra", (8, -8, 8, -8),
             value="won announced-re absage-no90 absage-no60 reached120 reached90",
             special="kontra:against-the-queens", calls="1 re 11 / 1 no60 10"),
    # N15 Re up to 'keine 30', fulfilled
    "N15": X("normal", (1, 3), 215, 11, "re", (-9, 9, -9, 9),
             value="won under90 under60 under30 announced-re absage-no90 absage-no60 absage-no30",
             calls="1 re 11 / 1 no90 10 / 3 no60 9 / 3 no30 8"),
    # N16 Re up to 'schwarz', fulfilled, with special points
    "N16": X("normal", (1, 3), 240, 12, "re", (-15, 15, -15, 15),
             value="won under90 under60 under30 schwarz announced-re absage-no90 absage-no60 absage-no30 absage-schwarz",
             special="re:fox@5 re:doppelkopf@7 re:doppelkopf@9 re:karlchen@12",
             calls="1 re 12 / 1 no90 10 / 3 no60 9 / 3 no30 8 / 1 schwarz 7"),
    # N17 Re says everything up to 'schwarz', Kontra takes one 35-eye trick
    "N17": X("normal", (2, 3), 205, 11, "kontra", (9, 9, -9, -9),
             value="won announced-re absage-no90 absage-no60 absage-no30 absage-schwarz reached30",
             special="kontra:against-the-queens", calls="2 schwarz 12"),
    # N18 Re says 'schwarz', Kontra wins a 0-eye trick
    "N18": X("normal", (2, 3), 240, 11, "kontra", (8, 8, -8, -8),
             value="won announced-re absage-no90 absage-no60 absage-no30 absage-schwarz",
             special="kontra:against-the-queens", calls="2 schwarz 12"),
    # N19 Kontra + 'keine 90', fulfilled
    "N19": X("normal", (1, 3), 80, 3, "kontra", (6, -6, 6, -6),
             value="won under90 announced-kontra absage-no90", special="kontra:against-the-queens",
             calls="0 kontra 11 / 0 no90 10"),
    # N20 Kontra + 'keine 90', failed: Re wins with 95 eyes
    "N20": X("normal", (1, 3), 95, 4, "re", (-4, 4, -4, 4),
             value="won announced-kontra absage-no90", calls="2 kontra 11 / 2 no90 10"),
    # N21 Both parties 'keine 90', nobody wins (net 0)
    "N21": X("normal", (1, 3), 130, 7, None, (0, 0, 0, 0),
             value="re:reached120", special="kontra:fox@4", calls="1 re 12 / 2 kontra 11 / 3 no90 10 / 0 no90 10"),
    # N22 Re 'keine 60' vs Kontra 'keine 90', nobody wins (net +2 Re)
    "N22": X("normal", (1, 3), 170, 9, None, (-2, 2, -2, 2),
             value="re:under90 re:reached120", calls="1 re 11 / 2 kontra 11 / 2 no90 10 / 3 no90 10 / 1 no60 9"),
    # N23 Special points both ways: both foxes caught by Re, Doppelkopf by Kontra
    "N23": X("normal", (1, 3), 135, 7, "re", (-2, 2, -2, 2),
             value="won", special="re:fox@3 re:fox@8 kontra:doppelkopf@6"),
    # N24 Losing side's special points exceed the game value
    "N24": X("normal", (1, 3), 125, 6, "re", (2, -2, 2, -2),
             value="won", special="kontra:doppelkopf@2 kontra:doppelkopf@5 kontra:karlchen@12"),
    # N25 Kontra announced and wins; special points on both sides
    "N25": X("normal", (1, 3), 110, 6, "kontra", (4, -4, 4, -4),
             value="won announced-kontra",
             special="kontra:against-the-queens re:doppelkopf@4 re:karlchen@12 kontra:fox@2 kontra:fox@7",
             calls="0 kontra 11"),
    # N26 Late reply 'Kontra' (Erwiderung) - Absage afterwards refused
    "N26": X("normal", (1, 3), 115, 6, "kontra", (6, -6, 6, -6),
             value="won announced-re announced-kontra", special="kontra:against-the-queens",
             calls="1 re 12 / 2 kontra 10 / x2 no90 10"),
    # N27 Kontra jumps to 'keine 60' with 11 cards
    "N27": X("normal", (1, 3), 55, 2, "kontra", (8, -8, 8, -8),
             value="won under90 under60 announced-kontra absage-no90 absage-no60",
             special="kontra:against-the-queens", calls="x0 no60 10 / 0 no60 11"),
    # N28 Re up to 'keine 30', failed: Kontra reaches 65
    "N28": X("normal", (1, 3), 175, 9, "kontra", (8, -8, 8, -8),
             value="won announced-re absage-no90 absage-no60 absage-no30 reached60",
             special="kontra:against-the-queens", calls="1 re 12 / 3 no90 10 / 3 no60 9 / 1 no30 8"),
    # N29 Each party catches one fox (cancel); Karlchen for the winner, Doppelkopf for the loser
    "N29": X("normal", (1, 3), 140, 7, "re", (-1, 1, -1, 1),
             value="won", special="re:fox@2 re:karlchen@12 kontra:doppelkopf@9 kontra:fox@6"),
    # S01 Damensolo (Pflichtsolo) won with 'Re'
    "S01": X("solo-queens", (2,), 130, 7, "re", (-3, -3, 9, -3),
             value="won announced-re", calls="2 re 12", lead=2, compulsory=True),
    # S02 Bubensolo lost with 'Re' and 'Kontra'
    "S02": X("solo-jacks", (1,), 115, 6, "kontra", (5, -15, 5, 5),
             value="won announced-re announced-kontra", calls="1 re 12 / 3 kontra 11", compulsory=True),
    # S03 Herz-Farbsolo (Lustsolo) won with 'keine 90'
    "S03": X("solo-hearts", (3,), 170, 9, "re", (-5, -5, -5, 15),
             value="won under90 announced-re absage-no90", calls="3 no90 11"),
    # S04 Fleischloser lost after 'keine 90'
    "S04": X("solo-fleischlos", (0,), 140, 8, "kontra", (-12, 4, 4, 4),
             value="won announced-re absage-no90", calls="0 re 12 / 0 no90 10", lead=0, compulsory=True),
    # S05 Kreuz-Farbsolo won schwarz, no announcements
    "S05": X("solo-clubs", (2,), 240, 12, "re", (-5, -5, 15, -5),
             value="won under90 under60 under30 schwarz"),
    # S06 Pik-Farbsolo 120:120, no announcements
    "S06": X("solo-spades", (3,), 120, 6, "kontra", (1, 1, 1, -3),
             value="won", lead=3, compulsory=True),
    # S07 Karo-Farbsolo 120:120 with only 'Kontra'
    "S07": X("solo-diamonds", (2,), 120, 6, "re", (-3, -3, 9, -3),
             value="won announced-kontra", calls="1 kontra 11", lead=2, compulsory=True),
    # S08 Damensolo, both sides 'keine 90', nobody wins
    "S08": X("solo-queens", (3,), 136, 9, None, (-1, -1, -1, 3),
             value="re:reached120", calls="3 re 12 / 3 no90 10 / 0 kontra 11 / 0 no90 10", lead=3,
             compulsory=True),
    # S09 Stille Hochzeit won
    "S09": X("silent-wedding", (3,), 216, 11, "re", (-6, -6, -6, 18),
             value="won under90 under60 under30 announced-re", calls="3 re 11"),
    # S10 Pik-Farbsolo lost against Kontra's 'keine 90'
    "S10": X("solo-spades", (1,), 85, 4, "kontra", (7, -21, 7, 7),
             value="won under90 announced-re announced-kontra absage-no90",
             calls="1 re 12 / 0 kontra 11 / 0 no90 10", compulsory=True),
    # S11 Bubensolo won; opponents replied 'Kontra' late
    "S11": X("solo-jacks", (2,), 190, 10, "re", (-7, -7, 21, -7),
             value="won under90 under60 announced-re announced-kontra", calls="2 re 12 / 0 kontra 10"),
    # S12 Fleischloser won with 'keine 60'
    "S12": X("solo-fleischlos", (1,), 185, 10, "re", (-7, 21, -7, -7),
             value="won under90 under60 announced-re absage-no90 absage-no60",
             calls="1 re 11 / 1 no90 10 / 1 no60 9", compulsory=True),
    # S13 Kreuz-Farbsolo lost, Kontra reaches 120 against 'keine 90'
    "S13": X("solo-clubs", (3,), 115, 6, "kontra", (5, 5, 5, -15),
             value="won announced-re absage-no90 reached120", calls="3 re 12 / 3 no90 10"),
    # S14 Damensolo (Lustsolo of the dealer) lost with 'Re' and 'Kontra'
    "S14": X("solo-queens", (0,), 100, 5, "kontra", (-15, 5, 5, 5),
             value="won announced-re announced-kontra", calls="0 re 12 / 1 kontra 11"),
    # S15 Herz-Farbsolo lost with 170 eyes after 'keine 60'
    "S15": X("solo-hearts", (2,), 170, 9, "kontra", (5, 5, -15, 5),
             value="won announced-re absage-no90 absage-no60", calls="2 re 12 / 2 no90 10 / 2 no60 9", lead=2,
             compulsory=True),
    # H01 Hochzeit clarified in trick 1
    "H01": X("wedding", (1, 2), 150, 8, "re", (-4, 4, 4, -4),
             value="won announced-re", special="re:doppelkopf@1", calls="x1 re 12 / 2 re 11", hochzeiter=1),
    # H02 Hochzeit clarified in trick 2 (windows -1)
    "H02": X("wedding", (0, 2), 160, 9, "re", (8, -8, 8, -8),
             value="won under90 announced-re announced-kontra absage-no90", special="re:fox@7",
             calls="1 kontra 10 / 2 re 10 / 0 no90 9", hochzeiter=2),
    # H03 Hochzeit clarified in trick 3 (windows -2); own fox does not count
    "H03": X("wedding", (1, 3), 115, 5, "kontra", (6, -6, 6, -6),
             value="won announced-re announced-kontra", special="kontra:against-the-queens",
             calls="3 re 9 / 2 kontra 8", hochzeiter=3),
    # H04 Hochzeit not clarified -> Karo-Solo, won
    "H04": X("wedding-alone", (1,), 160, 9, "re", (-4, 12, -4, -4),
             value="won under90 announced-re", calls="1 re 9", hochzeiter=1),
    # H05 Hochzeit not clarified -> Karo-Solo, lost
    "H05": X("wedding-alone", (2,), 110, 6, "kontra", (1, 1, -3, 1),
             value="won", hochzeiter=2),
}


def value_lines(ex: Example) -> list[tuple[str, str, int]]:
    """(item, party, points) of every game-value item."""
    lines = []
    for word in ex.value.split():
        party, _, item = word.rpartition(":")
        lines.append((item, party or ex.winner, 2 if item.startswith("announced-") else 1))
    return sorted(lines)


def special_lines(ex: Example) -> list[tuple[str, str, int, int | None]]:
    """(item, party, points, trick) of every special point; trick None where the example names none."""
    lines = []
    for word in ex.special.split():
        party, _, rest = word.partition(":")
        item, _, trick = rest.partition("@")
        lines.append((item, party, 1, int(trick) if trick else None))
    return sorted(lines, key=str)


def calls(ex: Example, legal_only: bool = True) -> list[tuple[int, str, int]]:
    """(seat, call, hand size) of the example's announcements in the order it lists them."""
    out = []
    for text in filter(None, ex.calls.split(" / ")):
        seat, call, h = text.split()
        if seat.startswith("x"):
            if legal_only:
                continue
            seat = seat[1:]
        out.append((int(seat), call, int(h)))
    return out


def party_calls(ex: Example) -> tuple[PartyCalls, PartyCalls]:
    """What Re and Kontra announced (the legal calls only), for ``game_result``."""
    made = {"re": PartyCalls(), "kontra": PartyCalls()}
    for seat, call, _ in calls(ex):
        party = made["re" if seat in ex.re else "kontra"]
        party.announced = party.timely = True
        party.level = max(party.level, LEVEL[call])
    return made["re"], made["kontra"]
