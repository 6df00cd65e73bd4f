"""The statistics page (``GET /statistics``): a shell in the game's language; the figures are computed
in the browser (``static/statistics.js``) from the deals this browser archived. Nothing is sent here.
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from engine.bots import LEVELS
from engine.contracts import CONTRACTS, HOUSE_CONTRACTS

from .game_settings import clean_name
from .i18n import DECIMAL_POINT, choose_language, translator
from .pages import seat_names

router = APIRouter(tags=["pages"], include_in_schema=False)

# Texts the page's script writes itself (the rest is in the template).
SCRIPT_TEXTS = ("count", "no_data", "no_storage", "game_option", "chart_label", "import_not_json",
                "import_wrong_format", "import_invalid", "import_done", "delete", "delete_confirm", "deleted",
                "skipped", "took_back_count")


def script_texts(t, language: str) -> dict:
    texts = {key: t(f"stats.{key}") for key in SCRIPT_TEXTS}
    every = CONTRACTS + HOUSE_CONTRACTS       # house rules: Armut, Königs- and Köhlersolo, thrown deals
    texts |= {"decimal_point": DECIMAL_POINT[language], "contract_order": list(every),
              "contracts": {contract: t(f"contract.{contract}") for contract in every}}
    return texts


def learn_texts(t, language: str) -> dict:
    """What static/learning.js writes: the most frequent mistake's sentence, the reasons' names, the count of
    exercises."""
    return {"frequent": t("learn.frequent"), "exercises": t("learn.exercises"), "none": t("learn.no_exercises"),
            "decimal_point": DECIMAL_POINT[language],
            "reasons": {key: t(f"learn.reason.{key}") for key in LEARN_REASONS}}


LEARN_REASONS = ("fox-lost", "schmieren", "give-less", "take-trick", "cheaper-winner", "better-card", "call-missed",
                 "call-too-bold", "solo-too-weak", "solo-missed")


def chosen_names(request: Request) -> list[str | None]:
    """The names the table's menu link passes (``name_0`` .. ``name_3``); a bad one is just left out."""
    names = []
    for seat in range(4):
        try:
            names.append(clean_name(request.query_params.get(f"name_{seat}")))
        except ValueError:
            names.append(None)
    return names


@router.get("/statistics", response_class=HTMLResponse)
def statistics_page(request: Request, lang: str | None = None):
    language = choose_language(lang, request.headers.get("accept-language"))
    t = translator(language)
    names = chosen_names(request)
    context = {"t": t, "lang": language, "seat_names": seat_names(t, names),
               "names_query": "".join(f"&name_{seat}={quote(name)}" for seat, name in enumerate(names) if name),
               "levels": list(LEVELS), "texts": script_texts(t, language), "learn_texts": learn_texts(t, language)}
    response = request.app.state.templates.TemplateResponse(request, "statistics.html", context)
    response.headers["Vary"] = "Accept-Language"
    return response
