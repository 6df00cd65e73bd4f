"""Doppelkopf by the DDV tournament rules and the common house rules: cards, deals, announcements,
scoring, rounds, records.

Pure Python, no I/O; randomness only through an RNG passed in.
"""

from .actions import Accept, Action, Call, Declare, Pass, Play, Reservation, Return
from .cards import CODES, EYES, card_from_code, code, deal_hands
from .contracts import ALL_SOLO_KINDS, CONTRACTS, DECLARATIONS, HOUSE_CONTRACTS, ORDERS, SOLO_KINDS
from .deal import DECLARE, DONE, KONTRA, PLAY, POVERTY, RE, RESERVATIONS, Deal, Trick
from .errors import CardError, DoppelkopfError, IllegalActionError, RecordError, RulesError
from .observation import observe
from .record import FORMAT, export, replay, score_record
from .round import CASUAL, TOURNAMENT, Round, ScoreRow
from .rules import PRESET_NAMES, TSR, Rules
from .scoring import Result, score

__all__ = [
    "Accept", "Action", "Call", "Declare", "Pass", "Play", "Reservation", "Return", "ALL_SOLO_KINDS",
    "HOUSE_CONTRACTS", "POVERTY", "PRESET_NAMES", "CODES", "EYES", "card_from_code", "code",
    "deal_hands", "CONTRACTS", "DECLARATIONS", "ORDERS", "SOLO_KINDS", "DECLARE", "DONE", "KONTRA",
    "PLAY", "RE", "RESERVATIONS", "Deal", "Trick", "CardError", "DoppelkopfError",
    "IllegalActionError", "RecordError", "RulesError", "observe", "FORMAT", "export", "replay",
    "score_record", "CASUAL", "TOURNAMENT", "Round", "ScoreRow", "TSR", "Rules", "Result", "score",
]
