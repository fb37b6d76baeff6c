"""Running the HTTP server: uvicorn (httptools parser, uvloop) with several worker
processes, and a connection protocol that times out clients that never send a
complete request head (idle connections and slow headers)."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from regelwerk.api.settings import HttpSettings

__all__ = ["GuardedProtocol", "serve"]

KEEP_ALIVE_SECONDS = 5
"""An idle keep-alive connection is closed after this many seconds."""


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection that takes longer than
    ``REGELWERK_HEADER_TIMEOUT`` seconds to send a request head (from connecting, or
    from the first byte of a request)."""

    _head_timer: asyncio.TimerHandle | None = None
    _head_timeout: float | None = None

    def _arm(self) -> None:
        if self._head_timer is None:
            if GuardedProtocol._head_timeout is None:
                GuardedProtocol._head_timeout = HttpSettings.from_env().header_timeout
            self._head_timer = self.loop.call_later(GuardedProtocol._head_timeout,
                                                    self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.logger.info("closing a connection that sent no complete request head")
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def serve(host: str, port: int, workers: int = 1, settings: HttpSettings | None = None,
          access_log: bool = False, app: str = "regelwerk.api.app:create_app",
          **extra: Any) -> None:
    """Serve ``create_app`` with ``workers`` processes (settings reach each worker
    through the ``REGELWERK_*`` environment variables)."""
    import uvicorn

    settings = settings or HttpSettings.from_env()
    os.environ.update(settings.to_env())
    uvicorn.run(
        app, factory=True, host=host, port=port,
        workers=workers, http="regelwerk.api.server:GuardedProtocol", loop="uvloop",
        timeout_keep_alive=KEEP_ALIVE_SECONDS, access_log=access_log,
        timeout_graceful_shutdown=5, limit_concurrency=settings.connections, **extra,
    )
