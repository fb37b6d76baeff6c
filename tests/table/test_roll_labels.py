"""Roll labels in events speak the table's language (through the catalogues)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import make_table
from .pf2e_sheets import GOBLIN, VALEROS

EXPECTED = {
    "de": ("Initiative Valeros", "Angriff ", "Schaden "),
    "is": ("frumkvæði Valeros", "Árás ", "skaði "),
    "en": ("initiative Valeros", "Strike ", "damage "),
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_roll_labels_in_the_tables_language(lang: str) -> None:
    table = make_table("pf2e", lang, fixed=f"labels-{lang}")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros", "sheet": VALEROS})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": dict(GOBLIN, ac=0)})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2"]})
    while s.state(table.gm)["encounter"]["active"] != "c1":
        s.execute(table.gm, {"type": "end_turn"})
    strike = VALEROS["strikes"][0]["name"]
    s.execute(table.player, {"type": "strike", "character_id": "c1", "target_id": "c2",
                             "strike": strike})
    s.execute(table.gm, {"type": "damage", "character_id": "c2", "dice": "1d4",
                         "damage_type": "fire"})
    labels: list[Any] = [r["label"] for e in s.events(table.gm)
                         for r in e["payload"].get("rolls", [])]
    initiative, strike_word, damage_word = EXPECTED[lang]
    assert initiative in labels
    assert f"{strike_word}{strike}" in labels
    assert sum(1 for label in labels if label.startswith(damage_word)) >= 2
