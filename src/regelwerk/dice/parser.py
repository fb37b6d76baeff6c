"""Parsing dice notation (``grammar.lark``) into the immutable syntax tree.

Parsed trees are cached by the expression's normalised text (whitespace
removed); ``clear_cache()`` empties the cache.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import cast

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from regelwerk.dice.limits import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_EXPLODE_DEPTH,
    MAX_EXPRESSION_LENGTH,
    MAX_NESTING,
    MAX_SIDES,
)
from regelwerk.dice.nodes import (
    BinaryOp,
    Compare,
    Dice,
    Explode,
    Expression,
    Group,
    Keep,
    KeepMode,
    Negate,
    Number,
    Reroll,
    Selector,
)
from regelwerk.errors import DiceSyntaxError, LimitExceeded, Message, translatable

__all__ = ["clear_cache", "parse"]

_GRAMMAR = resources.files("regelwerk.dice").joinpath("grammar.lark").read_text("utf-8")

_TOKEN_NAMES = {
    "PLUS": translatable("'+'"),
    "MINUS": translatable("'-'"),
    "STAR": translatable("'*'"),
    "DIVIDE": translatable("'/'"),
    "LPAR": translatable("'('"),
    "RPAR": translatable("')'"),
    "INT": translatable("a number"),
    "DICE": translatable("dice such as 2d6"),
    "KEEP": translatable("kh/kl/dh/dl"),
    "REROLL": translatable("a reroll such as r1 or ro<3"),
    "EXPLODE": translatable("'!'"),
    "COUNT": translatable("a success count such as >=5"),
    "MINIMUM": translatable("mi and a number"),
    "MAXIMUM": translatable("ma and a number"),
    "LABEL": translatable("a label in brackets"),
    "$END": translatable("the end of the expression"),
}

_COMPARE = r"(>=|<=|>|<|=)?"
_DICE = re.compile(r"([0-9]*)[dDwW]([0-9]+|%)")
_KEEP = re.compile(r"(kh|kl|dh|dl)([0-9]*)")
_REROLL = re.compile(rf"r([or]?){_COMPARE}([0-9]+)")
_EXPLODE = re.compile(rf"[!e](?:{_COMPARE}([0-9]+))?(?:@([0-9]+))?")
_COUNT = re.compile(rf"{_COMPARE}([0-9]+)")


def _describe(names: set[str] | frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted({_TOKEN_NAMES.get(name, name.lower()) for name in names}))


def _alternatives(expected: tuple[str, ...]) -> Message:
    """``a or b or c`` in the reader's language."""
    if not expected:
        return Message("something else")
    if len(expected) == 1:
        return Message(expected[0])
    return Message("{first} or {last}", first=_alternatives(expected[:-1]),
                   last=Message(expected[-1]))


def _int(text: str) -> int:
    if len(text) > 7 or int(text) > MAX_CONSTANT:
        raise LimitExceeded("number {text} is too large: numbers go up to {max_constant}",
                            text=text[:12], max_constant=MAX_CONSTANT)
    return int(text)


def _selector(compare: str | None, value: str) -> Selector:
    return Selector(cast(Compare, compare or "="), _int(value))


def _match(pattern: re.Pattern[str], token: Token) -> re.Match[str]:
    found = pattern.fullmatch(str(token))
    assert found is not None  # the grammar's token guarantees the shape
    return found


