"""A field error inside a union (a DC is a number or a name) names the field, not
pydantic's tag of the union's member (``dc.constrained-int``)."""

from __future__ import annotations

import pytest

from regelwerk.i18n import translator
from regelwerk.table.errors import InvalidCommand

from .conftest import make_table


def test_a_dc_too_high_names_the_field_dc() -> None:
    table = make_table("pf2e", "de")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Ezren",
                             "sheet": {"level": 1, "perception": 5, "hp": 16, "max_hp": 16,
                                       "ac": 16, "skills": {"Arcana": 7}}})
    with pytest.raises(InvalidCommand) as refused:
        s.execute(table.player, {"type": "check", "character_id": "c1",
                                 "statistic": "Arcana", "dc": 10**9})
    said = refused.value.to_dict(translator("de"))["message"]
    assert said.startswith("check: Feld 'dc': darf höchstens 200 sein"), said
    assert "constrained" not in said
