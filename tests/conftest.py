"""Shared test helpers."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres import PostgresMissing, PostgresServer

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The command line speaks the language of the environment: tests start from English
# (those about the language set it themselves).
os.environ["REGELWERK_LANG"] = "en"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole run (see ``tests/postgres.py``);
    missing binaries fail the tests that need it, with how to install them."""
    try:
        server = PostgresServer.start()
    except PostgresMissing as missing:
        problem = str(missing)
    else:
        yield server
        server.stop()
        return
    pytest.fail(problem, pytrace=False)
