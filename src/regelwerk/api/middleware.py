"""HTTP conventions for every route of the app, as one pure ASGI layer.

- ``Host`` must be on the allow-list (400 ``invalid_host``): no DNS rebinding.
- A body may have at most ``max_body`` bytes: 413 ``body_too_large`` from the
  ``Content-Length`` header before anything is read, or as soon as a streamed body
  grows past it.
- A body that stalls for ``body_timeout`` seconds is answered 408 ``body_timeout``.
- Bodies of ``/api/`` routes must be ``application/json``; other routes (the web
  pages' HTML forms) also take ``application/x-www-form-urlencoded`` and
  ``multipart/form-data``: anything else is 415 ``unsupported_media_type``.
- CORS is off unless origins are allowed; preflights of allowed origins are answered.
- Security headers go on every response.
- A client that disconnects mid-request ends the request quietly (one log line, no
  traceback).

Its refusals are in the reader's language: the first of de, en, is that
``Accept-Language`` names, else the language of the table in a
``/api/v1/tables/{table_id}`` path, else English (docs/api.md, "Errors").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from regelwerk.api.settings import HttpSettings
from regelwerk.budget import shorten
from regelwerk.errors import Number, RegelwerkError
from regelwerk.protocol.wire import encode

__all__ = ["SECURITY_HEADERS", "Guard", "reader_language"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("regelwerk.http")

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),  # no-referrer would make form posts "Origin: null"
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
     b"'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; "
     b"form-action 'self'"),
)
_JSON_TYPES = frozenset({"application/json"})
_FORM_TYPES = frozenset({"application/json", "application/x-www-form-urlencoded",
                         "multipart/form-data"})
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class _Disconnected(Exception):
    """The client went away before its request was answered."""


class _Refused(Exception):
    """A refusal of the HTTP layer: an English template and its values, said in the
    reader's language when it is sent."""

    def __init__(self, status: int, code: str, message: str, **values: object) -> None:
        self.status, self.code = status, code
        self.error = RegelwerkError(message, code=code, **values)
        self.message = self.error.message


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


def _host_name(host: bytes) -> str:
    text = host.decode("latin-1").strip().lower()
    if text.startswith("["):  # [::1]:8000
        return text[1:text.find("]")] if "]" in text else text
    return text.rsplit(":", 1)[0] if text.count(":") == 1 else text


