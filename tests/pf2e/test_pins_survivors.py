"""Rules that the mutation run found unpinned: the range beyond six increments in the
refusal, a weakness to an effect by its name, half of an odd precision part on a
critical hit against a creature immune to critical hits, a critical hit rolled twice
against such a creature, and a fall beyond 450 m onto shallow water."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from regelwerk import resolve
from regelwerk.systems.pf2e.damage.damage_roll import DamageSpec
from regelwerk.systems.pf2e.damage.iwr import Target
from regelwerk.systems.pf2e.damage.strike_odds import applied_damage


def pf2e(action: str, **fields: Any) -> dict[str, Any]:
    return resolve({"system": "pf2e", "action": action, **fields})


# "Du kannst mit einer Fernkampf- oder Wurfwaffe ein Ziel angreifen, das sich bis zu
# sechs Entfernungseinheiten von dir entfernt befindet" (six increments of 30: 180)
def test_beyond_six_range_increments_the_refusal_names_the_farthest_range() -> None:
    assert pf2e("range_penalty", range_increment=30, distance=200) == {
        "ok": False, "error": {"code": "out_of_range", "message": (
            "the target is 200 away, beyond six range increments (180): it cannot be "
            "attacked")}}
    assert pf2e("range_penalty", range_increment=30, distance=180)["penalty"] == -10


# "gegen Schaden aus einer bestimmten Quelle": a weakness to Magic Missile
def test_a_weakness_to_an_effect_matches_the_effect_by_its_name() -> None:
    response = pf2e("apply_damage", damage=[{"amount": 10, "type": "force",
                                             "effect": "Magic Missile"}],
                    target={"weaknesses": [{"type": "magic missile", "value": 5}]})
    assert response["total"] == 15
    assert response["instances"][0]["steps"] == [
        {"kind": "weakness", "term": "magic_missile", "value": 5, "amount": 15,
         "text": "weakness magic missile 5"}]
    other = pf2e("apply_damage", damage=[{"amount": 10, "type": "force", "effect": "Shield"}],
                 target={"weaknesses": [{"type": "magic missile", "value": 5}]})
    assert other["total"] == 10


# "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs": 21
# doubled damage with 7 of precision is 10 normal damage with 3 of precision (rounded
# down); immune to precision as well, 7 are left.
def test_normal_damage_of_a_critical_hit_halves_the_precision_part_rounding_down() -> None:
    response = pf2e("apply_damage", critical=True,
                    damage=[{"amount": 21, "type": "piercing", "precision": 7}],
                    target={"immunities": ["critical_hits", "precision"]})
    assert response["total"] == 7
    assert isinstance(response["total"], int)
    assert [(s["kind"], s["amount"]) for s in response["instances"][0]["steps"]] == [
        ("critical_immunity", 10), ("precision_immunity", 7)]


def test_a_critical_hit_rolled_twice_deals_one_rolls_damage_to_a_creature_immune() -> None:
    # the normal damage of the attack: one 1d4, each face 1/4 (not half of 2d4)
    spec = DamageSpec("1d4", (), None, True, True)
    damage = applied_damage(spec, "slashing", frozenset(),
                            Target(immunities=frozenset({"critical_hits"})))
    assert damage.items() == [(face, Fraction(1, 4)) for face in (1, 2, 3, 4)]


# docs/rulings.md: "A fall beyond 450 m first counts as 450 m; a soft surface then takes
# 6 m off ..., never more than the water's depth"; "1 per full 0,60 m" (2 per 5 ft)
def test_a_fall_beyond_450_m_onto_shallow_water_counts_from_450_m() -> None:
    # 1500 ft − 1 ft of water = 1499 ft: 749 damage
    assert pf2e("falling_damage", distance=2000, unit="ft", soft_surface=True,
                water_depth=1)["damage"] == 749
    # 450 m is 1500 ft: a fall of 1501 ft deals what 1500 ft deal
    assert pf2e("falling_damage", distance=1501, unit="ft")["damage"] == 750
