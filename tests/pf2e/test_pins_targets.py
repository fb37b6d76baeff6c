"""Ziele pinned case by case: each rule of choosing a target, the reason given, and
which rule goes first when several apply."""

from __future__ import annotations

import pytest

from regelwerk.systems.pf2e.effects.targets import TargetCheck, can_target

ALLOWED = TargetCheck(True, None)

# "Bestimmte Umstände können es schwierig oder gar unmöglich machen, eine Kreatur als Ziel
# auszuwählen: eine Kreatur, die für dich den Zustand Unentdeckt besitzt, oder eine
# Kreatur, die [...] eine andere Fähigkeit hat, die verhindert, dass sie als Ziel
# ausgewählt wird. Manche Effekte erfordern, dass das Ziel bereitwillig ist. Nur du kannst
# entscheiden, ob dein SC bereitwillig ist. [...] Bestimmte Effekte wirken nur auf
# Verbündete als Ziel [...] Dies muss jemand sein, der auf deiner Seite ist [...] Du
# selbst bist nicht dein eigener Verbündeter."
CASES = [
    # (actor, target, requirement, flags, expected)
    ("Kyra", "goblin", "any", {}, ALLOWED),
    ("Kyra", "Kyra", "any", {}, ALLOWED),
    ("Kyra", "Ezren", "any", {"ally": True}, ALLOWED),
    # an ability that prevents being targeted: never, not even yourself, whatever else
    ("Kyra", "goblin", "any", {"untargetable": True}, TargetCheck(False, "untargetable")),
    ("Kyra", "Kyra", "any", {"untargetable": True}, TargetCheck(False, "untargetable")),
    ("Kyra", "goblin", "enemy", {"untargetable": True, "undetected": True},
     TargetCheck(False, "untargetable")),
    ("Kyra", "Ezren", "willing", {"untargetable": True, "willing": True},
     TargetCheck(False, "untargetable")),
    # undetected by you: not a target; you always know where you are yourself
    ("Kyra", "goblin", "any", {"undetected": True}, TargetCheck(False, "undetected")),
    ("Kyra", "goblin", "enemy", {"undetected": True}, TargetCheck(False, "undetected")),
    ("Kyra", "Ezren", "willing", {"undetected": True}, TargetCheck(False, "undetected")),
    ("Kyra", "Ezren", "ally", {"undetected": True, "ally": True},
     TargetCheck(False, "undetected")),
    ("Kyra", "Kyra", "any", {"undetected": True}, ALLOWED),
    # willing: the target decides; you choosing yourself have decided
    ("Kyra", "Ezren", "willing", {}, TargetCheck(False, "not_willing")),
    ("Kyra", "Ezren", "willing", {"ally": True}, TargetCheck(False, "not_willing")),
    ("Kyra", "Ezren", "willing", {"willing": True}, ALLOWED),
    ("Kyra", "Kyra", "willing", {}, ALLOWED),
    ("Kyra", "Ezren", "any", {"willing": False}, ALLOWED),
    # an ally: on your side, and not yourself
    ("Kyra", "Ezren", "ally", {"ally": True}, ALLOWED),
    ("Kyra", "Ezren", "ally", {}, TargetCheck(False, "not_an_ally")),
    ("Kyra", "Ezren", "ally", {"willing": True}, TargetCheck(False, "not_an_ally")),
    ("Kyra", "Kyra", "ally", {}, TargetCheck(False, "not_own_ally")),
    ("Kyra", "Kyra", "ally", {"ally": True}, TargetCheck(False, "not_own_ally")),
    # an enemy: neither an ally nor yourself
    ("Kyra", "goblin", "enemy", {}, ALLOWED),
    ("Kyra", "goblin", "enemy", {"willing": True}, ALLOWED),
    ("Kyra", "Ezren", "enemy", {"ally": True}, TargetCheck(False, "not_an_enemy")),
    ("Kyra", "Kyra", "enemy", {}, TargetCheck(False, "not_an_enemy")),
]


@pytest.mark.parametrize(("actor", "target", "requirement", "flags", "expected"), CASES)
def test_who_may_be_chosen_as_a_target(actor: str, target: str, requirement: str,
                                       flags: dict[str, bool], expected: TargetCheck) -> None:
    assert can_target(actor, target, requirement, **flags) == expected  # type: ignore[arg-type]


def test_the_default_requirement_is_any_target() -> None:
    assert can_target("Kyra", "Kyra") == ALLOWED
    assert can_target("Kyra", "goblin", ally=True) == ALLOWED
