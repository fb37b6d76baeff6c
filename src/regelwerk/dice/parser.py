"""Parsing dice notation into the immutable syntax tree (``docs/notation.md``).

A hand-written recursive-descent parser, one function per precedence layer,
loosest first::

    roll        := [INT "#"] comparison [comment]
    comparison  := sum (("==" | "!=" | ">=" | "<=" | ">" | "<") sum)*
    sum         := product (("+" | "-") product)*
    product     := unary (("*" | "//" | "/" | "%") unary)*
    unary       := ("+" | "-") unary | term
    term        := (number | dice operation* | "(" [items] ")" operation*) annotation*
    operation   := ("k" | "p" | "rr" | "ro" | "ra" | "r" | "e" | "!" | "mi" | "ma" | "cs"
                    | "dh" | "dl") [selector] ["@" INT]
    selector    := ("h" | "l") [INT] | (">=" | "<=" | ">" | "<" | "=") INT | INT

A trailing comment starts after whitespace where the text before it is a whole
expression and the text after it does not go on with an operator.  A sum of plain
terms without spaces takes a quick path first (``regelwerk.dice.plain_terms``, the
same tree).  Parsed trees are cached by their text; ``clear_cache()`` empties it.
"""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from typing import cast

from regelwerk.dice.limits import (
    MAX_CONSTANT,
    MAX_COUNT,
    MAX_EXPLODE_DEPTH,
    MAX_EXPRESSION_LENGTH,
    MAX_NESTING,
    MAX_OPERATORS,
    MAX_REPEAT,
    MAX_SIDES,
)
from regelwerk.dice.nodes import (
    BinaryOp,
    Commented,
    Dice,
    Expression,
    Group,
    Labelled,
    Negate,
    Number,
    Operation,
    OperationName,
    Operator,
    Repeat,
    Selector,
    SelectorKind,
    SetOf,
)
from regelwerk.dice.plain_terms import parse_plain
from regelwerk.dice.plan import selected_faces
from regelwerk.errors import DiceSyntaxError, LimitExceeded, Message, translatable
from regelwerk.errors import Number as Figure  # a number in a message (Number: a node)

__all__ = ["clear_cache", "parse"]

_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_DICE = re.compile(r"([0-9]*)[dDwW]([0-9]+|%)")
_INT = re.compile(r"[0-9]+")
_BARE_DIE = re.compile(r"[0-9]*[dDwW](?![0-9%])")
_SPACE = re.compile(r"\s*")
_REPEAT = re.compile(r"\s*([0-9]+)\s*#")
_COMPARE = re.compile(r"\s*(==|!=|>=|<=|>|<)")
_OPERATION_WORD = re.compile(r"\s*(rr|ro|ra|mi|ma|cs|dh|dl|k|p|r|e|!(?!=))")
_IMMEDIATE = ("mi", "ma")
_A_NUMBER = translatable("a number")
_MAX_LABEL = 100


_NUMBER_WORDS = {
    "number": translatable("number"),
    "dice count": translatable("dice count"),
    "number of faces": translatable("number of faces"),
    "repeat": translatable("repeat"),
}
_THE_END = translatable("the end")


_QUOTED_DIGITS = 15
"""Digits of a number too large that a message quotes whole; a longer one is named by
its count of digits (never cut: a cut number is a different number)."""


def _int(text: str, limit: int = MAX_CONSTANT, what: str = "number") -> int:
    """The integer ``text`` (digits only) up to ``limit``.  A string of more digits
    than the limit has is refused before it is converted: a huge digit string is
    never turned into an integer."""
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(limit)) or int(digits) > limit:
        if len(digits) > _QUOTED_DIGITS:
            raise LimitExceeded("{what} with {count} digits is too large: at most {limit}",
                                what=Message(_NUMBER_WORDS[what]),
                                count=Figure(len(digits)), limit=Figure(limit))
        raise LimitExceeded("{what} {text} is too large: at most {limit}",
                            what=Message(_NUMBER_WORDS[what]), text=Figure(int(digits)),
                            limit=Figure(limit))
    return int(digits)


def _alternatives(expected: tuple[str, ...]) -> Message:
    """``a or b or c`` in the reader's language."""
    if not expected:
        return Message(translatable("something else"))
    if len(expected) == 1:
        return Message(expected[0])
    return Message("{first} or {last}", first=_alternatives(expected[:-1]),
                   last=Message(expected[-1]))


def _found(text: str, at: int) -> str:
    """The character at ``at`` as the reader sees it, or the end."""
    return repr(text[at]) if at < len(text) else Message(_THE_END)


