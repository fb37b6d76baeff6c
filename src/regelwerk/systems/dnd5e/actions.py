"""Protocol actions of the ``dnd5e`` system."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictInt

from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG, named
from regelwerk.protocol.registry import Action, Context
from regelwerk.systems.dnd5e.abilities import ability_modifier
from regelwerk.systems.dnd5e.d20 import D20Roll
from regelwerk.systems.dnd5e.model import DC, DCS, RollerFields, explain
from regelwerk.systems.dnd5e.proficiency import proficiency_bonus
from regelwerk.systems.dnd5e.rolls import (
    Roller,
    attack_hits,
    contest_odds,
    contest_winner,
    passive_score,
    success_chance,
)

__all__ = ["ACTIONS"]


class ScoreRequest(BaseModel):
    """An ability score."""

    model_config = MODEL_CONFIG
    score: Annotated[StrictInt, Field(ge=1, le=30)]


class LevelRequest(BaseModel):
    """A character level."""

    model_config = MODEL_CONFIG
    level: Annotated[StrictInt, Field(ge=1, le=20)]


class DifficultyRequest(BaseModel):
    """A typical difficulty by name."""

    model_config = MODEL_CONFIG
    difficulty: named(DCS)  # type: ignore[valid-type]


class CheckRequest(RollerFields):
    """An ability check or saving throw, optionally against a DC."""

    dc: DC | None = None


class AttackRequest(RollerFields):
    """An attack roll against an AC."""

    ac: Annotated[StrictInt, Field(ge=1, le=100)]


class ContestRequest(BaseModel):
    """A contest: both roll, the higher total wins."""

    model_config = MODEL_CONFIG
    a: RollerFields
    b: RollerFields



def _rolled(roll: D20Roll, roller: Roller) -> dict[str, Any]:
    return {
        "mode": roll.mode,
        "d20": list(roll.faces),
        "lucky_reroll": roll.rerolled is not None,
        "rerolled_index": roll.rerolled,
        "kept_index": roll.kept,
        "natural": roll.natural,
        "modifier": roller.modifier,
        "total": roll.natural + roller.modifier,
    }


def modifier_action(request: ScoreRequest, context: Context) -> dict[str, Any]:
    """The modifier of a score."""
    modifier = ability_modifier(request.score)
    return {"modifier": modifier,
            "text": context.t("Ability score {score}: modifier {modifier:+d}",
                              score=request.score, modifier=modifier)}


def proficiency_action(request: LevelRequest, context: Context) -> dict[str, Any]:
    """The proficiency bonus of a level."""
    bonus = proficiency_bonus(request.level)
    return {"bonus": bonus,
            "text": context.t("Level {level}: proficiency bonus {bonus:+d}",
                              level=request.level, bonus=bonus)}


def difficulty_label(t: Translator, name: str) -> str:
    """The typical difficulty in the reader's language."""
    labels = {
        "very_easy": t("very easy"), "easy": t("easy"), "medium": t("medium"),
        "hard": t("hard"), "very_hard": t("very hard"),
        "nearly_impossible": t("nearly impossible"),
    }
    return labels[name]


def dc_action(request: DifficultyRequest, context: Context) -> dict[str, Any]:
    """The DC of a typical difficulty."""
    dc = DCS.values[request.difficulty]
    return {"dc": dc, "difficulty": request.difficulty,
            "text": context.t("Difficulty {name}: DC {dc}",
                              name=difficulty_label(context.t, request.difficulty), dc=dc)}


def _dice_text(t: Translator, roll: D20Roll) -> str:
    mode = {"advantage": t("advantage"), "disadvantage": t("disadvantage"),
            "normal": ""}[roll.mode]
    faces = ", ".join(
        f"{face}↻" if i == roll.rerolled else str(face) for i, face in enumerate(roll.faces))
    return f"d20 [{faces}]" + (f" {mode}" if mode else "")


def _check(request: CheckRequest, context: Context, kind: str, label: str) -> dict[str, Any]:
    roller, ignored = request.roller()
    roll = roller.roll(context.source)
    response = {**_rolled(roll, roller), **explain(roller, ignored, context.t), "kind": kind}
    t = context.t
    total = response["total"]
    dice = _dice_text(t, roll)
    if request.dc is None:
        response["text"] = t("{kind}: {total} ({dice}, natural {natural}, {modifier:+d})",
                             kind=label, total=total, dice=dice, natural=roll.natural,
                             modifier=roller.modifier)
        return response
    chance = success_chance(roller, request.dc)
    success = total >= request.dc
    response.update({"dc": request.dc, "success": success, "probability": float(chance)})
    response["text"] = t(
        "{kind}: {verdict}, {total} against DC {dc} ({dice}, natural {natural}, "
        "{modifier:+d}); chance {chance}", kind=label,
        verdict=t("success") if success else t("failure"), total=total, dc=request.dc,
        dice=dice, natural=roll.natural, modifier=roller.modifier,
        chance=t.percent(float(chance)))
    return response


