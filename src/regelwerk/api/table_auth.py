"""Who is asking: the bearer token of a request, turned into the table's viewer.

Tokens travel as ``Authorization: Bearer TOKEN``.  A browser's ``EventSource``
cannot set that header, so the event stream also takes the token as the
``access_token`` query parameter (RFC 6750, section 2.3).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from regelwerk.api.table_feed import EventFeed
from regelwerk.api.table_http import HttpProblem, language
from regelwerk.api.table_room import room
from regelwerk.errors import RegelwerkError
from regelwerk.table.service import TableService, Viewer

__all__ = ["Room", "StreamViewer", "TableViewer", "bearer", "viewer_for"]

bearer = HTTPBearer(auto_error=False, description="A member's token: `Bearer TOKEN`.")

Room = Annotated[tuple[TableService, EventFeed], Depends(room)]


async def viewer_for(request: Request, service: TableService, table_id: str,
                     token: str | None) -> Viewer:
    """The viewer whose token this is; 401 without one or for an unknown token,
    404 for an unknown table."""
    t = language(request)
    if not token:
        raise HttpProblem("not_authenticated", t(
            "Send your table token as the header Authorization: Bearer TOKEN."))
    try:
        return await run_in_threadpool(service.authenticate, table_id, token)
    except RegelwerkError as error:
        if error.code == "unknown_table":
            raise
        raise HttpProblem("not_authenticated", t(
            "This token does not belong to a member of this table.")) from None


async def _table_viewer(
    request: Request, table_id: str, parts: Room,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Viewer:
    token = credentials.credentials if credentials else None
    return await viewer_for(request, parts[0], table_id, token)


async def _stream_viewer(
    request: Request, table_id: str, parts: Room,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    access_token: str | None = None,
) -> Viewer:
    token = credentials.credentials if credentials else access_token
    return await viewer_for(request, parts[0], table_id, token)


TableViewer = Annotated[Viewer, Depends(_table_viewer)]
"""Dependency: the viewer of a request to ``/api/v1/tables/{table_id}/…``."""

StreamViewer = Annotated[Viewer, Depends(_stream_viewer)]
"""Dependency: as ``TableViewer``, also taking ``?access_token=``."""
