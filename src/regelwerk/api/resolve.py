"""The rules protocol over HTTP: ``POST /api/v1/resolve`` and the action list."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from regelwerk.api.pool import Busy, RulesPool, TimedOut
from regelwerk.api.resolve_docs import PROTOCOL_PATH, protocol_text, resolve_responses
from regelwerk.errors import RegelwerkError
from regelwerk.protocol import registry
from regelwerk.protocol.resolve import answer, error_response, prepare
from regelwerk.protocol.wire import decode, encode

__all__ = ["INLINE_UNITS", "router", "status_for"]

INLINE_UNITS = 50_000
"""Requests estimated at most this many units of work (a few milliseconds) are answered
on the event loop; costlier ones go to the rules pool."""

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
async def resolve_endpoint(request: Request) -> Response:
    """Answer one request of the rules protocol (see docs/protocol.md).

    The body is read raw, so that malformed JSON gets a protocol error response.
    Validation and the cost estimate run at once; work estimated above
    ``INLINE_UNITS`` runs in the rules pool, off the event loop.
    """
    raw = await request.body()
    try:
        payload = decode(raw)
    except RegelwerkError as error:
        return _json(error_response(error.code, error.message))
    prepared = prepare(payload, checked=True)
    if isinstance(prepared, dict):
        return _json(prepared)
    if prepared.cost.units <= INLINE_UNITS:
        return _json(answer(payload, prepared))
    pool: RulesPool = request.app.state.pool
    try:
        response = await pool.run(lambda: answer(payload, prepared))
    except Busy:
        return _busy("every rules worker is busy and the waiting line is full: "
                     "try again shortly")
    except TimedOut:
        return _busy(f"the request took longer than {pool.timeout:g} seconds: "
                     "try again shortly, or ask for less")
    return _json(response)


def _json(response: dict[str, Any]) -> Response:
    return Response(encode(response), status_code=status_for(response),
                    media_type="application/json")


def _busy(message: str) -> Response:
    return Response(encode(error_response("limit_exceeded", message)), status_code=503,
                    media_type="application/json", headers={"Retry-After": "1"})


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
