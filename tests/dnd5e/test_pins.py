"""5e d20 rolls pinned: the mode from counted sources (0 and 1 of each), Lucky's reroll
of a natural 1 with every face and index written out, attacks at AC−1/AC/AC+1 and the
natural 1 and 20."""

from __future__ import annotations

from fractions import Fraction

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


# "+2 at levels 1–4, +3 at 5–8 … +6 at 17–20" (the SRD's table of levels)
@pytest.mark.parametrize(("level", "bonus"), [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4),
                                              (12, 4), (13, 5), (16, 5), (17, 6), (20, 6)])
def test_proficiency_bonus_at_the_table_edges(level: int, bonus: int) -> None:
    from regelwerk.systems.dnd5e.proficiency import proficiency_bonus

    assert proficiency_bonus(level) == bonus


@pytest.mark.parametrize("level", [0, 21, -1])
def test_levels_outside_the_table_are_refused(level: int) -> None:
    from regelwerk.errors import RuleError
    from regelwerk.systems.dnd5e.proficiency import proficiency_bonus

    with pytest.raises(RuleError, match="outside 1 to 20") as refused:
        proficiency_bonus(level)
    assert refused.value.code == "out_of_range"


# "er hann eingöngu margfaldaður einu sinni og honum deilt einu sinni" — "Hæfnibónusinn
# fyrir slíkt kast er 0, og margföldun á 0 gefur ávallt 0."
def test_proficiency_multiplied_once_and_divided_once() -> None:
    from regelwerk.errors import RuleError
    from regelwerk.systems.dnd5e.proficiency import AppliedProficiency, apply_proficiency

    assert apply_proficiency(3, True) == AppliedProficiency(3, None, None, ())
    assert apply_proficiency(3, True, [Fraction(2), Fraction(2)]) == AppliedProficiency(
        6, Fraction(2), None, (("×2", "multiplied_once"),))
    assert apply_proficiency(3, True, [Fraction(1, 2), Fraction(1, 3)]) == AppliedProficiency(
        1, None, Fraction(1, 3), (("×1/2", "divided_once"),))
    assert apply_proficiency(5, True, [Fraction(1, 2)]) == AppliedProficiency(
        2, None, Fraction(1, 2), ())
    assert apply_proficiency(3, True, [Fraction(2), Fraction(1, 2), Fraction(3)]) == (
        AppliedProficiency(4, Fraction(3), Fraction(1, 2), (("×2", "multiplied_once"),)))
    assert apply_proficiency(3, True, [Fraction(1)]) == AppliedProficiency(
        3, None, None, (("×1", "times_one"),))
    assert apply_proficiency(3, False, [Fraction(2)]) == AppliedProficiency(
        0, None, None, (("×2", "no_proficiency"),))
    assert apply_proficiency(3, False) == AppliedProficiency(0, None, None, ())
    for bad in (Fraction(0), Fraction(-1)):
        with pytest.raises(RuleError, match="must be positive") as refused:
            apply_proficiency(3, True, [bad])
        assert refused.value.code == "out_of_range"
    assert apply_proficiency(3, True, [Fraction(1, 100)]).value == 0


def test_contest_odds_and_passive_scores_with_modifiers() -> None:
    from regelwerk.systems.dnd5e.rolls import Modifier, Roller, contest_odds, passive_score

    strong = Roller((Modifier("ability", 3),))
    weak = Roller((Modifier("ability", -1),))
    # every pair of d20s: a wins when its face + 3 beats b's face − 1
    a = sum(1 for x in range(1, 21) for y in range(1, 21) if x + 3 > y - 1)
    tie = sum(1 for x in range(1, 21) for y in range(1, 21) if x + 3 == y - 1)
    assert contest_odds(strong, weak) == {"a": Fraction(a, 400), "tie": Fraction(tie, 400),
                                          "b": Fraction(400 - a - tie, 400)}
    # "10 + all modifiers; +5 with advantage, −5 with disadvantage"
    assert passive_score(strong) == 13
    assert passive_score(Roller((Modifier("ability", 3),), "advantage")) == 18
    assert passive_score(Roller((Modifier("ability", 3),), "disadvantage")) == 8


@pytest.mark.parametrize(("dc", "success"), [(16, True), (17, True), (18, False)])
def test_passive_check_at_the_dc(dc: int, success: bool) -> None:
    from regelwerk import resolve

    answer = resolve({"system": "dnd5e", "action": "passive", "score": 14, "advantage": 1,
                      "dc": dc})
    assert answer["passive"] == 17
    assert answer["success"] is success


