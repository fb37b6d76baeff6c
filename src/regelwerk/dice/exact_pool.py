"""The fallback for dice terms no closed form covers (explosions or rerolls by
rank, mixed rank sets, drops before a keep by rank): every sorted outcome of the
pool is followed through each operation, equal outcomes merged.  Its cost grows
with the number of sorted outcomes, so it answers small pools only; the cost is
estimated before it starts.

Dice of equal value are interchangeable, except that a die that has already
exploded counts as rolled before one that has not (the earlier die wins a tie).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial

from regelwerk.dice import cost
from regelwerk.dice.limits import MAX_EXPLODE_DEPTH
from regelwerk.dice.nodes import Dice, Operation
from regelwerk.dice.plan import BRANCH_STEPS, DIE_STEPS, MAX_STATES, pool_steps
from regelwerk.dice.poly import Poly
from regelwerk.errors import LimitExceeded, Number

__all__ = ["TermOdds", "pool_distribution"]

_CUT_OFF_TARGET = Fraction(1, 10**12)

DieState = tuple[int, bool, bool]
"""(value, kept, exploded)"""
State = tuple[DieState, ...]


def _multisets(faces: int, dice: int) -> dict[tuple[int, ...], int]:
    out: dict[tuple[int, ...], int] = {}
    full = factorial(dice)
    for combo in combinations_with_replacement(range(1, faces + 1), dice):
        ways = full
        run = 1
        for i in range(1, dice + 1):
            if i < dice and combo[i] == combo[i - 1]:
                run += 1
            else:
                ways //= factorial(run)
                run = 1
        out[combo] = ways
    return out


def _selected(op: Operation, state: State, most: int | None = None) -> list[int]:
    kept = [i for i, d in enumerate(state) if d[1]]
    chosen: list[int] = []
    for sel in op.selectors:
        if sel.kind == "h":
            batch = sorted(kept, key=lambda i: (-state[i][0], not state[i][2]))[: sel.value]
        elif sel.kind == "l":
            batch = sorted(kept, key=lambda i: (state[i][0], not state[i][2]))[: sel.value]
        else:
            batch = [i for i in kept if sel.matches(state[i][0])]
        for i in batch:
            if most is not None and len(chosen) >= most:
                break
            if i not in chosen:
                chosen.append(i)
    return chosen


def _canon(dice: list[DieState]) -> State:
    return tuple(sorted(dice))


class _Pool:
    def __init__(self, node: Dice, spent: list[int] | None = None) -> None:
        self.sides = node.sides
        self.states: dict[State, Fraction] = {}
        self.term = str(node)
        self.spent = spent

    def charge(self, outcomes: int, dice: int) -> None:
        """Count the work of ``outcomes`` sorted outcomes of ``dice`` dice (a safety net:
        the estimate before the work bounds all of them)."""
        cost.check(outcomes * (BRANCH_STEPS + DIE_STEPS * dice), "'{term}'", self.spent,
                   term=self.term)

    def add(self, out: dict[State, Fraction], state: State, p: Fraction) -> None:
        out[state] = out.get(state, Fraction(0)) + p
        if len(out) > MAX_STATES:
            raise LimitExceeded("the exact odds of this dice term are too costly to compute: "
                                "more than {states} sorted outcomes", states=Number(MAX_STATES))

    def roll_new(self, dice: list[DieState], count: int, p: Fraction,
                 out: dict[State, Fraction], among: list[int] | None = None) -> None:
        """Add ``count`` fresh dice in every way, each sorted outcome with its chance
        (faces ``among`` only, equally likely, when given)."""
        faces_of = among or list(range(1, self.sides + 1))
        self.charge(comb(len(faces_of) + count - 1, count), len(dice) + count)
        share = p / len(faces_of) ** count
        for picks, ways in _multisets(len(faces_of), count).items():
            faces = [faces_of[i - 1] for i in picks]
            self.add(out, _canon(dice + [(f, True, False) for f in faces]), share * ways)


class TermOdds:
    """The weights of a term's total, their denominator, and the mass cut off by
    explosion depth limits."""

    __slots__ = ("cut_off", "denominator", "weights")

    def __init__(self, weights: Poly, denominator: int, cut_off: Fraction) -> None:
        self.weights = weights
        self.denominator = denominator
        self.cut_off = cut_off


def pool_distribution(node: Dice, spent: list[int]) -> TermOdds:
    """The exact distribution of the dice term by following every sorted outcome (the
    bound of ``plan.pool_steps`` checked first)."""
    n, sides = node.count, node.sides
    # the bound of all the work first (not charged: the outcomes charge themselves)
    cost.check(pool_steps(node), "'{term}'", list(spent), term=str(node))
    staying = [f for f in range(1, sides + 1)
               if not any(op.name == "rr" and op.selects(f) for op in node.ops)]
    for op in node.ops:
        if op.name == "e" and op.depth is None and all(op.selects(f) for f in staying):
            # every face that stays explodes: the chain never thins out
            raise LimitExceeded("the exact odds of {term} are endless: every face that "
                                "stays explodes; give the explosion a depth (@N)",
                                term=str(node))
    pool = _Pool(node, spent)
    states: dict[State, Fraction] = {}
    pool.roll_new([], n, Fraction(1), states)
    cut_off = Fraction(0)
    for op in node.ops:
        out: dict[State, Fraction] = {}
        for state, p in states.items():
            cut_off += _apply(pool, op, state, p, out)
        states = out
    counting = bool(node.ops) and node.ops[-1].name == "cs"
    totals: dict[int, Fraction] = {}
    for state, p in states.items():
        if counting:
            total = sum(1 for v, kept, _ in state if kept and node.ops[-1].selects(v))
        else:
            total = sum(v for v, kept, _ in state if kept)
        totals[total] = totals.get(total, Fraction(0)) + p
    den = 1
    for p in totals.values():
        den = den * p.denominator // _gcd(den, p.denominator)
    weights: Poly = {t: int(p * den) for t, p in sorted(totals.items()) if p}
    return TermOdds(weights, den, min(cut_off, Fraction(1)))


def _gcd(a: int, b: int) -> int:
    from math import gcd

    return gcd(a, b)


def _apply(pool: _Pool, op: Operation, state: State, p: Fraction,
           out: dict[State, Fraction]) -> Fraction:
    name = op.name
    dice = list(state)
    if name not in ("ro", "rr", "ra", "e"):
        pool.charge(1, len(dice))
    if name in ("k", "p"):
        picked = set(_selected(op, state))
        for i, (v, kept, done) in enumerate(dice):
            if kept and ((i not in picked) if name == "k" else (i in picked)):
                dice[i] = (v, False, done)
        pool.add(out, _canon(dice), p)
    elif name in ("mi", "ma"):
        bound = op.selectors[-1].value
        dice = [(max(v, bound) if name == "mi" else min(v, bound), k, d) if k else (v, k, d)
                for v, k, d in dice]
        pool.add(out, _canon(dice), p)
    elif name == "cs":
        pool.add(out, state, p)
    elif name in ("ro", "rr"):
        _reroll(pool, op, state, p, out, once=name == "ro")
    elif name == "ra":
        chosen = _selected(op, state, most=1)
        if not chosen:
            pool.add(out, state, p)
        else:
            pool.roll_new(dice, 1, p, out)
    else:
        return _explode(pool, op, state, p, out)
    return Fraction(0)


def _reroll(pool: _Pool, op: Operation, state: State, p: Fraction,
            out: dict[State, Fraction], *, once: bool) -> None:
    """``ro``: the selected dice once; ``rr`` (value selectors only, the parser refuses
    the rest): rerolling until a face is no longer selected leaves the other faces
    equally likely, so the selected dice take one of those at once."""
    chosen = _selected(op, state)
    if not chosen:
        pool.add(out, state, p)
        return
    rest = [d for i, d in enumerate(state) if i not in chosen]
    stay = None if once else [f for f in range(1, pool.sides + 1) if not op.selects(f)]
    pool.roll_new(rest, len(chosen), p, out, stay)


def _explode(pool: _Pool, op: Operation, state: State, p: Fraction,
             out: dict[State, Fraction]) -> Fraction:
    depth = op.depth if op.depth is not None else MAX_EXPLODE_DEPTH
    todo = {state: p}
    cut = Fraction(0)
    rounds = 0
    while todo:
        nxt: dict[State, Fraction] = {}
        for st, q in todo.items():
            chosen = [i for i in _selected(op, st) if not st[i][2]]
            if not chosen or rounds >= depth or (op.depth is None and q <= _CUT_OFF_TARGET):
                if chosen and op.depth is None:
                    cut += q
                pool.add(out, _canon([(v, k, False) for v, k, _ in st]), q)
                continue
            dice = [(v, k, True) if i in chosen else (v, k, d) for i, (v, k, d) in enumerate(st)]
            pool.roll_new(dice, len(chosen), q, nxt)
        todo = nxt
        rounds += 1
    return cut
