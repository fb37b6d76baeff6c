"""The FastAPI application: it assembles the routers of each room.

Each room adds its own router module beside this one (``resolve`` for the
rules protocol; the table, the web pages and others add theirs) and one line
in ``create_app``.
"""

from __future__ import annotations

import gc

import swagger_ui_bundle
from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from regelwerk import __version__
from regelwerk.api import api_paths
from regelwerk.api import health as health_routes
from regelwerk.api import resolve as resolve_routes
from regelwerk.api import tables as table_routes
from regelwerk.api.middleware import Guard
from regelwerk.api.pool import RulesPool
from regelwerk.api.resolve import status_for
from regelwerk.api.settings import HttpSettings
from regelwerk.web import router as web_routes

__all__ = ["HttpSettings", "create_app", "status_for"]


def create_app(settings: HttpSettings | None = None) -> FastAPI:
    """A new app serving the rules protocol; ``settings`` default to the environment
    (``HttpSettings.from_env``).  The HTTP conventions of ``api.middleware`` cover
    every route."""
    settings = settings or HttpSettings.from_env()
    app = FastAPI(
        title="regelwerk",
        version=__version__,
        description="The regelwerk rules protocol: one request format for every rule.",
        docs_url=None,
        redoc_url=None,
    )
    # Swagger UI is served from the installed bundle: nothing is fetched from a CDN.
    app.mount("/static/swagger", StaticFiles(directory=swagger_ui_bundle.swagger_ui_path),
              name="swagger")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json", title="regelwerk",
            swagger_js_url="/static/swagger/swagger-ui-bundle.js",
            swagger_css_url="/static/swagger/swagger-ui.css",
            swagger_favicon_url="/static/swagger/favicon-32x32.png",
        )

    app.state.settings = settings
    app.state.pool = RulesPool(settings.threads, settings.queue, settings.request_timeout)
    app.add_middleware(Guard, settings=settings)
    app.include_router(health_routes.router)
    app.include_router(resolve_routes.router)
    app.include_router(web_routes)
    app.include_router(table_routes.router)
    api_paths.install(app)
    gc.freeze()  # the app's long-lived objects leave the collector's generations
    return app
