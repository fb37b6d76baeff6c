"""Protocol actions of the ``w6`` system: probe, complex_probe, complex_advice, contest."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr

from regelwerk.dice.limits import MAX_DICE
from regelwerk.errors import LimitExceeded, Number
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG, int_or_named
from regelwerk.protocol.registry import Action, Context
from regelwerk.systems.w6.advice import advise
from regelwerk.systems.w6.complex import complex_probe
from regelwerk.systems.w6.contest import Party, contest
from regelwerk.systems.w6.pool import DIFFICULTIES, Pool
from regelwerk.systems.w6.probe import DEFAULT_REQUIRED, Probe, probe

__all__ = ["ACTIONS", "PoolFields"]

Dice = Annotated[StrictInt, Field(ge=0, le=MAX_DICE)]
Required = Annotated[StrictInt, Field(ge=1, le=MAX_DICE)]


class PoolFields(BaseModel):
    """The fields that make a pool (shared by every w6 action)."""

    model_config = MODEL_CONFIG
    attribute: Dice = Field(description="value of the Eigenschaft: its dice")
    attribute_name: StrictStr | None = Field(None, max_length=40,
                                             description="name or abbreviation, e.g. GE")
    skill: Annotated[StrictInt, Field(ge=0, le=MAX_DICE // 3)] = Field(
        0, description="points in a fitting Fertigkeit: 3 dice each")
    skill_name: StrictStr | None = Field(None, max_length=60)
    tools: Annotated[StrictInt, Field(ge=-MAX_DICE, le=MAX_DICE)] = Field(
        0, description="dice for Hilfsmittel, aid and circumstances (may be negative)")
    difficulty: int_or_named(DIFFICULTIES, 0, MAX_DICE) = Field(  # type: ignore[valid-type]
        0, description="Erschwerung: a tier name or a number of dice")
    penalty: Dice = Field(0, description="further dice the game master takes away")

    def pool(self) -> Pool:
        """The rules' pool; a pool above the dice limit is refused."""
        pool = Pool(self.attribute, self.skill, self.tools, self.difficulty, self.penalty,
                    self.attribute_name, self.skill_name)
        if pool.dice > MAX_DICE:
            raise LimitExceeded("pool of {dice} dice: at most {max_dice} dice",
                                dice=Number(pool.dice), max_dice=Number(MAX_DICE))
        return pool


class ProbeRequest(PoolFields):
    """A Probe."""

    required: Required = Field(DEFAULT_REQUIRED, description="Erfolge required (default 2)")


class ComplexRequest(PoolFields):
    """A Komplexe Probe with a binding split."""

    split: list[Annotated[StrictInt, Field(ge=0, le=MAX_DICE)]] = Field(max_length=100)
    required: list[Required] = Field(max_length=100)


class AdviceRequest(PoolFields):
    """Split advice for a Komplexe Probe."""

    required: list[Required] = Field(min_length=1, max_length=20)
    candidates: Annotated[StrictInt, Field(ge=1, le=20)] = 5


class PartyFields(PoolFields):
    """One side of a contest: a pool, and for a Komplexe Probe its split and the Erfolge
    each roll requires."""

    split: list[Annotated[StrictInt, Field(ge=0, le=MAX_DICE)]] = Field(
        default_factory=list, max_length=100)
    required: list[Required] = Field(default_factory=list, max_length=100)

    def party(self) -> Party:
        """The rules' party."""
        return Party(self.pool(), tuple(self.split), tuple(self.required))


class ContestRequest(BaseModel):
    """A Konkurrierende Probe."""

    model_config = MODEL_CONFIG
    a: PartyFields
    b: PartyFields
    tie: Literal["tie", "a", "b"] = "tie"


def _pool_json(pool: Pool) -> dict[str, Any]:
    data: dict[str, Any] = dict(pool.breakdown())
    data["value"] = pool.value
    if pool.attribute_name:
        data["attribute_name"] = pool.attribute_name
    if pool.skill_name:
        data["skill_name"] = pool.skill_name
    return data



def _verdict(t: Translator, passed: bool) -> str:
    return t("passed") if passed else t("failed")


