"""HTML pages and htmx fragments. ``GET /`` is the full page without ``HX-Request``, the table with it.

Every fragment that shows a game carries the new token in the ``X-Game-Token`` response header;
``static/token.js`` stores it in localStorage and sends it with every request.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ValidationError

from engine.bots import LEVELS
from engine.rules import OPTIONS, PRESET_NAMES, Rules

from . import service
from .api_models import PlayerAction, SeqOnly, SettingsChange
from .deps import NEWEST_HEADER, STEP_HEADER, TOKEN_HEADER, SealerDep, game_from_token, game_step
from .game_settings import NAME_LENGTH, SPEEDS, SUIT_ORDERS, GameSettings
from .i18n import choose_language, translator
from .sealing import TokenError
from .service import HUMAN, Game, ServiceError
from .views import hint_view, table_view

router = APIRouter(tags=["pages"], include_in_schema=False)


def render(request: Request, template: str, *, language_setting: str | None = None,
           status: int = 200, token: str | None = None, names: list[str | None] = (), **context) -> HTMLResponse:
    lang = choose_language(language_setting, request.headers.get("accept-language"))
    t = translator(lang)
    shown_names = seat_names(t, names)
    context |= {"t": t, "ts": seat_translator(t, shown_names), "lang": lang, "seat_names": shown_names,
                "levels": list(LEVELS), "speeds": SPEEDS, "suit_orders": SUIT_ORDERS, "name_length": NAME_LENGTH}
    response = request.app.state.templates.TemplateResponse(request, template, context, status_code=status)
    if token:
        response.headers[TOKEN_HEADER] = token
    response.headers["Cache-Control"] = "no-store"
    response.headers["Vary"] = "HX-Request, Accept-Language, X-Game-Token"
    return response


def seat_names(t, names: list[str | None] = ()) -> list[str]:
    """The four seats' names as labels show them: the chosen ones, else the catalog's (Du, Anna, ...)."""
    names = list(names) + [None] * (4 - len(names))
    return [names[seat] or t(f"seat.{seat}") for seat in range(4)]


def seat_translator(t, names: list[str] | None = None):
    """``ts(key, seat, **params)``: a sentence about ``seat``; the player's own seat has its own
    second-person form (``key.you``: "Du hast den Stich", not "Du hat den Stich"), whatever the
    player's chosen name; the computers are called by theirs."""
    names = names or seat_names(t)

    def ts(key: str, seat: int, **params) -> str:
        if seat == HUMAN:
            return t(f"{key}.you", **params)
        return t(key, name=names[seat], **params)

    return ts


def render_table(request: Request, sealer, game: Game, events=(), *, status: int = 200,
                 notice: str | None = None, changed: bool = True) -> HTMLResponse:
    token = sealer.seal(game.to_state()) if changed else None    # unchanged: the stored token stays
    response = render(request, "partials/table.html", language_setting=game.settings.language, status=status,
                      token=token, names=game.settings.names(), view=table_view(game, list(events)), notice=notice)
    response.headers[STEP_HEADER] = game_step(game)     # the page stores no token of an earlier step
    return response


# The presets the new-game form offers, with whether they play solos (a tournament round needs them).
PRESET_SOLOS = {name: Rules.preset_named(name).solos for name in PRESET_NAMES}


def render_start(request: Request, *, settings: GameSettings | None = None, token_error: str | None = None,
                 notice: str | None = None, can_resume: bool = False, running: bool = False,
                 status: int = 200) -> HTMLResponse:
    settings = settings or GameSettings()
    return render(request, "partials/new_game.html", language_setting=settings.language, status=status,
                  names=settings.names(), settings=settings, presets=PRESET_SOLOS, rule_options=OPTIONS,
                  token_error=token_error, notice=notice, can_resume=can_resume, running=running)


def render_token_error(request: Request, error: TokenError) -> HTMLResponse:
    """A token we cannot use: say so and offer a new game; the stored token stays until then."""
    if error.kind == "missing":
        return render_start(request)
    return render_start(request, token_error=error.kind, status=400)


def _game(request: Request, sealer) -> Game:
    return game_from_token(sealer, request.headers.get(TOKEN_HEADER), request.headers.get(NEWEST_HEADER))


MULTIPLE_FIELDS = {"give"}


async def _form(request: Request, model: type[BaseModel], with_rule_options: bool = False):
    form = await request.form()
    # The cards to give come as one field per card: one text of them. Any other field given twice is a
    # checkbox after its hidden "false" (the checked box comes last and counts).
    fields = {key: " ".join(str(v) for v in form.getlist(key)) if key in MULTIPLE_FIELDS else str(form.getlist(key)[-1])
              for key in form.keys()}
    if with_rule_options:            # "Regeln anpassen": option.<name> fields, empty = as the preset says
        fields["options"] = {key.removeprefix("option."): _option_value(fields.pop(key))
                             for key in list(fields) if key.startswith("option.") and fields[key]}
    return model.model_validate(fields, strict=False)     # form fields are all text