class _Parser:
    __slots__ = ("depth", "operators", "pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0
        self.operators = 0

    # -- helpers ----------------------------------------------------------------------
    def error(self, expected: tuple[str, ...], position: int | None = None) -> DiceSyntaxError:
        at = self.pos if position is None else position
        text = self.text
        before = text[:at]
        line = before.count("\n") + 1
        column = at - (before.rfind("\n") + 1) + 1
        return DiceSyntaxError(
            "syntax error at line {line}, column {column}: found {found}, expected {value}",
            line=line, column=column, found=_found(text, at), expected=expected,
            value=_alternatives(expected),
        )

    def skip(self) -> None:
        text = self.text
        pos = self.pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        self.pos = pos

    def peek(self, word: str) -> bool:
        return self.text.startswith(word, self.pos)

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise LimitExceeded("expression nested too deeply: at most {max_nesting} levels",
                                max_nesting=Figure(MAX_NESTING))

    def count(self) -> None:
        self.operators += 1
        if self.operators > MAX_OPERATORS:
            raise LimitExceeded("too many operators: at most {max_operators} in one expression",
                                max_operators=Figure(MAX_OPERATORS))

    # -- layers -----------------------------------------------------------------------
    def comparison(self) -> Expression:
        left = self.sum()
        while True:
            found = _COMPARE.match(self.text, self.pos)
            if found is None:
                return left
            op = found.group(1)
            self.pos = found.end()
            self.count()
            left = BinaryOp(cast(Operator, op), left, self.sum())

    def sum(self) -> Expression:
        left = self.product()
        while True:
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] in "+-":
                op = self.text[self.pos]
                self.pos += 1
                self.count()
                left = BinaryOp(cast(Operator, op), left, self.product())
            else:
                return left

    def product(self) -> Expression:
        left = self.unary()
        while True:
            self.skip()
            if self.peek("//"):
                op = "//"
            elif self.pos < len(self.text) and self.text[self.pos] in "*/%":
                op = self.text[self.pos]
            else:
                return left
            self.pos += len(op)
            self.count()
            left = BinaryOp(cast(Operator, op), left, self.unary())

    def unary(self) -> Expression:
        self.skip()
        if self.peek("-") or self.peek("+"):
            sign = self.text[self.pos]
            self.pos += 1
            self.nest()
            operand = self.unary()
            self.depth -= 1
            return Negate(operand) if sign == "-" else operand
        return self.term()

    def term(self) -> Expression:
        self.skip()
        text = self.text
        found = _DICE.match(text, self.pos)
        if found:
            node: Expression = self.dice(found)
        elif self.peek("("):
            node = self.parenthesis()
        else:
            bare = _BARE_DIE.match(text, self.pos)
            if bare:
                at = bare.end()
                raise DiceSyntaxError(
                    "syntax error at line {line}, column {column}: found {found} without a "
                    "number of faces; a die is written like 2d6, d20 or d%",
                    column=at + 1, found=_found(text, at), expected=(_A_NUMBER, "'%'"),
                )
            number = _NUMBER.match(text, self.pos)
            if number is None:
                raise self.error((_A_NUMBER, translatable("dice such as 2d6"), "'('", "'-'"))
            self.pos = number.end()
            literal = number.group()
            if "." in literal:
                if len(literal) > 20:
                    raise LimitExceeded("decimal {text}… is too long: at most {digits} digits",
                                        text=literal[:12], digits=Figure(20))
                node = Number(Fraction(literal), literal)
            else:
                node = Number(_int(literal))
        return self.annotations(node)

    def annotations(self, node: Expression) -> Expression:
        labels: list[str] = []
        while True:
            self.skip()
            if not self.peek("["):
                break
            end = self.text.find("]", self.pos)
            if end < 0:
                raise self.error((translatable("']' to close the annotation"),), len(self.text))
            label = self.text[self.pos + 1 : end].strip()
            if len(label) > _MAX_LABEL:
                raise LimitExceeded("annotation too long: at most {max_label} characters",
                                    max_label=Figure(_MAX_LABEL))
            labels.append(label)
            self.pos = end + 1
        if not labels:
            return node
        label = " ".join(labels)
        if isinstance(node, Dice) and node.label is None:
            return Dice(node.count, node.sides, node.percent, node.ops, label)
        return Labelled(node, label)

    def dice(self, found: re.Match[str]) -> Dice:
        count_text, sides_text = found.groups()
        self.pos = found.end()
        count = _int(count_text, MAX_COUNT, "dice count") if count_text else 1
        percent = sides_text == "%"
        sides = 100 if percent else _int(sides_text, MAX_SIDES, "number of faces")
        if sides < 1:
            from_one = translatable("a number from 1")
            raise DiceSyntaxError("a die needs at least 1 face: d0 is not a die",
                                  found="0", expected=(from_one,))
        ops = self.operations(sides, set_ops=False, level=0)
        return _checked(Dice(count, sides, percent, ops))

    def parenthesis(self) -> Expression:
        self.pos += 1
        self.nest()
        items: list[Expression] = []
        comma = False
        self.skip()
        while not self.peek(")"):
            items.append(self.comparison())
            self.skip()
            if self.peek(","):
                self.pos += 1
                comma = True
                self.skip()
            elif not self.peek(")"):
                raise self.error(("','", "')'"))
        self.pos += 1
        self.depth -= 1
        if comma or not items:
            ops = self.operations(0, set_ops=True, level=0)
            return SetOf(tuple(items), ops)
        inner = items[0]
        core = inner
        while isinstance(core, Group):
            core = core.inner
        level = 0
        if isinstance(core, Dice | SetOf):
            level = 1 + max((op.level for op in core.ops), default=0)
        ops = self.operations(0, set_ops=True, level=level)
        if not ops:
            return Group(inner)
        if isinstance(core, Dice):
            return Dice(core.count, core.sides, core.percent, core.ops + ops, core.label)
        if isinstance(core, SetOf):
            return SetOf(core.items, core.ops + ops, core.is_set)
        return SetOf((inner,), ops, is_set=False)

    # -- operations -------------------------------------------------------------------
    def operations(self, sides: int, *, set_ops: bool, level: int) -> tuple[Operation, ...]:
        ops: list[Operation] = []
        while True:
            found = _OPERATION_WORD.match(self.text, self.pos)
            if found is None:
                break
            word = found.group(1)
            op_start = found.start(1)
            if word == "r" and not self._selector_follows(op_start + 1 - self.pos):
                break
            self.pos = found.end()
            op = self.operation(word, sides)
            if set_ops and op.name not in ("k", "p"):
                raise DiceSyntaxError(
                    "'{word}' at column {column} applies to dice only: a set or a "
                    "value in parentheses takes keep (k) and drop (p)",
                    column=op_start + 1, found=repr(word), expected=("k", "p"), word=word)
            op = Operation(op.name, op.selectors, op.depth, level)
            last = ops[-1] if ops else None
            if (last is not None and last.name == op.name and op.name not in _IMMEDIATE
                    and last.depth is None and op.depth is None):
                ops[-1] = Operation(last.name, last.selectors + op.selectors, None, level)
            else:
                ops.append(op)
        return tuple(ops)

    def _selector_follows(self, offset: int) -> bool:
        at = self.pos + offset
        return at < len(self.text) and (self.text[at] in "hl<>=" or self.text[at].isdigit())

    def operation(self, word: str, sides: int) -> Operation:
        name: OperationName
        if word in ("dh", "dl"):
            n = self.optional_int(1)
            return Operation("p", (Selector(cast(SelectorKind, word[1]), n),))
        if word in ("e", "!"):
            selector = self.selector(required=False) or Selector("=", sides)
            depth = None
            if self.peek("@"):
                self.pos += 1
                depth = self.required_int(translatable("an explosion depth after '@'"))
                if depth > MAX_EXPLODE_DEPTH:
                    raise LimitExceeded(
                        "explosion depth {depth} is too deep: at most {max_explode_depth}",
                        depth=Figure(depth),
                        max_explode_depth=Figure(MAX_EXPLODE_DEPTH))
            return Operation("e", (selector,), depth)
        name = cast(OperationName, "rr" if word == "r" else word)
        at = self.pos
        chosen = self.selector(required=True)
        assert chosen is not None
        if name in _IMMEDIATE and chosen.kind != "=":
            raise DiceSyntaxError(
                "'{name}{selector}' at column {column}: {name} takes a plain number, "
                "such as {name}2", column=at, found=repr(str(chosen)),
                expected=(_A_NUMBER,), name=name, selector=str(chosen))
        return Operation(name, (chosen,))

    def selector(self, *, required: bool) -> Selector | None:
        text = self.text
        pos = self.pos
        if pos < len(text) and text[pos] in "hl":
            self.pos += 1
            return Selector(cast(SelectorKind, text[pos]), self.optional_int(1))
        kinds: tuple[SelectorKind, ...] = (">=", "<=", ">", "<", "=")
        for kind in kinds:
            if text.startswith(kind, pos):
                self.pos += len(kind)
                return Selector(kind, self.required_int(_A_NUMBER))
        if pos < len(text) and text[pos].isdigit():
            return Selector("=", self.required_int(_A_NUMBER))
        if required:
            raise self.error((translatable("a selector such as 3, h3, l1, >4 or <2"),))
        return None

    def optional_int(self, default: int) -> int:
        found = _INT.match(self.text, self.pos)
        if found is None:
            return default
        self.pos = found.end()
        return _int(found.group())

    def required_int(self, what: str) -> int:
        found = _INT.match(self.text, self.pos)
        if found is None:
            raise self.error((what,))
        self.pos = found.end()
        return _int(found.group())


