"""The table as the player may see it: ``TableView`` and its parts, and the hint (``HintView``).

The pages' templates render them and the JSON API returns them (``api_models.GameResponse``). A view
is language-neutral: seats, card codes and the engine's own names (contracts, calls, scoring items);
the templates translate them through the catalogs in ``app/i18n``. Only the hint's reason also comes
worded, in the game's language, beside its key.

Where the engine has the thing already (a score line, a deal's result, a score-sheet row), the view
takes the engine dataclass's fields (``engine_fields``) and adds only what the table shows besides.
"""

from __future__ import annotations

import dataclasses
from typing import Literal, get_type_hints

from pydantic import BaseModel, Field, create_model

from engine.round import ScoreRow
from engine.scoring import Line, Result

from .game_settings import GameSettings


def engine_fields(engine_class, leave_out: frozenset[str] | set[str] = frozenset()) -> type[BaseModel]:
    """A pydantic model with the fields of the engine dataclass ``engine_class`` (types and defaults as
    there, in its order), to derive a view from: the view redeclares a field only to show it otherwise
    (say, a list of its own lines) and adds what the table shows besides. (Such a view says what it is in a
    comment: a docstring would be a new description in the API's schema.)"""
    types = get_type_hints(engine_class)
    fields = {}
    for field in dataclasses.fields(engine_class):
        if field.name in leave_out:
            continue
        if field.default_factory is not dataclasses.MISSING:
            default = Field(default_factory=field.default_factory)
        else:
            default = ... if field.default is dataclasses.MISSING else field.default
        fields[field.name] = (types[field.name], default)
    return create_model(f"{engine_class.__name__}Fields", __module__=__name__, **fields)


class ActionView(BaseModel):
    """One action of seat 0, for showing: exactly one of the fields below ``kind`` is set."""

    kind: Literal["reservation", "declare", "call", "play", "pass", "accept", "return"]
    reservation: bool | None = None
    declare: str | None = None
    call: str | None = None
    card: "CardView | None" = None
    accept: bool | None = None               # take an Armut offered, or decline it
    cards: "list[CardView] | None" = None    # the cards passed or returned in an Armut exchange


class IdeaView(BaseModel):
    key: str                       # a stable key (``hint.idea.<key>`` in the catalogs, engine/bots/ideas.py)
    params: dict[str, str | int] = {}   # a suit class, a party, a call, a contract, counts
    text: str                      # worded in the game's language


class HintView(BaseModel):
    hard: ActionView               # what the strongest computer player would do (the hand highlights it) ...
    reason: str                    # ... and why in a club player's words (the ideas below, one sentence each)
    ideas: list[IdeaView] = []     # the rule first (bedienen), then the idea of the choice (schmieren, ...)
    figures: str | None = None     # second and optional: the strong player's own reason, often figures
                                   # (expected points); never at the Einsteiger table
    reason_key: str | None = None  # that reason as a stable key (``hint.reason.<key>``); None with figures
    reason_params: dict[str, str | int | float] = {}   # its parameters: a solo kind, a party, counts
    thought_less: bool = False     # always false: the hint searches a fixed budget in the serving process
                                   # and never thinks less (kept for clients that read it)


class CardView(BaseModel):
    code: str
    suit: str                      # C, S, H, D
    rank: str                      # A, 10, K, Q, J, 9
    playable: bool = False
    problem: str | None = None     # not-playing, not-your-turn, must-follow
    follow: str | None = None      # with must-follow: the suit class led (C, S, H, D or trump)
    problem_text: str | None = None
    group: str | None = None       # in the hand: its suit class in the current game (C, S, H, D or trump)


class PlacedCard(BaseModel):
    seat: int
    position: str
    card: CardView


class TrickView(BaseModel):
    number: int
    leader: int
    cards: list[PlacedCard]
    winner: int | None = None


