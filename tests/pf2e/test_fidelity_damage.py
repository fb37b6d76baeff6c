"""Immunitäten, Schwächen und Resistenzen as the text words them (issue 14), through
the rules, ``resolve``, the command line and HTTP; with the laws of IWR as properties."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.damage.damage_roll import DamageSpec
from regelwerk.systems.pf2e.damage.damage_types import DAMAGE_TYPES
from regelwerk.systems.pf2e.damage.iwr import DamageInstance, Defence, Target, apply_damage
from regelwerk.systems.pf2e.damage.strike_odds import applied_damage, strike_odds
from tests.pf2e.transports import everywhere

TYPES = sorted(DAMAGE_TYPES.values)


def pf2e(url: str, action: str, **fields: Any) -> dict[str, Any]:
    return everywhere(url, {"system": "pf2e", "action": action, **fields})


def test_a_defence_naming_a_type_matches_only_that_type(server: str) -> None:
    # "Immunität, Schwäche oder Resistenz gegen eine bestimmte Gesinnung betrifft nur
    # Schaden des entsprechenden Typs" — a negative instance with the trait evil is not
    # evil damage
    target = Target(resistances=(Defence("evil", 5),))
    (negative,) = apply_damage([DamageInstance(8, "negative", traits=frozenset({"evil"}))],
                               target)
    assert negative.amount == 8
    # "Ein Zauber, beispielsweise, der sowohl Feuerschaden als auch Säureschaden zufügt,
    # kann dir Säureschaden zufügen, selbst wenn du gegen Feuer immun bist."
    spell = frozenset({"fire", "acid"})
    fire, acid = apply_damage([DamageInstance(6, "fire", traits=spell),
                               DamageInstance(6, "acid", traits=spell)],
                              Target(immunities=frozenset({"fire"})))
    assert (fire.amount, acid.amount) == (0, 6)
    # the slashing part of a flaming Strike is not fire damage
    answer = pf2e(server, "apply_damage",
                  damage=[{"amount": 9, "type": "slashing", "traits": ["fire", "magical"]},
                          {"amount": 4, "type": "fire", "traits": ["fire", "magical"]}],
                  target={"resistances": [{"type": "Feuer", "value": 5}]})
    assert [i["amount"] for i in answer["instances"]] == [9, 0]
    # a trait still matches what is named as a trait or material
    silver = pf2e(server, "apply_damage", damage=[{"amount": 9, "type": "slashing",
                                                   "traits": ["Silber"]}],
                  target={"weaknesses": [{"type": "silver", "value": 5}]})
    assert silver["total"] == 14


def test_one_type_from_one_effect_is_one_amount(server: str) -> None:
    # "Immer wenn du Schaden dieser Art nimmst, musst du den Schaden um den Wert der
    # Schwäche erhöhen." — "kannst du die Resistenz gegen jede Schadensart einzeln
    # anwenden": two fire instances of one effect get the weakness once
    answer = pf2e(server, "apply_damage",
                  damage=[{"amount": 3, "type": "fire"}, {"amount": 4, "type": "fire"}],
                  target={"weaknesses": [{"type": "fire", "value": 5}]})
    assert answer["total"] == 12
    assert answer["instances"][0]["parts"] == 2
    resisted = pf2e(server, "apply_damage",
                    damage=[{"amount": 3, "type": "fire", "effect": "Feuerball"},
                            {"amount": 4, "type": "fire", "effect": "Feuerball"},
                            {"amount": 4, "type": "slashing", "effect": "Feuerball"}],
                    target={"resistances": [{"type": "all", "value": 5}]})
    assert resisted["total"] == 2
    # two effects are two amounts
    apart = apply_damage([DamageInstance(3, "fire", effect="a"),
                          DamageInstance(4, "fire", effect="b")],
                         Target(weaknesses=(Defence("fire", 5),)))
    assert [a.amount for a in apart] == [8, 9]


def test_critical_immunity_deals_the_normal_damage_of_the_attack(server: str) -> None:
    # "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs" —
    # "Vorteile, die du speziell durch einen Kritischen Treffer erlangst" (a deadly die)
    # are not part of the normal damage
    golem = Target(immunities=frozenset({"critical_hits"}))
    spec = DamageSpec("1d8", critical=True, critical_extra="1d10")
    crit = applied_damage(spec, "slashing", frozenset(), golem)
    hit = applied_damage(DamageSpec("1d8"), "slashing", frozenset(), golem)
    assert crit == hit
    odds = strike_odds(Check(10, 15), DamageSpec("1d8", critical_extra="1d10"), "slashing",
                       frozenset(), golem)
    assert max(v for v, _ in odds.damage.items()) == 8
    assert odds.degrees[Degree.CRITICAL_SUCCESS] > 0
    answer = pf2e(server, "strike_damage", modifier=10, ac=15,
                  damage={"dice": "1d8", "critical_extra": "1d10", "type": "slashing"},
                  target={"immunities": ["Kritische Treffer"]})
    assert max(v for v, _ in answer["distribution"]) == 8
    # given totals: the critical-only part is dropped before the doubled rest is halved
    given_totals = pf2e(server, "apply_damage", critical=True,
                        damage=[{"amount": 17, "type": "slashing", "critical_only": 5}],
                        target={"immunities": ["critical_hits"]})
    assert given_totals["total"] == 6


instances = st.builds(DamageInstance, amount=st.integers(0, 60), type=st.sampled_from(TYPES),
                      precision=st.just(0),
                      traits=st.frozensets(st.sampled_from(["magical", "silver", "fire",
                                                            "evil", "nonlethal"]), max_size=3),
                      effect=st.sampled_from([None, "a", "b"]))
defences = st.builds(Defence, type=st.sampled_from([*TYPES, "all", "physical", "energy",
                                                    "magical", "silver"]),
                     value=st.integers(0, 20),
                     exceptions=st.frozensets(st.sampled_from(["magical", "silver"]),
                                              max_size=1))


@given(st.lists(instances, min_size=1, max_size=5), st.lists(defences, max_size=3),
       st.lists(defences, max_size=3), st.booleans())
def test_iwr_laws(damage: list[DamageInstance], weaknesses: list[Defence],
                  resistances: list[Defence], critical: bool) -> None:
    # IWR never makes damage negative, resistance never raises it, weakness never lowers
    # it, and every type is counted once per effect
    bare = apply_damage(damage, Target())
    resisted = apply_damage(damage, Target(resistances=tuple(resistances)))
    weak = apply_damage(damage, Target(weaknesses=tuple(weaknesses)))
    for plain, r, w in zip(bare, resisted, weak, strict=True):
        assert r.amount >= 0
        assert r.amount <= plain.amount
        assert w.amount >= plain.amount
    assert sum(a.instance.amount for a in bare) == sum(d.amount for d in damage)
    keys = [(a.instance.type, a.instance.effect, a.instance.traits) for a in bare]
    assert len(keys) == len(set(keys))


def test_the_damage_command_follows_the_same_rules() -> None:
    from click.testing import CliRunner

    from regelwerk.cli.main import cli

    def run(*args: str) -> str:
        done = CliRunner().invoke(cli, ["pf2e", "damage", *args])
        assert done.exit_code == 0
        return done.output

    # a deadly d10 rolled 7 on a doubled 1d8 of 5: the golem takes the 5 of a hit
    assert "Damage taken: 5" in run("1d8", "--critical", "--deadly", "1d10", "--immunity",
                                    "critical_hits", "--faces", "5,7")
    # the fire trait of a flaming Strike's slashing part is not fire damage
    assert "Damage taken: 7" in run("2d6", "--type", "slashing", "--trait", "fire",
                                    "--resistance", "fire=5", "--faces", "3,4")
