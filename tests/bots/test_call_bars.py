"""The bars for the first Re or Kontra: the rule player's, and the search levels' eager ones."""

from engine.bots.hand_eval import strong_for


def test_the_rule_players_bars_are_unchanged():
    assert strong_for("re", 8, 3, 0) and strong_for("re", 7, 4, 0) and strong_for("re", 7, 3, 2)
    assert not strong_for("re", 7, 3, 1) and not strong_for("re", 9, 2, 0)
    assert strong_for("kontra", 7, 4, 0) and not strong_for("kontra", 8, 3, 1)


def test_eager_says_re_with_hands_that_win_two_games_in_three():
    for trumps, high in ((7, 3), (8, 2), (6, 5), (9, 0)):
        assert strong_for("re", trumps, high, 0, eager=True) and not strong_for("re", trumps, high, 0)
    assert not strong_for("re", 6, 4, 3, eager=True) and not strong_for("re", 7, 2, 3, eager=True)


def test_eager_says_kontra_only_with_eight_trumps():
    assert not strong_for("kontra", 7, 4, 0, eager=True) and strong_for("kontra", 7, 4, 0)
    assert strong_for("kontra", 8, 4, 0, eager=True) and not strong_for("kontra", 8, 3, 1, eager=True)


def test_an_absage_bar_replaces_the_search_bars_for_absagen_only():
    import dataclasses
    from engine.bots.search import CALL_MIN_WORLDS, MEDIUM, _call_to_make
    worlds = float(CALL_MIN_WORLDS)
    # keine 90 met in 88% of the worlds and worth a point more; Kontra met as often, worth more still
    entry = [0.0, worlds, {"no90": [2.0 * worlds, 0.88 * worlds, worlds]}, 0.0]
    assert _call_to_make(entry, MEDIUM) is None                       # CALL_SURE wants 96%
    bold = dataclasses.replace(MEDIUM, absage_bar=0.85)
    assert _call_to_make(entry, bold) == "no90"
    kontra = [0.0, worlds, {"kontra": [3.0 * worlds, 0.88 * worlds, worlds]}, 0.0]
    assert _call_to_make(kontra, bold) is None                        # Kontra keeps its 93%
    entry[2]["no90"][1] = 0.80 * worlds
    assert _call_to_make(entry, bold) is None


# From a medium self-play game (arena seed 92, deal 13): Re (seat 2) said Re and led the Dulle,
# seat 3 gave the Herz-Bube. Seat 0 holds 8 trumps without a Dulle or a Kreuz-Dame. Its open-card
# worlds met Kontra in 94-97% of them; Re made 174 eyes at the table.
WEAK_KONTRA = {"format": "doppelkopf-deal/1", "rules": {"preset": "tsr"}, "dealer": 1,
               "hands": [["SK", "SQ", "HA", "HK", "HJ", "H9", "DA", "D10", "DK", "DK", "DQ", "DJ"], None, None, None],
               "actions": [{"seat": seat, "reservation": False} for seat in (2, 3, 0, 1)] + [
                   {"seat": 2, "call": "re", "party": "re"}, {"seat": 2, "play": "H10"}, {"seat": 3, "play": "HJ"}]}


def test_without_search_kontra_only_the_hand_count_says_kontra():
    from engine.actions import Call
    from tests.bots.positions import actions_over_seeds

    def kontras(level: str) -> int:
        return sum(isinstance(action, Call) for action in actions_over_seeds(level, WEAK_KONTRA, 0, 4))
    assert kontras("medium") > 0
    assert kontras("medium+search_kontra=false") == 0


def test_a_kontra_on_eight_trumps_can_ask_for_dullen_and_pik_damen():
    """In 30,000 rule-player deals the search levels' Kontra hands with 8 trumps won 39-46% with at
    most one Dulle or Pik-Dame, 59-69% with two or three (docs/strength.md)."""
    from engine.bots.hand_eval import call_wanted
    from engine.bots.public import View

    def kontra(hand: str, top: int) -> bool:
        record = {"format": "doppelkopf-deal/1", "rules": {"preset": "tsr"}, "dealer": 3,
                  "hands": [hand.split(), None, None, None],
                  "actions": [{"seat": seat, "reservation": False} for seat in range(4)]}
        view = View.from_record(record, 0)
        return call_wanted(view, kontra_trumps=8, kontra_top=top)[0] == "kontra"
    one_top = "SQ HQ HQ DQ DJ DA DA D10 SA SA HA C9"
    two_top = "SQ H10 HQ DQ DJ DA DA D10 SA SA HA C9"
    nine_trumps = "SQ HQ HQ DQ DJ DA DA D10 D9 SA SA HA"
    assert kontra(one_top, 0) and not kontra(one_top, 2)
    assert kontra(two_top, 2) and kontra(nine_trumps, 2)


def test_calls_by_value_ignore_the_met_share_and_ask_for_the_margin():
    import dataclasses
    from engine.bots.search import CALL_MIN_WORLDS, MEDIUM, _call_to_make
    worlds = float(CALL_MIN_WORLDS)
    # Kontra met in 70% of the worlds, 1.2 points a game more with it than without
    entry = [0.0, worlds, {"kontra": [2.2 * worlds, 0.7 * worlds, 1.0 * worlds]}, 0.0]
    assert _call_to_make(entry, MEDIUM) is None                       # CALL_SURE wants 93%
    assert _call_to_make(entry, dataclasses.replace(MEDIUM, call_value="raw")) == "kontra"
    assert _call_to_make(entry, dataclasses.replace(MEDIUM, call_value="raw", call_margin=1.5)) is None


# Seat 0 holds both Dullen, a Kreuz-Dame and 10 trumps: the hand count says Re before its first card.
STRONG_RE = {"format": "doppelkopf-deal/1", "rules": {"preset": "tsr"}, "dealer": 3,
             "hands": [["H10", "H10", "CQ", "SQ", "SQ", "HQ", "DQ", "CJ", "DA", "D10", "SA", "HA"], None, None, None],
             "actions": [{"seat": seat, "reservation": False} for seat in range(4)]}


def test_calls_by_value_leave_out_the_hand_count():
    from engine.actions import Call
    from tests.bots.positions import actions_over_seeds

    def calls(level: str) -> int:
        return sum(isinstance(action, Call) for action in actions_over_seeds(level, STRONG_RE, 0, 3))
    assert calls("medium") == 3
    assert calls("medium+call_value=raw,call_margin=99") == 0   # no gain is that large: only the count could call
    assert calls("medium+call_value=raw") == 3                  # the search finds the Re worth saying