class SeatView(BaseModel):
    seat: int
    position: str                  # bottom, left, top, right
    is_human: bool
    is_dealer: bool
    is_vorhand: bool
    is_turn: bool
    cards_in_hand: int
    tricks: int
    reservation: bool | None       # gesund (False) / Vorbehalt (True) once said
    party: str | None              # re / kontra as far as the player can know
    calls: list[str]
    is_hochzeiter: bool = False
    is_partner: bool = False
    owes_compulsory_solo: bool = False
    shows: list[str] = []          # schweine, superschweine: shown to the table as the rules say


class GameType(BaseModel):
    """The game being played, as far as it is public."""

    contract: str
    declarer: int | None
    compulsory: bool
    forced: bool
    leader: int                    # who led (or leads) the first trick
    partner: int | None = None     # the Hochzeit partner once found


class Declaration(BaseModel):
    kind: str
    compulsory: bool
    partner: str | None = None     # a Hochzeit's partner rule, when the rules let the Hochzeiter choose


class Options(BaseModel):
    reservation: bool = False
    reservations: list[bool] = [False, True]     # the answers the player's hand allows (gesund, Vorbehalt)
    declarations: list[Declaration] = []
    calls: list[str] = []
    play: bool = False
    claim: bool = False            # the player may claim the rest (Abkürzung): proven from the own hand
    forced: str | None = None      # the card that plays itself: every card left is forced (the last tricks)
    exchange: Literal["pass", "accept", "return"] | None = None   # the player's step in an Armut exchange
    exchange_cards: int = 0        # how many cards it moves
    exchange_choices: list["ExchangeChoice"] = []   # passing or returning: the hand, card by card


class ExchangeChoice(BaseModel):
    card: CardView
    fixed: bool = False            # passing: a trump, which goes in any case
    chosen: bool = False           # preselected (what a cautious player gives)


# A line of the deal's value or its special points: the engine's ``Line``, and how the table shows it.
class ScoreLine(engine_fields(Line)):
    doubles: bool = False          # Re/Kontra doubling (house rules §10.3): the line doubles the value, ``points`` is what that adds


# The engine's ``Result`` with its lines as the table shows them, and what the table adds to it (the
# house-rule keys of ``extra`` that it shows come as fields of their own).
class ResultView(engine_fields(Result, leave_out={"extra"})):
    value: list[ScoreLine]
    special: list[ScoreLine]
    re_net: int = 0                # the lines added up, for Re (negative: for Kontra)
    tripled: bool = False          # a solo: the soloist's entry is three times the game value
    bock: int = 1                  # the deal's Bock multiplier (already in the scores)
    thrown: dict | None = None     # a deal thrown in: {"seat", "reason": nines, kings or poverty}
    poverty: dict | None = None    # an Armut: {"seat", "partner", "trumps_returned"}
    clarified: int | None = None   # a Hochzeit: the Klärungsstich's number (the review opens there)


class BockRoundView(BaseModel):
    place: int                     # this deal is the place-th of the round's deals
    deals: int                     # how many deals the round covers (4)
    after: int                     # the number of the deal that triggered it
    why: list[str]                 # its triggers: 120, lost-re, lost-kontra, herzstich


class RulesView(BaseModel):
    preset: str                    # tsr, kneipe, ohne_neunen, sonderregeln, einsteiger
    options: dict[str, bool | str | int]    # every option's value
    changed: list[str] = []        # options set apart from the preset


# A row of the score sheet: the engine's ``ScoreRow``, and whether the player took back in that deal.
class ScoreRowView(engine_fields(ScoreRow)):
    took_back: bool = False            # the player took back a decision in this deal


class EventView(BaseModel):
    seat: int
    kind: str                      # reservation, declare, call, play
    value: str | bool


class EyeCount(BaseModel):
    """The eyes each party has taken as far as the player may know (the eye counter)."""

    re: int = 0
    kontra: int = 0
    unknown: int = 0               # tricks of seats whose party is not public yet


