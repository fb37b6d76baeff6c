"""The app the HTTP benchmark serves: regelwerk's app plus a bare endpoint that
returns a constant, behind the same middleware and server settings."""

from __future__ import annotations

import sys

from fastapi import FastAPI

from regelwerk.api import create_app


def create_bench_app() -> FastAPI:
    """``create_app()`` with ``POST /bench/constant``."""
    app = create_app()

    @app.post("/bench/constant")
    async def constant() -> dict[str, bool]:
        return {"ok": True}

    return app


if __name__ == "__main__":
    from regelwerk.api.server import serve

    serve("127.0.0.1", int(sys.argv[1]), int(sys.argv[2]),
          app="benchmarks.http_app:create_bench_app", log_level="warning")
