"""Step and Speed (docs/rulings.md, "PF2e: Step and Speed"): the chapter sets no
minimum Speed for a Step, only that it moves 1,50 m on land."""

from __future__ import annotations

from fractions import Fraction

from regelwerk import resolve
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.space.movement import Move, check_move, speed


def test_a_step_needs_a_land_speed_and_nothing_more() -> None:
    # "Die Aktion Schritt dagegen kannst du benutzen, um dich fortzubewegen, ohne
    # Reaktionen auszulösen, allerdings nur 1,50 m weit." — "Mali können deine
    # Bewegungsrate aber nicht unter 1,50 m reduzieren": a slowed-down creature still
    # has the 1,50 m of a Step
    slowed = speed(Fraction(3), [Modifier(-10, "status")])
    assert slowed == Fraction(3, 2)
    assert check_move([Move("step", Fraction(3, 2))], {"land": slowed}) == []
    # "Die Aktion Schritt kannst du mit diesen Bewegungsarten ebenfalls nicht
    # durchführen.": no Step with only a fly or swim speed, nor with a land speed of 0
    for speeds in ({"fly": Fraction(9)}, {"land": Fraction(0), "swim": Fraction(6)}):
        assert [p.code for p in check_move([Move("step", Fraction(3, 2))], speeds)] == [
            "no_speed"]


def test_the_protocol_answers_the_same() -> None:
    answer = resolve({"system": "pf2e", "action": "movement", "speeds": {"land": 3},
                      "modifiers": [{"value": -3, "type": "status"}],
                      "moves": [{"action": "step", "distance": 1.5}]})
    assert answer["ok"], answer
    assert answer["valid"] is True


def test_the_table_refuses_a_step_without_a_land_speed() -> None:
    """At the table, `act` with a Step or Stride of a creature whose sheet gives Speeds
    but no land Speed is refused with the sentence; any land Speed (or a sheet without
    Speeds) lets it Step."""
    import pytest

    from regelwerk.i18n import translator
    from regelwerk.store import MemoryStore
    from regelwerk.table.errors import NotAllowed
    from regelwerk.table.service import TableService

    tables = TableService(MemoryStore())
    made = tables.create_table(name="Runde", system="pf2e", lang="de", gm_name="Ute")
    gm = tables.authenticate(made.table_id, made.token)
    for name, speeds in (("Hai", {"land": 0, "swim": 40}), ("Ork", {"land": 5}),
                         ("Ezren", {})):
        tables.execute(gm, {"type": "add_character", "name": name, "kind": "creature",
                            "sheet": {"hp": 10, "max_hp": 10, "speeds": speeds}})
    tables.execute(gm, {"type": "start_encounter", "participants": [
        {"character_id": c, "statistic": "perception"} for c in ("c1", "c2", "c3")]})
    order = tables.state(gm)["encounter"]["order"]
    for cid in order:
        if cid == "c1":
            for name in ("Schritt", "Stride"):
                with pytest.raises(NotAllowed) as refused:
                    tables.execute(gm, {"type": "act", "character_id": cid, "name": name})
                assert "Hai hat keine Bewegungsrate am Boden" in str(refused.value)
            assert refused.value.to_dict(translator("en"))["message"].startswith(
                "Hai has no land Speed, and a Stride uses only the land Speed")
        else:
            tables.execute(gm, {"type": "act", "character_id": cid, "name": "Step"})
        tables.execute(gm, {"type": "end_turn", "character_id": cid})
