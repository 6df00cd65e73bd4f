"""The statistics page (``GET /statistics``): a shell in the game's language; the figures are computed
in the browser (``static/statistics.js``) from the deals this browser archived. Nothing is sent here.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from engine.bots import LEVELS
from engine.contracts import CONTRACTS

from .i18n import DECIMAL_POINT, LANGUAGES, choose_language, translator

router = APIRouter(tags=["pages"], include_in_schema=False)

# Texts the page's script writes itself (the rest is in the template).
SCRIPT_TEXTS = ("count", "no_data", "no_storage", "game_option", "chart_label", "import_not_json",
                "import_wrong_format", "import_invalid", "import_done", "delete", "delete_confirm", "deleted")


def script_texts(t, language: str) -> dict:
    texts = {key: t(f"stats.{key}") for key in SCRIPT_TEXTS}
    texts |= {"decimal_point": DECIMAL_POINT[language], "contract_order": list(CONTRACTS),
              "contracts": {contract: t(f"contract.{contract}") for contract in CONTRACTS}}
    return texts


@router.get("/statistics", response_class=HTMLResponse)
def statistics_page(request: Request, lang: str | None = None):
    language = choose_language(lang, request.headers.get("accept-language"))
    t = translator(language)
    context = {"t": t, "lang": language, "seat_names": [t(f"seat.{seat}") for seat in range(4)],
               "levels": list(LEVELS), "texts": script_texts(t, language),
               "other_language": next(other for other in LANGUAGES if other != language)}
    response = request.app.state.templates.TemplateResponse(request, "statistics.html", context)
    response.headers["Vary"] = "Accept-Language"
    return response
