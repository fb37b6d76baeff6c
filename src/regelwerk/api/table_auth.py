"""Who is asking: the bearer token of a request, turned into the table's viewer.

Tokens travel as ``Authorization: Bearer TOKEN``.  A browser's ``EventSource``
cannot set that header, so the event stream also takes the token as the
``access_token`` query parameter (RFC 6750, section 2.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, TypeVar

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from regelwerk.api.table_feed import EventFeed
from regelwerk.api.table_http import HttpProblem, language
from regelwerk.api.table_room import room
from regelwerk.errors import RegelwerkError
from regelwerk.i18n import Translator
from regelwerk.table.service import TableService, Viewer

__all__ = ["Caller", "Room", "StreamViewer", "TableCaller", "TableViewer", "bearer",
           "viewer_for"]

T = TypeVar("T")

bearer = HTTPBearer(auto_error=False, description="A member's token: `Bearer TOKEN`.")

Room = Annotated[tuple[TableService, EventFeed], Depends(room)]


@dataclass(frozen=True)
class Caller:
    """A request's table and bearer token, not yet checked: ``run`` authenticates
    and does the work in one trip to the thread pool."""

    table_id: str
    token: str
    t: Translator

    def viewer(self, service: TableService) -> Viewer:
        """The member whose token this is (blocking); 401 for an unknown token,
        404 for an unknown table."""
        try:
            return service.authenticate(self.table_id, self.token)
        except RegelwerkError as error:
            if error.code == "unknown_table":
                raise
            raise HttpProblem("not_authenticated", self.t(
                "This token does not belong to a member of this table.")) from None

    async def run(self, service: TableService,
                  work: Callable[[Viewer], T]) -> tuple[Viewer, T]:
        """Authenticate, then ``work(viewer)``, in the thread pool."""
        def both() -> tuple[Viewer, T]:
            viewer = self.viewer(service)
            return viewer, work(viewer)
        return await run_in_threadpool(both)


def _caller(request: Request, table_id: str, token: str | None) -> Caller:
    t = language(request)
    if not token:
        raise HttpProblem("not_authenticated", t(
            "Send your table token as the header Authorization: Bearer TOKEN."))
    return Caller(table_id, token, t)


async def viewer_for(request: Request, service: TableService, table_id: str,
                     token: str | None) -> Viewer:
    """The viewer whose token this is; 401 without one or for an unknown token,
    404 for an unknown table."""
    caller = _caller(request, table_id, token)
    return await run_in_threadpool(caller.viewer, service)


async def _table_caller(
    request: Request, table_id: str,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Caller:
    return _caller(request, table_id, credentials.credentials if credentials else None)


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


TableCaller = Annotated[Caller, Depends(_table_caller)]
"""Dependency: the table and token of a request (checked by ``Caller.run``)."""

TableViewer = Annotated[Viewer, Depends(_table_viewer)]
"""Dependency: the viewer of a request to ``/api/v1/tables/{table_id}/…``."""

StreamViewer = Annotated[Viewer, Depends(_stream_viewer)]
"""Dependency: as ``TableViewer``, also taking ``?access_token=``."""
