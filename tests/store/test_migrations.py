"""Schema migrations (Alembic): run on open, idempotent, safe for simultaneous
openers, reversible, and in step with ``regelwerk.store.schema``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text

from regelwerk.store import NewEvent, StoreUnavailable, open_store
from regelwerk.store.migrate import current_revision, downgrade, head_revision, upgrade
from regelwerk.store.postgres import engine_url
from regelwerk.store.schema import VERSION_TABLE, metadata

ROOT = Path(__file__).resolve().parents[2]


def engine_for(url: str) -> Engine:
    if url.startswith("sqlite"):
        return create_engine(url)
    return create_engine(engine_url(url))


def test_opening_an_empty_database_migrates_it_to_head(db_url: str) -> None:
    engine = engine_for(db_url)
    try:
        with engine.connect() as connection:
            assert current_revision(connection) is None
        open_store(db_url).close()
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
            assert {"logs", "events", VERSION_TABLE} <= set(inspect(connection).get_table_names())
    finally:
        engine.dispose()


def test_the_schema_module_matches_the_migrated_database(db_url: str) -> None:
    open_store(db_url).close()
    engine = engine_for(db_url)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(
                MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE}),
                metadata)
        assert differences == []
    finally:
        engine.dispose()


def test_reopening_keeps_the_events_and_migrates_nothing(db_url: str) -> None:
    store = open_store(db_url)
    store.create_table("t")
    store.append("t", 0, [NewEvent("kept", {"ä": 1}, "gm")])
    store.close()
    for _ in range(3):
        again = open_store(db_url)
        try:
            assert [(e.sequence, e.kind, e.payload) for e in again.read("t")] == [
                (1, "kept", {"ä": 1})]
        finally:
            again.close()
    engine = engine_for(db_url)
    try:
        upgrade(engine)  # once more, by hand: nothing to do
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
            versions = connection.execute(text(f"SELECT count(*) FROM {VERSION_TABLE}"))
            assert versions.scalar_one() == 1
    finally:
        engine.dispose()


def test_downgrade_to_base_and_up_again(db_url: str) -> None:
    open_store(db_url).close()
    engine = engine_for(db_url)
    try:
        downgrade(engine, "base")
        with engine.connect() as connection:
            assert current_revision(connection) is None
            assert not {"logs", "events"} & set(inspect(connection).get_table_names())
    finally:
        engine.dispose()
    store = open_store(db_url)
    try:
        store.create_table("t")
        assert store.last_sequence("t") == 0
    finally:
        store.close()


def test_processes_opening_a_new_database_at_once_all_succeed(db_url: str) -> None:
    processes = [
        subprocess.Popen([sys.executable, "-m", "tests.store.worker", "open", db_url], cwd=ROOT,
                         text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(4)
    ]
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert out.split() == ["0"]
    engine = engine_for(db_url)
    try:
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
    finally:
        engine.dispose()


def test_a_database_from_a_newer_regelwerk_is_refused(db_url: str) -> None:
    open_store(db_url).close()
    engine = engine_for(db_url)
    try:
        with engine.begin() as connection:
            connection.execute(text(f"UPDATE {VERSION_TABLE} SET version_num = 'ffff'"))
    finally:
        engine.dispose()
    with pytest.raises(StoreUnavailable, match="ffff"):
        open_store(db_url)
