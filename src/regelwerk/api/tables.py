"""The table over HTTP: ``/api/v1/tables/…`` (see docs/api.md).

Every resource is a thin call of ``regelwerk.table.service.TableService``: the
service decides, filters and stores; this router authenticates the bearer
token, runs the (blocking) service calls in the thread pool, wakes the
table's streams after a command and turns refusals into the protocol's error
shape with the status ``table_http.STATUS`` gives.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from regelwerk.api import table_characters
from regelwerk.api.table_auth import Room, StreamViewer, TableCaller, TableViewer
from regelwerk.api.table_characters import command_body, execute
from regelwerk.api.table_http import TableId, TableRoute, problem_responses
from regelwerk.api.table_models import (
    CommandResult,
    CreatedInvitation,
    CreatedMember,
    Done,
    EventList,
    JoinRequest,
    NewTable,
    ViewerState,
)
from regelwerk.api.table_room import lifespan
from regelwerk.api.table_stream import event_stream

__all__ = ["router"]

router = APIRouter(prefix="/api/v1/tables", tags=["tables"], route_class=TableRoute,
                   lifespan=lifespan)

_AUTH = (400, 401, 403, 404, 413, 415, 422)
MAX_SEQUENCE = 2**62
"""The largest sequence number a request may name (the stores keep 64-bit integers)."""


def _viewer_json(viewer: Any) -> dict[str, str]:
    return {"member_id": viewer.member_id, "role": viewer.role, "name": viewer.name}


@router.post("", status_code=201, summary="Create a table",
             response_model=CreatedMember, responses=problem_responses(400, 413, 415))
async def create_table(new: NewTable, parts: Room) -> JSONResponse:
    """Create a table; the creator becomes its game master and gets a token."""
    service = parts[0]
    credentials = await run_in_threadpool(
        lambda: service.create_table(name=new.name, system=new.system, lang=new.lang,
                                     gm_name=new.gm_name))
    return JSONResponse({"ok": True, "table_id": credentials.table_id,
                         "member_id": credentials.member_id, "token": credentials.token},
                        status_code=201)


@router.post("/{table_id}/invitations", status_code=201, summary="Invite a player (gm)",
             response_model=CreatedInvitation, responses=problem_responses(*_AUTH))
async def invite(table_id: TableId, viewer: TableViewer, parts: Room) -> JSONResponse:
    """A new invitation; only the game master may invite."""
    invitation = await run_in_threadpool(parts[0].invite, viewer)
    parts[1].announce(table_id)
    return JSONResponse({"ok": True, "invitation_id": invitation.invitation_id,
                         "token": invitation.token,
                         "join": f"{router.prefix}/{table_id}/join"}, status_code=201)


@router.delete("/{table_id}/invitations/{invitation_id}", summary="Revoke an invitation (gm)",
               response_model=Done, responses=problem_responses(*_AUTH))
async def revoke(table_id: TableId, invitation_id: str, viewer: TableViewer,
                 parts: Room) -> dict[str, bool]:
    """Revoke an invitation: its token no longer lets anyone join."""
    await run_in_threadpool(parts[0].revoke, viewer, invitation_id)
    parts[1].announce(table_id)
    return {"ok": True}


@router.post("/{table_id}/join", status_code=201, summary="Join with an invitation",
             response_model=CreatedMember, responses=problem_responses(400, 401, 404, 413, 415))
async def join(table_id: TableId, joining: JoinRequest, parts: Room) -> JSONResponse:
    """Join the table as a player with an invitation's token; answers the player's
    own token."""
    service = parts[0]
    credentials = await run_in_threadpool(service.join, table_id, joining.invitation,
                                          joining.name)
    parts[1].announce(table_id)
    return JSONResponse({"ok": True, "table_id": credentials.table_id,
                         "member_id": credentials.member_id, "token": credentials.token},
                        status_code=201)


@router.post("/{table_id}/commands", summary="Send a command",
             response_model=CommandResult, responses=problem_responses(*_AUTH, 409, 503),
             openapi_extra=command_body())
async def command(table_id: TableId, caller: TableCaller, parts: Room,
                  body: Annotated[dict[str, Any], Body()]) -> JSONResponse:
    """Send one command (``{"type": ..., ...}``); the answer holds its events as
    the sender may see them.  A player acts only for their own characters."""
    return await execute(parts, caller, body)


@router.get("/{table_id}/state", summary="The table as the viewer sees it",
            response_model=ViewerState, responses=problem_responses(401, 404))
async def state(table_id: TableId, caller: TableCaller, parts: Room) -> JSONResponse:
    """The viewer's state of the table, filtered on the server."""
    viewer, table = await caller.run(parts[0], parts[0].state)
    return JSONResponse({"ok": True, "viewer": _viewer_json(viewer), "state": table})


