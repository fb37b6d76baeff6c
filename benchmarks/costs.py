"""The most expensive accepted request of every action, and its CPU time.

For each action the candidates are its example, requests at the limits of its inputs
(``tests/hardening/extremes.py``, sampled) and hand-picked requests just under the
budget; the accepted candidate with the highest estimated cost is timed.

    python -m benchmarks.costs
"""

from __future__ import annotations

import gc
import random
import time
import warnings
from typing import Any

from regelwerk.budget import BUDGET
from regelwerk.protocol import registry
from regelwerk.protocol.resolve import Prepared, answer, prepare

SAMPLES = 400
"""Requests drawn from each strategy of requests at the limits."""

HAND_PICKED: list[dict[str, Any]] = [
    {"system": "dice", "action": "distribution", "expression": "100d100"},
    {"system": "dice", "action": "distribution", "expression": "300d20"},
    {"system": "dice", "action": "distribution", "expression": "20d100kh10"},
    {"system": "dice", "action": "distribution", "expression": "10d10000"},
    {"system": "dice", "action": "distribution", "expression": "2d6eh1"},
    {"system": "dice", "action": "distribution", "expression": "3d4r1!>=2@2kh1"},
    {"system": "dice", "action": "distribution", "expression": "1d100*1d100*1d100"},
    {"system": "dice", "action": "distribution", "expression": "100d20kh50"},
    {"system": "dice", "action": "distribution", "expression": "40d10!"},
    {"system": "dice", "action": "roll", "expression": "100d100"},
    {"system": "dice", "action": "roll", "expression": "1000d6kl50"},
    {"system": "w6", "action": "probe", "attribute": 1000, "required": 1000},
    {"system": "w6", "action": "contest", "a": {"attribute": 1000}, "b": {"attribute": 1000}},
    {"system": "w6", "action": "complex_advice", "attribute": 300, "required": [1, 1],
     "candidates": 20},
    {"system": "w6", "action": "complex_advice", "attribute": 160, "required": [1, 1, 1, 1]},
    {"system": "w6", "action": "complex_probe", "attribute": 1000, "split": [500, 500],
     "required": [100, 100]},
    {"system": "pf2e", "action": "damage_roll", "dice": "100d12", "precision": "10d6",
     "critical": True, "critical_extra": "10d10"},
    {"system": "pf2e", "action": "strike_damage", "modifier": 10, "ac": 18, "strikes": [{}] * 6,
     "damage": {"dice": "4d12", "precision": "2d6", "critical_extra": "1d10",
                "type": "fire"}},
    {"system": "pf2e", "action": "area", "map": {"width": 200, "height": 200},
     "shape": "burst", "size": 500, "corner": [100, 100]},
    {"system": "pf2e", "action": "area", "map": {"width": 200, "height": 200, "creatures": [
        {"name": "caster", "at": [100, 100]}]}, "shape": "emanation", "size": 150,
     "source": "caster"},
]


def _big_map() -> dict[str, Any]:
    """A 200 × 200 map at the limits: 200 creatures with senses, walls, lights, dim
    light and darkness."""
    squares = [[x, y] for x in range(200) for y in range(200) if (7 * x + 3 * y) % 5 == 0]
    creatures = [{"name": f"c{i}", "at": [i % 200, (37 * i) % 200],
                  "senses": ["darkvision", "tremorsense 18"]} for i in range(200)]
    return {"width": 200, "height": 200, "walls": squares[:5000], "creatures": creatures,
            "lights": [{"at": [i, i], "radius": 1000} for i in range(100)],
            "dim": squares[5000:10000], "darkness": squares[10000:20000]}


def _map_requests() -> list[dict[str, Any]]:
    big = _big_map()
    pair = {"a": "c1", "b": "c199"}
    return [
        {"system": "pf2e", "action": "distance", "map": big, **pair},
        {"system": "pf2e", "action": "reach", "map": big, "attacker": "c1", "target": "c199"},
        {"system": "pf2e", "action": "detect", "map": big, "observer": "c1", "target": "c2"},
        {"system": "pf2e", "action": "line_of_sight", "map": big, "source": "c1",
         "target": "c199"},
        {"system": "pf2e", "action": "line_of_effect", "map": big, "source": "c1",
         "target": "c199"},
        {"system": "pf2e", "action": "draw_map", "map": big, "area": big["walls"]},
    ]


def _sampled() -> list[dict[str, Any]]:
    from hypothesis.errors import NonInteractiveExampleWarning
    from tests.hardening.extremes import dice_requests, pf2e_requests, w6_requests

    random.seed(11)
    out: list[dict[str, Any]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        for strategy in (dice_requests(), w6_requests(), pf2e_requests()):
            out.extend(strategy.example() for _ in range(SAMPLES))
    return out


def _cpu(request: dict[str, Any], prepared: Prepared) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        answer(request, prepared)
        return time.process_time() - start
    finally:
        gc.enable()


def run() -> list[tuple[str, int, float, dict[str, Any]]]:
    """``(system.action, cost, CPU seconds, request)`` for every action."""
    best: dict[str, tuple[int, dict[str, Any], Prepared]] = {}
    candidates = [dict(a.example or {}) for t in registry().values() for a in t.values()]
    for request in candidates + HAND_PICKED + _map_requests() + _sampled():
        prepared = prepare(request)
        if not isinstance(prepared, Prepared) or prepared.cost.units > BUDGET:
            continue
        key = f"{prepared.action.system}.{prepared.action.name}"
        if key not in best or prepared.cost.units >= best[key][0]:
            best[key] = (prepared.cost.units, request, prepared)
    rows = []
    for key in sorted(best):
        units, request, prepared = best[key]
        answer(request, prepared)  # warm up
        seconds = min(_cpu(request, prepared) for _ in range(2))
        print(f"  {key:28} {units:>12,} units  {seconds * 1000:9.1f} ms", flush=True)
        rows.append((key, units, seconds, request))
    return rows


def table(rows: list[tuple[str, int, float, dict[str, Any]]]) -> str:
    """Markdown: each action's most expensive accepted request."""
    import json

    lines = ["| action | cost (units) | CPU time | ns per unit | request |",
             "| --- | --- | --- | --- | --- |"]
    for key, units, seconds, request in rows:
        shown = json.dumps({k: v for k, v in request.items() if k not in ("system", "action")},
                           ensure_ascii=False)
        shown = shown if len(shown) <= 90 else shown[:89] + "…"
        lines.append(f"| {key} | {units:,} | {seconds * 1000:,.1f} ms | "
                     f"{seconds * 1e9 / units:,.0f} | `{shown}` |")
    return "\n".join(lines)


def main() -> None:
    """Measure and write the section "Cost budget" of docs/benchmarks.md."""
    import datetime

    from benchmarks.__main__ import machine
    from benchmarks.sections import update

    rows = run()
    slowest = max(rows, key=lambda row: row[2])
    update("Cost budget", (
        "Measured by `python -m benchmarks.costs` (run by `make bench`): for every action,\n"
        "the accepted request with the highest estimated cost among its example, requests\n"
        "at the limits of its inputs (sampled from `tests/hardening/extremes.py`) and\n"
        "hand-picked ones, with its CPU time (best of two, collector off). The budget is\n"
        f"{BUDGET:,} units per request (`docs/limits.md`); the slowest accepted request took\n"
        f"{slowest[2] * 1000:,.0f} ms ({slowest[0]}), under the 1 s target.\n\n"
        f"- date: {datetime.date.today().isoformat()}\n- machine: {machine()}\n\n"
        + table(rows)))
    print(table(rows))


if __name__ == "__main__":
    main()
