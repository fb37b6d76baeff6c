"""Protocol handlers of the pf2e checks: proficiency, modifiers, checks, flat checks,
attacks, basic saves, multipliers, duplicate effects, statistics, strikes, initiative."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG, named
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.attacks import (
    multiple_attack_penalty,
    nonlethal_penalty,
    range_penalty,
)
from regelwerk.systems.pf2e.checks.checks import (
    Check,
    flat_check_dc,
    flat_check_needs_roll,
    unknown_secret,
)
from regelwerk.systems.pf2e.checks.degrees import NATURAL_1, NATURAL_20, Degree
from regelwerk.systems.pf2e.checks.general import (
    Effect,
    basic_save_damage,
    combine_multipliers,
    winning_effect,
)
from regelwerk.systems.pf2e.checks.proficiency import proficiency_bonus
from regelwerk.systems.pf2e.health.hero_points import HeroPoints
from regelwerk.systems.pf2e.model import (
    AdjustmentFields,
    DegreeName,
    ModifierFields,
    Number,
    RolledFields,
    degree,
    fraction,
    stacked_json,
)
from regelwerk.systems.pf2e.names import RANKS
from regelwerk.systems.pf2e.refusals import refusing

__all__ = ["degree_label", "rank_label"]

DC = Annotated[StrictInt, Field(ge=-100, le=200)]
Level = Annotated[StrictInt, Field(ge=-1, le=30)]


def degree_label(t: Translator, d: Degree) -> str:
    """The degree in the reader's language (the book's terms in German)."""
    return {
        Degree.CRITICAL_SUCCESS: t("critical success"),
        Degree.SUCCESS: t("success"),
        Degree.FAILURE: t("failure"),
        Degree.CRITICAL_FAILURE: t("critical failure"),
    }[d]


def rank_label(t: Translator, rank: str) -> str:
    """The proficiency rank in the reader's language."""
    return {"untrained": t("untrained"), "trained": t("trained"), "expert": t("expert"),
            "master": t("master"), "legendary": t("legendary")}[rank]



def _step_reason(t: Translator, reason: str) -> str:
    if reason == NATURAL_20:
        return t("natural 20: one step better")
    if reason == NATURAL_1:
        return t("natural 1: one step worse")
    return reason


def _odds_text(t: Translator, odds: dict[Degree, Any]) -> str:
    return ", ".join(f"{degree_label(t, d)} {t.percent(float(odds[d]))}"
                     for d in reversed(Degree))


class ProficiencyRequest(BaseModel):
    """A proficiency bonus."""

    model_config = MODEL_CONFIG
    rank: named(RANKS)  # type: ignore[valid-type]
    level: Level


def proficiency_action(request: ProficiencyRequest, context: Context) -> dict[str, Any]:
    """Untrained 0, otherwise level + 2/4/6/8."""
    bonus = proficiency_bonus(request.rank, request.level)
    return {"bonus": bonus, "rank": request.rank,
            "text": context.t("Proficiency bonus {bonus:+d} ({rank}, level {level})",
                              bonus=bonus, rank=rank_label(context.t, request.rank),
                              level=request.level)}


class TotalRequest(BaseModel):
    """Stack a list of modifiers."""

    model_config = MODEL_CONFIG
    modifiers: list[ModifierFields] = Field(max_length=100)


def total_action(request: TotalRequest, context: Context) -> dict[str, Any]:
    """The total modifier, with each modifier applied or ignored and why."""
    stacked = RolledFields(modifiers=request.modifiers).stacked()
    assert stacked is not None
    return {"total": stacked.total, **stacked_json(stacked, context.t),
            "text": context.t("Total modifier {total:+d} ({applied} applied, {ignored} "
                              "ignored)", total=stacked.total, applied=len(stacked.applied),
                              ignored=len(stacked.ignored))}


class CheckRequest(RolledFields):
    """A check against a DC."""

    dc: DC
    fortune: StrictBool = False
    misfortune: StrictBool = False
    adjustments: list[AdjustmentFields] = Field(default_factory=list, max_length=10)
    reroll_on: list[DegreeName] = Field(default_factory=list, max_length=4)
    secret: StrictBool = False
    player_knows: StrictBool = True
    automatic: list[Literal["fortune", "misfortune"]] = Field(default_factory=list,
                                                             max_length=2)


def _check(request: CheckRequest) -> tuple[Check, tuple[str, ...]]:
    check = Check(request.total(), request.dc, request.fortune, request.misfortune,
                  tuple(a.adjustment() for a in request.adjustments),
                  frozenset(degree(name) for name in request.reroll_on))
    if request.secret and not request.player_knows:
        return unknown_secret(check, automatic_fortune="fortune" in request.automatic,
                              automatic_misfortune="misfortune" in request.automatic)
    return check, ()