@v_args(inline=True)
class _ToNodes(Transformer[Token, Expression]):
    def number(self, token: Token) -> Number:
        return Number(_int(token))

    def group(self, inner: Expression) -> Group:
        return Group(inner)

    def neg(self, operand: Expression) -> Negate:
        return Negate(operand)

    def add(self, left: Expression, right: Expression) -> BinaryOp:
        return BinaryOp("+", left, right)

    def sub(self, left: Expression, right: Expression) -> BinaryOp:
        return BinaryOp("-", left, right)

    def mul(self, left: Expression, right: Expression) -> BinaryOp:
        return BinaryOp("*", left, right)

    def div(self, left: Expression, _op: Token, right: Expression) -> BinaryOp:
        return BinaryOp("/", left, right)

    def dice(self, term: Token, *modifiers: Token) -> Dice:
        count_text, sides_text = _match(_DICE, term).groups()
        count = _int(count_text) if count_text else 1
        percent = sides_text == "%"
        sides = 100 if percent else _int(sides_text)
        if count > MAX_DICE:
            raise LimitExceeded("too many dice: {count}d…; at most {max_dice} dice per "
                                "expression",
                                count=count, max_dice=MAX_DICE)
        if sides > MAX_SIDES:
            raise LimitExceeded("die too large: d{sides}; dice have at most {max_sides} faces",
                                sides=sides, max_sides=MAX_SIDES)
        if sides < 1:
            raise DiceSyntaxError("a die needs at least 1 face: d0 is not a die")
        fields: dict[str, object] = {}
        for token in modifiers:
            key, value = _modifier(token, sides)
            if key in fields:
                raise DiceSyntaxError(
                    "the modifier {modifier_names} is given twice on one dice term; each kind "
                    "of modifier may appear once", modifier_names=_MODIFIER_NAMES[key]
                )
            fields[key] = value
        return _checked(Dice(count, sides, percent, **fields))  # type: ignore[arg-type]


def _modifier(token: Token, sides: int) -> tuple[str, object]:
    kind = token.type
    if kind == "KEEP":
        mode, n = _match(_KEEP, token).groups()
        return "keep", Keep(cast(KeepMode, mode), _int(n) if n else 1)
    if kind == "REROLL":
        mode, compare, value = _match(_REROLL, token).groups()
        return "reroll", Reroll(_selector(compare, value), once=mode == "o")
    if kind == "EXPLODE":
        compare, value, depth_text = _match(_EXPLODE, token).groups()
        selector = Selector("=", sides) if value is None else _selector(compare, value)
        depth = None if depth_text is None else _int(depth_text)
        if depth is not None and depth > MAX_EXPLODE_DEPTH:
            raise LimitExceeded(
                "explosion depth {depth} is too deep: at most {max_explode_depth}",
                depth=depth, max_explode_depth=MAX_EXPLODE_DEPTH
            )
        return "explode", Explode(selector, depth)
    if kind == "MINIMUM":
        return "minimum", _int(token[2:])
    if kind == "MAXIMUM":
        return "maximum", _int(token[2:])
    if kind == "COUNT":
        compare, value = _match(_COUNT, token).groups()
        return "success", _selector(compare, value)
    return "label", str(token)[1:-1].strip()


_MODIFIER_NAMES = {
    "keep": "keep/drop (kh, kl, dh, dl)",
    "reroll": "reroll (r, ro)",
    "explode": "explode (!)",
    "minimum": "minimum (mi)",
    "maximum": "maximum (ma)",
    "success": "success count (>=, …)",
    "label": "label ([…])",
}


def _checked(dice: Dice) -> Dice:
    """Refuse modifiers that can never finish or make no sense together."""
    faces = range(1, dice.sides + 1)
    if dice.explode is not None:
        sel, depth = dice.explode.selector, dice.explode.depth
        if depth is None and all(sel.matches(f) for f in faces):
            raise DiceSyntaxError(
                "'{dice}' would explode forever: every face matches {sel}; give a depth limit "
                "such as !@3", dice=dice, sel=sel
            )
        if dice.keep is not None:
            raise DiceSyntaxError(
                "keep/drop cannot be combined with exploding dice; "
                "use one of them per dice term"
            )
    reroll = dice.reroll
    if reroll is not None and not reroll.once and all(reroll.selector.matches(f) for f in faces):
        raise DiceSyntaxError(
            "'{dice}' would reroll forever: every face matches {selector}; use 'ro' to reroll "
            "once", dice=dice, selector=reroll.selector
        )
    if dice.minimum is not None and dice.maximum is not None and dice.minimum > dice.maximum:
        raise DiceSyntaxError(
            "minimum {minimum} is above maximum {maximum}: mi must not exceed ma",
            minimum=dice.minimum, maximum=dice.maximum
        )
    return dice


