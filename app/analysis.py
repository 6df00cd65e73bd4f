"""The analysis of a finished deal (issue 22): each decision of a seat judged by the strongest search.

Stateless, as the rest of the server: the page sends the deal's record and asks for one decision at a time
(``POST /api/analysis/points``, then ``POST /api/analysis/judge`` for each), so it shows the progress, can stop
at any moment, and keeps the results itself. The search runs in one helper process of its own at the lowest
CPU priority, so the table's requests (and the computers' thinking) go first; the request waits for it
without holding a server thread. ``POST /analysis/view`` words the judgements as the review's panel.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

from engine.bots.analysis import GRADES, Judgement, _prefix, decision_points, judge_point, one_mark_per_decision
from engine.cards import card_from_code, code
from engine.errors import DoppelkopfError
from engine.record import replay

from .api import ERRORS
from .api_models import AnalysisRequest, JudgeRequest
from .i18n import choose_language, translator
from .pages import seat_names, seat_translator
from .review import MAX_RECORD_CHARS, _settings
from .views import card_view, hand_sorter

router = APIRouter(tags=["analysis"])


class ViewRequest(AnalysisRequest):
    judgements: list[Judgement] = Field(max_length=400)     # as POST /api/analysis/judge answered them
    lang: str | None = None


def _finished(record: dict):
    if len(json.dumps(record)) > MAX_RECORD_CHARS:
        raise HTTPException(413, "the record is too long for a deal")
    try:
        deal = replay(record)
    except (DoppelkopfError, RecursionError, ValueError, TypeError) as error:
        raise HTTPException(422, f"not a deal record: {error}") from None
    if not deal.is_done():
        raise HTTPException(409, "only a finished deal can be analysed")
    return deal


@router.post("/api/analysis/points", responses=ERRORS)
def analysis_points(body: AnalysisRequest) -> dict:
    """The decisions of ``seat`` that had more than one option, in order: what the analysis will judge."""
    _finished(body.record)
    points = decision_points(body.record, body.seat)
    return {"points": [{"kind": p.kind, "index": p.index, "trick": p.trick, "chosen": p.chosen} for p in points]}


@router.post("/api/analysis/judge", responses=ERRORS | {503: {"description": "the analysis helper stopped"}})
async def analysis_judge(body: JudgeRequest) -> dict:
    """One decision point judged: the expected points of each option from what the seat knew then, the loss
    of the choice made, its standard error and grade (a few seconds; in a low-priority helper process)."""
    _finished(body.record)
    try:
        return await asyncio.wrap_future(ANALYST.submit(judge_point, body.record, body.seat, body.point))
    except ValueError as error:
        raise HTTPException(422, str(error)) from None
    except (BrokenProcessPool, RuntimeError, OSError):
        ANALYST.reset()
        raise HTTPException(503, "the analysis helper stopped; try again") from None


@router.post("/analysis/view", response_class=HTMLResponse, include_in_schema=False)
def analysis_view(request: Request, body: ViewRequest):
    """The analysis panel: the summary by kind and each graded decision with the better choice and why."""
    deal = _finished(body.record)
    language = choose_language(body.lang, request.headers.get("accept-language"))
    t = translator(language)
    names = seat_names(t, _settings(request).names())
    marked = [j for j in one_mark_per_decision(body.judgements) if j.grade in dict(GRADES)]
    lost = {kind: sum(j.loss for j in marked if j.kind == kind) for kind in ("reservation", "call", "card")}
    context = {"t": t, "ts": seat_translator(t, names), "lang": language, "seat_names": names, "deal": deal,
               "seat": body.seat, "marked": marked, "lost": lost, "total": sum(lost.values()),
               "judged": len(body.judgements), "shown": _shown, "grades": [name for name, _ in GRADES]}
    return request.app.state.templates.TemplateResponse(request, "partials/analysis.html", context)


def _shown(kind: str, choice: str):
    """A choice as the panel shows it: a card's view, or the name of a call or a game."""
    if kind == "card":
        return {"card": card_view(card_from_code(choice))}
    return {"name": choice}


# ----- the helper process -------------------------------------------------------------------------------

class Analyst:
    """One helper process at the lowest priority, started on first use, replaced if it dies."""

    def __init__(self):
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.nice = 19          # set from the server's settings (analysis_nice)

    def submit(self, fn, *args):
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_start_analyst, initargs=(os.getpid(), self.nice))
            return self._pool.submit(fn, *args)

    def reset(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _start_analyst(parent: int, nice: int) -> None:
    from engine.bots.helpers import start_helper
    try:
        os.nice(nice)       # the table and the computers' thinking go first (not on Windows: no os.nice)
    except (AttributeError, OSError):
        pass
    start_helper(parent)


ANALYST = Analyst()


# ----- exercises: a real mistake's position, to choose again ------------------------------------------------

class ExerciseRequest(AnalysisRequest):
    index: int = Field(ge=0, le=400, description="the decision's place in the record's actions")
    kind: str = Field(pattern="^(card|call)$")
    best: str = Field(max_length=10)
    chosen: str = Field(max_length=10)
    reason: str | None = Field(None, max_length=40, pattern=r"^[\w-]+$")
    params: dict[str, str | int | float] = Field({}, max_length=8)
    lang: str | None = None


@router.post("/analysis/exercise", response_class=HTMLResponse, include_in_schema=False)
def analysis_exercise(request: Request, body: ExerciseRequest):
    """The position of a judged decision as the seat saw it: its hand, the trick so far and the choices; the
    page reveals the explanation once the player has chosen again."""
    _finished(body.record)
    try:
        deal = _prefix(body.record, body.index)
    except (DoppelkopfError, IndexError, KeyError) as error:
        raise HTTPException(422, f"no such decision: {error}") from None
    if deal.phase != "play" or deal.turn != body.seat:
        raise HTTPException(422, "not a decision of this seat at that place")
    language = choose_language(body.lang, request.headers.get("accept-language"))
    t = translator(language)
    names = seat_names(t, _settings(request).names())
    order = hand_sorter(deal.order, _settings(request))
    legal = set(deal.legal_cards())
    choices = ([{"card": card_view(c), "value": code(c), "legal": c in legal} for c in order(deal.hands[body.seat])]
               if body.kind == "card" else
               [{"value": value} for value in ["none"] + deal.legal_calls(body.seat)])
    trick = [{"seat": (deal.leader + i) % 4, "card": card_view(c)} for i, c in enumerate(deal.trick)]
    judged = Judgement(kind=body.kind, index=body.index, trick=len(deal.tricks) + 1, chosen=body.chosen,
                       best=body.best, options={}, loss=0.0, noise=0.0, grade=None, reason=body.reason,
                       params=body.params)
    context = {"t": t, "ts": seat_translator(t, names), "lang": language, "seat_names": names, "deal": deal,
               "trick": trick, "choices": choices, "judged": judged, "shown": _shown,
               "calls": [made.call for made in deal.calls_made]}
    return request.app.state.templates.TemplateResponse(request, "partials/exercise.html", context)