def check_action(request: CheckRequest, context: Context) -> dict[str, Any]:
    """Roll a check; the odds of each degree come with it.  A secret check the player
    does not know about takes only the fortune and misfortune effects that apply
    automatically."""
    check, left_out = _check(request)
    rolled = check.roll(context.source)
    roll = rolled.roll
    odds = check.odds()
    t = context.t
    result = roll.result
    response: dict[str, Any] = {
        "mode": check.mode,
        "d20": list(rolled.faces),
        "natural": roll.natural,
        "modifier": check.modifier,
        "total": roll.total,
        "dc": check.dc,
        "degree": result.degree.key,
        "unadjusted_degree": result.unadjusted.key,
        "adjustments": [{"degree": d.key, "reason": _step_reason(t, reason)}
                        for d, reason in result.steps],
        "rerolled": rolled.first is not None,
        "probabilities": {d.key: float(p) for d, p in odds.items()},
        "secret": request.secret,
        "left_out": list(left_out),
    }
    if rolled.first is not None:
        response["first"] = {"d20": list(rolled.first.faces), "natural": rolled.first.natural,
                             "total": rolled.first.total,
                             "degree": rolled.first.result.degree.key}
    stacked = request.stacked()
    if stacked is not None:
        response.update(stacked_json(stacked, context.t))
    full = t("Check: {degree}, {natural} {modifier:+d} = {total} against DC {dc}; "
             "chances: {odds}", degree=degree_label(t, result.degree), natural=roll.natural,
             modifier=check.modifier, total=roll.total, dc=check.dc, odds=_odds_text(t, odds))
    if rolled.first is not None:
        full += "; " + t("rerolled {first} → {second} with a hero point (the second roll "
                         "counts)", first=rolled.first.natural, second=roll.natural)
    if left_out:
        names = {"fortune": t("fortune effect"), "misfortune": t("misfortune effect"),
                 "hero_point_reroll": t("hero point reroll")}
        shown = ", ".join(names[x] for x in left_out)
        full += " " + t("(left out, the player does not know of the secret check: {effects})",
                        effects=shown)
    if request.secret:
        response["gm_text"] = full
        response["text"] = t("The game master rolled a secret check.")
    else:
        response["text"] = full
    return response


class FlatRequest(BaseModel):
    """A flat check: a d20 against a DC, no modifiers."""

    model_config = MODEL_CONFIG
    dc: DC | None = None
    dcs: list[DC] | None = Field(None, min_length=1, max_length=20)


def flat_action(request: FlatRequest, context: Context) -> dict[str, Any]:
    """DC 1 or less succeeds and DC 21 or more fails without a roll; several flat
    checks on one event are one roll at the highest DC."""
    dcs = ([] if request.dc is None else [request.dc]) + (request.dcs or [])
    dc = flat_check_dc(dcs)
    automatic = flat_check_needs_roll(dc)
    t = context.t
    if automatic is not None:
        return {"dc": dc, "success": automatic, "probability": 1.0 if automatic else 0.0,
                "text": t("Flat check DC {dc}: {verdict} without a roll", dc=dc,
                          verdict=t("success") if automatic else t("failure"))}
    natural = context.source.roll(20)
    chance = (21 - dc) / 20
    success = natural >= dc
    return {"dc": dc, "natural": natural, "success": success, "probability": chance,
            "text": t("Flat check DC {dc}: {natural}, {verdict}; chance {chance}", dc=dc,
                      natural=natural, verdict=t("success") if success else t("failure"),
                      chance=t.percent(chance))}


class MapRequest(BaseModel):
    """The multiple attack penalty of one attack."""

    model_config = MODEL_CONFIG
    attack_number: Annotated[StrictInt, Field(ge=1, le=100)]
    agile: StrictBool = False
    reaction: StrictBool = Field(False, description="a reaction on another creature's turn")


def map_action(request: MapRequest, context: Context) -> dict[str, Any]:
    """−5/−10, or −4/−8 with an agile weapon; none on another creature's turn."""
    penalty = multiple_attack_penalty(request.attack_number, request.agile, not request.reaction)
    return {"penalty": penalty,
            "text": context.t("Multiple attack penalty for attack {n}: {penalty}",
                              n=request.attack_number, penalty=penalty)}


class RangeRequest(BaseModel):
    """The range penalty of a ranged attack."""

    model_config = MODEL_CONFIG
    range_increment: Annotated[Number, Field(gt=0)]
    distance: Annotated[Number, Field(ge=0)]
    unit: Literal["m", "ft"] = "m"