def check_action(request: CheckRequest, context: Context) -> dict[str, Any]:
    """An ability check."""
    return _check(request, context, "ability_check", context.t("Ability check"))


def save_action(request: CheckRequest, context: Context) -> dict[str, Any]:
    """A saving throw."""
    return _check(request, context, "saving_throw", context.t("Saving throw"))


def attack_action(request: AttackRequest, context: Context) -> dict[str, Any]:
    """An attack roll against an AC."""
    roller, ignored = request.roller()
    roll = roller.roll(context.source)
    response = {**_rolled(roll, roller), **explain(roller, ignored, context.t), "ac": request.ac}
    outcome = attack_hits(roll.natural, response["total"], request.ac)
    hit_chance = roller.chance(
        lambda n: attack_hits(n, n + roller.modifier, request.ac).hit)
    crit_chance = roller.chance(
        lambda n: attack_hits(n, n + roller.modifier, request.ac).critical)
    t = context.t
    verdict = t("critical hit") if outcome.critical else t("hit") if outcome.hit else t("miss")
    response.update({
        "hit": outcome.hit, "critical": outcome.critical, "probability": float(hit_chance),
        "critical_probability": float(crit_chance),
        "text": t("Attack roll: {verdict}, {total} against AC {ac} ({dice}, natural "
                  "{natural}); chance to hit {chance}, critical {critical}", verdict=verdict,
                  total=response["total"], ac=request.ac, dice=_dice_text(t, roll),
                  natural=roll.natural,
                  chance=t.percent(float(hit_chance)),
                  critical=t.percent(float(crit_chance))),
    })
    return response


def contest_action(request: ContestRequest, context: Context) -> dict[str, Any]:
    """A contest: the higher total wins; a tie leaves things as they were."""
    a, a_ignored = request.a.roller()
    b, b_ignored = request.b.roller()
    roll_a, roll_b = a.roll(context.source), b.roll(context.source)
    side_a = {**_rolled(roll_a, a), **explain(a, a_ignored, context.t)}
    side_b = {**_rolled(roll_b, b), **explain(b, b_ignored, context.t)}
    winner = contest_winner(side_a["total"], side_b["total"])
    chances = contest_odds(a, b)
    t = context.t
    summary = t("a tie: the situation stays as it was") if winner == "tie" else t(
        "{side} wins", side=winner.upper())
    return {
        "a": side_a, "b": side_b, "winner": winner,
        "probabilities": {k: float(v) for k, v in chances.items()},
        "text": t("Contest ({a} to {b}): {summary}", a=side_a["total"], b=side_b["total"],
                  summary=summary),
    }


def passive_action(request: CheckRequest, context: Context) -> dict[str, Any]:
    """A passive check: 10 + modifiers, ±5 for advantage or disadvantage."""
    roller, ignored = request.roller()
    score = passive_score(roller)
    response: dict[str, Any] = {"passive": score, "mode": roller.mode,
                                "modifier": roller.modifier, **explain(roller, ignored, context.t)}
    t = context.t
    if request.dc is not None:
        response.update({"dc": request.dc, "success": score >= request.dc,
                         "probability": 1.0 if score >= request.dc else 0.0})
        response["text"] = t("Passive check {score} against DC {dc}: {verdict}", score=score,
                             dc=request.dc,
                             verdict=t("success") if score >= request.dc else t("failure"))
    else:
        response["text"] = t("Passive check: {score}", score=score)
    return response


def _example(action: str, **fields: Any) -> dict[str, Any]:
    return {"system": "dnd5e", "action": action, **fields}


ACTIONS = (
    Action("dnd5e", "ability_modifier", ScoreRequest, modifier_action,
           "The modifier of an ability score.", _example("ability_modifier", score=17)),
    Action("dnd5e", "proficiency_bonus", LevelRequest, proficiency_action,
           "The proficiency bonus of a level.", _example("proficiency_bonus", level=5)),
    Action("dnd5e", "dc", DifficultyRequest, dc_action, "The DC of a typical difficulty.",
           _example("dc", difficulty="meðal")),
    Action("dnd5e", "check", CheckRequest, check_action, "An ability check (hæfileikakast).",
           _example("check", score=14, proficient=True, level=5, advantage=1, lucky=True,
                    dc="meðal")),
    Action("dnd5e", "save", CheckRequest, save_action, "A saving throw (varnarkast).",
           _example("save", ability="Viska", score=12, proficient=True, level=3, dc=13)),
    Action("dnd5e", "attack", AttackRequest, attack_action, "An attack roll (árásarkast).",
           _example("attack", score=16, proficient=True, level=1, ac=13)),
    Action("dnd5e", "contest", ContestRequest, contest_action,
           "A contest: the higher total wins.",
           _example("contest", a={"score": 16, "proficient": True, "level": 4},
                    b={"score": 14})),
    Action("dnd5e", "passive", CheckRequest, passive_action,
           "A passive check: 10 + modifiers.",
           _example("passive", score=14, proficient=True, level=2, dc=13)),
)
