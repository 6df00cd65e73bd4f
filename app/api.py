"""The JSON API beside the pages, over the same service layer. OpenAPI at ``/docs``.

The game travels as a sealed token: send it in the ``X-Game-Token`` header, take the new one from
the answer (``token`` in the body and the ``X-Game-Token`` header). Actions carry the sequence number
the client last saw; a stale one is refused with 409.

By default an answer comes once the computer players have acted up to your next decision. With
``?stream=true`` it comes right after your own action, and ``POST /api/game/step`` then fetches the
computers' decisions one at a time while ``view.waiting_for`` is ``computers`` (the page plays this way,
so each card shows as soon as it is decided). Every token in between is a state to continue from.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from . import service
from .api_models import GameResponse, PlayerAction, SeqOnly, SettingsChange
from .deps import STEP_HEADER, TOKEN_HEADER, GameDep, SealerDep, game_step
from .game_settings import GameSettings
from .i18n import choose_language
from .view_models import HintView
from .service import Game
from .views import hint_view, table_view

router = APIRouter(prefix="/api", tags=["api"])

ERRORS = {400: {"description": "bad or missing token, illegal action"},
          409: {"description": "stale sequence number (the game has moved on) or another game's token"},
          413: {"description": "request body too large"},
          422: {"description": "malformed request"}}


# Opt-in: without it every action answers after the computers' turns, as it always did.
Stream = Annotated[bool, Query(description="answer right after your own action; the computers' decisions "
                                           "then come one at a time from POST /api/game/step")]


def answer(sealer, game: Game, events=(), status_code: int = 200) -> Response:
    """The game's new token and view as JSON (the ``GameResponse`` the routes declare for /docs).

    Serialised here, in the route's worker thread: a model handed back to FastAPI from a plain
    ``def`` route is checked against the response model in a second trip to the thread pool (about
    0.1 ms of CPU) before the same serialisation."""
    token = sealer.seal(game.to_state())
    body = GameResponse(token=token, view=table_view(game, list(events)))
    return Response(body.model_dump_json(), status_code=status_code, media_type="application/json",
                    headers={TOKEN_HEADER: token, STEP_HEADER: game_step(game)})


@router.post("/games", status_code=201, response_model=GameResponse, responses=ERRORS)
def create_game(sealer: SealerDep, settings: GameSettings | None = None, stream: Stream = False) -> Response:
    """Start a new game (a round with its first deal); the computer players act until it is your turn."""
    game, events = service.new_game(settings or GameSettings(), computers=not stream)
    return answer(sealer, game, events, status_code=201)


@router.get("/game", response_model=GameResponse, responses=ERRORS)
def get_game(sealer: SealerDep, game: GameDep) -> Response:
    """Your view of the table: your hand, the trick, what is public, what you may do now."""
    return answer(sealer, game)


@router.post("/game/actions", response_model=GameResponse, responses=ERRORS)
def act(action: PlayerAction, sealer: SealerDep, game: GameDep, stream: Stream = False) -> Response:
    """Act as seat 0: ``reservation`` (true = Vorbehalt), ``declare`` (a kind), ``call`` or ``play`` (a card code)."""
    events = service.act(game, action, computers=not stream)
    return answer(sealer, game, events)


@router.post("/game/take-back", response_model=GameResponse, responses=ERRORS)
def take_back(body: SeqOnly, sealer: SealerDep, game: GameDep, stream: Stream = False) -> Response:
    """Casual play: undo your last decision in this deal (and the computers' answers to it)."""
    events = service.take_back(game, body.seq, body.game_id, computers=not stream)
    return answer(sealer, game, events)


@router.post("/game/next-deal", response_model=GameResponse, responses=ERRORS)
def next_deal(body: SeqOnly, sealer: SealerDep, game: GameDep, stream: Stream = False) -> Response:
    """Enter the finished deal on the score sheet and deal the next one."""
    events = service.next_deal(game, body.seq, body.game_id, computers=not stream)
    return answer(sealer, game, events)


@router.post("/game/step", response_model=GameResponse, responses=ERRORS)
def step(body: SeqOnly, sealer: SealerDep, game: GameDep) -> Response:
    """One computer player's decision (in the naming: every holder's, and the naming that wins), while
    ``view.waiting_for`` is ``computers``; ``view.events`` holds it, ``view.thinking`` who decides next.
    400 ``not-computers-turn`` when no computer is to act."""
    events = service.step(game, body.seq, body.game_id)
    return answer(sealer, game, events)


@router.post("/game/settings", response_model=GameResponse, responses=ERRORS)
def change_settings(change: SettingsChange, sealer: SealerDep, game: GameDep) -> Response:
    """Change the computer strength, animation speed or language (the mode belongs to the round)."""
    service.change_settings(game, change)
    return answer(sealer, game)


@router.get("/game/hint", responses=ERRORS)
def hint(game: GameDep, request: Request) -> HintView:
    """What the strongest computer player would do in your place now, and why. Changes nothing (no new token).

    ``reason`` says the idea in a club player's words (bedienen, schmieren, Fuchs sichern ...), worded in the
    game's language as the page shows it (the language setting, with ``auto`` the request's
    ``Accept-Language``); ``ideas`` are the same as stable keys with parameters (``hint.idea.<key>``).
    ``figures`` (the expected points behind the choice), ``reason_key`` and ``reason_params`` (the strong
    player's own reason) are left out at the Einsteiger table, which teaches in words only."""
    return hint_view(service.hint(game), choose_language(game.settings.language, request.headers.get("accept-language")))


@router.get("/game/deal", responses=ERRORS)
def export_deal(game: GameDep) -> dict:
    """The finished deal as a ``doppelkopf-deal/1`` record, all hands included; while the deal runs
    409 ``deal-not-over`` (the record would show the other hands)."""
    return service.export_deal(game)
