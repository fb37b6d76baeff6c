"""Shared test helpers."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.durations import Recorder, recorded, slowest_first
from tests.postgres import PostgresMissing, PostgresServer

# Examples per Hypothesis test (a test's own ``@settings`` wins): ``make test`` runs
# ``quick`` (``--hypothesis-profile``), CI ``ci``, ``make test-deep`` ``deep``; a plain
# ``pytest`` runs ``dev`` (``ci`` when CI is set).
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("quick", max_examples=50, deadline=None)
settings.register_profile(
    "deep", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The command line speaks the language of the environment: tests start from English
# (those about the language set it themselves).
os.environ["REGELWERK_LANG"] = "en"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--record-durations", action="store_true",
                     help="write each slow test's seconds to tests/durations.json "
                          "(make test runs the slowest first)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--record-durations") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Recorder(), "regelwerk-durations")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests first (``tests/durations.py``), so that no worker is left
    with a long test at the end of the run while the other has finished."""
    slowest_first(items, recorded())


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
