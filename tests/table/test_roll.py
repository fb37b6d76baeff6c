"""Rolling any dice expression at the table, openly or secretly, with fair dice."""

from __future__ import annotations

import json

import pytest

from regelwerk.table import fair
from regelwerk.table.errors import NotAuthorized, TableError

from .conftest import make_table


def test_open_roll_is_logged_with_dice_source_and_odds() -> None:
    table = make_table("w6", "de", fixed="roll")
    result = table.service.execute(table.player, {"type": "roll", "expression": "4d6kh3"})
    (event,) = result["events"]
    assert event["kind"] == "dice_rolled"
    (record,) = event["payload"]["rolls"]
    assert len(record["dice"]) == 4
    assert record["source"]["kind"] == fair.SOURCE_KIND
    assert record["source"]["seed_hash"] == table.service.state(table.gm)["fair"]["seed_hash"]
    assert record["request"] == {"system": "dice", "action": "roll", "expression": "4d6kh3"}
    assert record["result"]["total"] == sum(sorted(record["result"]["faces"])[1:])
    assert 0 < record["result"]["probability"] <= record["result"]["probability_at_least"] <= 1
    # the other player sees the same open roll
    seen = table.service.events(table.other)[-1]
    assert seen["payload"]["rolls"][0]["dice"] == record["dice"]


def test_secret_roll_only_the_gm_sees() -> None:
    table = make_table("pf2e", "en", fixed="roll-secret")
    s = table.service
    result = s.execute(table.gm, {"type": "roll", "expression": "1d20+7", "secret": True,
                                  "label": "Ambush-Zk"})
    record = result["events"][0]["payload"]["rolls"][0]
    for viewer in (table.player, table.other):
        event = s.events(viewer)[-1]
        assert event["kind"] == "dice_rolled"  # players see that a secret roll happened
        assert event["payload"] == {"secret": True}
        shown = json.dumps(s.events(viewer)) + json.dumps(s.state(viewer))
        assert "Ambush-Zk" not in shown
        assert json.dumps(record["dice"]) not in shown
    with pytest.raises(NotAuthorized):
        s.execute(table.player, {"type": "roll", "expression": "1d20", "secret": True})


def test_bad_expression_is_refused_clearly() -> None:
    table = make_table("dnd5e", "en")
    with pytest.raises(TableError) as refused:
        table.service.execute(table.player, {"type": "roll", "expression": "2q7"})
    assert refused.value.code in {"invalid_request", "not_allowed"}
