"""World sampling when the unseen cards hardly allow what a Vorbehalt said."""

from __future__ import annotations

import random

from engine.worlds import sample_world

# Kreuz-Solo of seat 3 (a random bot), played to trick 10. Seat 2 sat before the soloist and said
# Vorbehalt, so its hand must allow something a Lustsolo outranks (Armut, Hochzeit, Schmeißen);
# its three unseen cards allow that in about one draw in 200. From an arena run on CI.
RECORD = {
    "format": "doppelkopf-deal/1", "rules": {"preset": "tsr"}, "dealer": 1,
    "hands": [None, None, None, ["SA", "H10", "HJ", "D10", "C9", "S9", "HA", "CA", "DJ", "S10", "CJ", "DJ"]],
    "actions": [
        {"seat": 2, "reservation": True}, {"seat": 3, "reservation": True}, {"seat": 0, "reservation": True},
        {"seat": 1, "reservation": True}, {"seat": 3, "declare": "solo-clubs", "compulsory": False},
        {"seat": 2, "play": "SA"}, {"seat": 3, "play": "SA"}, {"seat": 0, "call": "no30", "party": "kontra"},
        {"seat": 0, "call": "schwarz", "party": "kontra"}, {"seat": 0, "play": "S10"},
        {"seat": 1, "play": "SQ"}, {"seat": 1, "play": "H9"}, {"seat": 2, "play": "HK"},
        {"seat": 3, "call": "schwarz", "party": "re"}, {"seat": 3, "play": "HA"}, {"seat": 0, "play": "D10"},
        {"seat": 3, "play": "CJ"}, {"seat": 0, "play": "DQ"}, {"seat": 1, "play": "HQ"},
        {"seat": 2, "play": "CA"}, {"seat": 1, "play": "DQ"}, {"seat": 2, "play": "C10"},
        {"seat": 3, "play": "C9"}, {"seat": 0, "play": "CJ"}, {"seat": 1, "play": "HJ"},
        {"seat": 2, "play": "HQ"}, {"seat": 3, "play": "H10"}, {"seat": 0, "play": "CK"},
        {"seat": 3, "play": "D10"}, {"seat": 0, "play": "DK"}, {"seat": 1, "play": "D9"},
        {"seat": 2, "play": "DK"}, {"seat": 3, "play": "S10"}, {"seat": 0, "play": "DA"},
        {"seat": 1, "play": "SQ"}, {"seat": 2, "play": "SK"}, {"seat": 1, "play": "SJ"},
        {"seat": 2, "play": "H10"}, {"seat": 3, "play": "DJ"}, {"seat": 0, "play": "SJ"},
        {"seat": 2, "play": "S9"},
    ],
}


def test_a_world_turns_up_when_an_outranked_vorbehalt_fits_almost_no_hand():
    """Each draw finds a world: as a last resort that seat's Vorbehalt is replayed as "gesund"."""
    for seed in range(30):
        world = sample_world(RECORD, 3, random.Random(seed), tries=1)
        assert world.declaration.kind == "solo-clubs" and world.turn == 3


def test_worlds_that_fit_the_vorbehalt_come_first():
    """The first pass keeps every reservation as said; only failing that is one dropped."""
    worlds = [sample_world(RECORD, 3, random.Random(seed), tries=2000) for seed in range(3)]
    assert all(world.reservations[2] for world in worlds)
