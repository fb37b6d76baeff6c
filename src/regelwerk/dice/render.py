"""Renderers for roll results: plain text, Markdown and JSON-ready dicts."""

from __future__ import annotations

from typing import Any

from regelwerk.dice.results import (
    BinaryResult,
    DiceResult,
    Die,
    GroupResult,
    LabelledResult,
    NegateResult,
    NumberResult,
    RepeatResult,
    Result,
    RollResult,
    SetResult,
)

__all__ = ["to_json", "to_markdown", "to_plain"]


def _die_plain(die: Die) -> str:
    text = str(die.value)
    if die.exploded:
        text += "!"
    if die.success:
        text += "*"
    if not die.kept:
        text = "~" + text
    return text


def _die_markdown(die: Die) -> str:
    text = str(die.value)
    if die.natural in (1, die.sides) and die.sides > 1:
        text = f"**{text}**"
    if die.exploded:
        text += "!"
    if die.success:
        text = f"__{text}__"
    if not die.kept:
        text = f"~~{text}~~"
    return text


def _render(node: Result, die_text: Any) -> str:
    if isinstance(node, NumberResult):
        return str(node.node)
    if isinstance(node, DiceResult):
        faces = ", ".join(die_text(d) for d in node.dice)
        label = "" if node.node.label is None else f" [{node.node.label}]"
        return f"{str(node.node).removesuffix(label)} ({faces}){label}"
    if isinstance(node, BinaryResult):
        return f"{_render(node.left, die_text)} {node.node.op} {_render(node.right, die_text)}"
    if isinstance(node, NegateResult):
        return f"-{_render(node.operand, die_text)}"
    if isinstance(node, LabelledResult):
        return f"{_render(node.inner, die_text)} [{node.node.label}]"
    if isinstance(node, SetResult):
        items = [_render(item, die_text) if kept else f"~{_render(item, die_text)}"
                 for item, kept in zip(node.items, node.kept, strict=True)]
        ops = "".join(map(str, node.node.ops))
        return f"({', '.join(items)}{',' if node.node.is_set and len(items) == 1 else ''}){ops}"
    if isinstance(node, RepeatResult):
        return "; ".join(f"{_render(r, die_text)} = {r.total}" for r in node.rolls)
    assert isinstance(node, GroupResult)
    return f"({_render(node.inner, die_text)})"


def to_plain(result: RollResult) -> str:
    """``4d6kh3 (~1, 4, 2, 4) = 10``: dropped or rerolled dice marked ``~``, exploded
    ``!``, counted successes ``*``."""
    return f"{_render(result.tree, _die_plain)} = {result.total}"


def to_markdown(result: RollResult) -> str:
    """Markdown: dropped dice struck through, highest and lowest faces in bold,
    successes underlined, the total in bold."""
    return f"{_render(result.tree, _die_markdown)} = `{result.total}`"


def _die_json(die: Die) -> dict[str, Any]:
    sides, natural, value, kept, rerolled, exploded, from_explosion, success, _ = die
    return {
        "sides": sides,
        "natural": natural,
        "value": value,
        "kept": kept,
        "dropped": not kept and not rerolled,  # Die.dropped
        "rerolled": rerolled,
        "exploded": exploded,
        "from_explosion": from_explosion,
        "success": success,
    }


def to_json(result: RollResult) -> dict[str, Any]:
    """A JSON-ready dict: the expression, the total, and each dice term's dice."""
    out: dict[str, Any] = {
        "expression": result.expression,
        "total": result.total,
        "faces": list(result.faces),
        "terms": [
            {
                "term": str(term.node),
                "label": term.node.label,
                "total": term.total,
                "dice": [_die_json(d) for d in term.dice],
            }
            for term in result.dice_terms()
        ],
    }
    if result.comment is not None:
        out["comment"] = result.comment
    if isinstance(result.tree, RepeatResult):
        out["totals"] = [r.total for r in result.tree.rolls]
    return out
