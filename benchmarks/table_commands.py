"""The table's own cost per command, without HTTP or a database: a PF2e encounter
played over the in-memory store (Strikes, damage, turn ends with automation),
and the time to replay its log.

    .venv/bin/python -m benchmarks.table_commands
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from regelwerk.store import MemoryStore
from regelwerk.table.service import TableService
from regelwerk.table.state import fold

HERO: dict[str, Any] = {
    "level": 3, "perception": 7, "ac": 18, "saves": {"fortitude": 9, "reflex": 7, "will": 6},
    "hp": 100_000, "max_hp": 100_000,
    "strikes": [{"name": "Longsword", "modifier": 10, "damage": "1d8+4", "type": "slashing",
                 "traits": []}]}
TROLL: dict[str, Any] = dict(HERO, hp=100_000, max_hp=100_000, regeneration=20,
                             regeneration_off_by=["fire"],
                             weaknesses=[{"type": "fire", "value": 5}])


def play(rounds: int) -> tuple[list[float], TableService, str]:
    """Seconds per command of an encounter of ``rounds`` rounds."""
    service = TableService(MemoryStore())
    creds = service.create_table(name="Bench", system="pf2e", lang="de", gm_name="G")
    gm = service.authenticate(creds.table_id, creds.token)
    service.execute(gm, {"type": "add_character", "name": "Hero", "sheet": HERO})
    service.execute(gm, {"type": "add_character", "name": "Troll", "kind": "creature",
                         "sheet": TROLL})
    service.execute(gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    service.execute(gm, {"type": "damage", "character_id": "c2", "dice": "1d6",
                         "damage_type": "fire", "persistent": True})
    times: list[float] = []
    for _ in range(rounds * 2):
        active = service.state(gm)["encounter"]["active"]
        target = "c2" if active == "c1" else "c1"
        for command in ({"type": "strike", "character_id": active, "target_id": target,
                         "strike": "Longsword"},
                        {"type": "act", "character_id": active, "name": "Stride"},
                        {"type": "end_turn"}):
            start = time.perf_counter()
            service.execute(gm, command)
            times.append(time.perf_counter() - start)
    return times, service, creds.table_id


def main() -> None:
    times, service, table_id = play(100)
    times.sort()
    log = service._store.read(table_id)
    start = time.perf_counter()
    fold(log)
    replay = time.perf_counter() - start
    p99 = times[int(len(times) * 0.99)]
    print(f"{len(times)} commands: {len(times) / sum(times):,.0f} commands/s, "
          f"p50 {statistics.median(times) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms")
    print(f"replaying {len(log)} events: {replay * 1e3:.1f} ms "
          f"({len(log) / replay:,.0f} events/s)")


if __name__ == "__main__":
    main()