@router.get("/{table_id}/events", summary="Events after a sequence number",
            response_model=EventList, responses=problem_responses(400, 401, 404))
async def events(table_id: TableId, caller: TableCaller, parts: Room,
                 after: Annotated[int, Query(ge=0, le=MAX_SEQUENCE,
                                             description="Last sequence seen")] = 0,
                 ) -> JSONResponse:
    """Every event after ``after`` that the viewer may see (others' secrets as
    neutral notices that keep their sequence numbers)."""
    _, found = await caller.run(parts[0], lambda viewer: parts[0].events(viewer, after))
    return JSONResponse({"ok": True, "events": found})


class JsonLines(PlainTextResponse):
    """JSON Lines: one JSON object per line."""

    media_type = "application/x-ndjson"


_EXPORT_EXAMPLE = (
    '{"table_id":"t_Qm9vZ2xl","sequence":1,"kind":"table_created","payload":{"table_id":'
    '"t_Qm9vZ2xl","name":"Runde","system":"pf2e","lang":"de","settings":{}},"actor":"m1",'
    '"audience":["*"],"time":"2026-11-30T18:00:00+00:00"}\n'
    '{"table_id":"t_Qm9vZ2xl","sequence":2,"kind":"member_joined","payload":{"member_id":'
    '"m1","name":"Ute","role":"gm","invitation_id":null,"token_hash":"9f86d081…"},'
    '"actor":"m1","audience":["*"],"time":"2026-11-30T18:00:00+00:00"}\n')


@router.get("/{table_id}/export", summary="The whole log as JSON Lines (gm)",
            response_class=Response,  # the media types are the responses' own
            responses={200: {"description": "One event per line",
                             "content": {"application/x-ndjson": {
                                 "example": _EXPORT_EXAMPLE}}},
                       **problem_responses(401, 403, 404)})
async def export(table_id: TableId, viewer: TableViewer, parts: Room) -> JsonLines:
    """The table's whole event log, one JSON object per line (game master only);
    ``regelwerk table replay`` reads it."""
    lines = await run_in_threadpool(parts[0].export, viewer)
    return JsonLines(lines)


@router.get(
    "/{table_id}/stream", summary="The viewer's event stream (Server-Sent Events)",
    response_class=StreamingResponse,
    responses={200: {"description": "An endless text/event-stream, one message per event "
                     "(`id:` its sequence number, `data:` the event as JSON)",
                     "content": {"text/event-stream": {"example": (
                         ': connected to table t_Qm9vZ2xl\nretry: 2000\n\nid: 4\n'
                         'data: {"sequence":4,"kind":"check_rolled","payload":{}}\n\n')}}},
               **problem_responses(400, 401, 404)},
)
async def stream(
    request: Request, table_id: TableId, viewer: StreamViewer, parts: Room,
    after: Annotated[int, Query(ge=0, le=MAX_SEQUENCE,
                                    description="Last sequence seen (first connection)")] = 0,
    last_event_id: Annotated[str | None, Header(
        description="Sent by a reconnecting client: resume after this sequence")] = None,
) -> StreamingResponse:
    """Every event after ``Last-Event-ID`` (or ``after``), then each new one as it
    happens; heartbeat comments while quiet.  Takes the token also as
    ``?access_token=`` for browsers' ``EventSource``."""
    resume = (last_event_id or "").strip()
    if resume.isascii() and resume.isdigit():
        after = min(int(resume[:20]), MAX_SEQUENCE)
    heartbeat = getattr(request.app.state, "table_heartbeat", None)
    events = event_stream(parts[0], parts[1], viewer, after,
                          **({"heartbeat": heartbeat} if heartbeat else {}))
    return StreamingResponse(events, media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


router.include_router(table_characters.router)
