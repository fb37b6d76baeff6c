"""Afflictions pinned save by save, with the whole result written out from the text."""

from __future__ import annotations

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.effects.affliction import Affliction, SaveResult, Stage, save

CF, F, S, CS = Degree.CRITICAL_FAILURE, Degree.FAILURE, Degree.SUCCESS, Degree.CRITICAL_SUCCESS
POISON = Affliction(3)


# the initial save: success unaffected, failure stage 1, critical failure stage 2
@pytest.mark.parametrize(("degree", "result"), [
    (CS, SaveResult(Stage(0), True)), (S, SaveResult(Stage(0), True)),
    (F, SaveResult(Stage(1), False)), (CF, SaveResult(Stage(2), False))])
def test_initial_save(degree: Degree, result: SaveResult) -> None:
    assert save(POISON, Stage(0), degree, True) == result


# later saves: success −1, critical success −2 (ending below stage 1); failure +1,
# critical failure +2, and beyond the last stage the last stage repeats
@pytest.mark.parametrize(("stage", "degree", "result"), [
    (2, S, SaveResult(Stage(1), False)), (1, S, SaveResult(Stage(0), True)),
    (3, CS, SaveResult(Stage(1), False)), (2, CS, SaveResult(Stage(0), True)),
    (1, CS, SaveResult(Stage(0), True)), (1, F, SaveResult(Stage(2), False)),
    (2, F, SaveResult(Stage(3), False)), (3, F, SaveResult(Stage(3), False, True)),
    (1, CF, SaveResult(Stage(3), False)), (2, CF, SaveResult(Stage(3), False, True))])
def test_later_saves(stage: int, degree: Degree, result: SaveResult) -> None:
    assert save(POISON, Stage(stage), degree, False) == result


# "Wenn du dem gleichen Fluch oder der gleichen Krankheit mehrfach ausgesetzt bist, hat dies
# keinen Effekt. Wenn du dem gleichen Gift erneut ausgesetzt bist, führt ein Fehlschlag bei
# einem weiteren initialen Rettungswurf [...] dazu, dass du zur nächsthöheren Phase
# übergehst."
def test_repeated_exposure() -> None:
    assert save(POISON, Stage(1), F, True) == SaveResult(Stage(2), False)
    assert save(POISON, Stage(1), CF, True) == SaveResult(Stage(3), False)
    assert save(POISON, Stage(1), S, True) == SaveResult(Stage(1), False)
    assert save(POISON, Stage(3), F, True) == SaveResult(Stage(3), False, True)
    for kind in ("curse", "disease"):
        assert save(Affliction(3, type=kind), Stage(1), CF, True) == SaveResult(
            Stage(1), False, no_effect=True)


# "musst du zwei aufeinanderfolgende Erfolge bei Rettungswürfen erzielen, damit du die
# Phase des Ausgeprägten Leidens reduzieren darfst. Ein Kritischer Erfolg reduziert die
# Phase eines Ausgeprägten Leidens nur um 1"
def test_virulent_afflictions() -> None:
    virulent = Affliction(3, virulent=True)
    assert save(virulent, Stage(2), S, False) == SaveResult(Stage(2, 1), False)
    assert save(virulent, Stage(2, 1), S, False) == SaveResult(Stage(1, 0), False)
    assert save(virulent, Stage(2), CS, False) == SaveResult(Stage(1, 0), False)
    assert save(virulent, Stage(1, 1), S, False) == SaveResult(Stage(0), True)
    assert save(virulent, Stage(2, 1), F, False) == SaveResult(Stage(3, 0), False)


def test_affliction_refusals() -> None:
    with pytest.raises(RuleError, match="at least one stage"):
        save(Affliction(0), Stage(0), S, True)
    for stage in (-1, 4):
        with pytest.raises(RuleError, match="stage must be 0 to 3"):
            save(POISON, Stage(stage), S, False)
    with pytest.raises(RuleError, match="initial save") as refused:
        save(POISON, Stage(0), S, False)
    assert refused.value.code == "invalid_value"
    assert save(Affliction(1), Stage(1), F, False) == SaveResult(Stage(1), False, True)


def test_immunity_to_an_afflictions_category_or_trait() -> None:
    from regelwerk.systems.pf2e.effects.affliction import immune_category

    assert immune_category("poison", ["inhaled"], ["poison"]) == "poison"
    assert immune_category("disease", ["inhaled"], ["inhaled"]) == "inhaled"
    assert immune_category("curse", ["inhaled"], ["poison"]) is None
    assert immune_category("poison", [], []) is None
