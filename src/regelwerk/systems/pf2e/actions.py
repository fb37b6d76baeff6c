"""Protocol actions of the ``pf2e`` system: one table, ``ACTIONS``."""

from __future__ import annotations

from typing import Any

from regelwerk.protocol.registry import Action
from regelwerk.systems.pf2e import check_actions as c
from regelwerk.systems.pf2e import turn_actions as turn

__all__ = ["ACTIONS"]


def _example(action: str, **fields: Any) -> dict[str, Any]:
    return {"system": "pf2e", "action": action, **fields}


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
)
