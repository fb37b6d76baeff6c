"""Serving the app with uvicorn, so that open event streams end cleanly on shutdown.

uvicorn waits for open responses before it stops, and an event stream never
finishes by itself; ``TableServer`` first tells the streams to end (each sends
a last ``closing`` event and completes its response), then shuts down as usual.
"""

from __future__ import annotations

import socket

import uvicorn
from fastapi import FastAPI

from regelwerk.api.table_room import room_of

__all__ = ["TableServer", "serve"]


class TableServer(uvicorn.Server):
    """uvicorn's server, ending the app's event streams before it waits for them."""

    def __init__(self, app: FastAPI, host: str = "127.0.0.1", port: int = 8000,
                 **options: object) -> None:
        config = uvicorn.Config(app, host=host, port=port, timeout_graceful_shutdown=5,
                                **options)  # type: ignore[arg-type]
        super().__init__(config)
        self.app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        room_of(self.app).end_streams()
        await super().shutdown(sockets)


def serve(app: FastAPI, host: str, port: int) -> None:
    """Serve ``app`` until interrupted (SIGINT or SIGTERM end the streams first)."""
    TableServer(app, host, port).run()
