"""Trefferpunkte, Heilung und Sterben and the conditions of death and dying (issue 14):
each rule through the rules, ``resolve``, the command line and HTTP."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.cli.main import cli
from regelwerk.errors import NotAllowed
from regelwerk.systems.pf2e.actions import ARSEN
from regelwerk.systems.pf2e.effects.condition_changes import Gain, change_conditions
from regelwerk.systems.pf2e.health.dying_conditions import gain_condition, lose_condition
from regelwerk.systems.pf2e.health.health import Creature, damage, heal, recover
from tests.pf2e.transports import everywhere

PC = Creature(hp=10, max_hp=30, hero_points=1)


def pf2e(url: str, action: str, **fields: Any) -> dict[str, Any]:
    return everywhere(url, {"system": "pf2e", "action": action, **fields})


def test_gaining_dying_while_wounded_through_every_action(server: str) -> None:
    # "Solltest du den Zustand Verwundet besitzen und dann den Zustand Sterbend erhalten,
    # so steigt dein Zustandswert für Sterbend um deinen Zustandswert für Verwundet."
    answer = pf2e(server, "conditions", conditions=[{"name": "Verwundet", "value": 2}],
                  gain=[{"name": "Sterbend", "value": 1}])
    assert answer["conditions"]["dying"] == 3
    creature = {"hp": 0, "max_hp": 20, "wounded": 1, "unconscious": True}
    gained = pf2e(server, "creature_conditions", creature=creature,
                  gain=[{"name": "dying", "value": 1}])
    assert gained["creature"]["dying"] == 2


def test_losing_dying_gives_wounded_and_the_limit_kills(server: str) -> None:
    # "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1
    # (solltest du bereits den Zustand Verwundet besitzen, steigt dein Zustandswert für
    # Verwundet um 1)." — "Solltest du jemals Sterbend 4 erreichen, stirbst du."
    lost = pf2e(server, "conditions", conditions=[{"name": "dying", "value": 2},
                                                  {"name": "wounded", "value": 1}],
                lose=["dying"])
    assert lost["conditions"] == {"wounded": 2}
    creature = {"hp": 0, "max_hp": 20, "dying": 1, "wounded": 1, "unconscious": True}
    ended = pf2e(server, "creature_conditions", creature=creature, lose=["Sterbend"])
    assert (ended["creature"]["dying"], ended["creature"]["wounded"]) == (0, 2)
    killed = pf2e(server, "conditions", conditions=[{"name": "dying", "value": 2},
                                                    {"name": "wounded", "value": 1}],
                  gain=[{"name": "dying", "value": 4}])
    assert killed["dead"]
    assert "dying" not in killed["conditions"]


def test_doomed_from_an_effect_and_instant_death(server: str) -> None:
    # "Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst du
    # augenblicklich." — answered as a death, never refused as a bad request
    answer = pf2e(server, "creature_conditions", creature={"hp": 12, "max_hp": 20,
                                                           "doomed": 2},
                  gain=[{"name": "Todgeweiht", "value": 4}])
    assert answer["ok"]
    assert answer["creature"]["dead"]
    assert answer["creature"]["doomed"] == 0  # "Wenn du stirbst, verlierst du den Zustand"
    assert answer["events"][-2:] == ["doomed", "dead"]
    by_conditions = pf2e(server, "conditions", gain=[{"name": "doomed", "value": 4}])
    assert by_conditions["dead"]
    as_state = pf2e(server, "damage_creature", amount=0,
                    creature={"hp": 5, "max_hp": 20, "doomed": 4})
    assert as_state["creature"]["dead"]
    # doomed 2 brings death at dying 2
    dying = pf2e(server, "creature_conditions",
                 creature={"hp": 0, "max_hp": 20, "dying": 1, "unconscious": True},
                 gain=[{"name": "doomed", "value": 3}])
    assert dying["creature"]["dead"]


def test_hero_points_against_death_leave_the_creature_knocked_out(server: str) -> None:
    # "alle deine verbleibenden Heldenpunkte ausgeben, um dich bei 0 TP zu stabilisieren"
    # — it is still knocked out: unconscious at 0 HP, stable, not wounded
    saved = damage(PC, 12, avoid_death=True).creature
    assert (saved.hp, saved.dying, saved.unconscious, saved.wounded) == (0, 0, True, 0)
    answer = pf2e(server, "damage_creature", amount=12, avoid_death=True,
                  creature={"hp": 10, "max_hp": 30, "hero_points": 2})
    assert answer["creature"]["unconscious"]
    assert answer["creature"]["hero_points"] == 0


def test_unconscious_at_zero_hp_comes_round_with_time_or_healing(server: str) -> None:
    # "Solltest du Bewusstlos sein und 0 Trefferpunkte besitzen, aber nicht den Zustand
    # Sterbend haben, kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege
    # auf 1 Trefferpunkt zurück und erwachst. Der SL bestimmt die Dauer deiner
    # Bewusstlosigkeit"
    stable = {"hp": 0, "max_hp": 20, "unconscious": True, "wakes_in": 30}
    for how in ("shaken", "noise"):
        refused = pf2e(server, "wake", creature=stable, how=how, perception_total=30,
                       noise_dc=5, lang="de")
        assert refused["error"]["code"] == "not_allowed"
        assert "Verstreichen von genügend Zeit" in refused["error"]["message"]
    later = pf2e(server, "pass_time", creature=stable, minutes=10)
    assert (later["creature"]["hp"], later["creature"]["wakes_in"]) == (0, 20)
    awake = pf2e(server, "pass_time", creature=later["creature"], minutes=20)
    assert (awake["creature"]["hp"], awake["creature"]["unconscious"]) == (1, False)
    # "Solltest du während dieser Zeit geheilt werden, verlierst du den Zustand Bewusstlos"
    healed = pf2e(server, "heal_creature", creature=stable, amount=3)
    assert not healed["creature"]["unconscious"]
    unset = resolve({"system": "pf2e", "action": "pass_time", "minutes": 5,
                     "creature": {"hp": 0, "max_hp": 20, "unconscious": True}})
    assert unset["error"]["code"] == "missing_field"


def test_undead_and_constructs_are_destroyed_at_zero(server: str) -> None:
    # "Untote und Konstruktkreaturen sind bei 0 Trefferpunkten zerstört." — even by a
    # nonlethal attack
    answer = pf2e(server, "damage_creature", amount=20, nonlethal=True,
                  creature={"hp": 10, "max_hp": 30, "traits": ["undead"]})
    assert answer["creature"]["dead"]
    assert "destroyed" in answer["events"]
    golem = damage(Creature(hp=5, max_hp=50, traits=frozenset({"construct"})), 5)
    assert golem.creature.dead


def test_persistent_damage_runs_on_the_creature(server: str) -> None:
    # "nimmst du den angegebenen Schaden jeweils am Ende deines Zuges. Danach kannst du
    # einen Einfachen Wurf gegen SG 15 ablegen" — through its IWR and its hit points
    creature = {"hp": 6, "max_hp": 30}
    answer = pf2e(server, "persistent_damage", dice="2d6", type="Feuer", creature=creature,
                  target={"weaknesses": [{"type": "fire", "value": 2}]}, faces=[3, 4, 14])
    assert (answer["rolled"], answer["damage"]) == (7, 9)
    assert answer["creature"]["hp"] == 0
    assert answer["creature"]["dying"] == 1
    assert (answer["dc"], answer["ended"]) == (15, False)
    # help that fits lowers the DC to 10 (docs/rulings.md)
    assisted = pf2e(server, "persistent_damage", dice="1d4", type="bleed", assisted=True,
                    creature={"hp": 20, "max_hp": 30}, faces=[2, 12])
    assert (assisted["dc"], assisted["ended"]) == (10, True)
    # bleed does nothing to a creature that is not living
    bloodless = pf2e(server, "persistent_damage", dice="1d4", type="bleed",
                     creature={"hp": 20, "max_hp": 30, "traits": ["construct"]}, faces=[4, 3])
    assert bloodless["creature"]["hp"] == 20
    # "Ein bereits wirkender Effekt aus der gleichen Quelle wie die Temporäre Immunität
    # wird durch diese nicht verhindert oder beendet."
    running = pf2e(server, "persistent_damage", dice="1d6", type="acid", effect="Säurepfeil",
                   creature={"hp": 20, "max_hp": 30},
                   target={"temporary_immunities": ["Säurepfeil"]}, faces=[5, 3])
    assert running["creature"]["hp"] == 15


def test_immunity_to_conditions_and_effects(server: str) -> None:
    # "Wenn du Immunität gegen einen bestimmten Zustand oder eine Art von Effekt hast,
    # dann kannst du von dem Zustand bzw. von Effekten dieser Art nicht betroffen werden."
    answer = pf2e(server, "conditions", immunities=["Verängstigt", "Furcht"],
                  gain=[{"name": "frightened", "value": 2},
                        {"name": "sickened", "value": 1, "traits": ["fear"]},
                        {"name": "clumsy", "value": 1, "effect": "Fluch"}],
                  temporary_immunities=["Fluch"])
    assert answer["conditions"] == {}
    assert [u["immunity"] for u in answer["unaffected"]] == ["frightened", "fear", "Fluch"]
    # "Wenn du Immunität gegen Effekte einer bestimmten Kategorie hast (z.B. Todeseffekte,
    # Gifte oder Krankheiten), dann kann dich kein Effekt dieser Kategorie betreffen."
    poison = pf2e(server, "affliction", affliction={"stages": 3, "type": "poison"},
                  degree="critical_failure", immunities=["Gift"])
    assert poison["no_effect"]
    assert poison["state"]["stage"] == 0
    immune = change_conditions({}, [Gain("dying", 1, traits=frozenset({"death"}))],
                               immunities=frozenset({"death"}))
    assert immune.conditions == {}
    track = pf2e(server, "affliction_track", text=ARSEN, immunities=["Gift"],
                 event={"kind": "exposure", "degree": "critical_failure"})
    assert (track["immunity"], track["happened"]) == ("poison", [])
    done = CliRunner().invoke(cli, ["pf2e", "affliction", ARSEN, "--saves", "failure",
                                    "--immunity", "Gift", "--lang", "de"])
    assert done.exit_code == 0
    assert "Nicht betroffen: immun gegen Gift" in done.output


@pytest.mark.parametrize(("lang", "words"), [("en", "hero point"), ("de", "Heldenpunkt"),
                                             ("is", "hetjustig")])
def test_forbidden_requests_are_refused_in_the_request_language(server: str, lang: str,
                                                                words: str) -> None:
    # "Wenn du mindestens einen Heldenpunkt hast [...], kannst du [...] alle deine
    # verbleibenden Heldenpunkte ausgeben" — without one, heroic recovery is not allowed
    dying = {"hp": 0, "max_hp": 20, "dying": 2, "unconscious": True, "hero_points": 0}
    refused = pf2e(server, "heroic_recovery", creature=dying, lang=lang)
    assert refused["ok"] is False
    assert refused["error"]["code"] == "not_allowed"
    assert words in refused["error"]["message"]
    assert "creature" not in refused


def test_other_refusals(server: str) -> None:
    dead = {"hp": 0, "max_hp": 20, "dead": True}
    # "Du kannst nicht auf mehr als 0 Trefferpunkte gebracht werden, solange du tot bist."
    healed = pf2e(server, "heal_creature", creature=dead, amount=5, lang="de")
    assert healed["error"]["code"] == "not_allowed"
    assert "solange du tot bist" in healed["error"]["message"]
    # only the dying attempt recovery checks; spending a hero point needs one
    awake = {"hp": 10, "max_hp": 20}
    assert pf2e(server, "recovery_check", creature=awake,
                faces=[10])["error"]["code"] == "not_allowed"
    assert pf2e(server, "hero_points", points=0,
                event="reroll")["error"]["code"] == "not_allowed"
    assert pf2e(server, "wake", creature=awake, how="shaken")["error"]["code"] == "not_allowed"
    with pytest.raises(NotAllowed):
        recover(awake_creature := replace(PC), 2)
    assert awake_creature == PC


wounds = st.integers(0, 3)


@given(st.integers(0, 3), wounds, st.integers(0, 2),
       st.lists(st.sampled_from(["gain_dying", "lose_dying", "recover_good", "recover_bad",
                                 "damage", "heal"]), max_size=10))
def test_wounded_only_grows_while_dying(dying: int, wounded: int, doomed: int,
                                        steps: list[str]) -> None:
    # "Solltest du den Zustand Sterbend verlieren und den Zustand Verwundet bereits
    # besitzen, so steigt dein Zustandswert für Verwundet um 1." — nothing but treatment
    # and rest lowers wounded
    creature = Creature(hp=0 if dying else 5, max_hp=20, dying=dying, wounded=wounded,
                        doomed=doomed, unconscious=bool(dying))
    for step in steps:
        before = creature
        try:
            if step == "gain_dying":
                creature = gain_condition(creature, "dying", 1).creature
            elif step == "lose_dying":
                creature = lose_condition(creature, "dying").creature
            elif step.startswith("recover"):
                creature = recover(creature, 3 if step == "recover_good" else 0).creature
            elif step == "damage":
                creature = damage(creature, 7).creature
            else:
                creature = heal(creature, 3).creature
        except NotAllowed:
            assert creature == before
        assert creature.wounded >= before.wounded
        assert creature.dead or creature.dying < creature.death_at


def test_the_creature_command_refuses_and_keeps_the_file(tmp_path: Path) -> None:
    # "Du kannst nicht auf mehr als 0 Trefferpunkte gebracht werden, solange du tot bist."
    state = tmp_path / "dead.json"
    state.write_text(json.dumps({"hp": 0, "max_hp": 20, "dead": True}), "utf-8")
    before = state.read_text("utf-8")
    done = CliRunner().invoke(cli, ["pf2e", "creature", str(state), "heal", "5", "--lang",
                                    "de"])
    assert done.exit_code == 1
    assert "not_allowed" in done.output
    assert "solange du tot bist" in done.output
    assert state.read_text("utf-8") == before
    # hero points against death: still knocked out
    hero = tmp_path / "hero.json"
    hero.write_text(json.dumps({"hp": 5, "max_hp": 20, "hero_points": 1}), "utf-8")
    done = CliRunner().invoke(cli, ["pf2e", "creature", str(hero), "damage", "9",
                                    "--avoid-death"])
    assert done.exit_code == 0
    saved = json.loads(hero.read_text("utf-8"))
    assert (saved["hp"], saved["dying"], saved["unconscious"]) == (0, 0, True)


def test_the_dead_gain_no_temporary_hit_points(server: str) -> None:
    # "Nach dem Tod [...] wirst von Zaubern nicht mehr betroffen, die auf Kreaturen zielen"
    refused = pf2e(server, "gain_temp_hp", creature={"hp": 0, "max_hp": 20, "dead": True},
                   amount=5)
    assert refused["error"]["code"] == "not_allowed"


@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3),
       st.lists(st.tuples(st.sampled_from(["dying", "wounded", "doomed", "frightened"]),
                          st.integers(1, 4), st.booleans()), max_size=6))
def test_condition_changes_keep_the_laws_of_dying(dying: int, wounded: int, doomed: int,
                                                  changes: list[tuple[str, int, bool]]) -> None:
    # wounded never falls while the creature lives (only losing it ends it), and a living
    # creature's dying stays below the value of death (4 − doomed)
    state = {k: v for k, v in (("dying", dying), ("wounded", wounded), ("doomed", doomed)) if v}
    for name, value, losing in changes:
        before = dict(state)
        result = change_conditions(state, [] if losing else [Gain(name, value)],
                                   [name] if losing else [])
        if result.dead:
            # "Wenn du stirbst, verlierst du den Zustand Todgeweiht."
            assert result.events[-1] == "dead"
            assert "dying" not in result.conditions
            assert "doomed" not in result.conditions
            return
        assert result.conditions.get("wounded", 0) >= before.get("wounded", 0) or (
            losing and name == "wounded")
        assert result.conditions.get("dying", 0) < 4 - result.conditions.get("doomed", 0)
        state = result.conditions