def _checked(dice: Dice) -> Dice:
    """Refuse operations that could never finish or make no sense (the faces a
    selector selects are counted from its ranges, not walked: a d10000 is quick)."""
    for i, op in enumerate(dice.ops):
        if op.name == "rr" and (op.picks_by_rank or selected_faces(op, dice.sides) == dice.sides):
            raise DiceSyntaxError(
                "'{dice}' would reroll forever: every face matches {operation}; "
                "reroll some faces only, or use 'ro' to reroll once",
                dice=str(dice), operation=str(op))
        if op.name == "e" and op.depth is None and not op.by_rank and \
                selected_faces(op, dice.sides) == dice.sides:
            raise DiceSyntaxError(
                "'{dice}' would explode forever: every face matches {operation}; "
                "give a depth limit such as e@3", dice=str(dice), operation=str(op))
        if op.name == "cs" and i != len(dice.ops) - 1:
            raise DiceSyntaxError(
                "'{dice}': the success count (cs) must be the last operation", dice=str(dice))
    return dice


def _parse_whole(text: str) -> Expression:
    parser = _Parser(text)
    times = None
    repeat = _REPEAT.match(text)
    if repeat:
        times = _int(repeat.group(1), MAX_REPEAT, "repeat")
        if times < 1:
            raise DiceSyntaxError("a repeat needs at least 1 roll: write 6#4d6kh3")
        parser.pos = repeat.end()
    tree = parser.comparison()
    parser.skip()
    if parser.pos < len(text):
        raise _Trailing(parser.pos, parser.error((translatable("an operator"),
                                                  translatable("the end of the expression"))))
    return tree if times is None else Repeat(times, tree)


