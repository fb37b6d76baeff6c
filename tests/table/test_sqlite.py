"""The table over the SQLite store: events come back from the database as JSON, and a
new service (a restarted server) replays the same state byte for byte."""

from __future__ import annotations

from pathlib import Path

from regelwerk.store import open_store
from regelwerk.table.service import TableService
from regelwerk.table.state import canonical, fold

from .pf2e_sheets import GOBLIN, VALEROS


def test_a_table_survives_a_restart_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    store = open_store(url)
    try:
        service = TableService(store)
        creds = service.create_table(name="Runde", system="pf2e", lang="de", gm_name="A")
        gm = service.authenticate(creds.table_id, creds.token)
        service.execute(gm, {"type": "add_character", "name": "Valeros",
                             "sheet": dict(VALEROS, hp=500, max_hp=500)})
        service.execute(gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                             "hidden": True, "sheet": dict(GOBLIN, hp=500, max_hp=500)})
        service.execute(gm, {"type": "start_encounter", "participants": [
            {"character_id": "c1"}, {"character_id": "c2"}]})
        for _ in range(4):
            active = service.state(gm)["encounter"]["active"]
            target = "c2" if active == "c1" else "c1"
            service.execute(gm, {"type": "strike", "character_id": active,
                                 "target_id": target,
                                 "strike": "Longsword" if active == "c1" else "Dogslicer"})
            service.execute(gm, {"type": "end_turn"})
        live = canonical(service._current(creds.table_id))
    finally:
        store.close()
    again = open_store(url)
    try:
        restarted = TableService(again)
        gm = restarted.authenticate(creds.table_id, creds.token)
        assert canonical(restarted._current(creds.table_id)) == live
        assert canonical(fold(again.read(creds.table_id))) == live
        assert restarted.state(gm)["encounter"]["round"] >= 2
    finally:
        again.close()
