"""The JSON API beside the pages, over the same service layer. OpenAPI at ``/docs``.

The game travels as a sealed token: send it in the ``X-Game-Token`` header, take the new one from
the answer (``token`` in the body and the ``X-Game-Token`` header). Actions carry the sequence number
the client last saw; a stale one is refused with 409.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from . import service
from .deps import TOKEN_HEADER, GameDep, SealerDep
from .i18n import choose_language
from .models import GameSettings, HintView, PlayerAction, SeqOnly, SettingsChange, TableView
from .service import Game
from .views import hint_view, table_view

router = APIRouter(prefix="/api", tags=["api"])

ERRORS = {400: {"description": "bad or missing token, illegal action"},
          409: {"description": "stale sequence number (the game has moved on) or another game's token"},
          413: {"description": "request body too large"},
          422: {"description": "malformed request"}}


class GameResponse(BaseModel):
    token: str
    view: TableView


def answer(response: Response, sealer, game: Game, events=()) -> GameResponse:
    token = sealer.seal(game.to_state())
    response.headers[TOKEN_HEADER] = token
    return GameResponse(token=token, view=table_view(game, list(events)))


@router.post("/games", status_code=201, responses=ERRORS)
def create_game(response: Response, sealer: SealerDep, settings: GameSettings | None = None) -> GameResponse:
    """Start a new game (a round with its first deal); the computer players act until it is your turn."""
    game, events = service.new_game(settings or GameSettings())
    return answer(response, sealer, game, events)


@router.get("/game", responses=ERRORS)
def get_game(response: Response, sealer: SealerDep, game: GameDep) -> GameResponse:
    """Your view of the table: your hand, the trick, what is public, what you may do now."""
    return answer(response, sealer, game)


@router.post("/game/actions", responses=ERRORS)
def act(action: PlayerAction, response: Response, sealer: SealerDep, game: GameDep) -> GameResponse:
    """Act as seat 0: ``reservation`` (true = Vorbehalt), ``declare`` (a kind), ``call`` or ``play`` (a card code)."""
    events = service.act(game, action)
    return answer(response, sealer, game, events)


@router.post("/game/take-back", responses=ERRORS)
def take_back(body: SeqOnly, response: Response, sealer: SealerDep, game: GameDep) -> GameResponse:
    """Casual play: undo your last decision in this deal (and the computers' answers to it)."""
    events = service.take_back(game, body.seq, body.game_id)
    return answer(response, sealer, game, events)


@router.post("/game/next-deal", responses=ERRORS)
def next_deal(body: SeqOnly, response: Response, sealer: SealerDep, game: GameDep) -> GameResponse:
    """Enter the finished deal on the score sheet and deal the next one."""
    events = service.next_deal(game, body.seq, body.game_id)
    return answer(response, sealer, game, events)


@router.post("/game/settings", responses=ERRORS)
def change_settings(change: SettingsChange, response: Response, sealer: SealerDep, game: GameDep) -> GameResponse:
    """Change the computer strength, animation speed or language (the mode belongs to the round)."""
    service.change_settings(game, change)
    return answer(response, sealer, game)


@router.get("/game/hint", responses=ERRORS)
def hint(game: GameDep, request: Request) -> HintView:
    """What the strongest computer player would do in your place now, and why (what it expects).
    Changes nothing (no new token).

    ``reason`` is worded in the game's language as the page shows it (the language setting, with
    ``auto`` the request's ``Accept-Language``); ``reason_key`` and ``reason_params`` are the same
    reason for clients that word it themselves."""
    action, reason = service.hint(game)
    language = choose_language(game.settings.language, request.headers.get("accept-language"))
    return hint_view(action, reason, language, game.thought_less)


@router.get("/game/deal", responses=ERRORS)
def export_deal(game: GameDep) -> dict:
    """The finished deal as a ``doppelkopf-deal/1`` record, all hands included; while the deal runs
    409 ``deal-not-over`` (the record would show the other hands)."""
    return service.export_deal(game)
