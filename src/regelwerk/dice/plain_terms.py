"""The parser's quick path: a sum of plain terms written without spaces.

``4d6kh3``, ``1d20+5``, ``2d20kh1-1``, ``10d6cs>=5``, ``8d6!`` and the like are
most of what people roll.  ``parse_plain`` reads them in one flat pass: dice terms
(``NdX``, ``NWX``, ``d%``) with their operations, and integers, joined by ``+``
and ``-``.  It gives exactly the tree the full parser gives (a property test holds
the two together), or ``None`` for anything else: spaces, parentheses, signs,
products, comparisons, labels, decimals, repeats, and every text the full parser
would refuse (too large a number, ``d0``, an endless reroll or explosion, ``cs``
before another operation).  The full parser then reads it and words its errors.
"""

from __future__ import annotations

import re
from typing import cast

from regelwerk.dice.limits import (
    MAX_CONSTANT,
    MAX_COUNT,
    MAX_EXPLODE_DEPTH,
    MAX_OPERATORS,
    MAX_SIDES,
)
from regelwerk.dice.nodes import (
    BinaryOp,
    Dice,
    Expression,
    Number,
    Operation,
    OperationName,
    Operator,
    Selector,
    SelectorKind,
)
from regelwerk.dice.plan import selected_faces

__all__ = ["parse_plain"]

_HEAD = re.compile(r"([0-9]*)[dDwW]([0-9]+|%)")
_INTEGER = re.compile(r"[0-9]+")
# an operation word (the full parser's, in its order), a selector, an explosion depth
_OPERATION = re.compile(
    r"(rr|ro|ra|mi|ma|cs|dh|dl|k|p|r|e|!(?!=))([hl][0-9]*|[<>]=?[0-9]+|=?[0-9]+)?"
    r"(?:@([0-9]+))?")
_DIGITS = 7
"""Longer numbers are refused by the full parser, whatever their value."""
_NO_SELECTOR = frozenset({"dh", "dl", "e", "!"})
_MERGED = frozenset({"k", "p", "rr", "ro", "ra", "e", "cs"})
"""Operations that merge with the same operation written just before (not mi, ma)."""


def _number(text: str, limit: int) -> int:
    """The value of ``text``, or -1 when the full parser refuses it as too large."""
    if len(text) > _DIGITS:
        return -1
    value = int(text)
    return -1 if value > limit else value


def _selector(text: str) -> Selector | None:
    first = text[0]
    if first in "hl":
        value = _number(text[1:], MAX_CONSTANT) if len(text) > 1 else 1
        kind = first
    elif first in "<>=":
        split = 2 if text[1] == "=" else 1
        value = _number(text[split:], MAX_CONSTANT)
        kind = text[:split]
    else:
        value = _number(text, MAX_CONSTANT)
        kind = "="
    return None if value < 0 else Selector(cast(SelectorKind, kind), value)


def _operation(found: re.Match[str], sides: int) -> Operation | None:
    word, selector_text, depth_text = found.groups()
    depth = None
    if depth_text is not None:
        if word not in ("e", "!"):
            return None
        depth = _number(depth_text, MAX_CONSTANT)
        if not 0 <= depth <= MAX_EXPLODE_DEPTH:
            return None
    if selector_text is None:
        if word not in _NO_SELECTOR:
            return None
        if word in ("e", "!"):
            return Operation("e", (Selector("=", sides),), depth)
        return Operation("p", (Selector(cast(SelectorKind, word[1]), 1),))
    selector = _selector(selector_text)
    if selector is None:
        return None
    if word in ("dh", "dl"):
        if selector.kind != "=" or selector_text[0] == "=":
            return None  # dh takes a count only
        return Operation("p", (Selector(cast(SelectorKind, word[1]), selector.value),))
    if word in ("e", "!"):
        return Operation("e", (selector,), depth)
    if word in ("mi", "ma") and selector.kind != "=":
        return None
    return Operation(cast(OperationName, "rr" if word == "r" else word), (selector,))


def _endless(dice: Dice) -> bool:
    """What the full parser refuses about a term's operations: a reroll of every
    face or by a rank of one or more (``rrh0`` rerolls nothing and is let through),
    an explosion of every face, a success count before another operation."""
    ops = dice.ops
    for i, op in enumerate(ops):
        name = op.name
        if name == "rr" and (op.picks_by_rank or selected_faces(op, dice.sides) == dice.sides):
            return True
        if name == "e" and op.depth is None and not op.by_rank and \
                selected_faces(op, dice.sides) == dice.sides:
            return True
        if name == "cs" and i != len(ops) - 1:
            return True
    return False


def _dice(text: str, at: int) -> tuple[Dice, int] | None:
    head = _HEAD.match(text, at)
    if head is None:
        return None
    count_text, sides_text = head.groups()
    count = _number(count_text, MAX_COUNT) if count_text else 1
    percent = sides_text == "%"
    sides = 100 if percent else _number(sides_text, MAX_SIDES)
    if count < 0 or sides < 1:
        return None
    at = head.end()
    ops: list[Operation] = []
    end = len(text)
    while at < end and text[at] not in "+-":
        found = _OPERATION.match(text, at)
        if found is None:
            return None
        op = _operation(found, sides)
        if op is None:
            return None
        at = found.end()
        last = ops[-1] if ops else None
        if last is not None and last.name == op.name and op.name in _MERGED \
                and last.depth is None and op.depth is None:
            ops[-1] = Operation(last.name, last.selectors + op.selectors)
        else:
            ops.append(op)
    dice = Dice(count, sides, percent, tuple(ops))
    if ops and any(op.name in ("rr", "e", "cs") for op in ops) and _endless(dice):
        return None
    return dice, at


def _term(text: str, at: int) -> tuple[Expression, int] | None:
    found = _INTEGER.match(text, at)
    if found is not None and (found.end() == len(text) or text[found.end()] in "+-"):
        value = _number(found.group(), MAX_CONSTANT)
        return (Number(value), found.end()) if value >= 0 else None
    return _dice(text, at)


def parse_plain(text: str) -> Expression | None:
    """The tree of a sum of plain terms without spaces (as ``parser.parse`` gives it),
    or ``None`` when the text is anything else."""
    read = _term(text, 0)
    if read is None:
        return None
    tree, at = read
    signs = 0
    end = len(text)
    while at < end:
        sign = text[at]  # _term stops at the end or before a sign
        signs += 1
        if signs > MAX_OPERATORS:
            return None
        read = _term(text, at + 1)
        if read is None:
            return None
        right, at = read
        tree = BinaryOp(cast(Operator, sign), tree, right)
    return tree