def _option_value(text: str) -> bool | int | str:
    """A rule option's form text as its value (Rules checks it against the option).

    Only a short run of ASCII digits is a number: ``isdigit`` also holds for "²" (which ``int``
    refuses) and for other scripts' digits, and ``int`` refuses more than 4,300 digits. Any other
    text stays text, which the rule set refuses with its reason."""
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else text


def _invalid_text(request: Request, error: ValidationError) -> str:
    t = translator(choose_language(None, request.headers.get("accept-language")))
    return t("error.invalid_request", reason="; ".join(e["msg"] for e in error.errors()))


@router.get("/", response_class=HTMLResponse)
def index(request: Request, sealer: SealerDep):
    if "hx-request" not in request.headers:
        return render(request, "index.html")
    try:
        game = _game(request, sealer)
    except TokenError as error:
        return render_token_error(request, error)
    return render_table(request, sealer, game, changed=False)


@router.get("/new-game", response_class=HTMLResponse)
def new_game_form(request: Request, sealer: SealerDep):
    try:
        game = _game(request, sealer)
    except TokenError as error:
        return render_token_error(request, error)
    over = game.deal.is_done() and service.finished_round(game).is_over()
    return render_start(request, settings=game.settings, can_resume=True, running=not over)


@router.post("/new-game", response_class=HTMLResponse)
async def start_game(request: Request, sealer: SealerDep):
    try:
        settings = await _form(request, GameSettings, with_rule_options=True)
    except ValidationError as error:
        return render_start(request, notice=_invalid_text(request, error), status=422)
    # The computers act in the requests that follow (/step): the page shows each decision as it comes.
    game, events = service.new_game(settings, computers=False)
    return render_table(request, sealer, game, events)


async def _change(request: Request, sealer, model: type[BaseModel], change) -> HTMLResponse:
    """Load the game, apply ``change(game, form)``, answer with the table (or why not)."""
    try:
        game = _game(request, sealer)
    except TokenError as error:
        return render_token_error(request, error)
    try:
        form = await _form(request, model)
    except ValidationError as error:
        return render_table(request, sealer, game, status=422, notice=_invalid_text(request, error), changed=False)
    try:
        events = await run_in_threadpool(change, game, form) or []
    except ServiceError as error:
        game = _game(request, sealer)     # unchanged: show the table as it is
        t = translator(choose_language(game.settings.language, request.headers.get("accept-language")))
        notice = _refusal_text(t, error)
        return render_table(request, sealer, game, status=error.status, notice=notice, changed=False)
    return render_table(request, sealer, game, events)


REFUSAL_TEXTS = {"stale": "error.stale", "other-game": "error.other_game"}   # the table shown explains them


def _refusal_text(t, error: ServiceError) -> str:
    key = REFUSAL_TEXTS.get(error.code)
    return t(key) if key else t("error.refused", reason=error.detail)


@router.get("/walkthrough", response_class=HTMLResponse)
def walkthrough(request: Request, lang: str | None = None):
    """The first-game walkthrough, in the language of the page that asks for it (``lang``; anything else
    falls back to the browser's). It needs no game: the start page offers it before the first one."""
    return render(request, "partials/walkthrough.html", language_setting=lang)


@router.get("/hint", response_class=HTMLResponse)
def hint(request: Request, sealer: SealerDep):
    """The hint fragment; a sync route, so the computer player thinks in the thread pool."""
    try:
        game = _game(request, sealer)
        language = choose_language(game.settings.language, request.headers.get("accept-language"))
        hint = hint_view(service.hint(game), language)
    except TokenError as error:
        return render_token_error(request, error)
    except ServiceError as error:
        t = translator(choose_language(None, request.headers.get("accept-language")))
        return render(request, "partials/hint.html", hint=None, notice=_refusal_text(t, error), status=error.status)
    return render(request, "partials/hint.html", language_setting=language, hint=hint)


@router.post("/act", response_class=HTMLResponse)
async def act(request: Request, sealer: SealerDep):
    return await _change(request, sealer, PlayerAction, _act)


def _act(game: Game, form: PlayerAction):
    return service.act(game, form, computers=False)


@router.post("/step", response_class=HTMLResponse)
async def step(request: Request, sealer: SealerDep):
    """One computer decision: the page asks again while the table says a computer is to act
    (``data-waiting-for="computers"``), so each card shows as soon as it is decided, and every
    answer's token is a state to resume from."""
    return await _change(request, sealer, SeqOnly, _step)


def _step(game: Game, form: SeqOnly):
    return service.step(game, form.seq, form.game_id)


@router.post("/take-back", response_class=HTMLResponse)
async def take_back(request: Request, sealer: SealerDep):
    return await _change(request, sealer, SeqOnly, _take_back)


def _take_back(game: Game, form: SeqOnly):
    return service.take_back(game, form.seq, form.game_id, computers=False)


@router.post("/next-deal", response_class=HTMLResponse)
async def next_deal(request: Request, sealer: SealerDep):
    return await _change(request, sealer, SeqOnly, _next_deal)


def _next_deal(game: Game, form: SeqOnly):
    return service.next_deal(game, form.seq, form.game_id, computers=False)


@router.post("/settings", response_class=HTMLResponse)
async def change_settings(request: Request, sealer: SealerDep):
    return await _change(request, sealer, SettingsChange, service.change_settings)
