"""Two services (as two server processes) over one store, many threads: every
acknowledged command's events are in the log once, and both states agree."""

from __future__ import annotations

import threading

from regelwerk.table.service import TableService
from regelwerk.table.state import canonical, fold

from .conftest import make_table
from .test_service import EZREN


def test_concurrent_commands_from_two_services_lose_nothing() -> None:
    table = make_table("pf2e")
    table.service.execute(table.gm, {"type": "add_character", "name": "Ezren",
                                     "sheet": EZREN})
    other = TableService(table.store)
    acknowledged: list[int] = []
    lock = threading.Lock()

    def work(service: TableService, n: int) -> None:
        for i in range(15):
            result = service.execute(table.gm, {"type": "check", "character_id": "c1",
                                                "statistic": "will", "dc": 10 + n + i})
            with lock:
                acknowledged.append(result["sequence"])

    threads = [threading.Thread(target=work, args=(s, n))
               for n, s in enumerate([table.service, other] * 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log = table.store.read(table.table_id)
    checks = [e for e in log if e.kind == "check_rolled"]
    assert len(checks) == len(acknowledged) == 90
    assert sorted(acknowledged) == sorted(e.sequence for e in checks)
    assert sorted(e.payload["rolls"][0]["request"]["dc"] for e in checks) == sorted(
        10 + n + i for n in range(6) for i in range(15))
    replayed = canonical(fold(log))
    assert canonical(table.service._current(table.table_id)) == replayed
    assert canonical(other._current(table.table_id)) == replayed
