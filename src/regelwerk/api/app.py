"""The FastAPI application.  It only translates HTTP to ``resolve`` and back."""

from __future__ import annotations

import json
from typing import Any

import swagger_ui_bundle
from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from regelwerk import __version__
from regelwerk.protocol import registry, resolve
from regelwerk.protocol.resolve import error_response

__all__ = ["create_app", "status_for"]

_STATUS = {
    "unknown_system": 404,
    "unknown_action": 404,
    "invalid_json": 400,
    "invalid_request": 400,
    "limit_exceeded": 413,
}


def status_for(response: dict[str, Any]) -> int:
    """200 for success; 404 for an unknown system or action, 413 for a limit,
    400 for a malformed request, and 422 for a request a rule refuses."""
    if response.get("ok"):
        return 200
    code = response["error"]["code"]
    if code in _STATUS:
        return _STATUS[code]
    if code in {"unknown_field", "missing_field", "wrong_type"}:
        return 400
    return 422


def _examples() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for system, actions in registry().items():
        for name, action in actions.items():
            if action.example is not None:
                out[f"{system}.{name}"] = {"summary": action.summary, "value": action.example}
    return out


def create_app() -> FastAPI:
    """A new app serving the rules protocol."""
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

    request_body = {
        "required": True,
        "content": {
            "application/json": {
                "schema": {"type": "object", "required": ["system", "action"]},
                "examples": _examples(),
            }
        },
    }

    @app.post(
        "/api/v1/resolve",
        summary="Resolve one rules request",
        openapi_extra={"requestBody": request_body},
    )
    async def resolve_endpoint(request: Request) -> JSONResponse:
        """Answer one request of the rules protocol (see docs/protocol.md).

        The body is read raw, so that malformed JSON gets a protocol error response.
        """
        raw = await request.body()
        try:
            payload = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
            response = error_response("invalid_json", f"the body is not valid JSON: {error}")
        else:
            response = resolve(payload)
        return JSONResponse(response, status_code=status_for(response))

    @app.get("/api/v1/actions", summary="The registered systems and actions")
    async def actions_endpoint() -> dict[str, list[str]]:
        """Every system with its actions."""
        return {system: sorted(actions) for system, actions in registry().items()}

    return app