# "Dæmigerð erfiðleikastig: Mjög létt 5, Létt 10, Meðal 15, Erfitt 20, Mjög erfitt 25, Nær
# ómögulegt 30"
@pytest.mark.parametrize(("name", "dc"), [("mjög létt", 5), ("létt", 10), ("meðal", 15),
                                          ("erfitt", 20), ("mjög erfitt", 25),
                                          ("nær ómögulegt", 30)])
def test_typical_dcs(name: str, dc: int) -> None:
    from regelwerk import resolve
    from regelwerk.systems.dnd5e.model import DCS

    canonical = DCS.canonical(name)
    assert canonical is not None
    assert DCS.values[canonical] == dc
    answer = resolve({"system": "dnd5e", "action": "check", "modifier": 0, "dc": name,
                      "faces": [10]})
    assert answer["dc"] == dc


def test_request_grants_and_refusals() -> None:
    from regelwerk import resolve

    both = resolve({"system": "dnd5e", "action": "check", "score": 12, "level": 5,
                    "proficiency_bonus": 3, "dc": 10, "faces": [10]})
    assert both["error"]["code"] == "invalid_value"
    given = resolve({"system": "dnd5e", "action": "check", "score": 12, "proficient": True,
                     "proficiency_bonus": 4, "bonuses": [2, 1], "dc": 10, "faces": [10]})
    assert given["modifier"] == 1 + 4 + 2 + 1
    expert = resolve({"system": "dnd5e", "action": "check", "score": 12, "proficient": True,
                      "level": 1, "proficiency_multipliers": [2], "dc": 10, "faces": [10]})
    assert expert["modifier"] == 1 + 4
    cancel = resolve({"system": "dnd5e", "action": "check", "modifier": 0, "advantage": 2,
                      "disadvantage": 1, "dc": 10, "faces": [10]})
    assert cancel["mode"] == "normal"
    assert [i["reason_code"] for i in cancel["ignored"]] == ["one_extra_d20", "cancel"]
    one = resolve({"system": "dnd5e", "action": "check", "modifier": 0, "advantage": 1,
                   "dc": 10, "faces": [10, 3]})
    assert one["mode"] == "advantage"
    assert one["ignored"] == []


def test_lucky_reroll_and_proficiency_through_resolve() -> None:
    from regelwerk import resolve

    lucky = resolve({"system": "dnd5e", "action": "check", "modifier": 2, "lucky": True,
                     "advantage": 1, "dc": 10, "faces": [1, 13, 5]})
    assert (lucky["d20"], lucky["lucky_reroll"], lucky["rerolled_index"]) == ([1, 13, 5], True,
                                                                             0)
    assert (lucky["kept_index"], lucky["natural"], lucky["total"]) == (1, 13, 15)
    # the rerolled die is marked in the text
    assert "1↻" in lucky["text"]
    assert "13↻" not in lucky["text"]
    plain = resolve({"system": "dnd5e", "action": "check", "modifier": 2, "dc": 10,
                     "faces": [7]})
    assert (plain["lucky_reroll"], plain["rerolled_index"], plain["kept_index"]) == (
        False, None, 0)
    assert "d20 [7]" in plain["text"]
    assert resolve({"system": "dnd5e", "action": "proficiency_bonus", "level": 5})["bonus"] == 3
    assert resolve({"system": "dnd5e", "action": "dc", "difficulty": "hard"})["dc"] == 20
    attack = resolve({"system": "dnd5e", "action": "attack", "modifier": 4, "ac": 15,
                      "faces": [11]})
    assert (attack["total"], attack["hit"]) == (15, True)


def test_attack_and_passive_odds_through_resolve() -> None:
    from regelwerk import resolve

    # +4 against AC 15: a natural 11 or more hits (and 20 always, 1 never): 10/20; a 20
    # is critical: 1/20
    attack = resolve({"system": "dnd5e", "action": "attack", "modifier": 4, "ac": 15,
                      "faces": [20]})
    assert attack["probability"] == pytest.approx(10 / 20)
    assert attack["critical_probability"] == pytest.approx(1 / 20)
    assert (attack["hit"], attack["critical"]) == (True, True)
    # a passive check succeeds or fails for certain
    sure = resolve({"system": "dnd5e", "action": "passive", "modifier": 2, "dc": 12})
    assert (sure["success"], sure["probability"]) == (True, 1.0)
    above = resolve({"system": "dnd5e", "action": "passive", "modifier": 2, "dc": 13})
    assert (above["success"], above["probability"]) == (False, 0.0)
    bare = resolve({"system": "dnd5e", "action": "passive", "modifier": 2})
    assert bare["passive"] == 12
    assert "dc" not in bare
    tie = resolve({"system": "dnd5e", "action": "contest", "a": {"modifier": 1},
                   "b": {"modifier": 0}, "faces": [9, 10]})
    assert tie["winner"] == "tie"
    assert tie["probabilities"]["tie"] == pytest.approx(19 / 400)
