"""Pydantic models shared by the pages and the API: settings, the player's action, the table view.

The view is language-neutral: seats, card codes and the engine's own names (contracts, calls,
scoring items); the templates translate them through the catalogs in ``app/i18n``. Only the hint's
reason also comes worded, in the game's language, beside its key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.actions import CALLS, PARTNER_RULES
from engine.bots import LEVELS
from engine.contracts import DECLARATIONS
from engine.errors import RulesError
from engine.rules import PRESET_NAMES, Rules

from .i18n import LANGUAGES, catalog

SPEEDS = {"off": 0, "fast": 150, "normal": 400, "slow": 800}   # animation delay per card, ms


def default_level() -> str:
    """Medium: a search player that answers in about 50 ms (docs/strength.md)."""
    return "medium" if "medium" in LEVELS else next(iter(LEVELS))


def known_level(level: str | None) -> str | None:
    if level is not None and level not in LEVELS:
        raise ValueError(f"unknown computer strength {level!r} (known: {', '.join(LEVELS)})")
    return level


# Requests are taken as the schema says: no true for 1 or "3" for 3 in JSON. (The pages' form fields
# are all text; they are read with strict=False.)
STRICT = ConfigDict(strict=True)


NAME_LENGTH = 16                  # fits a seat label on a phone
SUIT_ORDERS = ("CSHD", "CHSD", "DHSC", "HSDC")   # fail suits left to right: Kreuz-Pik-Herz-Karo, alternating colours, ...


def clean_name(name: str | None) -> str | None:
    """A seat's name, trimmed: not empty, at most NAME_LENGTH characters, no control characters."""
    if name is None:
        return None
    name = " ".join(name.split())
    if not name:
        raise ValueError("a name must not be empty")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name has at most {NAME_LENGTH} characters")
    if not name.isprintable():
        raise ValueError("a name must be printable text")
    return name


def known_suit_order(order: str | None) -> str | None:
    if order is not None and sorted(order) != sorted("CSHD"):
        raise ValueError("the suit order names each of C, S, H, D once")
    return order


class PersonalSettings(BaseModel):
    """A table of one's own: the seats' names (None: the catalog's default), hand sorting, eye counter."""

    name_0: str | None = None      # the player's name on labels (sentences still say Du/You)
    name_1: str | None = None
    name_2: str | None = None
    name_3: str | None = None
    trumps: Literal["left", "right"] = "left"
    suit_order: str = "CSHD"
    eye_counter: bool = False

    _clean_names = field_validator("name_0", "name_1", "name_2", "name_3")(clean_name)
    _known_suit_order = field_validator("suit_order")(known_suit_order)

    @model_validator(mode="after")
    def default_names_follow_the_language(self) -> "PersonalSettings":
        """A seat's default name in any language (the form shows it) is kept as None, so that "Du"
        becomes "You" when the language changes."""
        for seat in range(4):
            name = getattr(self, f"name_{seat}")    # None mostly: then there is nothing to look up
            if name is not None and name in {catalog(language)[f"seat.{seat}"] for language in LANGUAGES}:
                setattr(self, f"name_{seat}", None)
        return self

    def names(self) -> list[str | None]:
        return [self.name_0, self.name_1, self.name_2, self.name_3]


class GameSettings(PersonalSettings):
    model_config = STRICT

    mode: Literal["casual", "tournament"] = "casual"
    level: str = Field(default_factory=default_level)
    animation_ms: int = Field(SPEEDS["normal"], ge=0, le=5000)
    language: Literal["auto", *LANGUAGES] = "auto"  # type: ignore[valid-type]
    # The rule set a new game starts with; the game keeps it in its round (``Round.rules``), so a
    # token from before house rules (no ``rules`` here) plays the TSR.
    rules: Literal[PRESET_NAMES] = "tsr"
    options: dict[str, bool | int | str] = Field({}, max_length=40, description="single rule options set "
                                                 "apart from the preset, as in a deal record's rules")
    claim_anyone: bool = Field(False, description="casual play: anyone who surely takes every remaining trick "
                               "may claim them (Abkürzung), not only a soloist; a tournament round "
                               "keeps TSR 5.4 (only a soloist)")

    _known_level = field_validator("level")(known_level)

    @model_validator(mode="after")
    def valid_rule_set(self) -> "GameSettings":
        rules = self.rule_set()           # an unknown option or a wrong value: refused here (4xx)
        if self.mode == "tournament" and not rules.solos:
            raise ValueError("a tournament round needs solos: choose casual play for these rules")
        return self

    def anyone_may_claim(self) -> bool:
        """Whether anyone may claim the rest, not only a soloist: the casual table's option."""
        return self.claim_anyone and self.mode == "casual"

    def rule_set(self) -> Rules:
        try:
            return Rules.from_dict({**self.options, "preset": self.rules})
        except RulesError as error:
            raise ValueError(str(error)) from None


