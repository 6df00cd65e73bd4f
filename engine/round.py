"""A sequence of deals with a score sheet (TSR 3.3.1, 4.2, 8.5).

Casual mode: every solo is a Lustsolo and the deal always passes on; the round never ends. Its
score sheet keeps only the last ``RECENT_ROWS`` rows (each row carries its number and the running
totals, so nothing else is needed to go on): the round travels in every request's token and must
stay small however long a game lasts; the page keeps the older rows in the browser.
Tournament round: 24 games in which every seat plays exactly one Pflichtsolo; after a voluntary
Pflichtsolo the same dealer deals again; when as many Pflichtsoli are open as games remain, the
next seat owing one is vorgeführt (TSR 4.2.3).

House rules: a deal thrown in (Schmeißen, an Armut nobody takes) is no game: no row, the same
dealer deals again, no Bock game used up. With ``solo_lead = soloist`` the dealer of a Lustsolo
deals again. Bock rounds (house rules §11): ``bock_levels`` holds the level of each coming scored
deal; a deal's multiplier is 2 ** level; a deal that triggers raises the next 4 levels below the cap,
within the first ``MAX_COMING_BOCK_DEALS``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .cards import deal_hands
from .deal import Deal
from .errors import DoppelkopfError
from .rules import TSR, Rules

CASUAL, TOURNAMENT = "casual", "tournament"
TOURNAMENT_GAMES = 24
RECENT_ROWS = TOURNAMENT_GAMES      # rows kept on the score sheet: a whole tournament round
# A game keeps at most this many coming Bock deals (16 Bock rounds). Chained rounds (bock_stack_max
# >= 1) grow the queue by 4 with each trigger, faster than deals use it up when triggers are frequent,
# and the queue travels in every token. A round that would reach beyond it is cut there: its further
# Bock games lapse, as pending ones do when a Partie ends (house rules §11.2; docs/house-rules.md).
MAX_COMING_BOCK_DEALS = 64
MAX_BOCK_ROUNDS = MAX_COMING_BOCK_DEALS // 4      # the rounds that many deals can hold


@dataclass
class ScoreRow:
    number: int
    dealer: int
    contract: str
    soloist: int | None
    compulsory: bool        # a Pflichtsolo: entered in its own column
    forced: bool            # vorgeführt
    scores: list[int]
    totals: list[int]
    bock: int = 1           # the deal's Bock multiplier (already in ``scores``)


@dataclass
class Round:
    mode: str = CASUAL
    rules: Rules = TSR
    dealer: int = 0                      # the dealer of the next deal
    rows: list[ScoreRow] = field(default_factory=list)     # the most recent RECENT_ROWS rows
    compulsory_done: list[int] = field(default_factory=list)
    bock_levels: list[int] = field(default_factory=list)   # Bock level of each coming scored deal
    # The pending Bock rounds, for the table to say why a deal counts double and which of its round it
    # is: {"after": the triggering deal's number, "why": its triggers, "deals": the numbers it covers}.
    bock_rounds: list[dict] = field(default_factory=list)

    def __post_init__(self):
        if self.mode not in (CASUAL, TOURNAMENT):
            raise DoppelkopfError(f"unknown round mode {self.mode!r} (casual or tournament)")
        if self.mode == TOURNAMENT and not self.rules.solos:
            raise DoppelkopfError("a tournament round needs solos (house rules §1.3)")

    @property
    def is_tournament(self) -> bool:
        return self.mode == TOURNAMENT

    @property
    def played(self) -> int:
        """Deals entered on the score sheet so far (rows may have been dropped; numbers were not)."""
        return self.rows[-1].number if self.rows else 0

    @property
    def totals(self) -> list[int]:
        return list(self.rows[-1].totals) if self.rows else [0, 0, 0, 0]

    def games_left(self) -> int | None:
        return TOURNAMENT_GAMES - self.played if self.is_tournament else None

    def is_over(self) -> bool:
        return self.is_tournament and self.games_left() <= 0

    def compulsory_open(self) -> frozenset[int]:
        if not self.is_tournament:
            return frozenset()
        return frozenset(s for s in range(4) if s not in self.compulsory_done)

    def forced_seat(self) -> int | None:
        """The seat that is vorgeführt in the next deal, if any (search from the dealer's left)."""
        open_seats = self.compulsory_open()
        if not open_seats or len(open_seats) < self.games_left():
            return None
        return next((self.dealer + i) % 4 for i in range(1, 5) if (self.dealer + i) % 4 in open_seats)

    @property
    def bock(self) -> int:
        """The Bock multiplier of the next scored deal."""
        return 2 ** self.bock_levels[0] if self.rules.bock and self.bock_levels else 1

    def start_deal(self, hands) -> Deal:
        if self.is_over():
            raise DoppelkopfError("the tournament round is over")
        return Deal(hands, self.dealer, self.rules,
                    compulsory_open=self.compulsory_open(), forced=self.forced_seat(), bock=self.bock)

    def new_deal(self, rng) -> Deal:
        return self.start_deal(deal_hands(rng, self.dealer, self.rules.nines))

    def finish_deal(self, deal: Deal) -> ScoreRow | None:
        """Enter a complete deal on the score sheet and move the deal on (or not, TSR 4.2.5).
        A deal thrown in enters nothing (None) and the same dealer deals again."""
        result = deal.result()
        if deal.thrown is not None:
            return None
        declaration = deal.declaration
        compulsory = bool(declaration and declaration.compulsory)
        forced = deal.forced is not None
        totals = [t + s for t, s in zip(self.totals, result.scores)]
        row = ScoreRow(self.played + 1, deal.dealer, result.contract, deal.soloist,
                       compulsory, forced, list(result.scores), totals, deal.bock)
        self.rows.append(row)
        del self.rows[:-RECENT_ROWS]
        if compulsory:
            self.compulsory_done.append(declaration.seat)
        lustsolo_kept = (deal.soloist is not None and declaration is not None and not compulsory
                         and declaration.kind != "wedding" and self.rules.solo_lead == "soloist")
        if (not compulsory or forced) and not lustsolo_kept:
            self.dealer = (self.dealer + 1) % 4
        if self.rules.bock:
            triggers = result.extra["bock_triggers"]
            before = self.bock_levels[1:]
            self.bock_levels = next_bock_levels(self.bock_levels, bool(triggers), self.rules.bock_stack_max)
            self.bock_rounds = [r for r in self.bock_rounds if r["deals"] and r["deals"][-1] > row.number]
            if triggers:        # the deals the new round raised, by their numbers (the next deal is row.number + 1)
                raised = [i for i, level in enumerate(self.bock_levels)
                          if level > (before[i] if i < len(before) else 0)]
                self.bock_rounds.append({"after": row.number, "why": list(triggers),
                                         "deals": [row.number + 1 + i for i in raised]})
                del self.bock_rounds[:-MAX_BOCK_ROUNDS]
        return row

    def bock_rounds_of(self, number: int) -> list[tuple[dict, int]]:
        """The pending Bock rounds deal ``number`` belongs to, each with the deal's place in it (1..4)."""
        return [(r, r["deals"].index(number) + 1) for r in self.bock_rounds if number in r["deals"]]

    def to_dict(self) -> dict:
        # Not asdict(self), which deep-copies field by field (the rules' 40 options only to replace
        # them, every row's lists): every answer seals the round, and this took a fifth of its time.
        return _plain(self) | {"rules": self.rules.to_dict(), "rows": [_plain(row) for row in self.rows]}

    @classmethod
    def from_dict(cls, data: dict) -> "Round":
        try:
            # An older token may carry every row of a long casual game: only the recent ones stay.
            rows = [ScoreRow(**row) for row in data.get("rows", [])[-RECENT_ROWS:]]
            if not _numbered_in_order(rows):      # the numbers say how many deals were played
                raise ValueError("the score sheet's rows are not numbered one after another")
            return cls(data["mode"], Rules.from_dict(data.get("rules")), int(data["dealer"]) % 4,
                       rows, [int(s) for s in data.get("compulsory_done", [])],
                       [int(k) for k in data.get("bock_levels", [])],
                       [_bock_round(r) for r in data.get("bock_rounds", [])[-MAX_BOCK_ROUNDS:]])
        except (KeyError, TypeError, ValueError) as exc:
            raise DoppelkopfError(f"malformed round: {exc}") from None


def _bock_round(data: dict) -> dict:
    return {"after": int(data["after"]), "why": [str(w) for w in data["why"]], "deals": [int(n) for n in data["deals"]]}


def _plain(record) -> dict:
    """A dataclass of plain values as a dict, its lists copied (``asdict`` for flat records, faster)."""
    return {f.name: list(value) if isinstance(value := getattr(record, f.name), list) else value
            for f in fields(record)}


def _numbered_in_order(rows: list[ScoreRow]) -> bool:
    first = rows[0].number if rows else 1
    return type(first) is int and first >= 1 and all(
        type(row.number) is int and row.number == first + index for index, row in enumerate(rows))


def next_bock_levels(levels: list[int], triggered: bool, stack_max: int) -> list[int]:
    """The Bock levels after one scored deal (house rules §11.4): the deal uses up the first level;
    a trigger adds 1 to the next 4 levels below the cap ``stack_max`` (0: no cap), skipping full ones;
    what would reach beyond ``MAX_COMING_BOCK_DEALS`` lapses."""
    levels = list(levels[1:])
    if triggered:
        i, left = 0, 4
        while left and i < MAX_COMING_BOCK_DEALS:
            if i == len(levels):
                levels.append(0)
            if stack_max == 0 or levels[i] < stack_max:
                levels[i] += 1
                left -= 1
            i += 1
    while levels and levels[-1] == 0:
        levels.pop()
    return levels
