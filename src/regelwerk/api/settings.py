"""The HTTP server's settings: defaults, and the ``REGELWERK_*`` environment variables
that ``regelwerk serve`` sets for its worker processes (docs/limits.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields

__all__ = ["HttpSettings"]

_ENV = {
    "max_body": "REGELWERK_MAX_BODY",
    "allowed_hosts": "REGELWERK_ALLOWED_HOSTS",
    "cors_origins": "REGELWERK_CORS_ORIGINS",
    "body_timeout": "REGELWERK_BODY_TIMEOUT",
    "header_timeout": "REGELWERK_HEADER_TIMEOUT",
    "threads": "REGELWERK_THREADS",
    "queue": "REGELWERK_QUEUE",
    "request_timeout": "REGELWERK_REQUEST_TIMEOUT",
    "connections": "REGELWERK_CONNECTIONS",
}


@dataclass(frozen=True, slots=True)
class HttpSettings:
    """Limits and allow-lists of the HTTP server."""

    max_body: int = 1 << 20
    """Bytes of one request body (413 beyond)."""
    allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "::1")
    """Host names a request may be addressed to (400 otherwise); ``*`` allows any."""
    cors_origins: tuple[str, ...] = ()
    """Origins allowed to call the API from a browser (none: CORS is off)."""
    body_timeout: float = 10.0
    """Seconds to wait for the next part of a request body (408 beyond)."""
    header_timeout: float = 10.0
    """Seconds a connection may take to send a request's headers, or stay idle
    before its first request."""
    threads: int = 2
    """Rules workers per process (requests over ``INLINE_UNITS`` run there)."""
    queue: int = 16
    """Requests that may wait for a rules worker (503 beyond)."""
    request_timeout: float = 10.0
    """Seconds one request may wait and compute in the rules pool (503 beyond)."""
    connections: int = 1000
    """Open connections and requests per server process (uvicorn answers 503 beyond)."""

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> HttpSettings:
        """The defaults, overridden by the ``REGELWERK_*`` variables that are set."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        for field in fields(cls):
            raw = env.get(_ENV[field.name])
            if raw is None or raw == "":
                continue
            default = getattr(cls(), field.name)
            if isinstance(default, tuple):
                values[field.name] = tuple(p.strip() for p in raw.split(",") if p.strip())
            elif isinstance(default, int):
                values[field.name] = int(raw)
            else:
                values[field.name] = float(raw)
        return cls(**values)  # type: ignore[arg-type]

    def to_env(self) -> dict[str, str]:
        """The environment variables that reproduce these settings."""
        out: dict[str, str] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            out[_ENV[field.name]] = ",".join(value) if isinstance(value, tuple) else str(value)
        return out
