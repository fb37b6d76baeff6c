"""The store fixtures: every test of the contract runs against memory, SQLite and
PostgreSQL (a real server, started once per run by ``postgres_server``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from regelwerk.store import EventStore, open_store
from tests.postgres import PostgresServer

KINDS = ["memory", "sqlite", "postgresql"]
DATABASES = ["sqlite", "postgresql"]


def new_url(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of a fresh, empty store of ``kind``."""
    if kind == "memory":
        return "memory:"
    if kind == "sqlite":
        (tmp_path / "store").mkdir(exist_ok=True)
        return f"sqlite:///{tmp_path / 'store' / 'events.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.create_database()
    request.addfinalizer(lambda: server.drop_database(url))
    return url


@pytest.fixture(params=KINDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return new_url(request.param, request, tmp_path)


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database store's URL (those shared between processes)."""
    return new_url(request.param, request, tmp_path)


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    opened = open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def db_store(db_url: str) -> Iterator[EventStore]:
    opened = open_store(db_url)
    yield opened
    opened.close()
