"""Shared test helpers."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Generator, Iterator

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


_PUT_ASIDE: list[asyncio.AbstractEventLoop] = []
"""Playwright's event loop while a test without the browser runs."""


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test without the browser runs without Playwright's event loop.

    Playwright's sync API keeps its asyncio loop marked as running in the main thread
    from the first browser test until the session ends; a test after it on the same
    worker (the browser group runs first) could then not call ``asyncio.run`` (nor
    use a TestClient). The loop is put aside from such a test's set-up to its
    tear-down, and back before the session's end (Playwright's own tear-down)."""
    loop = asyncio.events._get_running_loop()
    if loop is not None and "browser" not in getattr(item, "fixturenames", ()):
        _PUT_ASIDE.append(loop)
        asyncio.events._set_running_loop(None)


def _put_back() -> None:
    while _PUT_ASIDE:
        asyncio.events._set_running_loop(_PUT_ASIDE.pop())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None
                            ) -> Generator[None, object, object]:
    if nextitem is None:
        _put_back()  # the session's fixtures end here, Playwright's among them
    try:
        return (yield)
    finally:
        _put_back()


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


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The real HTTP server (``regelwerk serve``) on a free port, for the tests that
    send a request through every transport (``tests/pf2e/transports.py``)."""
    from tests.hardening.server import running

    with running() as live:
        yield live.url
