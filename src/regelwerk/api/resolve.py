"""The rules protocol over HTTP: ``POST /api/v1/resolve`` and the action list."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from regelwerk.api.resolve_docs import PROTOCOL_PATH, protocol_text, resolve_responses
from regelwerk.protocol import registry, resolve
from regelwerk.protocol.resolve import error_response

__all__ = ["router", "status_for"]

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


router = APIRouter()


@router.post(
    "/api/v1/resolve",
    summary="Resolve one rules request",
    description=("Answer one request of the rules protocol. Every action, its fields and "
                 f"its answer are described in the protocol documentation ({PROTOCOL_PATH}, "
                 "docs/protocol.md in the source)."),
    responses=resolve_responses(),
    openapi_extra={
        "externalDocs": {"description": "The regelwerk rules protocol",
                         "url": PROTOCOL_PATH},
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"type": "object", "required": ["system", "action"]},
                    "examples": _examples(),
                }
            },
        }
    },
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


@router.get(PROTOCOL_PATH, summary="The protocol documentation (Markdown)",
            response_class=PlainTextResponse,
            responses={404: {"description": "Not shipped with this installation."}})
async def protocol_endpoint() -> PlainTextResponse:
    """docs/protocol.md: every system, action, field and error code."""
    text = protocol_text()
    if text is None:
        return PlainTextResponse("the protocol documentation is not installed", 404)
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


@router.get("/api/v1/actions", summary="The registered systems and actions")
async def actions_endpoint() -> dict[str, list[str]]:
    """Every system with its actions."""
    return {system: sorted(actions) for system, actions in registry().items()}
