"""Protocol actions of the ``pf2e`` system: one table, ``ACTIONS``."""

from __future__ import annotations

from typing import Any

from regelwerk.protocol.registry import Action
from regelwerk.systems.pf2e import check_actions as c
from regelwerk.systems.pf2e import creature_actions as health
from regelwerk.systems.pf2e import damage_actions as dmg
from regelwerk.systems.pf2e import effect_actions as fx
from regelwerk.systems.pf2e import play_actions as play
from regelwerk.systems.pf2e import turn_actions as turn

__all__ = ["ACTIONS"]


def _example(action: str, **fields: Any) -> dict[str, Any]:
    return {"system": "pf2e", "action": action, **fields}


ARSEN = ("Arsen (Alchemistisch, Gift, Verzehr); Stufe 1; Rettungswurf ZÄH, SG 18; "
         "Verzögerung 10 Minuten; Maximale Wirkungsdauer 5 Minuten; Phase 1 1W4 "
         "Giftschaden und Kränkelnd 1 (1 Minute); Phase 2 1W6 Giftschaden und "
         "Kränkelnd 2 (1 Minute); Phase 3 2W6 Giftschaden und Kränkelnd 3 (1 Minute)")
"""The Arsen example of the text, for the API documentation."""

ACTIONS = (
    Action("pf2e", "proficiency_bonus", c.ProficiencyRequest, c.proficiency_action,
           "A proficiency bonus.", _example("proficiency_bonus", rank="Experte", level=3)),
    Action("pf2e", "total_modifier", c.TotalRequest, c.total_action,
           "Stack modifiers by type.",
           _example("total_modifier", modifiers=[
               {"value": 2, "type": "item", "label": "+2 rune"},
               {"value": 1, "type": "item", "label": "+1 rune"},
               {"value": -1, "type": "status", "label": "frightened 1"}])),
    Action("pf2e", "check", c.CheckRequest, c.check_action, "A check with degrees of success.",
           _example("check", modifier=8, dc=18)),
    Action("pf2e", "flat_check", c.FlatRequest, c.flat_action, "A flat check.",
           _example("flat_check", dc=11)),
    Action("pf2e", "multiple_attack_penalty", c.MapRequest, c.map_action,
           "The multiple attack penalty.", _example("multiple_attack_penalty",
                                                    attack_number=2, agile=True)),
    Action("pf2e", "range_penalty", c.RangeRequest, c.range_action, "The range penalty.",
           _example("range_penalty", range_increment=36, distance=80)),
    Action("pf2e", "nonlethal_penalty", c.NonlethalRequest, c.nonlethal_action,
           "The penalty for a nonlethal attack with a lethal weapon, or the reverse.",
           _example("nonlethal_penalty", nonlethal_attack=True, nonlethal_weapon=False)),
    Action("pf2e", "basic_save", c.BasicSaveRequest, c.basic_save_action,
           "Damage after a basic saving throw.",
           _example("basic_save", damage=9, degree="Erfolg")),
    Action("pf2e", "multiply", c.MultiplyRequest, c.multiply_action,
           "Combine multipliers.", _example("multiply", multipliers=[2, 2])),
    Action("pf2e", "duplicate_effects", c.DuplicatesRequest, c.duplicates_action,
           "Which of several duplicate effects applies.",
           _example("duplicate_effects", effects=[{"name": "mage armour", "level": 1},
                                                  {"name": "mage armour", "level": 4}])),
    Action("pf2e", "hero_points", c.HeroPointsRequest, c.hero_points_action,
           "Hero points: start, award, spend, end of session.",
           _example("hero_points", points=1, event="award")),
    Action("pf2e", "statistic", turn.StatisticRequest, turn.statistic_action,
           "A statistic by the formulas of the text.",
           _example("statistic", kind="armor_class", abilities={"dex": 4}, level=1,
                    rank="trained", armor={"category": "light", "dex_cap": 3,
                                           "item_bonus": 2})),
    Action("pf2e", "strikes", turn.StrikesRequest, turn.strikes_action,
           "A turn of Strikes with the multiple attack penalty.",
           _example("strikes", modifier=10, ac=18, strikes=[{}, {"agile": True}, {}])),
    Action("pf2e", "initiative", turn.InitiativeRequest, turn.initiative_action,
           "Initiative order.",
           _example("initiative", participants=[{"name": "Ezren", "modifier": 5},
                                                {"name": "Goblin", "modifier": 3,
                                                 "foe": True}])),
    Action("pf2e", "damage_roll", dmg.DamageRollRequest, dmg.damage_roll_action,
           "A damage roll with its exact distribution.",
           _example("damage_roll", dice="1d8", attack="melee", strength=4, critical=True,
                    critical_extra="1d10")),
    Action("pf2e", "apply_damage", dmg.ApplyDamageRequest, dmg.apply_damage_action,
           "Immunities, weaknesses and resistances.",
           _example("apply_damage", damage=[{"amount": 7, "type": "slashing"},
                                            {"amount": 4, "type": "fire"}],
                    target={"resistances": [{"type": "all", "value": 5}]})),
    Action("pf2e", "strike_damage", dmg.StrikeDamageRequest, dmg.strike_damage_action,
           "The exact damage of Strikes against a target.",
           _example("strike_damage", modifier=10, ac=18,
                    damage={"dice": "1d8", "modifiers": [{"value": 4, "type": "ability"}],
                            "type": "slashing"}, target={"hp": 20})),
    Action("pf2e", "damage_object", dmg.DamageObjectRequest, dmg.damage_object_action,
           "Damage to an object with hardness.",
           _example("damage_object", object={"hp": 20, "max_hp": 20, "hardness": 5,
                                             "broken_threshold": 10}, amount=12)),
    Action("pf2e", "falling_damage", dmg.FallingRequest, dmg.falling_action,
           "Damage from a fall.", _example("falling_damage", distance=9)),
    Action("pf2e", "fall_on_creature", dmg.FallOnCreatureRequest, dmg.fall_on_creature_action,
           "Damage to a creature landed on.",
           _example("fall_on_creature", falling_damage=15, degree="success")),
    Action("pf2e", "damage_creature", health.DamageCreatureRequest,
           health.damage_creature_action, "Damage to a creature: HP, dying, death.",
           _example("damage_creature", creature={"hp": 10, "max_hp": 30}, amount=12)),
    Action("pf2e", "heal_creature", health.HealCreatureRequest, health.heal_creature_action,
           "Healing a creature.",
           _example("heal_creature", creature={"hp": 0, "max_hp": 30, "dying": 1,
                                               "unconscious": True}, amount=5)),
    Action("pf2e", "recovery_check", health.CreatureRequest, health.recovery_action,
           "A recovery check while dying.",
           _example("recovery_check", creature={"hp": 0, "max_hp": 30, "dying": 1,
                                                "unconscious": True})),
    Action("pf2e", "heroic_recovery", health.CreatureRequest, health.heroic_recovery_action,
           "Spend all hero points to stabilise.",
           _example("heroic_recovery", creature={"hp": 0, "max_hp": 30, "dying": 2,
                                                 "unconscious": True, "hero_points": 1})),
    Action("pf2e", "creature_turn", health.TurnRequest, health.turn_action,
           "Start or end of a creature's turn: fast healing, regeneration.",
           _example("creature_turn", creature={"hp": 3, "max_hp": 30, "fast_healing": 2},
                    moment="start")),
    Action("pf2e", "gain_temp_hp", health.TempHpRequest, health.temp_hp_action,
           "New temporary hit points (keep or replace).",
           _example("gain_temp_hp", creature={"hp": 20, "max_hp": 30, "temp_hp": 3},
                    amount=5)),
    Action("pf2e", "persistent_damage", health.PersistentRequest, health.persistent_action,
           "Persistent damage at the end of a turn and the DC 15 flat check.",
           _example("persistent_damage", dice="1d6", type="fire")),
    Action("pf2e", "counteract", fx.CounteractRequest, fx.counteract_action,
           "A counteract check.",
           _example("counteract", degree="success", counteract_level=2, target_level=3)),
    Action("pf2e", "counteract_level", fx.CounteractLevelRequest, fx.counteract_level_action,
           "The counteract level of a spell, effect or creature.",
           _example("counteract_level", level=7)),
    Action("pf2e", "affliction", fx.AfflictionRequest, fx.affliction_action,
           "One save against an affliction.",
           _example("affliction", affliction={"stages": 3, "type": "poison"},
                    state={"stage": 1}, degree="failure")),
    Action("pf2e", "conditions", play.ConditionsRequest, play.conditions_action,
           "Conditions: gaining, what they imply, their modifiers on a statistic.",
           _example("conditions", conditions=[{"name": "Verängstigt", "value": 2}],
                    gain=[{"name": "dying", "value": 1}], statistic="ac")),
    Action("pf2e", "durations", play.DurationsRequest, play.durations_action,
           "Which effects expire at which turn start or end.",
           _example("durations", effects=[{"name": "bless", "kind": "rounds",
                                           "creator": "cleric", "target": "fighter"}],
                    events=[{"kind": "start", "creature": "cleric"}])),
    Action("pf2e", "target", play.TargetRequest, play.target_action,
           "Whether a creature may be chosen as a target.",
           _example("target", actor="Kyra", target="Kyra", requirement="ally")),
    Action("pf2e", "parse_affliction", play.AfflictionTextRequest,
           play.parse_affliction_action, "Read an affliction's stat block.",
           _example("parse_affliction", text=ARSEN)),
    Action("pf2e", "affliction_track", play.AfflictionTrackRequest,
           play.affliction_track_action, "One step in an affliction's life.",
           _example("affliction_track", text=ARSEN,
                    event={"kind": "exposure", "degree": "failure"})),
    Action("pf2e", "turn", play.TurnRequest, play.turn_action,
           "Check a planned turn against the action economy.",
           _example("turn", quickened_for=["Stride", "Strike"], steps=[
               {"name": "Sudden Charge", "cost": 2, "subordinate": ["Stride", "Stride", "Strike"]},
               {"name": "Strike", "traits": ["attack"]}])),
)
