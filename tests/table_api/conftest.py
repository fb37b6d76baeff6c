"""Fixtures of the table API tests: the real server on loopback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from regelwerk.api import create_app
from regelwerk.api.table_room import use_store
from regelwerk.store import MemoryStore
from tests.table_api.live import Live, serving


@pytest.fixture
def live() -> Iterator[Live]:
    """The app served by uvicorn on a free loopback port, on an in-memory store."""
    app = create_app()
    use_store(app, MemoryStore())
    app.state.table_heartbeat = 0.5
    with serving(app) as running:
        yield running