# The LALR parser calls the transformer at each reduction, so our nodes are built
# bottom-up while parsing, without a parse tree and without recursion.
_PARSER = Lark(_GRAMMAR, parser="lalr", lexer="basic", transformer=_ToNodes())


def _depth(tree: Expression) -> int:
    """Depth of the syntax tree, computed without recursion."""
    deepest = 0
    stack: list[tuple[Expression, int]] = [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(node, BinaryOp):
            stack.append((node.left, level + 1))
            stack.append((node.right, level + 1))
        elif isinstance(node, Negate):
            stack.append((node.operand, level + 1))
        elif isinstance(node, Group):
            stack.append((node.inner, level + 1))
    return deepest


def _syntax_error(text: str, err: UnexpectedInput) -> DiceSyntaxError:
    line, column = err.line, err.column
    if isinstance(err, UnexpectedCharacters):
        position = err.pos_in_stream or 0
        found = repr(text[position]) if position < len(text) else Message("the end")
        expected = _describe(err.allowed or set())
        if text[position : position + 1] in ("d", "D", "w", "W"):
            return DiceSyntaxError(
                "syntax error at line {line}, column {column}: found {found} without a number "
                "of faces; a die is written like 2d6, d20 or d%",
                line=line, column=column, found=found, expected=("a number", "'%'"),
            )
    elif isinstance(err, UnexpectedToken):
        expected = _describe(err.expected)
        if err.token.type == "$END" or line < 1:
            found, line, column = Message("the end"), 1, len(text) + 1
        else:
            found = repr(str(err.token))
    else:
        eof = cast(UnexpectedEOF, err)
        found = Message("the end")
        expected = _describe(set(eof.expected))
        line, column = 1, len(text) + 1
    return DiceSyntaxError(
        "syntax error at line {line}, column {column}: found {found}, expected {value}",
        line=line,
        column=column,
        found=found,
        expected=expected, value=_alternatives(expected),
    )


_LABEL_OR_SPACE = re.compile(r"(\[[^\[\]]*\])|\s+")


def normalise(text: str) -> str:
    """The cache key: the expression without whitespace (labels keep theirs)."""
    if "[" not in text:
        return "".join(text.split())
    return _LABEL_OR_SPACE.sub(lambda m: m.group(1) or "", text)


_CACHE_SIZE = 4096
_cache: dict[str, Expression] = {}


def parse(text: str) -> Expression:
    """Parse ``text`` into a syntax tree, or raise ``DiceSyntaxError``/``LimitExceeded``.

    Error positions refer to ``text`` as given; trees are cached by normalised text.
    """
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise LimitExceeded(
            "expression too long: {count} characters; at most {max_expression_length}",
            count=len(text), max_expression_length=MAX_EXPRESSION_LENGTH
        )
    key = normalise(text)
    tree = _cache.get(key)
    if tree is None:
        tree = _parse_text(text, key)
        if len(_cache) >= _CACHE_SIZE:
            _cache.pop(next(iter(_cache)))
        _cache[key] = tree
    return tree


def _parse_text(text: str, key: str) -> Expression:
    if not key:
        raise DiceSyntaxError(
            "empty expression: write dice such as 2d6+3", found="the end", expected=("a number",)
        )
    try:
        tree = cast(Expression, _PARSER.parse(text))
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    # the tree cannot be deeper than the operators and parentheses allow
    operators = sum(map(key.count, "+-*/("))
    if operators >= MAX_NESTING and _depth(tree) > MAX_NESTING:
        raise LimitExceeded("expression nested too deeply: at most {max_nesting} levels",
                            max_nesting=MAX_NESTING)
    return tree


def clear_cache() -> None:
    """Forget every parsed expression."""
    _cache.clear()
