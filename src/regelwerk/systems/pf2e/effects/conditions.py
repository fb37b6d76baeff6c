"""Zustände as data (``data/conditions.json``): names in English, German and
Icelandic, values, what each implies, and the modifiers it imposes.

"Zustände sind dauerhaft. Wenn du einen Zustand erhältst, dann wirkt dieser sich so
lange auf dich aus, bis die angegebene Dauer abgelaufen ist, der Zustand entfernt
wird oder andere Bedingungen des Zustands erfüllt sind."  Gaining a condition you
have again keeps the higher value (docs/rulings.md, "PF2e: conditions").
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

from regelwerk.errors import RuleError
from regelwerk.protocol.names import NameTable
from regelwerk.systems.pf2e.checks.modifiers import Modifier, ModifierType

__all__ = [
    "CONDITIONS",
    "CONDITION_NAMES",
    "STATISTIC_TAGS",
    "Condition",
    "ConditionModifier",
    "gain",
    "implied",
    "modifiers_for",
]


@dataclass(frozen=True, slots=True)
class ConditionModifier:
    """A modifier a condition imposes on statistics tagged ``to``; ``value`` None means
    minus the condition's value."""

    to: str
    type: ModifierType
    value: int | None


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition as data."""

    name: str
    de: str
    is_: str
    valued: bool
    implies: tuple[str, ...] = ()
    modifiers: tuple[ConditionModifier, ...] = ()
    actions: int | None = None
    actions_by_value: bool = False
    cannot_act: bool = False
    aliases: tuple[str, ...] = ()


def _load() -> Mapping[str, Condition]:
    raw = json.loads(resources.files("regelwerk.systems.pf2e").joinpath(
        "data", "conditions.json").read_text("utf-8"))
    table: dict[str, Condition] = {}
    for entry in raw["conditions"]:
        mods = tuple(ConditionModifier(m["to"], m["type"],
                                       None if m["value"] == "value" else int(m["value"]))
                     for m in entry.get("modifiers", ()))
        actions = entry.get("actions")
        table[entry["name"]] = Condition(
            entry["name"], entry["de"], entry["is"], entry["valued"],
            tuple(entry.get("implies", ())), mods,
            None if actions in (None, "value") else int(actions), actions == "value",
            bool(entry.get("cannot_act", False)), tuple(entry.get("aliases", ())))
    return MappingProxyType(table)


CONDITIONS: Mapping[str, Condition] = _load()
"""Every condition by its English snake_case name."""

CONDITION_NAMES: NameTable[str] = NameTable("condition", {
    name: (name, (c.de, c.is_, *c.aliases))
    for name, c in CONDITIONS.items()
})

STATISTIC_TAGS: Mapping[str, frozenset[str]] = MappingProxyType({
    "ac": frozenset({"ac", "dc", "dex"}),
    "perception": frozenset({"perception", "check", "wis"}),
    "perception_dc": frozenset({"perception", "dc", "wis"}),
    "fortitude": frozenset({"fortitude", "save", "check", "con"}),
    "reflex": frozenset({"reflex", "save", "check", "dex"}),
    "will": frozenset({"will", "save", "check", "wis"}),
    "melee_attack": frozenset({"attack", "check", "str"}),
    "finesse_attack": frozenset({"attack", "check", "dex"}),
    "ranged_attack": frozenset({"attack", "check", "dex"}),
    "spell_attack": frozenset({"attack", "check"}),
    "spell_dc": frozenset({"dc"}),
    "str_skill": frozenset({"skill", "check", "str"}),
    "dex_skill": frozenset({"skill", "check", "dex"}),
    "int_skill": frozenset({"skill", "check", "int"}),
    "wis_skill": frozenset({"skill", "check", "wis"}),
    "cha_skill": frozenset({"skill", "check", "cha"}),
    "damage": frozenset({"damage"}),
})
"""What each statistic is, for matching the conditions' modifiers."""


def gain(current: Mapping[str, int], name: str, value: int = 1) -> dict[str, int]:
    """The conditions after gaining ``name`` (and what it implies); gaining a condition
    again keeps the higher value."""
    if name not in CONDITIONS:
        raise RuleError("unknown condition {name!r}", code="unknown_name", name=name)
    if value < 1 and CONDITIONS[name].valued:
        raise RuleError("{name} needs a value of at least 1", code="out_of_range", name=name)
    out = dict(current)
    out[name] = max(out.get(name, 0), value if CONDITIONS[name].valued else 1)
    return out


def implied(current: Mapping[str, int]) -> dict[str, int]:
    """The conditions with everything they imply (unconscious: blinded, off-guard, prone)."""
    out = dict(current)
    stack = list(current)
    while stack:
        for name in CONDITIONS[stack.pop()].implies:
            if name not in out:
                out[name] = 1
                stack.append(name)
    return out


def modifiers_for(current: Mapping[str, int], statistic: str,
                  extra_tags: Iterable[str] = ()) -> list[Modifier]:
    """The modifiers the conditions (and what they imply) impose on ``statistic``;
    stack them with the rest, so that only the worst status penalty counts."""
    tags = STATISTIC_TAGS.get(statistic, frozenset({statistic})) | frozenset(extra_tags)
    out = []
    for name, value in sorted(implied(current).items()):
        for mod in CONDITIONS[name].modifiers:
            if mod.to in tags:
                amount = -value if mod.value is None else mod.value
                label = f"{name} {value}" if CONDITIONS[name].valued else name
                out.append(Modifier(amount, mod.type, label))
    return out
