"""HTTP plumbing of the table resources: statuses, error responses, the request's
language and the checks every body goes through.

Every failure leaves as the protocol's error shape
``{"ok": false, "error": {"code", "message"}}`` with a status from ``STATUS``;
``TableRoute`` turns errors (the domain's, FastAPI's validation errors and this
module's ``HttpProblem``) into such responses, so no endpoint answers with a
traceback or FastAPI's own error shape.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from babel.numbers import format_decimal
from fastapi import Path
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response

from regelwerk.api.table_models import ErrorResponse
from regelwerk.errors import RegelwerkError
from regelwerk.i18n import LANGUAGES, Translator, accepted, translator

__all__ = [
    "BODY_LIMIT",
    "STATUS",
    "HttpProblem",
    "TableId",
    "TableRoute",
    "error_json",
    "language",
    "problem_responses",
    "said",
    "status_of",
]

TableId = Annotated[str, Path(min_length=1, max_length=64, description="The table's id.")]
"""A table id in a path (the service makes 16-character ones)."""

BODY_LIMIT = 1024 * 1024
"""The largest body a table resource reads (a pasted stat block or a Pathbuilder
export fits many times over)."""

STATUS: dict[str, int] = {
    "invalid_json": 400,
    "invalid_request": 400,
    "unknown_field": 400,
    "missing_field": 400,
    "wrong_type": 400,
    "unknown_command": 400,
    "not_authenticated": 401,
    "not_authorized": 403,
    "unknown_table": 404,
    "unknown_invitation": 404,
    "unknown_character": 404,
    "unknown_encounter": 404,
    "not_found": 404,
    "conflict": 409,
    "body_too_large": 413,
    "limit_exceeded": 413,
    "unsupported_media_type": 415,
    "invalid_event": 400,
    "store_unavailable": 503,
}
"""Status per error code; every other refusal (``not_allowed`` with the rule's
reason, a value a rule refuses) is 422."""

_SUMMARY: dict[int | str, str] = {
    400: "The body or a parameter is malformed (invalid_json, invalid_request, …)",
    401: "No bearer token, or one this table does not know (not_authenticated)",
    403: "The token's member may not do this (not_authorized): a player acting for "
         "another's character, or a game master's action",
    404: "No such table, invitation, character or encounter",
    409: "Another command reached the table first (conflict): read and send it again",
    413: "The body is larger than 1 MiB, or a request exceeds a limit",
    415: "The body is not application/json",
    422: "The rules refuse the command (not_allowed, with the rule's reason)",
    503: "The database could not be reached (store_unavailable): nothing was done; "
         "send it again",
    "4XX": "Every failure has the protocol's error shape",
}


_HEADERS = {
    "not_authenticated": {"WWW-Authenticate": "Bearer"},
    "conflict": {"Retry-After": "0"},  # nothing was appended: send it again at once
    "store_unavailable": {"Retry-After": "1"},
}


def status_of(code: str) -> int:
    """The HTTP status of an error code."""
    return STATUS.get(code, 422)


def error_json(code: str, message: str, status: int | None = None) -> JSONResponse:
    """The protocol's error response."""
    headers = _HEADERS.get(code)
    return JSONResponse({"ok": False, "error": {"code": code, "message": message}},
                        status_code=status or status_of(code), headers=headers)


class HttpProblem(Exception):
    """A failure of the HTTP layer itself (a missing token, a wrong content type)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def language(request: Request) -> Translator:
    """The reader's language: the most wanted of de, en, is that the request's
    ``Accept-Language`` names (by ``q``), else the language of the table in the path (as the
    service knows it), else English.  Every message of a table resource is in it,
    the table's refusals too (docs/api.md, "Errors")."""
    for tag in accepted(request.headers.get("accept-language", "")):
        if tag in LANGUAGES:
            return translator(tag)
    table_id = request.path_params.get("table_id")
    if isinstance(table_id, str):
        from regelwerk.api.table_room import room_of

        opened = room_of(request.app).opened()
        lang = opened[0].language_of(table_id) if opened is not None else None
        if lang in LANGUAGES:
            return translator(lang)
    return translator("en")


def said(error: RegelwerkError, t: Translator) -> str:
    """An error's message in the reader's language (a store that cannot be reached
    adds its own technical words)."""
    if error.code == "store_unavailable":
        return t("The event store cannot be reached; nothing was done: send it again "
                 "({detail}).", detail=error.message)
    return error.to_dict(t)["message"]


def _is_json(content_type: str) -> bool:
    media = content_type.split(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/")
                                           and media.endswith("+json"))


async def check_body(request: Request) -> None:
    """Refuse a body that is not JSON (415), too large (413) or malformed (400)."""
    t = language(request)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > BODY_LIMIT:
        raise HttpProblem("body_too_large", t("The body may have at most {limit} bytes.",
                                         limit=format_decimal(BODY_LIMIT, locale=t.lang)))
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_LIMIT:
            raise HttpProblem("body_too_large", t("The body may have at most {limit} bytes.",
                                             limit=format_decimal(BODY_LIMIT, locale=t.lang)))
        chunks.append(chunk)
    body = b"".join(chunks)
    request._body = body  # FastAPI reads the body that was already received
    if not body:
        return
    if not _is_json(request.headers.get("content-type", "")):
        raise HttpProblem("unsupported_media_type",
                          t("The body must be JSON, sent as Content-Type: application/json."))


def _validation_message(error: RequestValidationError, t: Translator) -> tuple[str, str]:
    """The code and a readable message for FastAPI's validation errors."""
    from regelwerk.protocol.resolve import field_problem

    problems = []
    for item in error.errors()[:5]:
        kind = str(item.get("type", ""))
        if kind == "json_invalid":
            return "invalid_json", t("The body is not valid JSON.")
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        problem = field_problem(item).render(t)
        problems.append(f"{where}: {problem}" if where else problem)  # the body itself
    return "invalid_request", t("The request does not fit: {problems}.",
                                problems="; ".join(problems))


class TableRoute(APIRoute):
    """A route whose every failure is the protocol's error response."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            try:
                if request.method in ("POST", "PUT", "PATCH"):
                    await check_body(request)
                return await handler(request)
            except HttpProblem as problem:
                return error_json(problem.code, problem.message)
            except RequestValidationError as error:
                code, message = _validation_message(error, language(request))
                return error_json(code, message)
            except RegelwerkError as error:
                return error_json(error.code, said(error, language(request)))

        return guarded


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error statuses an endpoint can answer."""
    out: dict[int | str, dict[str, Any]] = {}
    every: tuple[int | str, ...] = (*statuses, "4XX")  # "4XX" also keeps FastAPI's 422 out
    for status in every:
        code = next((c for c, s in STATUS.items() if s == status), "not_allowed")
        out[status] = {
            "model": ErrorResponse,
            "description": _SUMMARY[status],
            "content": {"application/json": {
                "example": {"ok": False, "error": {"code": code, "message": _SUMMARY[status]}},
            }},
        }
    return out
