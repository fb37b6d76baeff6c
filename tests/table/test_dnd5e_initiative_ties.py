"""5e initiative ties through the table: equal Dexterity check totals are ordered by
the table's ``initiative_ties`` rule, in 5e ``modifier`` meaning the higher Dexterity
score (docs/rulings.md, "Table: initiative ties": "`modifier` (the higher initiative
modifier, in 5e the higher Dexterity score)")."""

from __future__ import annotations

import pytest

from .conftest import make_table
from .test_systems import BRAK, LYRA


@pytest.mark.parametrize(("rule", "order"), [
    ("modifier", ["c1", "c2"]), ("characters_first", ["c1", "c2"]),
    ("foes_first", ["c2", "c1"]), ("given_order", ["c2", "c1"])])
def test_equal_totals_follow_the_tables_tie_rule(rule: str, order: list[str]) -> None:
    # the fixed dice of "tie-19" roll Lyra (Dexterity 16, +3) and Brak (Dexterity 10)
    # to the same total, 11
    table = make_table("dnd5e", fixed="tie-19")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Lyra",
                             "sheet": dict(LYRA, lucky=False)})
    s.execute(table.gm, {"type": "add_character", "name": "Brak", "kind": "creature",
                         "sheet": BRAK})
    s.execute(table.gm, {"type": "set_setting", "key": "initiative_ties", "value": rule})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c2"}, {"character_id": "c1"}]})
    encounter = s.state(table.gm)["encounter"]
    lyra, brak = (encounter["participants"][c] for c in ("c1", "c2"))
    assert lyra["initiative"] == brak["initiative"] == 11  # a tie
    assert (lyra["modifier"], brak["modifier"]) == (16, 10)  # Dexterity scores
    assert encounter["order"] == order
    assert encounter["active"] == order[0]
