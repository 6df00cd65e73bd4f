"""The FastAPI application: pages, the JSON API, static files, error answers (never a 500 for bad input)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates
from starlette.middleware.gzip import GZipMiddleware

from . import analysis, api, pages, review, rules_page, statistics_page
from .assets import PREFIX, VersionedStaticFiles
from .fragments import FragmentCache
from .i18n import LANGUAGES, NATIVE_NAMES
from .guard import BodyTooLarge, Guard
from .sealing import Sealer, TokenError, key_from_text, load_or_create_key
from .service import ServiceError
from .settings import Settings

SWAGGER = "swagger-ui-5.35.0"
# Pages, fragments, JSON and scripts shrink to a third or less; tiny answers gain nothing. Level 6
# is within 0.4 % of level 9's size in three quarters of its time (docs/performance.md).
GZIP_MINIMUM_BYTES = 1000
GZIP_LEVEL = 6


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(title="Doppelkopf", version="0.1.0", docs_url=None, redoc_url=None,
                  description="Play Doppelkopf against three computer players. " + (api.__doc__ or ""))
    app.state.sealer = Sealer(_key(settings))
    static = VersionedStaticFiles(settings.static_dir)
    app.state.templates = Jinja2Templates(directory=settings.templates_dir)
    app.state.templates.env.globals["static_url"] = static.url
    app.state.templates.env.globals["rules_href"] = rules_page.rules_href    # the rules page, told the table's rules
    app.state.templates.env.globals["memo"] = FragmentCache()
    app.state.templates.env.globals["languages"] = {code: NATIVE_NAMES[code] for code in LANGUAGES}
    # The templates do not change while the server runs: no stat() of each one for every include
    # (about 15 a table answer).
    app.state.templates.env.auto_reload = False
    app.mount(PREFIX, static, name="static")
    app.include_router(pages.router)
    app.include_router(api.router)
    app.include_router(rules_page.router)
    app.include_router(review.router)
    app.include_router(statistics_page.router)
    app.include_router(analysis.router)
    analysis.ANALYST.nice = settings.analysis_nice
    _add_docs(app)
    _add_error_handlers(app)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=GZIP_LEVEL)
    # Added last, so it is the outermost: every request meets the Guard before anything else.
    app.add_middleware(Guard, allowed_hosts=settings.allowed_hosts, max_body_bytes=settings.max_body_bytes)
    _warm_up_solver()
    return app


def _warm_up_solver() -> None:
    """Compile the bots' endgame solver in the background: the first hard decision does not wait for it
    (until it is ready the bots solve with the plain solver, to the same values)."""
    import threading
    from engine.bots.solver import warm_up
    threading.Thread(target=warm_up, name="solver-warm-up", daemon=True).start()


def _key(settings: Settings) -> bytes:
    if settings.key is not None:
        return key_from_text(settings.key.get_secret_value())
    return load_or_create_key(settings.resolved_data_dir())


def _add_docs(app: FastAPI) -> None:
    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    def docs(request: Request):
        # Swagger UI from our own static files, started by static/docs.js: the page loads nothing
        # from the internet and has no inline script, so it runs under the same strict CSP.
        return request.app.state.templates.TemplateResponse(
            request, "docs.html", {"swagger": SWAGGER, "openapi_url": app.openapi_url, "title": f"{app.title} API"})


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

    @app.exception_handler(BodyTooLarge)
    def body_too_large(request: Request, error: BodyTooLarge):      # a chunked body, stopped at the limit
        return JSONResponse({"detail": error.detail, "error": "body-too-large"}, status_code=413)

    @app.exception_handler(RequestValidationError)
    def invalid_request(request: Request, error: RequestValidationError):
        reasons = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors())
        return JSONResponse({"detail": f"invalid request: {reasons}", "error": "invalid-request"}, status_code=422)
