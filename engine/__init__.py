"""Doppelkopf by the DDV tournament rules: cards, deals, announcements, scoring, rounds, records.

Pure Python, no I/O; randomness only through an RNG passed in.
"""

from .actions import Action, Call, Declare, Play, Reservation
from .cards import CODES, EYES, card_from_code, code, deal_hands
from .contracts import CONTRACTS, DECLARATIONS, ORDERS, SOLO_KINDS
from .deal import DECLARE, DONE, KONTRA, PLAY, RE, RESERVATIONS, Deal, Trick
from .errors import CardError, DoppelkopfError, IllegalActionError, RecordError, RulesError
from .observation import observe
from .record import FORMAT, export, replay, score_record
from .round import CASUAL, TOURNAMENT, Round, ScoreRow
from .rules import TSR, Rules
from .scoring import Result, score

__all__ = [
    "Action", "Call", "Declare", "Play", "Reservation", "CODES", "EYES", "card_from_code", "code",
    "deal_hands", "CONTRACTS", "DECLARATIONS", "ORDERS", "SOLO_KINDS", "DECLARE", "DONE", "KONTRA",
    "PLAY", "RE", "RESERVATIONS", "Deal", "Trick", "CardError", "DoppelkopfError",
    "IllegalActionError", "RecordError", "RulesError", "observe", "FORMAT", "export", "replay",
    "score_record", "CASUAL", "TOURNAMENT", "Round", "ScoreRow", "TSR", "Rules", "Result", "score",
]
