"""Counteracting and damaged objects pinned at every boundary of the text."""

from __future__ import annotations

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.damage.objects import Item, damage_item
from regelwerk.systems.pf2e.effects.counteract import counteract_level, counteracts


# "Wenn der Effekt ein Zauber ist, dann ist die Stufe des Zaubers die
# Entgegenwirkungsstufe. Ansonsten halbiere die Stufe des Effektes und runde auf"
@pytest.mark.parametrize(("level", "counter"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2),
                                                (9, 5), (20, 10)])
def test_counteract_level_is_half_rounded_up(level: int, counter: int) -> None:
    assert counteract_level(level=level) == counter
    assert counteract_level(spell_rank=level) == level


def test_counteract_level_needs_exactly_one() -> None:
    for kwargs in ({}, {"spell_rank": 3, "level": 5}):
        with pytest.raises(RuleError, match="either 'spell_rank' or 'level'") as refused:
            counteract_level(**kwargs)
        assert refused.value.code == "invalid_value"


# Critical success: up to 3 levels above; success: up to 1 above; failure: only lower;
# critical failure: never.
@pytest.mark.parametrize(("degree", "highest", "lowest_failing"), [
    (Degree.CRITICAL_SUCCESS, 8, 9), (Degree.SUCCESS, 6, 7), (Degree.FAILURE, 4, 5)])
def test_counteracts_at_the_boundary(degree: Degree, highest: int,
                                     lowest_failing: int) -> None:
    assert counteracts(degree, 5, highest) is True
    assert counteracts(degree, 5, lowest_failing) is False
    assert counteracts(Degree.CRITICAL_FAILURE, 5, 0) is False


# "Gegenstände besitzen den Spielwert Härte, der jeden Schaden, den der Gegenstand nimmt,
# um den entsprechenden Wert reduziert. [...] Wird ein Gegenstand auf 0 Trefferpunkte
# reduziert, ist er zerstört. [...] auf diesen Wert oder darunter sinken, erhält der
# Gegenstand den Zustand Beschädigt"
@pytest.mark.parametrize(("amount", "hp", "taken", "broken", "destroyed"), [
    (4, 20, 0, False, False), (5, 20, 0, False, False), (6, 19, 1, False, False),
    (14, 11, 9, False, False), (15, 10, 10, True, False), (16, 9, 11, True, False),
    (24, 1, 19, True, False), (25, 0, 20, True, True), (40, 0, 35, True, True)])
def test_hardness_broken_and_destroyed(amount: int, hp: int, taken: int, broken: bool,
                                       destroyed: bool) -> None:
    shield = Item(hp=20, max_hp=20, hardness=5, broken_threshold=10)
    after, dealt = damage_item(shield, amount)
    assert after == Item(hp=hp, max_hp=20, hardness=5, broken_threshold=10)
    assert dealt == taken
    assert after.broken is broken
    assert after.destroyed is destroyed


# "Wenn du dich in Deckung befindest, erhältst du einen Situationsbonus von +2 auf deine
# RK" — docs/rulings.md, "PF2e: cover": lesser +1 to AC only (and nothing against areas),
# standard +2 and greater +4 to AC, Reflex and Stealth.
def test_cover_modifiers() -> None:
    from regelwerk.systems.pf2e.checks.modifiers import Modifier
    from regelwerk.systems.pf2e.space.cover import cover_modifiers

    assert cover_modifiers("none") == {}
    assert cover_modifiers("lesser") == {"ac": Modifier(1, "circumstance", "lesser cover")}
    assert cover_modifiers("lesser", against_area=True) == {}
    for level, value in (("standard", 2), ("greater", 4)):
        expected = {name: Modifier(value, "circumstance", f"{level} cover")
                    for name in ("ac", "reflex", "stealth")}
        assert cover_modifiers(level) == expected  # type: ignore[arg-type]
        assert cover_modifiers(level, against_area=True) == expected  # type: ignore[arg-type]


def test_cover_between_walls_creatures_and_taking_cover() -> None:
    from fractions import Fraction

    from regelwerk.systems.pf2e.space.cover import Cover, cover_between
    from regelwerk.systems.pf2e.space.grid import BattleMap, Creature

    target = Creature("orc", (6, 0))
    ally = Creature("ally", (3, 0))
    origin = (Fraction(1, 2), Fraction(1, 2))
    open_map = BattleMap(10, 3, (target,))
    assert cover_between(open_map, origin, target) == Cover("none")
    assert cover_between(open_map, origin, target, taking_cover=True) == Cover("standard")
    crowded = BattleMap(10, 3, (target, ally))
    assert cover_between(crowded, origin, target) == Cover("lesser", ("ally",))
    assert cover_between(crowded, origin, target, exclude=("ally",)) == Cover("none")
    # Take Cover behind lesser cover gives standard cover (Core Rulebook; docs/rulings.md)
    assert cover_between(crowded, origin, target, taking_cover=True) == Cover(
        "standard", ("ally",))
    walled = BattleMap(10, 3, (target, ally), walls=frozenset({(4, 0)}))
    assert cover_between(walled, origin, target) == Cover("standard", ("wall",))
    assert cover_between(walled, origin, target, taking_cover=True) == Cover(
        "greater", ("wall",))
    # a wall in the target's own square does not cover it
    inside = BattleMap(10, 3, (target,), walls=frozenset({(6, 0)}))
    assert cover_between(inside, origin, target) == Cover("none")
