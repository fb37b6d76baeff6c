"""Who is looking at a table page: the member's token in an HttpOnly cookie.

Each table a browser sits at has its own cookie ``rw_<table id>`` holding the
member's bearer token (the token the API takes as ``Authorization: Bearer``).
Page scripts never see it (HttpOnly); it is sent only to this site and not on
cross-site form posts (SameSite=Lax); form posts must also come from this
site's own pages (their ``Origin``).
"""

from __future__ import annotations

import re

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from regelwerk.errors import RegelwerkError
from regelwerk.table.service import TableService, Viewer

__all__ = ["cookie_name", "forget", "remember", "same_origin", "table_ids", "viewer_of"]

_PREFIX = "rw_"
_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,80}$")
_MAX_AGE = 90 * 24 * 3600


def cookie_name(table_id: str) -> str:
    """The cookie of ``table_id`` (table ids are URL-safe words)."""
    return _PREFIX + table_id


def remember(response: Response, table_id: str, token: str) -> None:
    """Keep the member's token for this browser (HttpOnly, SameSite=Lax)."""
    response.set_cookie(cookie_name(table_id), token, max_age=_MAX_AGE, httponly=True,
                        samesite="lax", path="/")


def forget(response: Response, table_id: str) -> None:
    """Leave the table in this browser."""
    response.delete_cookie(cookie_name(table_id), path="/", httponly=True, samesite="lax")


def table_ids(request: Request) -> list[str]:
    """The tables this browser holds a token for."""
    return sorted(name[len(_PREFIX):] for name in request.cookies
                  if name.startswith(_PREFIX) and _SAFE.match(name[len(_PREFIX):]))


async def viewer_of(request: Request, service: TableService, table_id: str) -> Viewer | None:
    """The member this browser is at ``table_id``, or None (no or a stale token).

    An unknown table raises the service's error (the page answers 404)."""
    token = request.cookies.get(cookie_name(table_id))
    if not token or not _SAFE.match(table_id):
        return None
    try:
        return await run_in_threadpool(service.authenticate, table_id, token)
    except RegelwerkError as error:
        if error.code == "unknown_table":
            raise
        return None


def same_origin(request: Request) -> bool:
    """Whether a form post comes from this site (or names no origin at all)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    return origin.split("://", 1)[-1] == host