_GOES_ON = re.compile(r"==|!=|<|>|\+|-|/|%|\*(?:$|[\s0-9(+\-.]|[dDwW][0-9%])")
"""What goes on with the expression before it, so that it never starts a comment: a
comparison or arithmetic operator (d20's comment has the lowest priority), and ``*``
unless a word follows it at once (d20's ``1d20 **bold**`` and ``*wink*``)."""


def _goes_on(rest: str) -> bool:
    return _GOES_ON.match(rest) is not None


class _Trailing(Exception):
    def __init__(self, position: int, error: DiceSyntaxError) -> None:
        self.position = position
        self.error = error


def _parse_text(text: str) -> Expression:
    if not text.strip():
        raise DiceSyntaxError(
            "empty expression: write dice such as 2d6+3", found=Message(_THE_END),
            expected=(_A_NUMBER,)
        )
    try:
        return _parse_whole(text)
    except _Trailing as trailing:
        first = trailing.error
    except DiceSyntaxError as error:
        first = error
    # a comment: the longest start, after whitespace, that is a whole expression,
    # where the rest cannot go on with it (d20 reads `2d6 + 1d6kx3` on and refuses it)
    for found in reversed(list(re.finditer(r"\s+", text))):
        start = found.start()
        if start == 0 or not text[found.end():].strip() or _goes_on(text[found.end():]):
            continue
        try:
            tree = _parse_whole(text[:start])
        except (_Trailing, DiceSyntaxError):
            continue
        return Commented(tree, text[found.end():].strip())
    raise first from None


_CACHE_SIZE = 4096
_cache: dict[str, Expression] = {}


def parse(text: str) -> Expression:
    """Parse ``text`` into a syntax tree, or raise ``DiceSyntaxError``/``LimitExceeded``.

    Error positions refer to ``text`` as given; trees are cached by their text.
    """
    tree = _cache.get(text)
    if tree is not None:
        return tree
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise LimitExceeded(
            "expression too long: {count} characters; at most {max_expression_length}",
            count=Figure(len(text)), max_expression_length=Figure(MAX_EXPRESSION_LENGTH)
        )
    tree = parse_plain(text)
    if tree is None:
        tree = _parse_text(text)
    if len(_cache) >= _CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    _cache[text] = tree
    return tree


def clear_cache() -> None:
    """Forget every parsed expression, and the cost estimates remembered for them
    (``regelwerk.dice.cost``, when loaded)."""
    _cache.clear()
    cost = sys.modules.get("regelwerk.dice.cost")
    if cost is not None:
        cost.odds_cost.cache_clear()
        cost.roll_route.cache_clear()
        cost.term_steps.cache_clear()
