"""Deal review: all four hands as dealt and the deal replayed trick by trick, from a deal record.

``GET /review`` reviews the current deal of the token (only once it is over: the review shows every
hand); ``POST /review`` reviews a record sent as text (a file the player opened, or the record the
review fragment carries for its own step buttons). The engine replays the record, so an invalid
file gets the engine's own message and changes nothing of the running game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from engine.deal import KONTRA, RE, Deal
from engine.errors import DoppelkopfError
from engine.record import RecordError, export, replay

from .deps import TOKEN_HEADER, SealerDep
from .game_settings import GameSettings, PersonalSettings
from .i18n import choose_language, translator
from .pages import seat_names, seat_translator
from .sealing import TokenError
from .service import Game
from .views import card_view, hand_sorter

router = APIRouter(tags=["pages"], include_in_schema=False)

MAX_RECORD_CHARS = 12_000      # a complete record is about 2,500 characters


@dataclass
class ReviewEvent:
    seat: int
    kind: str            # reservation, declare, pass, accept, return, call
    value: str


@dataclass
class ReviewStep:
    number: int                                   # 0: before the first card, else the trick's number
    hands: list[list[dict]]                       # each seat's cards before this trick, with `now` marks
    events: list[ReviewEvent] = field(default_factory=list)
    cards: list[dict] = field(default_factory=list)   # the trick: seat, card, `calls` said before it
    leader: int | None = None
    winner: int | None = None
    eyes: int = 0
    clarifying: bool = False                      # the Hochzeit's Klärungsstich
    party_eyes: dict[str, int] = field(default_factory=dict)   # after this trick, by the final parties


def review_steps(deal: Deal, settings: PersonalSettings | None = None) -> list[ReviewStep]:
    """Step 0 (the game settled, calls before the first card), then one step per trick played; the
    hands sorted as the player sorts their own (``settings``)."""
    order = hand_sorter(deal.order, settings or PersonalSettings())
    calls = list(deal.calls_made)
    opening = [ReviewEvent(seat, "reservation", "yes" if said else "no")
               for seat in deal.query_order() if (said := deal.reservations[seat]) is not None]
    if deal.declaration is not None:
        opening.append(ReviewEvent(deal.declaration.seat, "declare", deal.declaration.kind))
    opening += _exchange_events(deal)
    opening += [ReviewEvent(c.seat, "call", c.call) for c in calls if c.played == 0]
    steps = [ReviewStep(0, _hands(order, deal.dealt, {}), opening)]
    # Play starts from the hands after an Armut exchange: the cards passed and returned change hands.
    held = [deal.hand_at_play(seat) for seat in range(4)]
    eyes = {RE: 0, KONTRA: 0}
    for trick in deal.tricks:
        first = (trick.number - 1) * 4
        cards = []
        for index, card in enumerate(trick.cards):
            said = [c.call for c in calls if c.played == first + index and first + index > 0]
            cards.append({"seat": trick.seat_of(index), "card": card_view(card), "calls": said})
        eyes[deal.party_of(trick.winner) or KONTRA] += trick.eyes
        steps.append(ReviewStep(trick.number, _hands(order, held, {trick.seat_of(i): card for i, card in enumerate(trick.cards)}), [], cards, trick.leader,
                                trick.winner, trick.eyes, trick.number == deal.clarified_in, dict(eyes)))
        for seat, card in ((trick.seat_of(i), c) for i, c in enumerate(trick.cards)):
            held[seat].remove(card)
    return steps


def _exchange_events(deal: Deal) -> list[ReviewEvent]:
    """The Armut exchange in the order it happened: the cards passed, each answer, what came back
    (how many cards and how many of them trumps; which cards stays as secret as at the table)."""
    ex = deal.exchange
    if ex is None or not ex.passed:
        return []
    events = [ReviewEvent(ex.poor, "pass", str(len(ex.passed)))]
    events += [ReviewEvent(answer.seat, "accept", "yes" if answer.accepted else "no") for answer in ex.answers]
    if ex.returned:
        events.append(ReviewEvent(ex.taker, "return", f"{len(ex.returned)}:{ex.trumps_returned}"))
    return events


def _hands(order, held: list[list[int]], played: dict[int, int]) -> list[list[dict]]:
    """Each seat's cards in the contract's order; the card a seat plays to the trick on show is marked."""
    hands = []
    for seat, cards in enumerate(held):
        shown, mark = [], played.get(seat)
        for card in order(cards):
            shown.append({"card": card_view(card), "now": card == mark})
            mark = None if card == mark else mark        # a seat holding both copies plays one of them
        hands.append(shown)
    return hands


def _language(request: Request, setting: str | None = None) -> str:
    return choose_language(setting, request.headers.get("accept-language"))


def render_review(request: Request, language: str, record: dict | None = None, step: int | None = None,
                  error: str | None = None, status: int = 200, settings: GameSettings | None = None,
                  deal_number: int | None = None) -> HTMLResponse:
    t = translator(language)
    settings = settings or _settings(request)
    names = seat_names(t, settings.names())
    context = {"t": t, "ts": seat_translator(t, names), "lang": language, "seat_names": names, "error": error,
               "deal_number": deal_number}
    if record is not None:
        deal = replay(record)
        steps = review_steps(deal, settings)
        # Unless a trick is asked for (a result line's link), the replay starts where the play does: the
        # first trick (a deal without tricks, thrown in, shows what was said before it).
        current = min(1, len(steps) - 1) if step is None else max(0, min(step, len(steps) - 1))
        context |= {"deal": deal, "steps": steps, "step": steps[current], "last": len(steps) - 1,
                    "record_json": json.dumps(record, separators=(",", ":")),
                    "result": deal.result() if deal.is_done() else None}
    response = request.app.state.templates.TemplateResponse(request, "partials/review.html", context,
                                                            status_code=status)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/review", response_class=HTMLResponse)
def review_current_deal(request: Request, sealer: SealerDep, trick: int | None = None):
    """The deal just finished, opened at ``trick`` (default: the first)."""
    try:
        game = Game.from_state(sealer.unseal(request.headers.get(TOKEN_HEADER)))
    except TokenError:
        language = _language(request)
        return render_review(request, language, error=translator(language)("review.no_game"), status=400)
    language = _language(request, game.settings.language)
    if not game.deal.is_done():
        return render_review(request, language, error=translator(language)("review.not_over"), status=409)
    return render_review(request, language, export(game.deal), trick, settings=game.settings,
                         deal_number=game.deal_number)


@router.post("/review", response_class=HTMLResponse)
async def review_record(request: Request):
    """A record sent as the form field ``record``, shown at ``step``."""
    form = await request.form()
    language = _language(request, str(form.get("lang", "")))
    t = translator(language)
    text = form.get("record")
    if not isinstance(text, str) or not text.strip():
        return render_review(request, language, error=t("review.no_record"), status=422)
    if len(text) > MAX_RECORD_CHARS:
        return render_review(request, language, error=t("review.too_long"), status=413)
    step = _step(form.get("step"))
    deal_number = _step(form.get("deal"))      # the score sheet's number of the deal, when it has one
    try:
        record = json.loads(text)
        replay(record)
    except (ValueError, RecursionError, DoppelkopfError) as error:     # RecursionError: absurd nesting
        return render_review(request, language, error=_record_error_text(t, error), status=422)
    if deal_number is not None and not 1 <= deal_number <= 10**6:
        deal_number = None
    return render_review(request, language, record, step, deal_number=deal_number)


def _settings(request: Request) -> GameSettings:
    """The running game's settings (names, hand sorting) if the request carries its token, else the defaults."""
    try:
        return Game.from_state(request.app.state.sealer.unseal(request.headers.get(TOKEN_HEADER))).settings
    except TokenError:
        return GameSettings()


def _step(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _record_error_text(t, error: Exception) -> str:
    """The engine's reason, with the action's number and seat when the record names them."""
    if isinstance(error, RecordError) and error.index is not None:
        seat = t(f"seat.{error.seat}") if error.seat is not None else "?"
        return t("review.invalid_action", number=error.index + 1, seat=seat, reason=str(error.reason))
    if isinstance(error, (json.JSONDecodeError, RecursionError)):
        return t("review.invalid", reason=t("review.not_json"))
    return t("review.invalid", reason=str(getattr(error, "reason", error)))
