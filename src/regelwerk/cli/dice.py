"""``regelwerk roll`` and ``regelwerk odds``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from regelwerk.cli.common import (
    call,
    cli_t,
    console,
    json_option,
    lang_option,
    rolling_options,
    seed_option,
)
from regelwerk.cli.common import table as grid
from regelwerk.cli.lines import Line, Span, show
from regelwerk.errors import RegelwerkError
from regelwerk.i18n import Translator

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["dice_legend", "dice_text", "odds_command", "roll_command"]

SHOWN_DIGITS = 4
"""Places after the decimal mark of the percentages in the odds table."""

MAX_COMPARED = 4


def dice_text(dice: list[dict[str, Any]]) -> list[Span]:
    """The dice of a term, marked in plain text too: a dropped die in parentheses
    ``(2)``, a rerolled one with ``↻``, an exploding one with ``!``, a success with
    ``✓``; colours on a terminal besides."""
    text: list[Span] = []
    for i, die in enumerate(dice):
        if i:
            text.append((" ", ""))
        face = str(die["value"]) + ("!" if die["exploded"] else "")
        if die.get("rerolled"):
            text.append((f"{face}↻", "dim strike"))
        elif not die["kept"]:
            text.append((f"({face})", "dim strike"))
        elif die.get("success"):
            text.append((f"{face}✓", "bold green"))
        else:
            text.append((face, "bold" if die["natural"] == die["sides"] else ""))
    return text


def dice_legend(t: Translator, dice: list[dict[str, Any]]) -> str | None:
    """What the marks of ``dice_text`` mean, for the marks that occur."""
    parts = []
    if any(d.get("rerolled") for d in dice):
        parts.append(t("n↻ rerolled"))
    if any(not d["kept"] and not d.get("rerolled") for d in dice):
        parts.append(t("(n) dropped"))
    if any(d["exploded"] for d in dice):
        parts.append(t("n! exploded"))
    if any(d.get("success") for d in dice):
        parts.append(t("n✓ success"))
    return " · ".join(parts) or None


@click.command("roll")
@click.argument("expression")
@rolling_options
@click.option("--markdown", is_flag=True, help="Print the roll as Markdown.")
def roll_command(expression: str, seed: int | None, faces: list[int] | None, lang: str,
                 as_json: bool, markdown: bool) -> None:
    """Roll EXPRESSION, for example "2W6+3", "4d6kh3", "8d6cs>=5" or "6#4d6kh3"."""
    answered = call({"system": "dice", "action": "roll", "expression": expression},
                    seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    if markdown:
        from regelwerk.dice import parse, roll_tree, to_markdown
        from regelwerk.dice.random_sources import ScriptedRandomSource
        from regelwerk.dice.results import RollResult

        tree = parse(expression)
        result = roll_tree(tree, ScriptedRandomSource(response["faces"]))
        console().print(to_markdown(RollResult(tree, result)), markup=False)
        return
    every = []
    lines: list[Line] = []
    for term in response["terms"]:
        # the whole line cyan, the dice's own styles over it
        spans = [(f"{term['term']}: ", ""), *dice_text(term["dice"]),
                 (f"  → {t.number(term['total'])}", "")]
        lines.append([(text, f"cyan {style}".rstrip()) for text, style in spans])
        every += term["dice"]
    legend = dice_legend(t, every)
    if legend:
        lines.append([(legend, "dim")])
    label = t("Total")
    lines.append([(f"{label}: {t.number(response['total'])}", "bold")])
    if "probability_at_least" in response:
        chance = t.percent(response["probability_at_least"], 2)
        lines.append(t("Chance of {total} or more: {chance}",
                       total=t.number(response["total"]), chance=chance))
    if "odds_omitted" in response:  # spans, not markup: the reason quotes the expression
        lines.append([(t("No odds: {reason}", reason=response["odds_omitted"]), "dim")])
    show(lines)


def _distribution(expression: str, lang: str) -> dict[str, Any]:
    answered = call({"system": "dice", "action": "distribution", "expression": expression},
                    seed=None, faces=None, lang=lang, as_json=False)
    assert answered is not None
    return answered[0]


@click.command("odds")
@click.argument("expressions", metavar="EXPRESSION [EXPRESSION …]", nargs=-1, required=True)
@seed_option
@click.option("--all", "--alle", "--allt", "show_all", is_flag=True,
              help="Show every value, also those too unlikely for the shown precision.")
@click.option("--plot", "--diagramm", "--graf", "plot",
              type=click.Path(dir_okay=False, path_type=Path),
              help="Write the bar chart to this file (.svg or .png).")
@lang_option
@json_option
def odds_command(expressions: tuple[str, ...], seed: int | None, show_all: bool,
                 plot: Path | None, lang: str, as_json: bool) -> None:
    """The exact distribution of EXPRESSION: a table, a bar chart, mean and median.
    Give two or more expressions to compare them side by side.  With --seed, one
    roll with that seed is marked in the table."""
    t = cli_t()
    if len(expressions) > MAX_COMPARED:
        raise click.UsageError(t("compare at most {n} expressions", n=MAX_COMPARED))
    if as_json:
        for expression in expressions:
            call({"system": "dice", "action": "distribution", "expression": expression},
                 seed=None, faces=None, lang=lang, as_json=True)
        return
    answers = [_distribution(e, lang) for e in expressions]
    t = cli_t()
    rolled: list[int | None] = [None] * len(answers)
    if seed is not None:
        for i, expression in enumerate(expressions):
            sample = call({"system": "dice", "action": "roll", "expression": expression},
                          seed=seed, faces=None, lang=lang, as_json=False)
            rolled[i] = None if sample is None else sample[0]["total"]
    out = console()
    out.print(_odds_table(t, answers, rolled, show_all))
    for answer in answers:
        prefix = f"{answer['expression']}: " if len(answers) > 1 else ""
        out.print(prefix + t("Mean: {mean}   Median: {median}",
                             mean=t.number(answer["mean"]),
                             median=t.number(answer["median"])))
        if answer["cut_off"]:
            out.print(t("Explosions were followed to a depth limit; probability cut off: "
                        "{mass}", mass=t.number(answer["cut_off"])))
    if plot is not None:
        from regelwerk.cli.chart import Series, write_chart  # only for --plot: starts quicker

        series = [Series(a["expression"], tuple((v, p) for v, p in a["distribution"]))
                  for a in answers]
        try:
            write_chart(plot, series, t, " · ".join(a["expression"] for a in answers))
        except RegelwerkError as error:
            raise click.ClickException(error.to_dict(t)["message"]) from None
        out.print(t("Chart written to {path}", path=str(plot)))


def _odds_table(t: Translator, answers: list[dict[str, Any]], rolled: list[int | None],
                show_all: bool) -> Table:
    from rich.text import Text

    tables: list[dict[int, float]] = [dict(a["distribution"]) for a in answers]
    values = sorted({v for table in tables for v in table})
    single = len(answers) == 1
    digits = SHOWN_DIGITS if single else 2
    smallest = 0.5 * 10 ** -(digits + 2)  # would show as 0,0000 %
    hidden = [v for v in values if all(table.get(v, 0.0) < smallest for table in tables)]
    if not show_all:
        values = [v for v in values if v not in hidden]
    table = grid(title=answers[0]["expression"] if single else t("Comparison"))
    table.add_column(t("Value"), justify="right")
    for a in answers:
        suffix = "" if single else f"\n{a['expression']}"
        table.add_column(t("Chance") + suffix, justify="right", no_wrap=True)
        table.add_column(t("At least") + suffix, justify="right", no_wrap=True)
        table.add_column("", no_wrap=True)
    peak = max(p for table_ in tables for p in table_.values()) or 1.0
    width = 40 if single else 24 // len(answers)
    at_least = [1.0] * len(answers)
    below = {i: sum(p for v, p in tables[i].items() if v < values[0]) for i in range(len(tables))
             } if values else {}
    for i in below:
        at_least[i] -= below[i]
    for value in values:
        cells: list[str | Text] = [t.number(value)]
        marked = False
        for i, chances in enumerate(tables):
            p = chances.get(value, 0.0)
            mark = value == rolled[i]
            marked = marked or mark
            bar = "█" * max(1 if p > 0 else 0, round(width * p / peak))
            cells += [t.percent(p, digits), t.percent(max(at_least[i], 0.0), digits),
                      Text(bar, "bold yellow" if mark else "green")]
            at_least[i] -= p
        if marked:
            cells[0] = f"{t.number(value)} ◀"
        table.add_row(*cells)
    if hidden and not show_all:
        table.caption = t("{n} values below {p} left out; --all shows them",
                          n=len(hidden), p=t.percent(smallest * 2, digits))
    return table
