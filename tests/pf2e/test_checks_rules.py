"""Every rule sentence of "Allgemeine Regeln", "Würfe", "Gebräuche im Spiel",
"Wurfarten" and "Spezielle Würfe" (rules/pf2e-kapitel-9-spielregeln.de.txt), cited."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.attacks import (
    multiple_attack_penalty,
    nonlethal_penalty,
    range_penalty,
)
from regelwerk.systems.pf2e.checks.checks import Check, flat_check_dc, flat_check_needs_roll
from regelwerk.systems.pf2e.checks.degrees import Adjustment, Degree, base_degree, degree_of
from regelwerk.systems.pf2e.checks.general import (
    Effect,
    basic_save_damage,
    combine_multipliers,
    halve,
    winning_effect,
)
from regelwerk.systems.pf2e.checks.modifiers import Modifier, stack
from regelwerk.systems.pf2e.checks.proficiency import proficiency_bonus
from regelwerk.systems.pf2e.checks.statistics import Armor, statistic
from regelwerk.systems.pf2e.names import MODIFIER_TYPES, RANKS

CS, S, F, CF = (Degree.CRITICAL_SUCCESS, Degree.SUCCESS, Degree.FAILURE,
                Degree.CRITICAL_FAILURE)


def test_bonuses_of_different_types_add_up() -> None:
    # "Wenn du verschiedene Boni unterschiedlicher Arten hast, dann rechne sie alle
    # zusammen." — "Wenn du z.B. sowohl einen Kompetenzbonus als auch einen
    # Gegenstandsbonus hast, dann addierst du beide"
    assert stack([Modifier(5, "proficiency"), Modifier(1, "item")]).total == 6


def test_two_item_bonuses_only_the_higher() -> None:
    # "Wenn du aber zwei Gegenstandsboni hast, die auf den gleichen Wurf zutreffen,
    # addierst du nur den höheren der beiden hinzu."
    stacked = stack([Modifier(2, "item", "+2 rune"), Modifier(1, "item", "+1 rune")])
    assert stacked.total == 2
    assert [e.modifier.label for e in stacked.ignored] == ["+1 rune"]
    assert stacked.ignored[0].reason == "highest_bonus"


def test_cover_and_raise_shield() -> None:
    # "Bist du in Deckung und hast auch deinen Schild gehoben, erhältst du nur den
    # Situationsbonus von +2 wegen der Deckung, da beide Boni von gleicher Art sind"
    stacked = stack([Modifier(1, "circumstance", "Schild heben"),
                     Modifier(2, "circumstance", "Deckung")])
    assert stacked.total == 2
    assert stacked.ignored[0].winner.label == "Deckung"


def test_heroism_and_bless_do_not_stack() -> None:
    # "Wenn du unter der Wirkung von Heldenmut stehst und jemand wirkt den Zauber Segnen
    # [...] bekommst du dennoch nur einen Zustandsbonus von +1"
    stacked = stack([Modifier(1, "status", "Heldenmut"), Modifier(1, "status", "Segnen")])
    assert stacked.total == 1
    assert [m.label for m in stacked.applied] == ["Heldenmut"]


def test_only_the_worst_penalty_of_a_type() -> None:
    # "Ähnlich wie bei Boni der gleichen Art rechnest du nur den schlechtesten aller Mali
    # der gleichen Art auf deinen Wurf."
    stacked = stack([Modifier(-1, "status", "frightened 1"), Modifier(-2, "status", "sick 2")])
    assert stacked.total == -2
    assert stacked.ignored[0].reason == "worst_penalty"


def test_a_bonus_and_a_penalty_of_one_type_both_count() -> None:
    # "Falls du z.B. einen Zustandsbonus von +1 von dem Zauber Heldenmut hast, aber auch
    # einen Zustandsmalus von –2 durch den Zustand Kränkelnd, rechnest du beide auf
    # deinen Wurf"
    assert stack([Modifier(1, "status", "Heldenmut"), Modifier(-2, "status", "Kränkelnd")]
                 ).total == -1


def test_untyped_penalties_all_add_up() -> None:
    # "Im Gegensatz zu anderen Mali rechnest du immer alle deine Kategorielosen Mali
    # zusammen" — the multiple attack penalty and the range penalty both apply
    assert stack([Modifier(-5, "untyped", "MAP"), Modifier(-2, "untyped", "range")]
                 ).total == -7


@pytest.mark.parametrize(("name", "kind"), [("Gegenstandsbonus", "item"),
                                            ("Situationsbonus", "circumstance"),
                                            ("Zustandsbonus", "status"),
                                            ("Kategorielos", "untyped"),
                                            ("Zustandsmalus", "status")])
def test_german_type_names(name: str, kind: str) -> None:
    assert MODIFIER_TYPES.canonical(name) == kind


@pytest.mark.parametrize(("rank", "bonus"), [("Ungeübt", 0), ("Geübt", 7), ("Experte", 9),
                                             ("Meister", 11), ("Legende", 13)])
def test_proficiency_table(rank: str, bonus: int) -> None:
    # "Tabelle Kompetenzgrad: Ungeübt —; Geübt Deine Stufe + 2; Experte Deine Stufe + 4;
    # Meister Deine Stufe + 6; Legende Deine Stufe + 8" (level 5)
    canonical = RANKS.canonical(rank)
    assert canonical is not None
    assert proficiency_bonus(canonical, 5) == bonus


def test_dc_of_a_statistic_is_10_plus_its_modifier() -> None:
    # "Dein SG für einen beliebigen Spielwert beträgt 10 + dein Gesamtmodifikator für
    # diesen Spielwert."
    perception = statistic("perception_dc", {"wis": 3}, 2, "trained")
    assert perception.value == 10 + 3 + 4


@pytest.mark.parametrize(
    ("total", "dc", "degree"),
    [(28, 18, CS), (27, 18, S), (18, 18, S), (17, 18, F), (9, 18, F), (8, 18, CF)],
)
def test_degrees_by_ten(total: int, dc: int, degree: Degree) -> None:
    # "einen Kritischen Erfolg [...] wenn das Ergebnis des Wurfs den SG um 10 oder mehr
    # übersteigt" — "liegt das Ergebnis deines Wurfs um 10 oder mehr unter dem SG,
    # handelt es sich um einen Kritischen Fehlschlag"; "gelingt dein Wurf, wenn das
    # Ergebnis größer oder gleich dem SG ist"
    assert base_degree(total, dc) == degree


def test_natural_20_and_1_shift_one_step() -> None:
    # "Wenn du mit dem Würfel eine 20 gewürfelt hast [...] dann verbessert dies den
    # Erfolgsgrad deines Wurfs um einen Schritt" — "eine Natürliche 1 [...] um einen
    # Schritt schlechter"
    assert degree_of(20, 25, 18).degree == CS
    assert degree_of(1, 18, 18).degree == F
    # "falls 20 plus dein Gesamtmodifikator immer noch 10 unter dem SG liegt" — a
    # natural 20 can still fail; and a natural 1 can still succeed
    assert degree_of(20, 20, 31).degree == F
    assert degree_of(1, 31, 20).degree == S


def test_natural_step_comes_before_other_adjustments() -> None:
    # "führe immer zuerst die Veränderung durch eine Natürliche 20 oder eine Natürliche 1
    # durch, bevor du einen anderen Effekt anwendest."
    juggernaut = Adjustment("success becomes critical success", to=CS, when=S)
    result = degree_of(1, 28, 18, [juggernaut])
    assert result.unadjusted == CS
    assert [d for d, _ in result.steps] == [S, CS]
    assert result.degree == CS


def test_halves_round_down() -> None:
    # "Wenn beispielsweise ein Zauber 7 Schadenspunkte verursacht und eine Kreatur davon
    # halben Schaden nimmt, dann nimmt diese Kreatur 3 Schadenspunkte."
    assert halve(7) == 3


def test_multipliers_combine() -> None:
    # "dann multiplizierst du die Dauer insgesamt mit 3, nicht mit 4."
    assert combine_multipliers([Fraction(2), Fraction(2)]) == 3
    assert combine_multipliers([Fraction(2), Fraction(3)]) == 4
    with pytest.raises(RuleError, match="below 1"):
        combine_multipliers([Fraction(1, 2)])


def test_duplicate_effects_highest_level_or_newest() -> None:
    # "Dabei zählt der höchste Grad der Effekte oder, wenn sie gleichen Grades sind, der
    # neueste."
    assert winning_effect([Effect("a", 4, 0), Effect("b", 1, 1)]).name == "a"
    assert winning_effect([Effect("a", 2, 0), Effect("b", 2, 1)]).name == "b"


def test_melee_attack_strength_or_finesse_dexterity() -> None:
    # "Ein Nahkampfangriffswurf greift normalerweise auf den Stärkemodifikator zurück.
    # Benutzt du aber eine Waffe mit der Waffeneigenschaft Finesse, kannst du stattdessen
    # aber auch deinen Geschicklichkeitsmodifikator benutzen."
    scores = {"str": 1, "dex": 4}
    assert statistic("melee_attack", scores, 1, "trained").value == 1 + 3
    assert statistic("melee_attack", scores, 1, "trained", finesse=True).value == 4 + 3
    assert statistic("ranged_attack", scores, 1, "trained").value == 4 + 3


def test_armor_class_formula() -> None:
    # "Rüstungsklasse = 10 + Geschicklichkeitsmodifikator (bis zum GE-Limit der Rüstung)
    # + Kompetenzbonus + Gegenstandsbonus der Rüstung zur RK + andere Boni + Mali"
    ac = statistic("armor_class", {"dex": 4}, 1, "trained",
                   armor=Armor("medium", dex_cap=1, item_bonus=4),
                   others=[Modifier(2, "circumstance", "cover")])
    assert ac.value == 10 + 1 + 3 + 4 + 2


def test_spells_saves_perception_skills() -> None:
    # "Zauber-SG = 10 + Attributsmodifikator für Zauber + Kompetenzbonus"; Reflex/Dex,
    # Will/Wis, Fortitude/Con; Wahrnehmung/Weisheit; skills by their key ability
    scores = {"dex": 2, "con": 1, "wis": 3, "cha": 4}
    assert statistic("spell_dc", scores, 1, "trained", ability="cha").value == 17
    assert statistic("spell_attack", scores, 1, "trained", ability="cha").value == 7
    assert statistic("reflex", scores, 1, "expert").value == 2 + 5
    assert statistic("will", scores, 1, "trained").value == 3 + 3
    assert statistic("fortitude", scores, 1, "trained").value == 1 + 3
    assert statistic("skill", scores, 1, "untrained", ability="dex").value == 2
    with pytest.raises(RuleError, match="needs 'ability'"):
        statistic("skill", scores, 1, "trained")


def test_multiple_attack_penalty_table() -> None:
    # "Tabelle - Malus für mehrfache Angriffe: Erster Keiner Keiner; Zweiter -5 -4;
    # Dritter und Folgende -10 -8"
    assert [multiple_attack_penalty(n) for n in (1, 2, 3, 6)] == [0, -5, -10, -10]
    assert [multiple_attack_penalty(n, agile=True) for n in (1, 2, 3)] == [0, -4, -8]


def test_longsword_and_agile_shortsword() -> None:
    # "Auf den zweiten Angriff erhältst du entweder einen Malus von –5, wenn du dein
    # Langschwert benutzt, oder –4, wenn du das Kurzschwert nimmst. [...] beim dritten
    # Angriff [...] mit dem Langschwert also –10 und mit dem Kurzschwert –8, unabhängig
    # davon mit welcher Waffe du die vorherigen Angriffe durchgeführt hast."
    assert multiple_attack_penalty(2, agile=False) == -5
    assert multiple_attack_penalty(2, agile=True) == -4
    assert multiple_attack_penalty(3, agile=False) == -10
    assert multiple_attack_penalty(3, agile=True) == -8


def test_no_multiple_attack_penalty_for_reactions() -> None:
    # "Der Malus für mehrfache Angriffe wird nur während deines Zuges angewendet"
    assert multiple_attack_penalty(3, on_own_turn=False) == 0


@pytest.mark.parametrize(("distance", "penalty"), [(0, 0), (36, 0), (37, 0 - 2), (71, -2),
                                                   (72, -2), (73, -4), (107, -4), (181, -10),
                                                   (216, -10)])
def test_crossbow_range_increments(distance: int, penalty: int) -> None:
    # "Die Entfernungseinheit einer Armbrust ist 36 m. [...] Ist dein Ziel weiter als 36 m,
    # aber weniger als 72 m entfernt, erhältst du einen Malus für Entfernung von –2. [...]
    # jenseits von 180 m, aber nicht weiter entfernt als 216 m, bei der dein
    # Entfernungsmalus –10 beträgt."
    assert range_penalty(Fraction(36), Fraction(distance)) == penalty


def test_beyond_six_increments_no_attack() -> None:
    # "Du kannst mit einer Fernkampf- oder Wurfwaffe ein Ziel angreifen, das sich bis zu
    # sechs Entfernungseinheiten von dir entfernt befindet"
    with pytest.raises(RuleError, match="beyond six range increments") as info:
        range_penalty(Fraction(36), Fraction(217))
    assert info.value.code == "out_of_range"


def test_nonlethal_penalty() -> None:
    # "Du erhältst einen Situationsmalus von –2 auf deinen Angriffswurf, wenn du einen
    # nichttödlichen Angriff mit einer Waffe ausführst, die nicht die Eigenschaft
    # Nichttödlich hat. Den gleichen Malus erhältst du auch, wenn du einen tödlichen
    # Angriff mit einer nichttödlichen Waffe ausführst."
    assert nonlethal_penalty(True, False) == Modifier(-2, "circumstance",
                                                      "nonlethal attack with a lethal weapon")
    assert nonlethal_penalty(False, True) is not None
    assert nonlethal_penalty(True, True) is None


@pytest.mark.parametrize(("degree", "damage"), [(CS, 0), (S, 4), (F, 9), (CF, 18)])
def test_basic_saves(degree: Degree, damage: int) -> None:
    # "Kritischer Erfolg: Du nimmst keinen Schaden [...] Erfolg: die Hälfte [...]
    # Fehlschlag: den vollen [...] Kritischer Fehlschlag: das Doppelte"
    assert basic_save_damage(9, degree) == damage


def test_flat_checks() -> None:
    # "Sollte es dazu kommen, dass mehr als ein Einfacher Wurf das gleiche Ereignis bedingen
    # oder verhindern würden, legst du nur einen Wurf ab und benutzt den höchsten SG. Wenn
    # der SG eines Einfachen Wurfes 1 oder niedriger sein sollte, würfelst du nicht,
    # sondern hast automatisch Erfolg. Beträgt der SG dagegen 21 oder mehr, schlägt der
    # Wurf automatisch fehl."
    assert flat_check_dc([5, 11]) == 11
    assert flat_check_needs_roll(1) is True
    assert flat_check_needs_roll(21) is False
    assert flat_check_needs_roll(11) is None


def test_fortune_and_misfortune() -> None:
    # docs/rulings.md, "PF2e: fortune, misfortune and hero point rerolls"
    fortune = Check(0, 11, fortune=True)
    assert fortune.roll(ScriptedRandomSource([3, 15])).roll.natural == 15
    misfortune = Check(0, 11, misfortune=True)
    assert misfortune.roll(ScriptedRandomSource([3, 15])).roll.natural == 3
    both = Check(0, 11, fortune=True, misfortune=True)
    assert both.roll(ScriptedRandomSource([3])).roll.faces == (3,)


def test_hero_point_reroll_is_a_fortune_effect_and_the_new_result_stands() -> None:
    # "Gib 1 Heldenpunkt aus, um einen Wurf zu wiederholen. Du musst das neue Resultat
    # behalten. Dies ist ein Glückseffekt"
    check = Check(0, 15, reroll_on=frozenset({F, CF}))
    rolled = check.roll(ScriptedRandomSource([10, 9]))
    assert rolled.first is not None
    assert rolled.faces == (10, 9)
    assert rolled.roll.result.degree == F  # still a failure, and it stands
    with pytest.raises(RuleError, match="only one fortune effect"):
        Check(0, 15, fortune=True, reroll_on=frozenset({F}))


def test_reroll_policy_odds() -> None:
    check = Check(0, 11, reroll_on=frozenset({F, CF}))
    once = Check(0, 11).single_odds()
    fail = once[F] + once[CF]
    assert check.odds()[S] == once[S] + fail * once[S]
    assert sum(check.odds().values()) == 1


def test_hero_points_over_a_session() -> None:
    # "Normalerweise bekommt jeder Charakter zu Beginn einer Spielsitzung 1 Heldenpunkt.
    # [...] Du kannst über maximal 3 Heldenpunkte verfügen, doch am Ende der
    # Spielsitzung verlierst du alle verbleibenden Heldenpunkte"
    from regelwerk.systems.pf2e.health.hero_points import HeroPoints

    points = HeroPoints(0).start_session()
    assert points.points == 1
    assert points.award(5).points == 3
    assert points.reroll().points == 0
    with pytest.raises(RuleError, match="no hero point"):
        HeroPoints(0).reroll()
    # "Gib alle deine verbleibenden Heldenpunkte aus (mindestens 1), um den Tod zu
    # vermeiden."
    assert HeroPoints(3).avoid_death() == (HeroPoints(0), 3)
    assert HeroPoints(2).end_session().points == 0
