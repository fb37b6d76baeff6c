"""Health and readiness: answered on the event loop at once, also while rules work
runs in the pool."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from regelwerk.api.pool import RulesPool
from regelwerk.protocol.wire import encode

__all__ = ["router"]

router = APIRouter()


@router.get("/healthz", summary="Liveness: the server answers")
async def healthz() -> Response:
    """Always ``{"ok": true}`` while the process serves."""
    return Response(encode({"ok": True}), media_type="application/json")


@router.get("/readyz", summary="Readiness: the server takes rules requests")
async def readyz(request: Request) -> Response:
    """200 while the rules pool takes requests, 503 (with ``Retry-After``) while full."""
    pool: RulesPool = request.app.state.pool
    body = {"ok": not pool.full, "ready": not pool.full, "in_flight": pool.in_flight,
            "capacity": pool.capacity}
    if pool.full:
        return Response(encode(body), status_code=503, media_type="application/json",
                        headers={"Retry-After": "1"})
    return Response(encode(body), media_type="application/json")