def probe_action(request: ProbeRequest, context: Context) -> dict[str, Any]:
    """Roll a Probe with its odds."""
    result: Probe = probe(request.pool(), context.source, request.required)
    verdict = result.judgement
    t = context.t
    return {
        "dice": result.dice,
        "faces": list(result.faces),
        "successes": result.successes,
        "required": result.required,
        "passed": verdict.passed,
        "quality": verdict.quality,
        "probability": float(result.probability),
        "qualities": [[q, float(p)] for q, p in result.quality_probabilities],
        "pool": _pool_json(result.pool),
        "text": t(
            "Probe {verdict}: {successes} of {required} successes on {dice} dice "
            "(quality {quality:+d}); chance to pass {chance}",
            verdict=_verdict(t, verdict.passed), successes=result.successes,
            required=result.required, dice=result.dice, quality=verdict.quality,
            chance=t.percent(float(result.probability)),
        ),
    }


def complex_action(request: ComplexRequest, context: Context) -> dict[str, Any]:
    """Roll a Komplexe Probe."""
    result = complex_probe(request.pool(), request.split, request.required, context.source)
    t = context.t
    parts = []
    for part in result.parts:
        verdict = part.judgement
        parts.append({
            "dice": part.dice, "faces": list(part.faces), "successes": part.successes,
            "required": part.required, "passed": verdict.passed, "quality": verdict.quality,
            "probability": float(part.probability),
        })
    passed_parts = sum(1 for p in parts if p["passed"])
    return {
        "dice": result.pool.dice,
        "parts": parts,
        "passed": result.passed,
        "probability": float(result.probability),
        "pool": _pool_json(result.pool),
        "text": t(
            "Complex probe {verdict}: {passed} of {parts} rolls passed; chance that all "
            "pass {chance}",
            verdict=_verdict(t, result.passed), passed=passed_parts, parts=len(parts),
            chance=t.percent(float(result.probability)),
        ),
    }


def advice_action(request: AdviceRequest, context: Context) -> dict[str, Any]:
    """The best binding split and the next best."""
    pool = request.pool()
    advice = advise(pool.dice, request.required, request.candidates)
    t = context.t
    return {
        "dice": pool.dice,
        "required": list(advice.required),
        "split": list(advice.split),
        "probability": float(advice.probability),
        "candidates": [{"split": list(s), "probability": float(p)}
                       for s, p in advice.candidates],
        "text": t(
            "Best split of {dice} dice: {split}; chance that every roll passes {chance}",
            dice=pool.dice, split=" + ".join(map(str, advice.split)),
            chance=t.percent(float(advice.probability)),
        ),
    }


def contest_action(request: ContestRequest, context: Context) -> dict[str, Any]:
    """Roll a Konkurrierende Probe."""
    result = contest(request.a.party(), request.b.party(), context.source, request.tie)
    t = context.t
    names = {"a": "A", "b": "B"}
    if result.winner == "tie":
        summary = t("Contest: a tie")
    else:
        summary = t("Contest: {side} wins", side=names[result.winner])
    return {
        "a": {"dice": result.a.dice, "faces": list(result.a_faces),
              "successes": result.a_successes, "pool": _pool_json(result.a),
              "holds": result.a_holds, "split": request.a.split},
        "b": {"dice": result.b.dice, "faces": list(result.b_faces),
              "successes": result.b_successes, "pool": _pool_json(result.b),
              "holds": result.b_holds, "split": request.b.split},
        "winner": result.winner,
        "tie": result.tie,
        "probabilities": {side: float(p) for side, p in result.probabilities.items()},
        "text": t(
            "{summary} ({a} to {b} successes); chances A {pa}, B {pb}, tie {pt}",
            summary=summary, a=result.a_successes, b=result.b_successes,
            pa=t.percent(float(result.probabilities["a"])),
            pb=t.percent(float(result.probabilities["b"])),
            pt=t.percent(float(result.probabilities["tie"])),
        ),
    }


ACTIONS = (
    Action("w6", "probe", ProbeRequest, probe_action, "A Probe: 5 and 6 succeed.",
           {"system": "w6", "action": "probe", "attribute": 8, "skill": 1, "tools": 2,
            "difficulty": "herausfordernd"}),
    Action("w6", "complex_probe", ComplexRequest, complex_action,
           "A Komplexe Probe with a binding split.",
           {"system": "w6", "action": "complex_probe", "attribute": 10, "split": [6, 4],
            "required": [2, 1]}),
    Action("w6", "complex_advice", AdviceRequest, advice_action,
           "The best binding split for a Komplexe Probe.",
           {"system": "w6", "action": "complex_advice", "attribute": 10, "required": [1, 1]}),
    Action("w6", "contest", ContestRequest, contest_action, "A Konkurrierende Probe.",
           {"system": "w6", "action": "contest", "a": {"attribute": 6},
            "b": {"attribute": 6}}),
)