class Guard:
    """The HTTP conventions around ``app`` (see the module docstring)."""

    def __init__(self, app: App, settings: HttpSettings) -> None:
        self.app = app
        self.settings = settings
        self.hosts = frozenset(h.lower() for h in settings.allowed_hosts)
        self.origins = frozenset(settings.cors_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        origin = _header(scope, b"origin")
        allowed_origin = origin if origin is not None and (
            origin.decode("latin-1") in self.origins or "*" in self.origins) else None

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers.extend(SECURITY_HEADERS)
                if allowed_origin is not None:
                    headers.append((b"access-control-allow-origin", allowed_origin))
                    headers.append((b"vary", b"Origin"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            self._check(scope)
            if scope["method"] == "OPTIONS" and origin is not None and _header(
                    scope, b"access-control-request-method") is not None:
                await self._preflight(allowed_origin, guarded_send, scope)
                return
            if scope["method"] in _BODY_METHODS:
                receive = self._replay(await self._read_body(receive), receive)
            await self.app(scope, receive, guarded_send)
        except _Refused as refused:
            if not started:
                await _refuse(guarded_send, refused, scope)
        except _Disconnected:
            log.info("client %s disconnected before its request was answered",
                     _client(scope))
        except OSError as error:  # the connection broke while answering
            log.info("connection to %s lost: %s", _client(scope), error)
        except Exception as error:
            if type(error).__name__ == "ClientDisconnect":
                log.info("client %s disconnected before its request was answered",
                         _client(scope))
                return
            log.exception("internal error answering %s %s", scope["method"],
                          shorten(scope["path"]))
            if not started:
                await _refuse(guarded_send, _Refused(
                    500, "internal_error", "regelwerk could not answer this request; "
                    "please report it with the request"), scope)

    def _check(self, scope: Scope) -> None:
        host = _header(scope, b"host")
        if "*" not in self.hosts and (host is None or _host_name(host) not in self.hosts):
            raise _Refused(400, "invalid_host", "this server answers only requests addressed "
                           "to {hosts} (the Host header)", hosts=", ".join(sorted(self.hosts)))
        if scope["method"] not in _BODY_METHODS:
            return
        length = _header(scope, b"content-length")
        if length is not None:
            try:
                size = int(length)
            except ValueError:
                raise _Refused(400, "invalid_request",
                               "Content-Length is not a number") from None
            if size > self.settings.max_body:
                raise _too_large(self.settings.max_body)
        path: str = scope["path"]
        allowed = _JSON_TYPES if path.startswith("/api/") else _FORM_TYPES
        kind = _header(scope, b"content-type")
        media = (kind or b"").split(b";", 1)[0].strip().lower().decode("latin-1")
        # RFC 9112 §6.3: a request without Content-Length and Transfer-Encoding
        # has no body; an empty body needs no media type.
        empty = (length.strip() == b"0" if length is not None
                 else _header(scope, b"transfer-encoding") is None)
        if media not in allowed and (not empty or kind is not None):
            if not media:
                raise _Refused(415, "unsupported_media_type",
                               "the body must be {allowed} (got no Content-Type)",
                               allowed=", ".join(sorted(allowed)))
            raise _Refused(415, "unsupported_media_type", "the body must be {allowed} "
                           "(got {media})", allowed=", ".join(sorted(allowed)), media=media[:80])

    async def _read_body(self, receive: Receive) -> bytes:
        """The whole body, within the size limit and the per-part timeout."""
        limit = self.settings.max_body
        timeout = self.settings.body_timeout
        parts: list[bytes] = []
        read = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout)
            except TimeoutError:
                raise _Refused(408, "body_timeout", "the request body stalled: each part "
                               "must arrive within {seconds} seconds",
                               seconds=Number(timeout)) from None
            if message["type"] == "http.disconnect":
                raise _Disconnected
            chunk = message.get("body", b"")
            read += len(chunk)
            if read > limit:
                raise _too_large(limit)
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    @staticmethod
    def _replay(body: bytes, receive: Receive) -> Receive:
        """The body read ahead in one message, then the connection's own messages."""
        pending = True

        async def replayed() -> Message:
            nonlocal pending
            if pending:
                pending = False
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replayed

    async def _preflight(self, origin: bytes | None, send: Send, scope: Scope) -> None:
        if origin is None:
            await _refuse(send, _Refused(403, "cors_not_allowed",
                                         "this origin may not call the API from a browser"),
                          scope)
            return
        await send({"type": "http.response.start", "status": 204, "headers": [
            (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
            (b"access-control-allow-headers", b"content-type"),
            (b"access-control-max-age", b"600"),
        ]})
        await send({"type": "http.response.body", "body": b""})


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "unknown"


def _too_large(limit: int) -> _Refused:
    return _Refused(413, "body_too_large", "the request body is larger than {limit} bytes",
                    limit=Number(limit))


_TABLE_PATH = "/api/v1/tables/"


def reader_language(scope: Scope) -> str:
    """The reader's language of a request (see the module docstring), before any
    route has read the path."""
    from regelwerk.i18n import LANGUAGES, accepted

    wanted = (_header(scope, b"accept-language") or b"").decode("latin-1")
    lang = next((tag for tag in accepted(wanted) if tag in LANGUAGES), None)
    path: str = scope.get("path", "")
    app = scope.get("app")
    if lang is None and path.startswith(_TABLE_PATH) and app is not None:
        from regelwerk.api.table_room import room_of

        opened = room_of(app).opened()
        table_id = path[len(_TABLE_PATH):].split("/", 1)[0]
        lang = opened[0].language_of(table_id) if opened is not None else None
    return lang if lang in LANGUAGES else "en"


def _said(refused: _Refused, scope: Scope) -> str:
    """The refusal in the reader's language."""
    from regelwerk.i18n import translator

    return refused.error.to_dict(translator(reader_language(scope)))["message"]


async def _refuse(send: Send, refused: _Refused, scope: Scope) -> None:
    try:
        message = _said(refused, scope)
    except Exception:  # a refusal is always answered, in English at worst
        message = refused.message
    body = encode({"ok": False, "error": {"code": refused.code, "message": message}})
    await send({"type": "http.response.start", "status": refused.status, "headers": [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]})
    await send({"type": "http.response.body", "body": body})
