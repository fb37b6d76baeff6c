"""Exact odds of a set with keep (k) and drop (p): ``(1d20, 1d20)kh1``,
``(1d4+1, 3, 2d6kl1)kh1``.  The items are independent but not alike.

Operations that select by value act on each item alone.  Otherwise the items
are folded one by one into sorted tuples of the values so far (only the
``n`` highest or lowest when one ``khN``/``klN`` decides), and the keep/drop
operations run on each tuple at the end.
"""

from __future__ import annotations

from math import prod

from regelwerk.dice import cost
from regelwerk.dice.nodes import Operation, Value
from regelwerk.dice.roller import keep_items
from regelwerk.errors import translatable

__all__ = ["set_distribution"]

Values = dict[Value, int]


def _single_rank(ops: tuple[Operation, ...], items: int) -> tuple[bool, int] | None:
    """``(highest, n)`` when one rank selector decides which n items count."""
    if len(ops) != 1 or len(ops[0].selectors) != 1 or not ops[0].by_rank:
        return None
    op, sel = ops[0], ops[0].selectors[0]
    n = min(sel.value, items)
    if op.name == "k":
        return sel.kind == "h", n
    return sel.kind == "l", items - n


def _sum(parts: list[tuple[Values, int]], spent: list[int]) -> tuple[Values, int]:
    total: Values = {0: 1}
    den = 1
    for values, d in parts:
        cost.check(cost.combine_cost(len(total), len(values)), translatable("a set"), spent)
        out: Values = {}
        for a, wa in total.items():
            for b, wb in values.items():
                out[a + b] = out.get(a + b, 0) + wa * wb
        total, den = out, den * d
    return total, den


def set_distribution(ops: tuple[Operation, ...], parts: list[tuple[Values, int]],
                     spent: list[int]) -> tuple[Values, int]:
    """The distribution of the set's total: ``(weights by value, denominator)``."""
    if not any(op.by_rank for op in ops):
        mapped: list[tuple[Values, int]] = []
        for values, den in parts:
            out: Values = {}
            for v, w in values.items():
                kept = all(op.selects(v) == (op.name == "k") for op in ops)
                key = v if kept else 0
                out[key] = out.get(key, 0) + w
            mapped.append((out, den))
        return _sum(mapped, spent)
    single = _single_rank(ops, len(parts))
    cost.check(cost.combine_cost(prod(len(v) for v, _ in parts), 1),
               translatable("keeping items of a set"), spent)
    states: dict[tuple[Value, ...], int] = {(): 1}
    for values, _den in parts:
        nxt: dict[tuple[Value, ...], int] = {}
        for state, w in states.items():
            for v, wv in values.items():
                new = tuple(sorted((*state, v)))
                if single is not None:
                    highest, n = single
                    new = new[len(new) - n:] if highest else new[:n]
                    if n == 0:
                        new = ()
                nxt[new] = nxt.get(new, 0) + w * wv
        states = nxt
    den = prod(d for _, d in parts)
    totals: Values = {}
    for state, w in states.items():
        if single is not None:
            total: Value = sum(state, 0)
        else:
            flags = keep_items(ops, list(state))
            total = sum((v for v, k in zip(state, flags, strict=True) if k), 0)
        totals[total] = totals.get(total, 0) + w
    return totals, den
