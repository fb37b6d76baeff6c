"""Choosing and opening a store: URLs, the environment, the default data folder,
and clear errors for what cannot be opened."""

from __future__ import annotations

import socket
from pathlib import Path

import platformdirs
import pytest

from regelwerk import store as store_package
from regelwerk.store import (
    MemoryStore,
    StoreUnavailable,
    data_dir,
    open_store,
    open_store_from_env,
    store_url,
)
from regelwerk.store.postgres import PostgresStore, engine_url
from regelwerk.store.sqlite import SqliteStore
from tests.postgres import PostgresServer


def test_the_package_face_is_what_it_should_be() -> None:
    assert set(store_package.__all__) == {
        "DATABASE_URL", "DATA_DIR", "DEFAULT_FILE", "ConflictError", "EventStore",
        "InvalidEvent", "MemoryStore", "NewEvent", "StoreUnavailable", "StoredEvent",
        "TableInfo", "UnknownTable", "data_dir", "open_store", "open_store_from_env",
        "store_url",
    }
    for name in store_package.__all__:
        assert hasattr(store_package, name)


def test_memory_url_gives_a_fresh_memory_store() -> None:
    first, second = open_store("memory:"), open_store("memory:")
    assert isinstance(first, MemoryStore)
    assert first is not second


def test_a_sqlite_url_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "events.sqlite3"
    opened = open_store(f"sqlite:///{path}")
    try:
        assert isinstance(opened, SqliteStore)
        assert opened.path == path
        assert path.exists()
    finally:
        opened.close()


def test_no_url_opens_the_default_file_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REGELWERK_DATA_DIR", str(tmp_path / "data"))
    opened = open_store()
    try:
        assert isinstance(opened, SqliteStore)
        assert opened.path == tmp_path / "data" / "regelwerk.sqlite3"
    finally:
        opened.close()


def test_the_environment_names_the_store(tmp_path: Path) -> None:
    assert store_url({"REGELWERK_DATA_DIR": str(tmp_path)}) == (
        f"sqlite:///{tmp_path / 'regelwerk.sqlite3'}")
    assert store_url({"REGELWERK_DATABASE_URL": "postgresql://u@h/db",
                      "REGELWERK_DATA_DIR": str(tmp_path)}) == "postgresql://u@h/db"
    assert store_url({"REGELWERK_DATABASE_URL": "  "}).startswith("sqlite:///")
    assert data_dir({}) == platformdirs.user_data_path("regelwerk", appauthor=False)
    assert data_dir({"REGELWERK_DATA_DIR": "~/spiele"}) == Path.home() / "spiele"
    opened = open_store_from_env({"REGELWERK_DATABASE_URL": "memory:"})
    assert isinstance(opened, MemoryStore)


def test_the_environment_opens_postgresql(postgres_server: PostgresServer) -> None:
    url = postgres_server.create_database()
    opened = open_store_from_env({"REGELWERK_DATABASE_URL": url})
    try:
        assert isinstance(opened, PostgresStore)
        opened.create_table("t")
        assert opened.tables()[0].table_id == "t"
    finally:
        opened.close()


@pytest.mark.parametrize("url", ["postgresql://u:pw@h:5/db", "postgres://u:pw@h:5/db",
                                 "postgresql+psycopg://u:pw@h:5/db"])
def test_postgresql_urls_use_psycopg_3(url: str) -> None:
    assert engine_url(url).render_as_string(hide_password=False) == (
        "postgresql+psycopg://u:pw@h:5/db")


@pytest.mark.parametrize("url", ["mysql://u@h/db", "sqlite://", "sqlite:///:memory:",
                                 "no url at all", "redis://h/0", ""])
def test_a_url_that_names_no_store_is_refused_with_what_is_allowed(url: str) -> None:
    with pytest.raises(ValueError, match="memory:, sqlite:///path or postgresql://"):
        open_store(url)


def test_an_unreachable_postgresql_is_unavailable_and_hides_the_password() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nobody listens there
    with pytest.raises(StoreUnavailable) as refused:
        open_store(f"postgresql://someone:geheim@127.0.0.1:{port}/nowhere")
    assert refused.value.code == "store_unavailable"
    assert "geheim" not in refused.value.message
    assert str(port) in refused.value.message


def test_a_sqlite_file_that_cannot_be_made_is_unavailable(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreUnavailable, match="a-file"):
        open_store(f"sqlite:///{blocker / 'events.sqlite3'}")


def test_a_file_that_is_not_a_database_is_unavailable(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(StoreUnavailable, match="junk"):
        open_store(f"sqlite:///{path}")
