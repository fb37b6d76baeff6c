"""W6 pool, tiers and Komplexe Proben pinned at their boundaries; every expected value
is written out from the quoted text (binomial chances by hand: each die is an Erfolg
with chance 2/6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.errors import RuleError
from regelwerk.systems.w6 import DIFFICULTIES, Pool, complex_probe, probe
from regelwerk.systems.w6.complex import MIN_PARTS, check_split


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


# "anspruchsvoll: - 3 W6 • herausfordernd: - 6 W6 • schwer: - 9 W6 • sehr schwer: - 12 W6
# • fast unmöglich: - 15 W6"
@pytest.mark.parametrize(("name", "dice"), [
    ("keine", 0), ("normal", 0), ("anspruchsvoll", 3), ("herausfordernd", 6), ("schwer", 9),
    ("sehr schwer", 12), ("fast unmöglich", 15)])
def test_difficulty_tiers(name: str, dice: int) -> None:
    canonical = DIFFICULTIES.canonical(name)
    assert canonical is not None
    assert DIFFICULTIES.values[canonical] == dice


# Finn Nirmi: "GE 8 [...] zieht Finn dafür 6 Würfel [...] ab [...] einen Punkt in der
# Fertigkeit "Schlösser öffnen" [...] 3 Würfel dazunehmen [...] 2 Würfel zusätzlich
# gewährt. Finn führt die Probe also schließlich mit 7 Würfeln aus."
def test_finn_nirmi_pool_and_breakdown() -> None:
    finn = Pool(8, skill=1, tools=2, difficulty=6)
    assert finn.value == 7
    assert finn.dice == 7
    assert finn.breakdown() == (("attribute", 8), ("skill", 3), ("tools", 2),
                                ("difficulty", -6))


@pytest.mark.parametrize(("pool", "value", "dice"), [
    (Pool(3, difficulty=3), 0, 0), (Pool(3, difficulty=2), 1, 1),
    (Pool(3, difficulty=4), -1, 0), (Pool(5, penalty=2), 3, 3), (Pool(5, tools=-1), 4, 4),
    (Pool(2, skill=2, penalty=1), 7, 7)])
def test_pool_value_and_dice_at_zero(pool: Pool, value: int, dice: int) -> None:
    # docs/rulings.md: a pool of 0 or less rolls no dice
    assert pool.value == value
    assert pool.dice == dice


def test_breakdown_lists_only_the_parts_present() -> None:
    assert Pool(5).breakdown() == (("attribute", 5),)
    assert Pool(5, skill=2, tools=-1, difficulty=3, penalty=2).breakdown() == (
        ("attribute", 5), ("skill", 6), ("tools", -1), ("difficulty", -3), ("penalty", -2))


@pytest.mark.parametrize("field", ["attribute", "skill", "difficulty", "penalty"])
def test_negative_parts_are_refused(field: str) -> None:
    values = {"attribute": 3, field: -1}
    with pytest.raises(ValueError, match=f"{field} must not be negative"):
        Pool(**values)  # type: ignore[arg-type]
    values[field] = 0
    assert Pool(**values).dice >= 0  # type: ignore[arg-type]


# "Wird mit dem Würfelwurf mindestens die geforderte Anzahl von Erfolgen erreicht, so gilt
# die Probe als gelungen" — 1 and 2 Erfolge against 2 required
@pytest.mark.parametrize(("rolled", "passed", "quality"), [
    ((5, 1, 1), False, -1), ((5, 6, 1), True, 0), ((5, 6, 6), True, 1), ((4, 4, 4), False, -2)])
def test_probe_judgement_at_the_boundary(rolled: tuple[int, ...], passed: bool,
                                         quality: int) -> None:
    result = probe(Pool(3), faces(*rolled))
    assert result.judgement.passed is passed
    assert result.judgement.quality == quality
    # P(at least 2 of 3): 3·(1/3)²(2/3) + (1/3)³ = 7/27
    assert result.probability == Fraction(7, 27)


# "Diese so genannte Komplexe Probe gilt nur dann als vollständig gelungen, wenn in jedem
# einzelnen Probenwurf die jeweils geforderten Erfolge erzielt wurden."
def test_complex_probe_passes_only_if_every_roll_does() -> None:
    both = complex_probe(Pool(4), [2, 2], [1, 1], faces(5, 1, 1, 6))
    assert both.passed is True
    one = complex_probe(Pool(4), [2, 2], [1, 1], faces(5, 1, 1, 1))
    assert one.passed is False
    # each roll of two dice: at least one Erfolg 1 − (2/3)² = 5/9
    assert both.probability == Fraction(5, 9) ** 2
    assert [part.probability for part in both.parts] == [Fraction(5, 9)] * 2
    assert [part.faces for part in both.parts] == [(5, 1), (1, 6)]
    assert [part.required for part in both.parts] == [1, 1]
    assert both.pool == Pool(4)


# "Der Würfelabzug bezieht sich auf die Gesamtzahl der Würfel und findet vor der Verteilung
# der Würfel auf die einzelnen Würfelwürfe statt."
def test_complex_split_after_the_difficulty() -> None:
    pool = Pool(9, difficulty=3)
    check_split(pool, [3, 3], [1, 1])
    with pytest.raises(RuleError, match="exactly the pool of 6 dice") as refused:
        check_split(pool, [5, 4], [1, 1])
    assert refused.value.code == "invalid_split"
    with pytest.raises(RuleError, match="it uses 5"):
        check_split(pool, [3, 2], [1, 1])
    check_split(Pool(2), [0, 2], [1, 1])


# "Aufteilung der Gesamtwürfel und Durchführen von mindestens zwei separaten Würfen"
def test_complex_split_needs_two_rolls_each_with_a_requirement() -> None:
    assert MIN_PARTS == 2
    with pytest.raises(RuleError, match="at least 2 rolls; the split has 1") as refused:
        check_split(Pool(4), [4], [1])
    assert refused.value.code == "invalid_split"
    with pytest.raises(RuleError, match="2 rolls, 3 requirements"):
        check_split(Pool(4), [2, 2], [1, 1, 1])
    with pytest.raises(RuleError, match="0 or more dice"):
        check_split(Pool(4), [5, -1], [1, 1])
    with pytest.raises(RuleError, match="at least 1 success"):
        check_split(Pool(4), [2, 2], [1, 0])
    check_split(Pool(6), [2, 2, 2], [1, 1, 1])


# "auf die der Spieler die ihm zur Verfügung stehenden Würfel schon vor dem ersten Wurf
# verbindlich aufteilen muss" — four dice for two rolls of one Erfolg each: a roll of a
# dice fails with (2/3)^a, so (2,2) gives (5/9)² = 25/81, (3,1) and (1,3) give
# (19/27)(1/3) = 19/81, and (4,0), (0,4) cannot pass.
def test_advice_candidates_in_order_with_hopeless_splits_last() -> None:
    from regelwerk.systems.w6 import advise
    from regelwerk.systems.w6.advice import enumerate_splits

    advice = advise(4, [1, 1])
    assert advice.candidates == (((2, 2), Fraction(25, 81)), ((3, 1), Fraction(19, 81)),
                                 ((1, 3), Fraction(19, 81)), ((4, 0), Fraction(0)),
                                 ((0, 4), Fraction(0)))
    assert (advice.dice, advice.required) == (4, (1, 1))
    assert advise(4, [1, 1], candidates=2).candidates == advice.candidates[:2]
    assert advise(4, [1, 1], candidates=0).candidates == advice.candidates[:1]
    assert enumerate_splits(4, [1, 1]) == ((2, 2), Fraction(25, 81))
    # one Erfolg and two: (1,3) gives (1/3)(7/27) = 7/81, (2,2) gives (5/9)(1/9) = 5/81
    # and the splits that cannot pass, earlier rolls with more dice first
    assert advise(4, [1, 2]).candidates == (
        ((1, 3), Fraction(7, 81)), ((2, 2), Fraction(5, 81)), ((4, 0), Fraction(0)),
        ((3, 1), Fraction(0)), ((0, 4), Fraction(0)))
    assert enumerate_splits(4, [1, 2]) == ((1, 3), Fraction(7, 81))
    # three dice for three rolls: only (1,1,1) can pass, (1/3)³
    three = advise(3, [1, 1, 1], candidates=3)
    assert three.candidates == (((1, 1, 1), Fraction(1, 27)), ((3, 0, 0), Fraction(0)),
                                ((2, 1, 0), Fraction(0)))
    assert enumerate_splits(3, [1, 1, 1]) == ((1, 1, 1), Fraction(1, 27))
    assert advise(-2, [1, 1]).candidates == (((0, 0), Fraction(0)),)


def test_advice_refuses_what_is_no_komplexe_probe() -> None:
    from regelwerk.systems.w6 import advise
    from regelwerk.systems.w6.advice import enumerate_splits

    for call in (advise, enumerate_splits):
        with pytest.raises(RuleError, match="at least 2 rolls") as refused:
            call(4, [1])
        assert refused.value.code == "invalid_split"
        with pytest.raises(RuleError, match="at least 1 success"):
            call(4, [1, 0])


def _standing_by_hand(faces: tuple[int, ...], split: tuple[int, ...],
                      required: tuple[int, ...]) -> tuple[bool, int]:
    hits = [face >= 5 for face in faces]
    holds, start = True, 0
    for dice, need in zip(split, required, strict=True):
        holds = holds and sum(hits[start:start + dice]) >= need
        start += dice
    return holds, sum(hits)


# "derjenige, der mehr Erfolge erreicht, gewinnt" and docs/rulings.md, "W6: Komplexe
# Proben in a contest": a Probe that holds beats one that fails, then more Erfolge win.
@pytest.mark.parametrize("tie", ["tie", "a", "b"])
def test_contest_of_a_komplexe_probe_against_a_probe_over_every_face(tie: str) -> None:
    from itertools import product

    from regelwerk.systems.w6.contest import Party, contest_odds

    for split, required in [((2, 1), (1, 1)), ((1, 1, 1), (1, 1, 1)), ((2, 1), (2, 1))]:
        thief = Party(Pool(3), split, required)
        expected = {"a": Fraction(0), "b": Fraction(0), "tie": Fraction(0)}
        for rolled in product(range(1, 7), repeat=5):
            a = _standing_by_hand(rolled[:3], split, required)
            b = (True, sum(1 for face in rolled[3:] if face >= 5))
            side = "a" if a > b else "b" if b > a else tie
            expected[side] += Fraction(1, 6**5)
        assert contest_odds(thief, Pool(2), tie) == expected  # type: ignore[arg-type]


def test_contest_standings_and_winner_at_the_boundaries() -> None:
    from regelwerk.systems.w6.contest import Party, contest, standing, winner

    assert winner(2, 1) == "a"
    assert winner(1, 2) == "b"
    assert winner(1, 1) == "tie"
    assert winner(1, 1, "a") == "a"
    assert winner(1, 1, "b") == "b"
    assert winner((False, 3), (True, 0)) == "b"
    assert winner((True, 0), (False, 3)) == "a"
    assert winner((False, 2), (False, 1)) == "a"
    party = Party(Pool(3), (2, 1), (1, 1))
    assert party.complex is True
    assert Party(Pool(3)).complex is False
    assert standing(party, (5, 1, 6)) == (True, 2)
    assert standing(party, (1, 1, 6)) == (False, 1)
    assert standing(party, (5, 6, 1)) == (False, 2)
    assert standing(Party(Pool(3)), (5, 1, 6)) == (True, 2)
    two = Party(Pool(4), (3, 1), (2, 1))
    assert standing(two, (5, 1, 1, 6)) == (False, 2)
    assert standing(two, (5, 6, 1, 6)) == (True, 3)
    # a Komplexe Probe needs its split: requirements alone are refused
    with pytest.raises(RuleError, match="at least 2 rolls"):
        Party(Pool(3), (), (1, 1))
    # party b's Komplexe Probe that fails loses against a's plain Probe with fewer Erfolge
    lost = contest(Pool(1), two, faces(5, 5, 1, 1, 6))
    assert (lost.a_holds, lost.b_holds, lost.winner) == (True, False, "a")
    rolled = contest(party, Pool(2), faces(5, 6, 1, 6, 6))
    assert (rolled.a_faces, rolled.b_faces) == ((5, 6, 1), (6, 6))
    assert (rolled.a_successes, rolled.b_successes) == (2, 2)
    assert (rolled.a_holds, rolled.b_holds) == (False, True)
    assert rolled.winner == "b"
    plain = contest(Pool(2), Pool(1), faces(5, 1, 1))
    assert (plain.a_holds, plain.b_holds, plain.winner) == (True, True, "a")
    with pytest.raises(RuleError, match="exactly the pool"):
        Party(Pool(3), (2, 2), (1, 1))


def test_complex_probe_through_resolve_names_every_roll() -> None:
    from regelwerk import resolve

    answer = resolve({"system": "w6", "action": "complex_probe", "attribute": 6,
                      "skill_name": "Schlösser öffnen", "attribute_name": "GE",
                      "split": [4, 2], "required": [2, 1], "faces": [5, 6, 1, 1, 2, 3]})
    assert answer["parts"] == [
        {"dice": 4, "faces": [5, 6, 1, 1], "successes": 2, "required": 2, "passed": True,
         "quality": 0, "probability": pytest.approx(33 / 81)},
        {"dice": 2, "faces": [2, 3], "successes": 0, "required": 1, "passed": False,
         "quality": -1, "probability": pytest.approx(5 / 9)}]
    assert answer["passed"] is False
    assert answer["dice"] == 6
    assert answer["pool"] == {"attribute": 6, "value": 6, "attribute_name": "GE",
                              "skill_name": "Schlösser öffnen"}


def test_the_largest_pool_is_allowed_and_one_more_refused() -> None:
    from regelwerk import resolve
    from regelwerk.dice.limits import MAX_DICE

    at_limit = resolve({"system": "w6", "action": "probe", "attribute": MAX_DICE,
                        "faces": [1] * MAX_DICE})
    assert at_limit["dice"] == MAX_DICE
    over = resolve({"system": "w6", "action": "probe", "attribute": MAX_DICE, "tools": 1})
    assert over["ok"] is False
    assert over["error"]["code"] == "limit_exceeded"


class _Recording:
    """A random source that notes the dice asked for and always shows a 5."""

    def __init__(self) -> None:
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return 5


def test_a_probe_rolls_six_sided_dice_and_none_for_an_empty_pool() -> None:
    from regelwerk.odds import Distribution
    from regelwerk.systems.w6.probe import roll_pool, success_distribution

    source = _Recording()
    assert probe(Pool(3), source).faces == (5, 5, 5)
    assert source.sides == [6, 6, 6]
    assert roll_pool(0, source) == ()
    assert roll_pool(-2, source) == ()
    assert success_distribution(-2) == Distribution.constant(0)
    assert success_distribution(0) == Distribution.constant(0)
    # "Grundsätzlich sind bei einer Probe zwei so genannte Erfolge gefordert"
    assert probe(Pool(1), faces(5)).required == 2
    assert probe(Pool(1), faces(5), required=1).judgement.passed is True
    with pytest.raises(ValueError, match="at least one Erfolg"):
        probe(Pool(1), faces(5), required=0)


def test_advice_ranks_tied_splits_earlier_rolls_with_more_dice_first() -> None:
    # docs/rulings.md "W6: split advice": six dice for three rolls of one Erfolg: (2,2,2)
    # gives (5/9)³ = 125/729; every order of (1,2,3) gives (1/3)(5/9)(19/27) = 95/729,
    # listed with more dice in earlier rolls first
    from regelwerk.systems.w6 import advise

    advice = advise(6, [1, 1, 1], candidates=7)
    assert advice.candidates == (((2, 2, 2), Fraction(125, 729)),
                                 *((s, Fraction(95, 729)) for s in [
                                     (3, 2, 1), (3, 1, 2), (2, 3, 1), (2, 1, 3), (1, 3, 2),
                                     (1, 2, 3)]))


def test_enumerate_splits_when_no_split_can_pass() -> None:
    # every split of one die for two rolls fails somewhere: the plain method keeps the
    # split with more dice in earlier rolls, as the advice lists hopeless splits
    from regelwerk.systems.w6.advice import enumerate_splits

    assert enumerate_splits(1, [1, 1]) == ((1, 0), Fraction(0))
    assert enumerate_splits(2, [1, 2]) == ((2, 0), Fraction(0))


def test_two_erfolge_are_required_by_default() -> None:
    # "Grundsätzlich sind bei einer Probe zwei so genannte Erfolge gefordert"
    from regelwerk import resolve
    from regelwerk.systems.w6.pool import DICE_PER_SKILL_POINT
    from regelwerk.systems.w6.probe import DEFAULT_REQUIRED

    assert DEFAULT_REQUIRED == 2
    assert DICE_PER_SKILL_POINT == 3
    answer = resolve({"system": "w6", "action": "probe", "attribute": 2, "faces": [5, 1]})
    assert answer["required"] == 2
    assert answer["passed"] is False


def test_enumerate_splits_breaks_ties_like_the_advice() -> None:
    # three dice for two rolls of one Erfolg: (2,1) and (1,2) both give 5/27; the one with
    # more dice in the earlier roll is named
    from regelwerk.systems.w6 import advise
    from regelwerk.systems.w6.advice import enumerate_splits

    assert enumerate_splits(3, [1, 1]) == ((2, 1), Fraction(5, 27))
    assert advise(3, [1, 1]).split == (2, 1)
