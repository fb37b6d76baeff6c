"""Every rule sentence of rules/w6-proben.de.txt, cited, and the Finn Nirmi example."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.errors import RuleError
from regelwerk.systems.w6 import (
    DIFFICULTIES,
    Pool,
    advise,
    complex_probe,
    contest,
    probe,
)
from regelwerk.systems.w6.probe import is_success, judge


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


def test_the_attribute_gives_the_dice() -> None:
    # "Der Wert des Charakters in dieser Eigenschaft bestimmt die Anzahl der
    # sechsseitigen Würfel (W6), die für die Probe verwendet werden dürfen."
    assert Pool(8).dice == 8


def test_skills_and_tools_add_dice() -> None:
    # "Durch geeignete Fertigkeiten und Hilfsmittel kann die Anzahl der Würfel für die
    # konkrete Situation erhöht werden."
    assert Pool(8, skill=1).dice == 11
    assert Pool(8, tools=2).dice == 10


def test_two_successes_are_required_unless_the_game_master_asks_for_more() -> None:
    # "Grundsätzlich sind bei einer Probe zwei so genannte Erfolge gefordert, der
    # Spielleiter kann jedoch nach Ermessen eine höhere Anzahl bestimmen."
    assert probe(Pool(3), faces(5, 6, 1)).required == 2
    assert probe(Pool(3), faces(5, 6, 1), required=3).judgement.passed is False


@pytest.mark.parametrize(("face", "success"), [(1, False), (2, False), (3, False),
                                               (4, False), (5, True), (6, True)])
def test_a_five_or_a_six_is_a_success(face: int, success: bool) -> None:
    # "Als Erfolg gilt hierbei jeder Würfel, der eine Fünf oder eine Sechs zeigt."
    assert is_success(face) is success


def test_at_least_the_required_successes_pass() -> None:
    # "Wird mit dem Würfelwurf mindestens die geforderte Anzahl von Erfolgen erreicht,
    # so gilt die Probe als gelungen und die Situation als gemeistert."
    assert probe(Pool(4), faces(5, 6, 1, 2)).judgement.passed
    assert probe(Pool(4), faces(5, 6, 6, 2)).judgement.passed
    assert not probe(Pool(4), faces(5, 4, 1, 2)).judgement.passed


def test_quality_for_passed_and_failed_probes() -> None:
    # "Die Anzahl der erreichten Erfolge kann dabei Aufschluss über die Qualität des
    # Gelingens geben; dies gilt entsprechend für nicht gelungene Proben."
    assert judge(4, 2).quality == 2
    assert judge(0, 2).quality == -2
    result = probe(Pool(5), faces(5, 6, 6, 1, 2))
    # three Erfolge of five dice: 10 ways, each (1/3)³ (2/3)²
    assert dict(result.quality_probabilities)[1] == Fraction(40, 243)


@pytest.mark.parametrize(
    ("name", "dice"),
    [("anspruchsvoll", 3), ("herausfordernd", 6), ("schwer", 9), ("sehr schwer", 12),
     ("fast unmöglich", 15), ("normal", 0), ("challenging", 6), ("nearly_impossible", 15)],
)
def test_difficulty_tiers(name: str, dice: int) -> None:
    # "• anspruchsvoll: - 3 W6 • herausfordernd: - 6 W6 • schwer: - 9 W6
    #  • sehr schwer: - 12 W6 • fast unmöglich: - 15 W6"
    canonical = DIFFICULTIES.canonical(name)
    assert canonical is not None
    assert DIFFICULTIES.values[canonical] == dice


def test_the_game_master_sums_further_penalties() -> None:
    # "summiert der Spielleiter veranschlagte Abzüge oder benennt eine Erschwerung"
    assert Pool(10, difficulty=3, penalty=2).dice == 5


def test_difficulty_is_set_against_skills_and_tools() -> None:
    # "Die Erschwerung wird schließlich mit eventuell vorhandenen Fertigkeiten und
    # Hilfsmitteln verrechnet, um die endgültige Anzahl an Würfeln zu ermitteln"
    assert Pool(4, skill=1, tools=1, difficulty=6).value == 2


def test_a_pool_of_zero_or_less_rolls_nothing_and_cannot_succeed() -> None:
    # docs/rulings.md, "W6: a pool of 0 or less"
    pool = Pool(2, difficulty=9)
    assert pool.value == -7
    assert pool.dice == 0
    result = probe(pool, faces())
    assert result.faces == ()
    assert result.probability == 0
    assert not result.judgement.passed


def test_finn_nirmi_end_to_end() -> None:
    # "Die halblingische Diebin Finn Nirmi möchte ein Schloss knacken und hat GE 8.
    # Ohne Erschwerung müsste sie mit den aus ihrem GE resultierenden 8 Würfeln
    # 2 Erfolge schaffen"
    assert Pool(8, attribute_name="GE").dice == 8
    # "zieht Finn dafür 6 Würfel von ihren GE-Würfeln ab - es handelt sich um eine
    # herausfordernde Probe. Mit 2 Würfeln 2 Erfolge zu erreichen, ist nicht sehr
    # wahrscheinlich."
    hard = Pool(8, difficulty=DIFFICULTIES.values["challenging"])
    assert hard.dice == 2
    assert probe(hard, faces(1, 1)).probability == Fraction(1, 9)
    # "Da Finn aber einen Punkt in der Fertigkeit "Schlösser öffnen" hat, darf sie sich
    # wieder 3 Würfel dazunehmen, hat also dann 5 Würfel"
    skilled = Pool(8, skill=1, difficulty=6, skill_name="Schlösser öffnen")
    assert skilled.dice == 5
    assert probe(skilled, faces(1, 1, 1, 1, 1)).probability == Fraction(131, 243)
    # "Außerdem hat Finn ein paar Dietriche dabei, für deren Einsatz der Spielleiter
    # ihr nochmals 2 Würfel zusätzlich gewährt. Finn führt die Probe also schließlich
    # mit 7 Würfeln aus."
    finn = Pool(8, skill=1, tools=2, difficulty=6)
    assert finn.dice == 7
    result = probe(finn, faces(6, 2, 5, 1, 3, 4, 4))
    assert (result.successes, result.judgement.passed, result.judgement.quality) == (2, True, 0)
    assert result.probability == 1 - Fraction(2**7 + 7 * 2**6, 3**7)


def test_complex_probe_split_bindingly_before_rolling() -> None:
    # "mehrere separate Probenwürfe auf jeweils beliebig viele Erfolge fordern, auf die
    # der Spieler die ihm zur Verfügung stehenden Würfel schon vor dem ersten Wurf
    # verbindlich aufteilen muss"
    result = complex_probe(Pool(10), [6, 4], [2, 1], faces(5, 5, 1, 1, 1, 1, 6, 2, 2, 2))
    assert [p.dice for p in result.parts] == [6, 4]
    with pytest.raises(RuleError, match="exactly the pool of 10"):
        complex_probe(Pool(10), [6, 3], [2, 1], faces())


def test_complex_probe_passes_only_if_every_roll_passes() -> None:
    # "Diese so genannte Komplexe Probe gilt nur dann als vollständig gelungen, wenn in
    # jedem einzelnen Probenwurf die jeweils geforderten Erfolge erzielt wurden."
    # "Ein Teilerfolg kann jedoch auch zu einer völlig neuen Situation führen"
    result = complex_probe(Pool(10), [6, 4], [2, 1], faces(5, 5, 1, 1, 1, 1, 2, 2, 2, 2))
    assert [p.judgement.passed for p in result.parts] == [True, False]
    assert not result.passed
    assert result.probability == result.parts[0].probability * result.parts[1].probability


def test_complex_difficulty_comes_off_the_total_before_the_split() -> None:
    # "Der Würfelabzug bezieht sich auf die Gesamtzahl der Würfel und findet vor der
    # Verteilung der Würfel auf die einzelnen Würfelwürfe statt."
    pool = Pool(12, difficulty=3)
    result = complex_probe(pool, [5, 4], [1, 1], faces(*([5] * 9)))
    assert result.passed
    with pytest.raises(RuleError):
        complex_probe(pool, [6, 6], [1, 1], faces())


def test_complex_probe_cannot_be_a_single_roll() -> None:
    # "Eine Komplexe Probe ist in jedem Fall regelgerecht auszuwürfeln (Aufteilung der
    # Gesamtwürfel und Durchführen von mindestens zwei separaten Würfen) und kann nicht
    # durch ein schlichtes Abziehen von Würfeln zu einem einzigen Würfelwurf
    # vereinfacht werden."
    with pytest.raises(RuleError, match="at least 2 rolls") as info:
        complex_probe(Pool(8), [8], [2], faces())
    assert info.value.code == "invalid_split"
    with pytest.raises(RuleError, match="each roll"):
        complex_probe(Pool(8), [4, 4], [2], faces())


def test_contest_more_successes_wins() -> None:
    # "zwei Charaktere beim Armdrücken – derjenige, der mehr Erfolge erreicht, gewinnt"
    result = contest(Pool(6), Pool(6), faces(6, 6, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1))
    assert (result.a_successes, result.b_successes, result.winner) == (2, 1, "a")
    assert result.probabilities["a"] == result.probabilities["b"]


def test_contest_on_different_attributes_with_difficulty() -> None:
    # "ein Taschendieb eine Probe auf Geschick würfeln, und das aufmerksame Opfer [...]
    # würde mit Wahrnehmung dagegen würfeln." — "Selbstverständlich kann auch hier von
    # Erschwerungen [...] Gebrauch gemacht werden"
    thief = Pool(7, skill=1, attribute_name="Geschick")
    victim = Pool(6, difficulty=3, attribute_name="Wahrnehmung")
    result = contest(thief, victim, faces(*([1] * 10), 5, 1, 1))
    assert result.winner == "b"
    assert sum(result.probabilities.values()) == 1


def test_contest_ties() -> None:
    # docs/rulings.md, "W6: ties in a Konkurrierende Probe"
    tied = faces(5, 1, 6, 2)
    assert contest(Pool(2), Pool(2), tied).winner == "tie"
    defended = contest(Pool(2), Pool(2), faces(5, 1, 6, 2), tie="b")
    assert defended.winner == "b"
    assert defended.probabilities["tie"] == 0
    plain = contest(Pool(2), Pool(2), faces(5, 1, 6, 2))
    assert defended.probabilities["b"] == plain.probabilities["b"] + plain.probabilities["tie"]


def test_advice_for_the_public_example() -> None:
    advice = advise(10, [1, 1])
    assert advice.split == (5, 5)
    assert advice.probability == Fraction(211, 243) ** 2
    assert [c[1] for c in advice.candidates] == sorted((c[1] for c in advice.candidates),
                                                       reverse=True)
