"""Hero points at the table: "Gib 1 Heldenpunkt aus, um einen Wurf zu wiederholen. Du
musst das neue Resultat behalten. Dies ist ein Glückseffekt – dies bedeutet, dass du
nicht mehr als 1 Heldenpunkt pro Wurf ausgeben kannst." (PF2e, Heldenpunkte)"""

from __future__ import annotations

import pytest

from regelwerk.table.errors import NotAllowed, NotAuthorized
from tests.table.conftest import Table, make_table
from tests.table.pf2e_sheets import VALEROS


def _seat(t: Table, hero_points: int = 2) -> str:
    answer = t.service.execute(t.player, {"type": "add_character", "name": "Valeros",
                                          "sheet": {**VALEROS, "hero_points": hero_points}})
    character_id: str = answer["events"][0]["payload"]["character"]["id"]
    return character_id


def test_a_hero_point_rerolls_the_latest_check_once() -> None:
    t = make_table("pf2e", "de", fixed="hero")
    valeros = _seat(t)
    first = t.service.execute(t.player, {"type": "check", "character_id": valeros,
                                         "statistic": "Athletics", "dc": 20})
    before = first["events"][0]["payload"]["rolls"][0]["result"]
    answer = t.service.execute(t.player, {"type": "reroll", "character_id": valeros})
    event = answer["events"][0]
    assert event["kind"] == "check_rerolled"
    payload = event["payload"]
    assert payload["before"] == {"natural": before["natural"], "total": before["total"],
                                 "degree": before["degree"]}
    after = payload["rolls"][0]["result"]
    assert payload["after"]["total"] == after["total"] == after["natural"] + 9
    assert payload["rerolls"] == first["events"][0]["sequence"]
    assert t.service.state(t.player)["characters"][valeros]["health"]["hero_points"] == 1
    # "nicht mehr als 1 Heldenpunkt pro Wurf": the rerolled check is spent.
    with pytest.raises(NotAllowed, match="keinen Wurf"):
        t.service.execute(t.player, {"type": "reroll", "character_id": valeros})


def test_no_hero_point_no_reroll_and_only_ones_own() -> None:
    t = make_table("pf2e", "en")
    valeros = _seat(t, hero_points=0)
    t.service.execute(t.player, {"type": "check", "character_id": valeros,
                                 "statistic": "Athletics", "dc": 20})
    with pytest.raises(NotAuthorized):
        t.service.execute(t.other, {"type": "reroll", "character_id": valeros})
    with pytest.raises(NotAllowed, match="no hero point"):
        t.service.execute(t.player, {"type": "reroll", "character_id": valeros})


def test_a_secret_check_rerolled_stays_secret() -> None:
    """A player who knows of a secret check may apply a fortune effect: "Teile dies
    dem SL mit, damit er den Effekt anwenden kann." (Verdeckte Würfe)"""
    t = make_table("pf2e", "en")
    valeros = _seat(t)
    t.service.execute(t.gm, {"type": "check", "character_id": valeros,
                             "statistic": "perception", "dc": 25, "secret": True})
    answer = t.service.execute(t.player, {"type": "reroll", "character_id": valeros})
    assert answer["events"][0]["payload"] == {"secret": True}
    gm_copy = t.service.events(t.gm)[-1]
    assert gm_copy["kind"] == "check_rerolled"
    assert gm_copy["payload"]["rolls"]


def test_undo_of_a_check_leaves_nothing_to_reroll() -> None:
    t = make_table("pf2e", "en")
    valeros = _seat(t)
    t.service.execute(t.player, {"type": "check", "character_id": valeros,
                                 "statistic": "Athletics", "dc": 20})
    t.service.execute(t.gm, {"type": "undo"})
    with pytest.raises(NotAllowed, match="no check to reroll"):
        t.service.execute(t.player, {"type": "reroll", "character_id": valeros})


def test_temporary_hit_points_from_one_source_at_a_time() -> None:
    """"Du kannst aber Temporäre Trefferpunkte immer nur aus einer Quelle gleichzeitig
    haben." (Temporäre Trefferpunkte)"""
    t = make_table("pf2e", "en")
    valeros = _seat(t)
    t.service.execute(t.other, {"type": "temp_hp", "character_id": valeros, "amount": 5})
    t.service.execute(t.gm, {"type": "temp_hp", "character_id": valeros, "amount": 3})
    assert t.service.state(t.player)["characters"][valeros]["health"]["temp_hp"] == 3
    t.service.execute(t.gm, {"type": "temp_hp", "character_id": valeros, "amount": 8,
                             "keep": True})
    assert t.service.state(t.player)["characters"][valeros]["health"]["temp_hp"] == 3
    t.service.execute(t.gm, {"type": "damage", "character_id": valeros, "amount": 5,
                             "damage_type": "slashing"})
    health = t.service.state(t.player)["characters"][valeros]["health"]
    assert (health["temp_hp"], health["hp"]) == (0, 38)