class Frame(BaseModel):
    """The table right after one of the answer's actions (the page, ``static/replay.js``, shows them one at a time).

    Everything the table shows that changes during the deal is here, so that turn marker, counters
    and the last-trick panel follow the cards instead of running ahead of them.
    """

    step: int                      # the action's index in the deal record (the game log up to it is shown)
    kind: str                      # reservation, declare, call, play
    seat: int                      # who acted
    value: str | bool              # the card code, the call, the contract named, Vorbehalt or not
    cards: list[PlacedCard]        # the current trick as it looks now (a complete one until collected)
    winner: int | None = None      # with a complete trick: who takes it
    trick: int | None = None       # the number of the trick shown (None before the card play)
    leader: int | None = None      # who led it
    turn: int | None = None        # whose turn it is now (None while a complete trick lies on the table)
    tricks: list[int]              # tricks collected per seat
    cards_left: list[int]          # cards in hand per seat
    last_trick: int | None = None  # the number of the trick the last-trick panel shows
    eyes: EyeCount | None = None   # the eye counter then (only when it is switched on)
    parties: list[str | None] = [None, None, None, None]   # each seat's party as public then (the badges)


class LogEntry(BaseModel):
    """One event of the deal's log: a reservation, a naming, a call, a trick taken, a Klärungsstich."""

    step: int                      # the index of the action it follows in the deal record
    kind: Literal["reservation", "declare", "pass", "accept", "return", "call", "trick", "clarified", "claim"]
    seat: int                      # who said it / took the trick / became the partner (or the Hochzeiter alone)
    value: str | bool | None = None
    trick: int | None = None
    eyes: int | None = None


class TableView(BaseModel):
    game_id: str
    seq: int
    settings: GameSettings
    deal_number: int
    games_left: int | None
    phase: str                     # reservations, declare, play, done
    waiting_for: str = Field(description="what the table waits for: reservation, declare, exchange, play, next-deal, "
                             "round-over; `computers` only in a state where computers are to act (a client that "
                             "asked for `stream=true` sends `POST /api/game/step` until it is something else)")
    thinking: list[int] = Field([], description="the computer seats deciding next (with `waiting_for` `computers`)")
    seats: list[SeatView]
    hand: list[CardView]
    must_follow: str | None = None
    both_club_queens: bool = False
    trick: TrickView | None = None
    trick_number: int = 0          # the trick being played (the last one once the deal is done)
    tricks_total: int = 12
    turn: int | None = None        # the one seat whose turn it is
    last_trick: TrickView | None = None
    recent_tricks: list[TrickView] = []   # the tricks the last-trick panel shows while the frames play
    trump: str | None = None       # in a solo: what is trump (a suit, queens, jacks, nothing)
    overruled: GameType | None = None     # the player's Vorbehalt lost to this game
    forced: int | None = None      # the seat that must name its Pflichtsolo now (Vorführung)
    game: GameType | None = None
    options: Options
    result: ResultView | None = None
    score_sheet: list[ScoreRowView]
    totals: list[int]
    round_over: bool = False
    can_take_back: bool = False        # casual play, and the player has decided something in this deal
    took_back: bool = False            # the player took back a decision in the deal on the table (statistics mark it)
    ranking: list[tuple[int, int]] = []    # once the tournament round is over: (total, seat), best first
    places: list[int] = []                 # the place of each ranking entry: equal totals share one (1, 1, 3, 4)
    thrown_hand: list[CardView] = []       # a deal thrown in (Schmeißen): the thrower's cards, laid open
    bock_rounds: list[BockRoundView] = []  # the Bock rounds the current deal belongs to
    rules: RulesView | None = None
    bock: int = 1                      # the current deal's Bock multiplier
    thought_less: bool = False         # the server was busy: a computer's search in this answer thought less
    bock_to_come: list[int] = []       # the multipliers of the coming Bock deals
    events: list[EventView] = []
    frames: list[Frame] = []
    log: list[LogEntry] = []
    eyes: EyeCount | None = None   # the eye counter (only when it is switched on)


ActionView.model_rebuild()
Options.model_rebuild()
