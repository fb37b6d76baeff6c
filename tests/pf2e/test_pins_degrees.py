"""Degrees of success pinned at every boundary (DC−10, DC−9, DC−1, DC, DC+9, DC+10),
with the natural 20/1 step and abilities that adjust the degree by steps, to a degree,
only on a degree, and one after another; the whole result (history included) is
written out from the text."""

from __future__ import annotations

import pytest

from regelwerk.systems.pf2e.checks.degrees import (
    NATURAL_1,
    NATURAL_20,
    Adjustment,
    Degree,
    DegreeResult,
    base_degree,
    degree_of,
)

CF, F, S, CS = Degree.CRITICAL_FAILURE, Degree.FAILURE, Degree.SUCCESS, Degree.CRITICAL_SUCCESS


# "Kritischen Erfolg [...] wenn das Ergebnis des Wurfs den SG um 10 oder mehr übersteigt"
# — "liegt das Ergebnis deines Wurfs um 10 oder mehr unter dem SG, handelt es sich um einen
# Kritischen Fehlschlag" — at or above the DC succeeds.
@pytest.mark.parametrize(("offset", "degree"), [
    (-11, CF), (-10, CF), (-9, F), (-1, F), (0, S), (1, S), (9, S), (10, CS), (11, CS)])
def test_base_degree_at_the_boundaries(offset: int, degree: Degree) -> None:
    assert base_degree(20 + offset, 20) is degree
    assert degree_of(10, 20 + offset, 20) == DegreeResult(degree, 0, ())
    assert degree_of(None, 20 + offset, 20).degree is degree


# a natural 20 is one step better, a natural 1 one step worse, clamped at the ends
@pytest.mark.parametrize(("offset", "natural", "degree"), [
    (-10, 20, F), (-9, 20, S), (0, 20, CS), (10, 20, CS),
    (-10, 1, CF), (-1, 1, CF), (0, 1, F), (10, 1, S)])
def test_natural_twenty_and_one(offset: int, natural: int, degree: Degree) -> None:
    result = degree_of(natural, 20 + offset, 20)
    step = 1 if natural == 20 else -1
    reason = NATURAL_20 if natural == 20 else NATURAL_1
    assert result == DegreeResult(base_degree(20 + offset, 20), step, ((degree, reason),))
    assert result.degree is degree


@pytest.mark.parametrize(("natural", "step"), [(2, 0), (19, 0), (21, 0), (0, 0)])
def test_other_naturals_do_not_step(natural: int, step: int) -> None:
    assert degree_of(natural, 25, 20) == DegreeResult(S, step, ())


@pytest.mark.parametrize(("degree", "steps", "after"), [
    (CF, 1, F), (F, 1, S), (S, 1, CS), (CS, 1, CS), (CS, -1, S), (S, -2, CF), (F, -1, CF),
    (CF, -1, CF), (F, 2, CS), (CF, 3, CS), (S, 0, S)])
def test_shifting_by_steps_is_clamped(degree: Degree, steps: int, after: Degree) -> None:
    assert degree.shifted(steps) is after
    assert Adjustment("ability", steps=steps).apply(degree) is after


def test_adjustment_to_a_degree_and_only_when() -> None:
    # e.g. "Wenn du einen Erfolg erzielst, erhältst du stattdessen einen Kritischen Erfolg"
    juggernaut = Adjustment("juggernaut", to=CS, when=S)
    assert juggernaut.apply(S) is CS
    assert juggernaut.apply(F) is F
    assert juggernaut.apply(CF) is CF
    assert Adjustment("fall", to=CF).apply(CS) is CF
    assert Adjustment("better", steps=1, when=F).apply(F) is S
    assert Adjustment("better", steps=1, when=F).apply(S) is S


# "führe immer zuerst die Veränderung durch eine Natürliche 20 oder eine Natürliche 1 durch,
# bevor du einen anderen Effekt anwendest."
def test_adjustments_after_the_natural_step_one_after_another() -> None:
    evasion = Adjustment("evasion", to=CS, when=S)
    worse = Adjustment("worse", steps=-1)
    # total DC−1 is a failure, the natural 20 makes it a success, then evasion, then −1
    result = degree_of(20, 19, 20, (evasion, worse))
    assert result == DegreeResult(F, 1, ((S, NATURAL_20), (CS, "evasion"), (S, "worse")))
    assert result.degree is S
    # evasion does not apply when the natural step left a failure
    result = degree_of(1, 20, 20, (evasion, worse))
    assert result == DegreeResult(S, -1, ((F, NATURAL_1), (CF, "worse")))


def test_an_adjustment_that_changes_nothing_leaves_no_history() -> None:
    result = degree_of(10, 30, 20, (Adjustment("more", steps=1), Adjustment("up", steps=2)))
    assert result == DegreeResult(CS, 0, ())
    result = degree_of(10, 25, 20, (Adjustment("up", steps=1), Adjustment("same", to=CS)))
    assert result == DegreeResult(S, 0, ((CS, "up"),))
    assert result.degree is CS


def test_degree_keys() -> None:
    assert [d.key for d in Degree] == ["critical_failure", "failure", "success",
                                       "critical_success"]
