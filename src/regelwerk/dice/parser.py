"""Parsing dice notation (``grammar.lark``) into the immutable syntax tree.

Parsed trees are cached by the expression's normalised text (whitespace
removed); ``clear_cache()`` empties the cache.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import cast

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
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
from regelwerk.errors import DiceSyntaxError, LimitExceeded

__all__ = ["clear_cache", "parse"]

_GRAMMAR = resources.files("regelwerk.dice").joinpath("grammar.lark").read_text("utf-8")
_PARSER = Lark(_GRAMMAR, parser="lalr", lexer="contextual", propagate_positions=False)

_TOKEN_NAMES = {
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "DIVIDE": "'/'",
    "LPAR": "'('",
    "RPAR": "')'",
    "INT": "a number",
    "DIE": "'d' or 'W'",
    "PERCENT": "'%'",
    "KEEP": "kh/kl/dh/dl",
    "REROLL": "r/ro/rr",
    "EXPLODE": "'!'",
    "COMPARE": "a comparison (>=, <=, >, <, =)",
    "LSQB": "'['",
    "RSQB": "']'",
    "LABEL": "a label",
    "AT": "'@'",
    "MI": "'mi'",
    "MA": "'ma'",
    "$END": "the end of the expression",
}


def _describe(names: set[str] | frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted({_TOKEN_NAMES.get(name, name.lower()) for name in names}))


def _int(token: Token) -> int:
    if len(token) > 7 or int(token) > MAX_CONSTANT:
        raise LimitExceeded(f"number {token[:12]} is too large: numbers go up to {MAX_CONSTANT}")
    return int(token)


def _selector(tree: Tree[Token] | None, default: int) -> Selector:
    if tree is None:
        return Selector("=", default)
    compare, value = tree.children
    return Selector(cast(Compare, str(compare)) if compare else "=", _int(cast(Token, value)))


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

    def sides_number(self, token: Token) -> tuple[int, bool]:
        return _int(token), False

    def sides_percent(self) -> tuple[int, bool]:
        return 100, True

    def dice(self, *children: object) -> Dice:
        count_token, _die, size, *rest = children
        sides, percent = cast(tuple[int, bool], size)
        count = 1 if count_token is None else _int(cast(Token, count_token))
        if count > MAX_DICE:
            raise LimitExceeded(f"too many dice: {count}d…; at most {MAX_DICE} dice per expression")
        if sides > MAX_SIDES:
            raise LimitExceeded(f"die too large: d{sides}; dice have at most {MAX_SIDES} faces")
        if sides < 1:
            raise DiceSyntaxError("a die needs at least 1 face: d0 is not a die")
        fields: dict[str, object] = {}
        for item in rest:
            if item is None:
                continue
            key, value = cast(tuple[str, object], item)
            if key in fields:
                raise DiceSyntaxError(
                    f"the modifier {_MODIFIER_NAMES[key]} is given twice on one dice term; "
                    "each kind of modifier may appear once"
                )
            fields[key] = value
        if "explode" in fields:
            selector, depth = cast(tuple[Selector | None, int | None], fields["explode"])
            fields["explode"] = Explode(selector or Selector("=", sides), depth)
        return _checked(Dice(count, sides, percent, **fields))  # type: ignore[arg-type]

    def keep(self, mode: Token, n: Token | None) -> tuple[str, Keep]:
        return "keep", Keep(cast(KeepMode, str(mode)), 1 if n is None else _int(n))

    def reroll(self, mode: Token, selector: Tree[Token]) -> tuple[str, Reroll]:
        return "reroll", Reroll(_selector(selector, 1), once=str(mode) == "ro")

    def explode(self, _mark: Token, selector: Tree[Token] | None, depth: int | None) -> object:
        # The default selector (the highest face) is filled in by ``dice``.
        sel = _selector(selector, 0) if selector is not None else None
        return "explode", (sel, depth)

    def depth(self, token: Token) -> int:
        value = _int(token)
        if value > MAX_EXPLODE_DEPTH:
            raise LimitExceeded(f"explosion depth {value} is too deep: at most {MAX_EXPLODE_DEPTH}")
        return value

    def minimum(self, token: Token) -> tuple[str, int]:
        return "minimum", _int(token)

    def maximum(self, token: Token) -> tuple[str, int]:
        return "maximum", _int(token)

    def count(self, compare: Token, value: Token) -> tuple[str, Selector]:
        return "success", Selector(cast(Compare, str(compare)), _int(value))

    def label(self, token: Token) -> tuple[str, str]:
        return "label", str(token).strip()


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
    """Fill in defaults and refuse modifiers that can never finish or make no sense."""
    faces = range(1, dice.sides + 1)
    if dice.explode is not None:
        sel, depth = dice.explode.selector, dice.explode.depth
        if depth is None and all(sel.matches(f) for f in faces):
            raise DiceSyntaxError(
                f"'{dice}' would explode forever: every face matches {sel}; "
                "give a depth limit such as !@3"
            )
        if dice.keep is not None:
            raise DiceSyntaxError(
                "keep/drop cannot be combined with exploding dice; "
                "use one of them per dice term"
            )
    reroll = dice.reroll
    if reroll is not None and not reroll.once and all(reroll.selector.matches(f) for f in faces):
        raise DiceSyntaxError(
            f"'{dice}' would reroll forever: every face matches {reroll.selector}; "
            "use 'ro' to reroll once"
        )
    if dice.minimum is not None and dice.maximum is not None and dice.minimum > dice.maximum:
        raise DiceSyntaxError(
            f"minimum {dice.minimum} is above maximum {dice.maximum}: mi must not exceed ma"
        )
    return dice


def _depth(tree: Tree[Token]) -> int:
    """Depth of the parse tree, computed without recursion."""
    deepest = 0
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((c, level + 1) for c in node.children if isinstance(c, Tree))
    return deepest


def _syntax_error(text: str, err: UnexpectedInput) -> DiceSyntaxError:
    line, column = err.line, err.column
    if isinstance(err, UnexpectedCharacters):
        position = err.pos_in_stream or 0
        found = repr(text[position]) if position < len(text) else "the end"
        expected = _describe(err.allowed or set())
    elif isinstance(err, UnexpectedToken):
        expected = _describe(err.expected)
        if err.token.type == "$END" or line < 1:
            found, line, column = "the end", 1, len(text) + 1
        else:
            found = repr(str(err.token))
    else:
        eof = cast(UnexpectedEOF, err)
        found = "the end"
        expected = _describe(set(eof.expected))
        line, column = 1, len(text) + 1
    return DiceSyntaxError(
        f"syntax error at line {line}, column {column}: found {found}, "
        f"expected {' or '.join(expected) if expected else 'something else'}",
        line=line,
        column=column,
        found=found,
        expected=expected,
    )


_LABEL_OR_SPACE = re.compile(r"(\[[^\[\]]*\])|\s+")


def normalise(text: str) -> str:
    """The cache key: the expression without whitespace (labels keep theirs)."""
    return _LABEL_OR_SPACE.sub(lambda m: m.group(1) or "", text)


_CACHE_SIZE = 4096
_cache: dict[str, Expression] = {}


def parse(text: str) -> Expression:
    """Parse ``text`` into a syntax tree, or raise ``DiceSyntaxError``/``LimitExceeded``.

    Error positions refer to ``text`` as given; trees are cached by normalised text.
    """
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise LimitExceeded(
            f"expression too long: {len(text)} characters; at most {MAX_EXPRESSION_LENGTH}"
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
        tree = _PARSER.parse(text)
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    if _depth(tree) > MAX_NESTING:
        raise LimitExceeded(f"expression nested too deeply: at most {MAX_NESTING} levels")
    try:
        return _ToNodes().transform(tree)
    except VisitError as err:
        if isinstance(err.orig_exc, DiceSyntaxError | LimitExceeded):
            raise err.orig_exc from None
        raise


def clear_cache() -> None:
    """Forget every parsed expression."""
    _cache.clear()
