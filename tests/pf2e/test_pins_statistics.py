"""Wurfarten pinned: which ability a Finesse attack uses and how the breakdown names it,
with abilities given or left out (left out counts +0)."""

from __future__ import annotations

import pytest

from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.checks.statistics import statistic


@pytest.mark.parametrize(("abilities", "ability"), [
    ({}, Modifier(0, "ability", "str")),
    ({"str": 0}, Modifier(0, "ability", "str")),
    ({"dex": 0}, Modifier(0, "ability", "str")),
    ({"str": 2, "dex": 2}, Modifier(2, "ability", "str")),
    ({"dex": 1}, Modifier(1, "ability", "dex (finesse)")),
    ({"str": -1}, Modifier(0, "ability", "dex (finesse)")),
    ({"str": 1, "dex": 2}, Modifier(2, "ability", "dex (finesse)")),
    ({"str": 3, "dex": 2}, Modifier(3, "ability", "str")),
])
def test_finesse_uses_dexterity_only_when_it_is_higher(abilities: dict[str, int],
                                                       ability: Modifier) -> None:
    # "Benutzt du aber eine Waffe mit der Waffeneigenschaft Finesse, kannst du stattdessen
    # aber auch deinen Geschicklichkeitsmodifikator benutzen." — the player takes the
    # better one; on a tie Strength, the normal choice, is named
    result = statistic("melee_attack", abilities, 1, "trained", finesse=True)
    assert result.stacked.applied == (ability, Modifier(3, "proficiency", "trained"))
    assert result.value == ability.value + 3
    assert result.is_dc is False


def test_without_finesse_strength_whatever_dexterity() -> None:
    # "Ein Nahkampfangriffswurf greift normalerweise auf den Stärkemodifikator zurück."
    result = statistic("melee_attack", {"dex": 4}, 1, "trained")
    assert result.stacked.applied == (Modifier(0, "ability", "str"),
                                      Modifier(3, "proficiency", "trained"))
