"""``regelwerk roll`` and ``regelwerk odds``."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table
from rich.text import Text

from regelwerk.cli.common import (
    call,
    console,
    json_option,
    lang_option,
    rolling_options,
    seed_option,
)

__all__ = ["dice_text", "odds_command", "roll_command"]


def dice_text(dice: list[dict[str, Any]]) -> Text:
    """The dice of a term: dropped and rerolled struck through, exploded with '!',
    successes in green."""
    text = Text()
    for i, die in enumerate(dice):
        if i:
            text.append(" ")
        face = str(die["value"]) + ("!" if die["exploded"] else "")
        if not die["kept"]:
            style = "dim strike"
        elif die.get("success"):
            style = "bold green"
        elif die["natural"] == die["sides"]:
            style = "bold"
        else:
            style = ""
        text.append(face, style=style)
    return text


@click.command("roll")
@click.argument("expression")
@rolling_options
@click.option("--markdown", is_flag=True, help="Print the roll as Markdown.")
def roll_command(expression: str, seed: int | None, faces: list[int] | None, lang: str,
                 as_json: bool, markdown: bool) -> None:
    """Roll EXPRESSION (e.g. "2W6+3", "4d6kh3", "8d6cs>=5", "6#4d6kh3")."""
    answered = call({"system": "dice", "action": "roll", "expression": expression},
                    seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    if markdown:
        from regelwerk.dice import parse, roll_tree, to_markdown
        from regelwerk.dice.random_sources import ScriptedRandomSource
        from regelwerk.dice.results import RollResult

        tree = parse(expression)
        result = roll_tree(tree, ScriptedRandomSource(response["faces"]))
        out.print(to_markdown(RollResult(tree, result)), markup=False)
        return
    for term in response["terms"]:
        line = Text(f"{term['term']}: ", style="cyan")
        line.append_text(dice_text(term["dice"]))
        line.append(f"  → {term['total']}")
        out.print(line)
    label = t("Total")
    out.print(Text(f"{label}: {response['total']}", style="bold"))
    if "probability_at_least" in response:
        chance = f"{response['probability_at_least']:.2%}"
        out.print(t("Chance of {total} or more: {chance}", total=response["total"],
                    chance=chance))


@click.command("odds")
@click.argument("expression")
@seed_option
@lang_option
@json_option
def odds_command(expression: str, seed: int | None, lang: str, as_json: bool) -> None:
    """The exact distribution of EXPRESSION: a table, a bar chart, mean and median.
    With --seed, one roll with that seed is marked in the table."""
    answered = call({"system": "dice", "action": "distribution", "expression": expression},
                    seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    rolled = None
    if seed is not None:
        sample = call({"system": "dice", "action": "roll", "expression": expression},
                      seed=seed, faces=None, lang=lang, as_json=False)
        rolled = None if sample is None else sample[0]["total"]
    rows = response["distribution"]
    peak = max(p for _, p in rows)
    table = Table(title=response["expression"])
    table.add_column(t("Value"), justify="right")
    table.add_column(t("Chance"), justify="right")
    table.add_column(t("At least"), justify="right")
    table.add_column("")
    remaining = 1.0
    for value, p in rows:
        bar = "█" * max(1 if p > 0 else 0, round(40 * p / peak))
        mark = " ◀" if value == rolled else ""
        table.add_row(str(value) + mark, f"{p:.4%}", f"{max(remaining, 0.0):.4%}",
                      Text(bar, "bold yellow" if mark else "green"))
        remaining -= p
    out = console()
    out.print(table)
    mean_label, median_label = t("Mean"), t("Median")
    out.print(f"{mean_label}: {response['mean']:.4f}   {median_label}: {response['median']}")
    if response["cut_off"]:
        mass = f"{response['cut_off']:.3g}"
        out.print(t("Explosions were followed to a depth limit; probability cut off: {mass}",
                    mass=mass))
