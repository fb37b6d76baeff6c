"""Fixtures of the table API tests: the real server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from regelwerk.api import create_app
from regelwerk.api.table_room import use_store
from regelwerk.store import open_store
from tests.table_api.live import Live, serving


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    """The app served by uvicorn on a free loopback port, on a SQLite file (the
    default store) in the test's folder."""
    app = create_app()
    use_store(app, open_store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"))
    app.state.table_heartbeat = 0.5
    with serving(app) as running:
        yield running


@pytest.fixture(scope="module")
def shared_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """As ``live``, one server for a whole module (for property tests)."""
    app = create_app()
    folder = tmp_path_factory.mktemp("tables")
    use_store(app, open_store(f"sqlite:///{folder / 'tables.sqlite3'}"))
    with serving(app) as running:
        yield running
