"""The slowest tests first: ``make test``'s pytest-xdist workers take the tests in
collection order, so a long test collected last keeps one worker busy while the
other has nothing left to do. ``tests/durations.json`` holds the seconds of every
test that took at least ``SLOW`` in a recorded run; the test modules are sorted by
their sum, longest first, each module's tests kept together in their order (the rest
keep their order after them).

    .venv/bin/pytest -n 0 --record-durations    # rewrites tests/durations.json
    .venv/bin/pytest tests/web --record-durations   # only the tests/web part of it
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

RECORD = Path(__file__).with_name("durations.json")
SLOW = 0.5
"""Seconds: a test quicker than this is left where it was collected."""


def recorded(path: Path = RECORD) -> dict[str, float]:
    """Seconds per test id of the recorded run; nothing when there is no record."""
    if not path.exists():
        return {}
    seconds: dict[str, float] = json.loads(path.read_text("utf-8"))
    return seconds


def _test_id(item: pytest.Item) -> str:
    # pytest-xdist's --dist loadgroup appends "@group" to the ids of grouped tests
    group = item.get_closest_marker("xdist_group")
    if group is not None and "@" in item.nodeid:
        return item.nodeid.rsplit("@", 1)[0]
    return item.nodeid


def slowest_first(items: list[pytest.Item], seconds: dict[str, float]) -> None:
    """Sort ``items`` in place, the modules with the most recorded seconds first; a
    module's tests stay together and in their order, so that a module-scoped fixture
    (a server, a database) is set up once, not again for each slow test of it."""
    module_seconds: dict[str, float] = {}
    for item in items:
        module = _test_id(item).split("::", 1)[0]
        module_seconds[module] = module_seconds.get(module, 0.0) + seconds.get(
            _test_id(item), 0.0)
    items.sort(key=lambda item: -module_seconds[_test_id(item).split("::", 1)[0]])


class Recorder:
    """Collects each test's time (set-up, call and tear-down) and writes the record."""

    def __init__(self, path: Path = RECORD) -> None:
        self.path = path
        self.seconds: dict[str, float] = {}

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        nodeid = report.nodeid.rsplit("@", 1)[0] if "@" in report.nodeid.rsplit("]", 1)[-1] \
            else report.nodeid
        self.seconds[nodeid] = self.seconds.get(nodeid, 0.0) + report.duration

    @pytest.hookimpl
    def pytest_sessionfinish(self) -> None:
        # the tests of this run replace their old record; the others keep theirs
        kept = {k: v for k, v in recorded(self.path).items() if k not in self.seconds}
        seconds = {**kept, **{k: round(v, 1) for k, v in self.seconds.items()}}
        slow = {k: v for k, v in sorted(seconds.items(), key=lambda kv: -kv[1]) if v >= SLOW}
        self.path.write_text(json.dumps(slow, indent=1, ensure_ascii=False) + "\n", "utf-8")
