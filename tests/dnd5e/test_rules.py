"""Every rule sentence of rules/dnd5e-haefileikar.is.txt, cited, with the text's examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.errors import RuleError
from regelwerk.systems.dnd5e.abilities import ABILITIES, ability_modifier
from regelwerk.systems.dnd5e.d20 import mode_for, roll_d20
from regelwerk.systems.dnd5e.model import DCS
from regelwerk.systems.dnd5e.proficiency import apply_proficiency, proficiency_bonus
from regelwerk.systems.dnd5e.rolls import (
    Modifier,
    Roller,
    attack_hits,
    contest_winner,
    passive_score,
    success_chance,
)

# "Taflan hæfileikar og hæfileikabreytur", transcribed from the text
TABLE = {1: -5, (2, 3): -4, (4, 5): -3, (6, 7): -2, (8, 9): -1, (10, 11): 0, (12, 13): 1,
         (14, 15): 2, (16, 17): 3, (18, 19): 4, (20, 21): 5, (22, 23): 6, (24, 25): 7,
         (26, 27): 8, (28, 29): 9, 30: 10}


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


@pytest.mark.parametrize(("scores", "modifier"), TABLE.items())
def test_modifier_table_for_every_score(scores: int | tuple[int, int], modifier: int) -> None:
    # "Taflan hæfileikar og hæfileikabreytur sýnir hæfileikabreyturnar fyrir öll möguleg
    # gildi á hæfileikum." and "draga 10 frá hæfileikanum, deila útkomunni með 2 og
    # námunda niður"
    for score in scores if isinstance(scores, tuple) else (scores,):
        assert ability_modifier(score) == modifier


@pytest.mark.parametrize("score", [0, 31, -3])
def test_scores_outside_1_to_30_are_refused(score: int) -> None:
    # "Sú breyta nær frá -5 (fyrir hæfileika upp á 1) til +10 (fyrir hæfileika upp á 30)."
    with pytest.raises(RuleError, match="1 to 30"):
        ability_modifier(score)


@pytest.mark.parametrize(
    ("name", "canonical"),
    [("Styrkur", "strength"), ("Lipurð", "dexterity"), ("Hreysti", "constitution"),
     ("Greind", "intelligence"), ("Viska", "wisdom"), ("Þokki", "charisma"),
     ("STR", "strength"), ("dex", "dexterity"), ("CON", "constitution"),
     ("INT", "intelligence"), ("WIS", "wisdom"), ("cha", "charisma"), ("lipurd", "dexterity")],
)
def test_six_abilities_by_icelandic_english_and_short_names(name: str, canonical: str) -> None:
    # "Sex hæfileikar (e. ability scores) [...] • Styrkur (e. strength) • Lipurð
    # (e. dexterity) • Hreysti (e. constitution) • Greind (e. intelligence) • Viska
    # (e. wisdom) • Þokki (e. charisma)"
    assert ABILITIES.canonical(name) == canonical


def test_advantage_uses_the_higher_and_disadvantage_the_lower() -> None:
    # "Til dæmis, ef þú hefur mótbyr og kastar 17 og 5, þá notarðu fimmuna. Ef þú ert hins
    # vegar með meðbyr og kastar sömu tölum, þá notarðu sautjánuna."
    assert roll_d20("disadvantage", False, faces(17, 5)).natural == 5
    assert roll_d20("advantage", False, faces(17, 5)).natural == 17


def test_many_sources_still_one_extra_d20() -> None:
    # "ef skilyrðin eru svo hagstæð að tvö atriði veiti þér mótbyr kastarðu samt bara
    # einum d20 til viðbótar."
    assert mode_for(0, 2) == "disadvantage"
    assert len(roll_d20(mode_for(0, 2), False, faces(3, 9)).faces) == 2


def test_advantage_and_disadvantage_cancel() -> None:
    # "Ef aðstæður veita þér bæði meðbyr og mótbyr er litið á sem svo að þú hafir hvorugt,
    # og kastar eingöngu einum d20. Þetta á við jafnvel þó mörg atriði veiti þér mótbyr
    # og einungis eitt meðbyr, og öfugt."
    assert mode_for(1, 3) == "normal"
    assert mode_for(4, 1) == "normal"
    assert roll_d20(mode_for(1, 3), False, faces(8)).faces == (8,)


def test_lucky_rerolls_only_one_die_with_advantage_or_disadvantage() -> None:
    # "Til dæmis, ef stuttlungur hefur meðbyr eða mótbyr og kastar 1 og 13, þá gæti
    # stuttlungurinn notað heillastjörnuhæfileikann til að kasta ásinum aftur."
    advantage = roll_d20("advantage", True, faces(1, 13, 4))
    assert (advantage.faces, advantage.rerolled, advantage.natural) == ((1, 13, 4), 0, 13)
    disadvantage = roll_d20("disadvantage", True, faces(1, 13, 4))
    assert disadvantage.natural == 4
    # "þá færðu eingöngu að kasta öðrum teningnum aftur": with two 1s only one is rerolled
    both = roll_d20("advantage", True, faces(1, 1, 20))
    assert (both.faces, both.natural) == ((1, 1, 20), 20)
    assert roll_d20("disadvantage", True, faces(1, 1, 20)).natural == 1


def test_lucky_new_roll_must_be_used() -> None:
    # docs/rulings.md, "5e: Lucky"
    assert roll_d20("normal", True, faces(1, 1)).natural == 1
    assert roll_d20("normal", True, faces(7)).faces == (7,)


@pytest.mark.parametrize(("level", "bonus"), [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4),
                                              (12, 4), (13, 5), (16, 5), (17, 6), (20, 6)])
def test_proficiency_bonus_by_level(level: int, bonus: int) -> None:
    # "Bónusinn fer eftir því á hvaða stigi (e. level) persónan er."
    assert proficiency_bonus(level) == bonus


def test_proficiency_is_added_once() -> None:
    # "Ekki er hægt að bæta bónusnum við sama kastið oftar en einu sinni." — proficient is
    # one flag whatever the number of rules that grant it
    assert apply_proficiency(3, True).value == 3


def test_proficiency_multiplied_once_and_divided_once() -> None:
    # "Ef aðstæður segja til um að hæfnibónusnum sé bætt við oftar en einu sinni við kast
    # er hann eingöngu margfaldaður einu sinni og honum deilt einu sinni."
    doubled = apply_proficiency(3, True, [Fraction(2), Fraction(2)])
    assert doubled.value == 6
    assert doubled.ignored == (("×2", "multiplied_once"),)
    assert apply_proficiency(3, True, [Fraction(1, 2)]).value == 1  # rounded down
    assert apply_proficiency(3, True, [Fraction(2), Fraction(1, 2), Fraction(1, 2)]).value == 3


def test_multiplying_without_proficiency_gives_zero() -> None:
    # "Hæfnibónusinn fyrir slíkt kast er 0, og margföldun á 0 gefur ávallt 0."
    applied = apply_proficiency(4, False, [Fraction(2)])
    assert applied.value == 0
    assert applied.ignored == (("×2", "no_proficiency"),)


def test_check_meets_or_beats_the_dc_and_has_no_automatic_success() -> None:
    # "Ef niðurstaðan er jöfn eða hærri en erfiðleikastigið er kastinu náð"
    roller = Roller((Modifier("ability", 2),))
    assert success_chance(roller, 12) == Fraction(11, 20)
    # a natural 20 does not succeed on its own (docs/rulings.md, "5e: natural 20 and 1")
    assert success_chance(roller, 30) == 0
    assert success_chance(roller, 3) == 1


@pytest.mark.parametrize(
    ("name", "dc"),
    [("Mjög létt", 5), ("Létt", 10), ("Meðal", 15), ("Erfitt", 20), ("Mjög erfitt", 25),
     ("Nær ómögulegt", 30), ("medium", 15), ("nearly_impossible", 30), ("naer omogulegt", 30)],
)
def test_typical_dcs(name: str, dc: int) -> None:
    # "Dæmigerð erfiðleikastig": Mjög létt 5, Létt 10, Meðal 15, Erfitt 20, Mjög erfitt 25,
    # Nær ómögulegt 30
    canonical = DCS.canonical(name)
    assert canonical is not None
    assert DCS.values[canonical] == dc


def test_attack_natural_20_and_1() -> None:
    # docs/rulings.md, "5e: natural 20 and 1"
    assert attack_hits(20, 5, 30) == attack_hits(20, 40, 10)
    assert attack_hits(20, 5, 30).critical
    assert not attack_hits(1, 40, 10).hit
    assert attack_hits(12, 15, 15).hit


def test_contest_and_passive() -> None:
    # docs/rulings.md, "5e: contests and passive checks"
    assert contest_winner(14, 14) == "tie"
    assert contest_winner(15, 14) == "a"
    roller = Roller((Modifier("ability", 3),), "advantage")
    assert passive_score(roller) == 18
    assert passive_score(Roller((Modifier("ability", 3),), "disadvantage")) == 8