class Step(BaseModel):
    """What every change of a game carries: the step the client saw and, optionally, the game it saw."""

    model_config = STRICT

    seq: int
    game_id: str | None = Field(None, max_length=64, description="the game the client saw; the token of "
                                "another game (say, started in another tab) is refused with 409")


class SettingsChange(Step):
    """Settings that may change during a game (the mode belongs to the round)."""

    level: str | None = None
    animation_ms: int | None = Field(None, ge=0, le=5000)
    language: Literal["auto", *LANGUAGES] | None = None  # type: ignore[valid-type]
    name_0: str | None = None
    name_1: str | None = None
    name_2: str | None = None
    name_3: str | None = None
    trumps: Literal["left", "right"] | None = None
    suit_order: str | None = None
    eye_counter: bool | None = None

    _known_level = field_validator("level")(known_level)
    _clean_names = field_validator("name_0", "name_1", "name_2", "name_3")(clean_name)
    _known_suit_order = field_validator("suit_order")(known_suit_order)


class SeqOnly(Step):
    pass


class PlayerAction(Step):
    """One action of the player at seat 0, with the sequence number the client last saw."""

    reservation: bool | None = None
    declare: Literal[DECLARATIONS] | None = None
    call: Literal[CALLS] | None = None
    play: str | None = Field(None, max_length=3)
    partner: Literal[PARTNER_RULES] | None = Field(None, description="with declare=wedding, when the rules "
                                                   "let the Hochzeiter choose the partner rule")
    accept: bool | None = Field(None, description="take (true) or decline (false) the Armut offered to you")
    give: str | None = Field(None, max_length=60, description="the cards you pass (Armut) or return "
                             "(having taken one), as codes separated by spaces: 'DQ D9 H9'")
    claim: bool | None = Field(None, description="show your cards and claim every remaining trick "
                                        "(Abkürzung, TSR 5.4): only a soloist whose claim is sure, when "
                                        "options.claim says so; the rest is played out")

    @model_validator(mode="after")
    def exactly_one(self) -> "PlayerAction":
        given = [name for name in ACTION_FIELDS if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of " + ", ".join(ACTION_FIELDS))
        if self.partner is not None and self.declare != "wedding":
            raise ValueError("only a Hochzeit (declare=wedding) names a partner rule")
        if self.claim is False:
            raise ValueError("claim is true or left out")
        return self


ACTION_FIELDS = ("reservation", "declare", "call", "play", "accept", "give", "claim")


# ----- the table view ----------------------------------------------------------------------

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


class ScoreLine(BaseModel):
    item: str
    party: str
    points: int
    trick: int | None = None
    by: str | None = None
    doubles: bool = False          # Re/Kontra doubling (house rules §10.3): the line doubles the value, ``points`` is what that adds


class ResultView(BaseModel):
    contract: str
    re: list[int]
    kontra: list[int]
    eyes: dict[str, int]
    tricks: dict[str, int]
    winner: str | None
    value: list[ScoreLine]
    special: list[ScoreLine]
    scores: list[int]
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


class ScoreRowView(BaseModel):
    bock: int = 1
    number: int
    dealer: int
    contract: str
    soloist: int | None
    compulsory: bool
    forced: bool
    scores: list[int]
    totals: list[int]
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
    """The table right after one of the answer's actions (``app.js`` shows them one at a time).

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
