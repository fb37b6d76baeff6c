"""Rolling one dice term: its dice, then its operations in the written order.

Rolling order (the order in which given faces are used): the term's dice first,
then each operation in turn; an operation visits the dice it selects in their
order (rerolls ``rr`` go round by round until no kept die is selected,
explosions ``e`` round by round, each new die joining the end of the term).
Selections look at kept dice only, by their current value; ``hN``/``lN`` pick by
rank, ties going to the die rolled first.
"""

from __future__ import annotations

from collections.abc import Callable

from regelwerk.dice.limits import RollBudget
from regelwerk.dice.nodes import Dice, Operation, Selector
from regelwerk.dice.random_sources import RandomSource
from regelwerk.dice.results import Die

__all__ = ["roll_dice"]


class _Rolled:
    """One die while its term is rolled: the faces it showed, its current value."""

    __slots__ = ("added", "exploded", "faces", "kept", "orders", "success", "value")

    def __init__(self, face: int, added: bool, order: int) -> None:
        self.faces = [face]
        self.orders = [order]
        self.value = face
        self.kept = True
        self.exploded = False
        self.added = added
        self.success: bool | None = None


def _select_one(selector: Selector, dice: list[_Rolled]) -> list[_Rolled]:
    kept = [d for d in dice if d.kept]
    if selector.kind == "h":
        return sorted(kept, key=lambda d: d.value, reverse=True)[: selector.value]
    if selector.kind == "l":
        return sorted(kept, key=lambda d: d.value)[: selector.value]
    return [d for d in kept if selector.matches(d.value)]


def _distinct(selectors: tuple[Selector, ...]) -> list[Selector]:
    """The selectors of a union, each once: the highest (lowest) ``a`` are among the
    highest (lowest) ``b`` for ``a <= b``, so each rank kind keeps its largest count
    (at its first place: the first die of either is the same)."""
    if len(selectors) == 1:
        return list(selectors)
    largest: dict[str, int] = {}
    for s in selectors:
        if s.by_rank:
            largest[s.kind] = max(largest.get(s.kind, 0), s.value)
    out: dict[Selector, None] = {}
    for s in selectors:
        out[Selector(s.kind, largest[s.kind]) if s.by_rank else s] = None
    return list(out)


def select(op: Operation, dice: list[_Rolled], most: int | None = None) -> list[_Rolled]:
    """The kept dice ``op`` selects (the union of its selectors), in rolling order."""
    chosen: dict[int, _Rolled] = {}
    for selector in _distinct(op.selectors):
        batch = _select_one(selector, dice)
        if most is not None:
            batch = batch[: most - len(chosen)]
        for die in batch:
            chosen[id(die)] = die
        if most is not None and len(chosen) >= most:
            break
    order = {id(d): i for i, d in enumerate(dice)}
    return sorted(chosen.values(), key=lambda d: order[id(d)])


class _Term:
    __slots__ = ("budget", "dice", "node", "rolled", "source")

    def __init__(self, node: Dice, source: RandomSource, budget: RollBudget) -> None:
        self.node = node
        self.source = source
        self.budget = budget
        budget.spend(node.count)
        sides = node.sides
        roll = source.roll
        self.dice = [_Rolled(roll(sides), False, i) for i in range(node.count)]
        self.rolled = node.count

    def face(self) -> int:
        self.budget.spend()
        self.rolled += 1
        return self.source.roll(self.node.sides)

    def new_die(self) -> None:
        face = self.face()
        self.dice.append(_Rolled(face, True, self.rolled - 1))

    def keep(self, op: Operation) -> None:
        chosen = {id(d) for d in select(op, self.dice)}
        for die in self.dice:
            if die.kept and id(die) not in chosen:
                die.kept = False

    def drop(self, op: Operation) -> None:
        for die in select(op, self.dice):
            die.kept = False

    def _reroll(self, die: _Rolled) -> None:
        face = self.face()
        die.faces.append(face)
        die.orders.append(self.rolled - 1)
        die.value = face

    def reroll(self, op: Operation) -> None:
        chosen = select(op, self.dice)
        by_value = not op.by_rank
        while chosen:
            for die in chosen:
                self._reroll(die)
            # by value, only a die just rerolled can be selected again (the others'
            # values stand): each round looks at those, not at the whole pool
            chosen = [d for d in chosen if op.selects(d.value)] if by_value else \
                select(op, self.dice)

    def reroll_once(self, op: Operation) -> None:
        for die in select(op, self.dice):
            self._reroll(die)

    def reroll_and_add(self, op: Operation) -> None:
        for die in select(op, self.dice, most=1):
            die.exploded = True
            self.new_die()

    def explode(self, op: Operation) -> None:
        done: set[int] = set()
        by_value = not op.by_rank
        selects = op.selects
        # by value: the kept dice showing a selected face, in rolling order
        chosen = [d for d in self.dice if d.kept and selects(d.value)] if by_value else \
            select(op, self.dice)
        rounds = 0
        while chosen and (op.depth is None or rounds < op.depth):
            added = len(self.dice)
            for die in chosen:
                die.exploded = True
                self.new_die()
            done.update(id(d) for d in chosen)
            if by_value:  # only the dice just added can explode next
                chosen = [d for d in self.dice[added:] if selects(d.value)]
            else:
                chosen = [d for d in select(op, self.dice) if id(d) not in done]
            rounds += 1

    def minimum(self, op: Operation) -> None:
        least = op.selectors[-1].value
        for die in self.dice:
            if die.kept and die.value < least:
                die.value = least

    def maximum(self, op: Operation) -> None:
        most = op.selectors[-1].value
        for die in self.dice:
            if die.kept and die.value > most:
                die.value = most

    def count(self, op: Operation) -> None:
        for die in self.dice:
            if die.kept:
                die.success = op.selects(die.value)


_OPERATIONS: dict[str, Callable[[_Term, Operation], None]] = {
    "k": _Term.keep,
    "p": _Term.drop,
    "rr": _Term.reroll,
    "ro": _Term.reroll_once,
    "ra": _Term.reroll_and_add,
    "e": _Term.explode,
    "mi": _Term.minimum,
    "ma": _Term.maximum,
    "cs": _Term.count,
}


def roll_dice(node: Dice, source: RandomSource, budget: RollBudget) -> tuple[tuple[Die, ...], int]:
    """Roll a dice term: every face shown (rerolled ones marked) and the term's total."""
    term = _Term(node, source, budget)
    for op in node.ops:
        _OPERATIONS[op.name](term, op)
    counting = bool(node.ops) and node.ops[-1].name == "cs"
    total = 0
    out: list[Die] = []
    append = out.append
    make = Die._make  # a plain tuple of the fields, without the keyword handling
    sides = node.sides
    for die in term.dice:
        faces, kept, added = die.faces, die.kept, die.added
        if len(faces) > 1:  # the faces a reroll replaced
            for face, order in zip(faces[:-1], die.orders, strict=False):
                append(make((sides, face, face, False, True, False, added, None, order)))
        value = die.value
        append(make((sides, faces[-1], value, kept, False, die.exploded, added,
                     die.success if counting and kept else None, die.orders[-1])))
        if kept:
            total += (1 if die.success else 0) if counting else value
    return tuple(out), total
