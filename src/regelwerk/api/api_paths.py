"""Paths under ``/api/`` that no route serves answer in the protocol's error shape
and the reader's language (docs/api.md, "Errors"), not in FastAPI's own
``{"detail": ...}``; every other path keeps FastAPI's answer (the web pages have
their own)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.exception_handlers import http_exception_handler
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from regelwerk.api.middleware import reader_language
from regelwerk.api.table_http import error_json
from regelwerk.i18n import translator

__all__ = ["install"]


async def _answer(request: Request, error: Exception) -> Response:
    if not isinstance(error, HTTPException) or not request.url.path.startswith("/api/") \
            or error.status_code not in (404, 405):
        return await http_exception_handler(request, error)  # type: ignore[arg-type]
    t = translator(reader_language(request.scope))
    if error.status_code == 404:
        return error_json("not_found", t(
            "There is no {path} in the API: its endpoints are listed at /docs.",
            path=request.url.path[:120]), 404)
    response = error_json("method_not_allowed", t(
        "{path} does not take {method}: its methods are listed at /docs.",
        path=request.url.path[:120], method=request.method[:10]), 405)
    if error.headers and "Allow" in error.headers:
        response.headers["Allow"] = error.headers["Allow"]
    return response


def install(app: FastAPI) -> None:
    """Answer unknown ``/api/`` paths and methods in the protocol's error shape."""
    app.add_exception_handler(HTTPException, _answer)
