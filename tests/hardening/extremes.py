"""Requests at the limits of each action's inputs, shared by the budget tests and
``benchmarks/costs.py``: Hypothesis strategies that drive the inputs that make work
(dice, faces, kept dice, explosions, rerolls; pool sizes, parts and splits; damage
dice and Strikes; area sizes and map sizes) toward their limits."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

SIDES = st.sampled_from([1, 2, 4, 6, 8, 10, 12, 20, 100, 1000, 10_000]) | st.integers(1, 10_000)
COUNT = st.sampled_from([1, 2, 3, 10, 50, 100, 300, 1000]) | st.integers(1, 1000)


@st.composite
def dice_term(draw: st.DrawFn) -> str:
    """``NdX`` with modifiers near their limits."""
    count, sides = draw(COUNT), draw(SIDES)
    term = f"{count}d{sides}"
    kind = draw(st.sampled_from(["plain", "keep", "explode", "reroll", "success", "mixed"]))
    if kind in ("reroll", "mixed") and sides > 1:
        term += f"{draw(st.sampled_from(['r', 'ro']))}{draw(st.integers(1, sides - 1))}"
    if kind in ("explode", "mixed") and sides > 1:
        low = draw(st.integers(2, sides))
        depth = draw(st.none() | st.integers(1, 100))
        term += f"!>={low}" + ("" if depth is None else f"@{depth}")
    if kind in ("keep", "mixed"):
        mode = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        term += f"{mode}{draw(st.integers(1, count))}"
    if kind == "success":
        term += f">={draw(st.integers(1, sides))}"
    return term


@st.composite
def expression(draw: st.DrawFn) -> str:
    """One to three dice terms joined by operators, with a constant now and then."""
    terms = draw(st.lists(dice_term(), min_size=1, max_size=3))
    text = terms[0]
    for term in terms[1:]:
        text += draw(st.sampled_from(["+", "-", "*"])) + term
    if draw(st.booleans()):
        text += f"+{draw(st.integers(0, 1_000_000))}"
    return text


def dice_requests() -> st.SearchStrategy[dict[str, Any]]:
    """``dice roll`` and ``dice distribution``."""
    return st.builds(lambda action, e: {"system": "dice", "action": action, "expression": e},
                     st.sampled_from(["roll", "distribution"]), expression())


POOL = st.integers(0, 1000)


def w6_requests() -> st.SearchStrategy[dict[str, Any]]:
    """Pools up to 1000 dice, up to 100 parts, up to 20 rolls and candidates."""
    probe = st.builds(lambda a, r: {"system": "w6", "action": "probe", "attribute": a,
                                    "required": r}, POOL, st.integers(1, 1000))
    contest = st.builds(lambda a, b: {"system": "w6", "action": "contest",
                                      "a": {"attribute": a}, "b": {"attribute": b}},
                        POOL, POOL)

    @st.composite
    def complex_probe(draw: st.DrawFn) -> dict[str, Any]:
        parts = draw(st.integers(2, 100))
        attribute = draw(POOL)
        cuts = sorted(draw(st.lists(st.integers(0, attribute), min_size=parts - 1,
                                    max_size=parts - 1)))
        split = [b - a for a, b in zip([0, *cuts], [*cuts, attribute], strict=True)]
        return {"system": "w6", "action": "complex_probe", "attribute": attribute,
                "split": split, "required": [draw(st.integers(1, 5)) for _ in split]}

    @st.composite
    def party(draw: st.DrawFn) -> dict[str, Any]:
        attribute = draw(st.integers(0, 400))
        if draw(st.booleans()):
            return {"attribute": attribute}
        parts = draw(st.integers(2, 30))
        cuts = sorted(draw(st.lists(st.integers(0, attribute), min_size=parts - 1,
                                    max_size=parts - 1)))
        split = [b - a for a, b in zip([0, *cuts], [*cuts, attribute], strict=True)]
        return {"attribute": attribute, "split": split, "required": [1] * parts}

    complex_contest = st.builds(lambda a, b: {"system": "w6", "action": "contest",
                                              "a": a, "b": b}, party(), party())
    advice = st.builds(
        lambda a, r, c: {"system": "w6", "action": "complex_advice", "attribute": a,
                         "required": r, "candidates": c},
        POOL, st.lists(st.integers(1, 10), min_size=2, max_size=20), st.integers(1, 20))
    return probe | contest | complex_contest | complex_probe() | advice


DAMAGE = st.builds(lambda c, s: f"{c}d{s}", st.integers(1, 200), st.sampled_from(
    [4, 6, 8, 10, 12, 20, 100])) | dice_term()


def pf2e_requests() -> st.SearchStrategy[dict[str, Any]]:
    """Damage rolls, Strikes × damage outcomes, and areas on maps up to 200 × 200."""
    damage_roll = st.builds(
        lambda d, p, c, t, x: {"system": "pf2e", "action": "damage_roll", "dice": d,
                               "precision": p, "critical": c, "roll_twice": t,
                               "critical_extra": x},
        DAMAGE, st.none() | DAMAGE, st.booleans(), st.booleans(), st.none() | DAMAGE)
    strike = st.builds(
        lambda d, p, x, t, n: {"system": "pf2e", "action": "strike_damage", "modifier": 10,
                               "ac": 18, "damage": {"dice": d, "precision": p,
                                                    "critical_extra": x, "roll_twice": t,
                                                    "type": "fire"},
                               "target": {"hp": 50, "resistances": [
                                   {"type": "fire", "value": 3}]},
                               "strikes": [{}] * n},
        DAMAGE, st.none() | DAMAGE, st.none() | DAMAGE, st.booleans(), st.integers(1, 6))
    size = st.integers(1, 1000) | st.sampled_from([1.5, 4.5, 9, 30, 300, 10_000])
    side = st.integers(1, 200)

    @st.composite
    def area(draw: st.DrawFn) -> dict[str, Any]:
        width, height = draw(side), draw(side)
        shape = draw(st.sampled_from(["burst", "emanation", "cone", "line"]))
        request: dict[str, Any] = {
            "system": "pf2e", "action": "area", "shape": shape, "size": draw(size),
            "map": {"width": width, "height": height, "creatures": [
                {"name": "caster", "at": [width // 2, height // 2],
                 "size": draw(st.sampled_from(["medium", "large", "gargantuan"]))},
                {"name": "other", "at": [0, 0]}]},
            "svg": draw(st.booleans())}
        if shape == "burst":
            request["corner"] = [width // 2, height // 2]
        else:
            request["source"] = "caster"
        if shape == "cone":
            request["direction"] = draw(st.sampled_from(["n", "ne", "e", "se"]))
        if shape == "line":
            request["toward"] = [width - 1, height - 1]
            request["width"] = draw(st.none() | size)
        return request

    return damage_roll | strike | area()


def dnd5e_requests() -> st.SearchStrategy[dict[str, Any]]:
    """Checks, saves, attacks and contests with every roller field at its limits."""
    roller = st.fixed_dictionaries({
        "modifier": st.integers(-20, 50), "proficient": st.booleans(),
        "proficiency_bonus": st.integers(0, 20),
        "proficiency_multipliers": st.lists(st.sampled_from([0.5, 1, 2, 10]), max_size=20),
        "bonuses": st.lists(st.integers(-100, 100), max_size=50),
        "advantage": st.integers(0, 100), "disadvantage": st.integers(0, 100),
        "lucky": st.booleans()})
    check = st.builds(lambda action, r, dc: {"system": "dnd5e", "action": action, **r,
                                             "dc": dc},
                      st.sampled_from(["check", "save", "passive"]), roller,
                      st.integers(-50, 100))
    attack = st.builds(lambda r, ac: {"system": "dnd5e", "action": "attack", **r, "ac": ac},
                       roller, st.integers(-50, 100))
    contest = st.builds(lambda a, b: {"system": "dnd5e", "action": "contest", "a": a, "b": b},
                        roller, roller)
    return check | attack | contest
