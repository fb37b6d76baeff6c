"""Protocol handlers of pf2e statistics, a turn of Strikes, and initiative."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.i18n import Translator
from regelwerk.i18n.terms import term as term_label
from regelwerk.protocol.fields import MODEL_CONFIG, named
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.attacks import multiple_attack_penalty
from regelwerk.systems.pf2e.checks.check_actions import degree_label
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.checks.statistics import KINDS, Armor, statistic
from regelwerk.systems.pf2e.model import ModifierFields, RolledFields, stacked_json
from regelwerk.systems.pf2e.names import RANKS

__all__ = ["initiative_action", "statistic_action", "strikes_action"]

AbilityKey = Literal["str", "dex", "con", "int", "wis", "cha"]
AbilityValue = Annotated[StrictInt, Field(ge=-5, le=15)]


class ArmorFields(BaseModel):
    """The armour worn."""

    model_config = MODEL_CONFIG
    category: Literal["unarmored", "light", "medium", "heavy"] = "unarmored"
    dex_cap: Annotated[StrictInt, Field(ge=0, le=10)] | None = None
    item_bonus: Annotated[StrictInt, Field(ge=0, le=10)] = 0


class StatisticRequest(BaseModel):
    """A statistic from ability modifiers, level and rank."""

    model_config = MODEL_CONFIG
    kind: Literal[KINDS]  # type: ignore[valid-type]
    abilities: dict[AbilityKey, AbilityValue] = Field(default_factory=dict)
    level: Annotated[StrictInt, Field(ge=-1, le=30)]
    rank: named(RANKS)  # type: ignore[valid-type]
    ability: AbilityKey | None = None
    finesse: StrictBool = False
    armor: ArmorFields | None = None
    modifiers: list[ModifierFields] = Field(default_factory=list, max_length=50)


def statistic_action(request: StatisticRequest, context: Context) -> dict[str, Any]:
    """The value of a statistic, by the formula of the text, with its parts."""
    armor = None if request.armor is None else Armor(
        request.armor.category, request.armor.dex_cap, request.armor.item_bonus)
    abilities: dict[str, int] = {str(k): v for k, v in request.abilities.items()}
    stat = statistic(request.kind, abilities, request.level, request.rank,
                     ability=request.ability, finesse=request.finesse, armor=armor,
                     others=[m.modifier() for m in request.modifiers])
    response: dict[str, Any] = {"kind": request.kind, "value": stat.value,
                                "modifier": stat.stacked.total, "is_dc": stat.is_dc,
                                **stacked_json(stat.stacked, context.t)}
    for entry in [*response["applied"], *response["ignored"]]:
        entry["label"] = _part_label(context.t, request, entry)
    response["text"] = context.t("{kind}: {value}", kind=term_label(context.t, request.kind),
                                 value=stat.value)
    return response


def _part_label(t: Translator, request: StatisticRequest, entry: dict[str, Any]) -> str:
    """The label of a part the formula adds, in the reader's language (labels the
    request gave stay as given)."""
    label = str(entry["label"])
    if entry["type"] == "proficiency" and label == request.rank:
        return term_label(t, label)
    if request.armor is not None and entry["type"] == "item" and \
            label == f"armour ({request.armor.category})":
        return t("armour ({category})", category=term_label(t, request.armor.category))
    ability, comma, cap = label.partition(", armour cap ")
    if entry["type"] == "ability" and comma:
        return t("{ability}, armour cap {cap}", ability=ability, cap=cap)
    return label


class StrikeFields(BaseModel):
    """One Strike of the turn."""

    model_config = MODEL_CONFIG
    agile: StrictBool = False
    modifier: Annotated[StrictInt, Field(ge=-100, le=100)] = Field(
        0, description="a further modifier of this Strike only")


class StrikesRequest(RolledFields):
    """A turn of Strikes with the multiple attack penalty against an AC."""

    ac: Annotated[StrictInt, Field(ge=-100, le=200)]
    strikes: list[StrikeFields] = Field(min_length=1, max_length=10)
    fortune: StrictBool = False
    misfortune: StrictBool = False


def strikes_action(request: StrikesRequest, context: Context) -> dict[str, Any]:
    """Each Strike with its penalty, its roll and its odds; the chance of at least one
    hit and the expected hits and critical hits."""
    base = request.total()
    t = context.t
    rows: list[dict[str, Any]] = []
    degrees: list[Degree] = []
    miss_all = Fraction(1)
    hits = crits = Fraction(0)
    for number, strike in enumerate(request.strikes, 1):
        penalty = multiple_attack_penalty(number, strike.agile)
        check = Check(base + penalty + strike.modifier, request.ac, request.fortune,
                      request.misfortune)
        odds = check.odds()
        rolled = check.roll(context.source).roll
        hit = odds[Degree.SUCCESS] + odds[Degree.CRITICAL_SUCCESS]
        miss_all *= 1 - hit
        hits += hit
        crits += odds[Degree.CRITICAL_SUCCESS]
        degrees.append(rolled.result.degree)
        rows.append({
            "attack_number": number, "agile": strike.agile, "penalty": penalty,
            "modifier": check.modifier, "d20": list(rolled.faces), "natural": rolled.natural,
            "total": rolled.total, "degree": rolled.result.degree.key,
            "probabilities": {d.key: float(p) for d, p in odds.items()},
        })
    summary = ", ".join(degree_label(t, d) for d in degrees)
    return {
        "strikes": rows,
        "probability_any_hit": float(1 - miss_all),
        "expected_hits": float(hits),
        "expected_critical_hits": float(crits),
        "text": t("Strikes against AC {ac}: {summary}; chance of at least one hit {chance}",
                  ac=request.ac, summary=summary, chance=t.percent(float(1 - miss_all))),
    }


class ParticipantFields(RolledFields):
    """One participant in initiative."""

    name: StrictStr = Field(max_length=80)
    foe: StrictBool = False


class InitiativeRequest(BaseModel):
    """Initiative by Perception or a skill: everyone rolls, the highest acts first."""

    model_config = MODEL_CONFIG
    participants: list[ParticipantFields] = Field(min_length=1, max_length=100)


def initiative_action(request: InitiativeRequest, context: Context) -> dict[str, Any]:
    """Order by result; a foe tied with a player character goes first, other ties keep
    the order given (docs/rulings.md, "PF2e: initiative ties")."""
    rolled: list[tuple[int, bool, int, dict[str, Any]]] = []
    for index, who in enumerate(request.participants):
        modifier = who.total()
        natural = context.source.roll(20)
        total = natural + modifier
        rolled.append((-total, not who.foe, index, {
            "name": who.name, "foe": who.foe, "natural": natural, "modifier": modifier,
            "total": total}))
    order = [entry for *_, entry in sorted(rolled, key=lambda r: r[:3])]
    return {"order": order,
            "text": context.t("Initiative: {order}",
                              order=", ".join(f"{r['name']} {r['total']}" for r in order))}