def range_action(request: RangeRequest, context: Context) -> dict[str, Any]:
    """−2 per started range increment beyond the first; beyond six, out of range."""
    penalty = range_penalty(fraction(request.range_increment), fraction(request.distance))
    return {"penalty": penalty,
            "text": context.t("Range penalty: {penalty}", penalty=penalty)}


class NonlethalRequest(BaseModel):
    """Whether an attack's intent and weapon differ."""

    model_config = MODEL_CONFIG
    nonlethal_attack: StrictBool
    nonlethal_weapon: StrictBool


def nonlethal_action(request: NonlethalRequest, context: Context) -> dict[str, Any]:
    """A −2 circumstance penalty when intent and weapon differ."""
    modifier = nonlethal_penalty(request.nonlethal_attack, request.nonlethal_weapon)
    penalty = 0 if modifier is None else modifier.value
    return {"penalty": penalty, "type": "circumstance",
            "text": context.t("Nonlethal penalty: {penalty}", penalty=penalty)}


class BasicSaveRequest(BaseModel):
    """Damage after a basic saving throw."""

    model_config = MODEL_CONFIG
    damage: Annotated[StrictInt, Field(ge=0, le=1_000_000)]
    degree: DegreeName


def basic_save_action(request: BasicSaveRequest, context: Context) -> dict[str, Any]:
    """None, half, full or double."""
    taken = basic_save_damage(request.damage, degree(request.degree))
    return {"damage": taken,
            "text": context.t("Basic save ({degree}): {damage} damage",
                              degree=degree_label(context.t, degree(request.degree)),
                              damage=taken)}


class MultiplyRequest(BaseModel):
    """Several multipliers on one value."""

    model_config = MODEL_CONFIG
    multipliers: list[Annotated[Number, Field(gt=0, le=100)]] = Field(min_length=1,
                                                                      max_length=20)
    value: Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)] | None = None


def multiply_action(request: MultiplyRequest, context: Context) -> dict[str, Any]:
    """Each multiplier after the first counts one less."""
    combined = combine_multipliers([fraction(m) for m in request.multipliers])
    response: dict[str, Any] = {
        "multiplier": int(combined) if combined.denominator == 1 else float(combined)}
    if request.value is not None:
        response["value"] = (request.value * combined.numerator) // combined.denominator
    response["text"] = context.t("Combined multiplier: ×{m}", m=response["multiplier"])
    return response


class EffectFields(BaseModel):
    """An effect: name, level (rank) and order (larger is newer)."""

    model_config = MODEL_CONFIG
    name: StrictStr = Field(max_length=80)
    level: Annotated[StrictInt, Field(ge=0, le=30)]
    order: Annotated[StrictInt, Field(ge=0)] | None = Field(
        None, description="when it began; larger is newer (default: its place in the list)")


class DuplicatesRequest(BaseModel):
    """Duplicate effects on one creature."""

    model_config = MODEL_CONFIG
    effects: list[EffectFields] = Field(min_length=1, max_length=50)


def duplicates_action(request: DuplicatesRequest, context: Context) -> dict[str, Any]:
    """Only the highest level counts, or the newest among equals."""
    effects = [Effect(e.name, e.level, e.order if e.order is not None else i)
               for i, e in enumerate(request.effects)]
    winner = winning_effect(effects)
    index = effects.index(winner)
    return {"applies": index, "effect": winner.name,
            "ignored": [i for i in range(len(effects)) if i != index],
            "text": context.t("Only {name} (level {level}) applies", name=winner.name,
                              level=winner.level)}


class HeroPointsRequest(BaseModel):
    """A change to a character's hero points."""

    model_config = MODEL_CONFIG
    points: Annotated[StrictInt, Field(ge=0, le=3)] = 1
    event: Literal["start_session", "award", "reroll", "avoid_death", "end_session"]
    amount: Annotated[StrictInt, Field(ge=1, le=3)] = 1
    on_behalf_of: StrictStr | None = Field(
        None, max_length=80, description="your animal companion or familiar")


@refusing
def hero_points_action(request: HeroPointsRequest, context: Context) -> dict[str, Any]:
    """Start a session (1), award (at most 3), spend for a reroll or to avoid death,
    end the session (0)."""
    points = HeroPoints(request.points).apply(request.event, request.amount)
    response: dict[str, Any] = {"points": points.points,
                                "text": context.t("Hero points: {points}", points=points.points)}
    if request.on_behalf_of:
        # "Du kannst deine Heldenpunkte auch zugunsten deines Tiergefährten oder Vertrauten
        # ausgeben." — the points are the character's own
        response["on_behalf_of"] = request.on_behalf_of
    return response
