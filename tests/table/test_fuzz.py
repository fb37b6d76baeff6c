"""Any command, however malformed, is answered with one of the table's errors (or
events): never another exception, and never a half-written log."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regelwerk.store.base import ConflictError
from regelwerk.table.decide import command_types
from regelwerk.table.errors import TableError
from regelwerk.table.state import canonical, fold

from .conftest import make_table
from .pf2e_sheets import TROLL, VALEROS

TYPES = sorted(command_types())
FIELDS = sorted({f for m in command_types().values() for f in m.model_fields})
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.sampled_from(
        ["c1", "c2", "c9", "e1", "p1", "i1", "fire", "Longsword", "perception", "1d6", "",
         "x" * 90, "frightened", "rounds", "reaction", "Athletics"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "value", "hp", "max_hp", "type", "character_id", "dice"]),
        inner, max_size=3),
    max_leaves=8)
COMMANDS = st.builds(lambda kind, fields: {"type": kind, **fields}, st.sampled_from(TYPES),
                     st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, min_size=1, max_size=8), st.booleans())
def test_every_command_is_answered_or_refused(commands: list[dict[str, Any]],
                                              as_player: bool) -> None:
    table = make_table("pf2e")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros", "sheet": VALEROS})
    s.execute(table.gm, {"type": "add_character", "name": "Troll", "kind": "creature",
                         "sheet": TROLL})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    refusals: list[TableError] = []
    for command in commands:
        try:
            s.execute(table.player if as_player else table.gm, command)
        except TableError as error:
            refusals.append(error)
        except ConflictError:
            pass
    for refusal in refusals:
        assert refusal.code in ("not_allowed", "invalid_request", "not_authorized")
        assert refusal.message
    log = table.store.read(table.table_id)
    assert canonical(fold(log)) == canonical(s._current(table.table_id))
