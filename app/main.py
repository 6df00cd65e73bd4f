"""The FastAPI application: pages, the JSON API, static files, error answers (never a 500 for bad input)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from . import api, pages
from .sealing import Sealer, TokenError, key_from_text, load_or_create_key
from .service import ServiceError
from .settings import Settings

SWAGGER = "/static/swagger-ui-5.35.0"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(title="Doppelkopf", version="0.1.0", docs_url=None, redoc_url=None,
                  description="Play Doppelkopf against three computer players. " + (api.__doc__ or ""))
    app.state.sealer = Sealer(_key(settings))
    app.state.templates = Jinja2Templates(directory=settings.templates_dir)
    app.mount("/static", StaticFiles(directory=settings.static_dir), name="static")
    app.include_router(pages.router)
    app.include_router(api.router)
    _add_docs(app)
    _add_error_handlers(app)
    return app


def _key(settings: Settings) -> bytes:
    if settings.key is not None:
        return key_from_text(settings.key.get_secret_value())
    return load_or_create_key(settings.resolved_data_dir())


def _add_docs(app: FastAPI) -> None:
    @app.get("/docs", include_in_schema=False)
    def docs():
        # Swagger UI from our own static files: the app loads nothing from the internet.
        return get_swagger_ui_html(openapi_url=app.openapi_url, title="Doppelkopf API",
                                   swagger_js_url=f"{SWAGGER}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{SWAGGER}/swagger-ui.css", swagger_favicon_url="data:,")


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TokenError)
    def token_error(request: Request, error: TokenError):
        if _is_api(request):
            return JSONResponse({"detail": str(error), "error": f"token-{error.kind}"}, status_code=400)
        return pages.render_token_error(request, error)

    @app.exception_handler(ServiceError)
    def service_error(request: Request, error: ServiceError):
        return JSONResponse({"detail": error.detail, "error": error.code}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    def invalid_request(request: Request, error: RequestValidationError):
        reasons = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors())
        return JSONResponse({"detail": f"invalid request: {reasons}", "error": "invalid-request"}, status_code=422)
