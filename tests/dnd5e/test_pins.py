"""5e d20 rolls pinned: the mode from counted sources (0 and 1 of each), Lucky's reroll
of a natural 1 with every face and index written out, attacks at AC−1/AC/AC+1 and the
natural 1 and 20."""

from __future__ import annotations

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.systems.dnd5e.d20 import D20Roll, mode_for, roll_d20
from regelwerk.systems.dnd5e.rolls import AttackResult, attack_hits


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


# "kastarðu samt ekki meira en einum d20 til viðbótar" — "Ef aðstæður veita þér bæði meðbyr
# og mótbyr er litið á sem svo að þú hafir hvorugt"
@pytest.mark.parametrize(("advantage", "disadvantage", "mode"), [
    (0, 0, "normal"), (1, 0, "advantage"), (2, 0, "advantage"), (0, 1, "disadvantage"),
    (0, 3, "disadvantage"), (1, 1, "normal"), (3, 1, "normal"), (1, 2, "normal")])
def test_mode_for_counted_sources(advantage: int, disadvantage: int, mode: str) -> None:
    assert mode_for(advantage, disadvantage) == mode


@pytest.mark.parametrize(("advantage", "disadvantage"), [(-1, 0), (0, -1)])
def test_negative_sources_are_refused(advantage: int, disadvantage: int) -> None:
    with pytest.raises(ValueError, match="counted from 0"):
        mode_for(advantage, disadvantage)


# "Notaðu hærri teninginn ef þú hefur meðbyr, lægri teninginn ef þú hefur mótbyr."
@pytest.mark.parametrize(("mode", "rolled", "natural", "kept"), [
    ("normal", (7,), 7, 0), ("advantage", (7, 13), 13, 1), ("advantage", (13, 7), 13, 0),
    ("disadvantage", (7, 13), 7, 0), ("disadvantage", (13, 7), 7, 1),
    ("advantage", (9, 9), 9, 0)])
def test_advantage_and_disadvantage_pick_a_die(mode: str, rolled: tuple[int, ...],
                                               natural: int, kept: int) -> None:
    roll = roll_d20(mode, False, faces(*rolled))  # type: ignore[arg-type]
    assert roll == D20Roll(mode, rolled, None, natural)  # type: ignore[arg-type]
    assert roll.kept == kept


# "þá færðu eingöngu að kasta öðrum teningnum aftur [...] ef stuttlungur hefur meðbyr eða
# mótbyr og kastar 1 og 13, þá gæti stuttlungurinn notað heillastjörnuhæfileikann til að
# kasta ásinum aftur."
@pytest.mark.parametrize(("mode", "rolled", "rerolled", "natural", "kept"), [
    ("normal", (1, 4), 0, 4, 1), ("normal", (1, 1), 0, 1, 1),
    ("advantage", (1, 13, 5), 0, 13, 1), ("advantage", (13, 1, 18), 1, 18, 2),
    ("disadvantage", (1, 13, 5), 0, 5, 2), ("disadvantage", (1, 1, 20), 0, 1, 1),
    ("disadvantage", (13, 1, 2), 1, 2, 2)])
def test_lucky_rerolls_one_natural_one(mode: str, rolled: tuple[int, ...], rerolled: int,
                                       natural: int, kept: int) -> None:
    roll = roll_d20(mode, True, faces(*rolled))  # type: ignore[arg-type]
    assert roll == D20Roll(mode, rolled, rerolled, natural)  # type: ignore[arg-type]
    assert roll.kept == kept


def test_lucky_without_a_one_rolls_nothing_more() -> None:
    assert roll_d20("advantage", True, faces(2, 20)) == D20Roll("advantage", (2, 20), None, 20)
    assert roll_d20("normal", True, faces(2)) == D20Roll("normal", (2,), None, 2)
    assert roll_d20("normal", False, faces(1)) == D20Roll("normal", (1,), None, 1)


@pytest.mark.parametrize(("natural", "total", "ac", "result"), [
    (10, 14, 15, AttackResult(False, False)), (10, 15, 15, AttackResult(True, False)),
    (10, 16, 15, AttackResult(True, False)), (20, 5, 15, AttackResult(True, True)),
    (1, 30, 15, AttackResult(False, False)), (19, 30, 15, AttackResult(True, False)),
    (2, 15, 15, AttackResult(True, False))])
def test_attack_hits_at_the_armour_class(natural: int, total: int, ac: int,
                                         result: AttackResult) -> None:
    assert attack_hits(natural, total, ac) == result
