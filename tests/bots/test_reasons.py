"""The rule player's reasons: stable keys with parameters that still read as English sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.bots import reasons
from engine.bots.hand_eval import reservation_choice
from engine.bots.reasons import ENGLISH, Reason
from engine.cards import cards_from_codes

BOTS = Path(reasons.__file__).parent


def test_reasons_read_as_the_english_sentences_they_replace():
    assert str(reasons.ONLY_CARD) == "the only card I may play"
    assert str(Reason.of("solo-hand", kind="solo-clubs", losers=2.26)) == "a solo-clubs hand: about 2.3 losing tricks"
    assert (str(Reason.of("announce-strength", trumps=8, high=3, party="kontra"))
            == "8 trumps, 3 of them queens or Dullen: Kontra")


def test_a_reason_keeps_its_key_and_parameters():
    reason = Reason.of("announce-strength", trumps=7, high=4, party="re")
    assert reason.key == "announce-strength" and reason.values == {"trumps": 7, "high": 4, "party": "re"}
    assert reason == Reason.of("announce-strength", trumps=7, high=4, party="re")
    assert hash(reason) == hash(Reason.of("announce-strength", trumps=7, high=4, party="re"))


def test_an_unknown_key_is_refused():
    with pytest.raises(ValueError):
        Reason("no-such-reason")


def test_every_key_the_bots_name_has_an_english_sentence_and_every_sentence_is_used():
    source = "\n".join(path.read_text() for path in BOTS.glob("*.py") if path.name != "reasons.py")
    named = set(re.findall(r"""Reason(?:\.of)?\(\s*["']([\w-]+)["']""", source))
    named |= {getattr(reasons, name).key for name in re.findall(r"\breasons\.([A-Z_]+)\b", source)}
    assert named <= set(ENGLISH)
    assert set(ENGLISH) - named == set(), "a sentence no bot gives"


def test_a_solo_hand_names_its_kind_and_losers():
    queens = cards_from_codes("CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ CA CA".split())
    kind, reason = reservation_choice(queens)
    assert kind == reason.values["kind"] and reason.key == "solo-hand"
    assert isinstance(reason.values["losers"], float)
