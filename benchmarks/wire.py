"""A lean HTTP/1.1 client over asyncio streams, for the load benchmark.

Hundreds of concurrent clients in one process cost a general client library
more CPU than the server under test spends; this one does only what the
benchmark needs (keep-alive requests with a JSON body, and reading a chunked
event stream line by line), so the figures measure the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

__all__ = ["Connection", "HttpError"]


class HttpError(Exception):
    """The server closed the connection or answered something unreadable."""


class Connection:
    """One keep-alive connection to ``host:port``."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(
                self.host, self.port, limit=1 << 20)
        return self._reader, self._writer

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
            self._reader = self._writer = None

    async def _send(self, method: str, path: str, token: str | None, body: bytes | None,
                    extra: str = "") -> asyncio.StreamReader:
        reader, writer = await self._open()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{extra}"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        writer.write(head.encode() + b"\r\n" + (body or b""))
        await writer.drain()
        return reader

    @staticmethod
    async def _head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
        status_line = await reader.readline()
        if not status_line:
            raise HttpError("the server closed the connection")
        status = int(status_line.split()[1])
        headers = {}
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        return status, headers

    async def request(self, method: str, path: str, token: str | None = None,
                      payload: Any = None) -> tuple[int, Any]:
        """Send a request (``payload`` as JSON) and read the JSON answer."""
        body = None if payload is None else json.dumps(payload).encode()
        reused = self._writer is not None
        reader = await self._send(method, path, token, body)
        try:
            status, headers = await self._head(reader)
        except (HttpError, ConnectionError):
            if not reused:
                raise
            # the server closed the idle connection before it read the request: again
            await self.close()
            reader = await self._send(method, path, token, body)
            status, headers = await self._head(reader)
        if headers.get("transfer-encoding") == "chunked":
            data = b"".join([chunk async for chunk in _chunks(reader)])
        else:
            data = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            await self.close()
        return status, json.loads(data) if data else None

    async def lines(self, path: str, token: str) -> AsyncIterator[str]:
        """The lines of an event stream (the connection is the stream's alone)."""
        reader = await self._send("GET", path, token, None, "Accept: text/event-stream\r\n")
        status, _headers = await self._head(reader)
        if status != 200:
            raise HttpError(f"stream {path}: {status}")
        pending = b""
        async for chunk in _chunks(reader):
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for line in complete:
                yield line.decode("utf-8").rstrip("\r")


async def _chunks(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    """The chunks of a chunked body, until the last (empty) one."""
    while True:
        size_line = await reader.readline()
        if not size_line:
            raise HttpError("the stream was cut off")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            await reader.readline()
            return
        chunk = await reader.readexactly(size)
        await reader.readexactly(2)
        yield chunk
