"""``regelwerk w6``: Proben, Komplexe Proben, split advice, Konkurrierende Proben
and the game master's table.  German option names are aliases of the English ones."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.text import Text

from regelwerk.cli.common import (
    call,
    cli_t,
    console,
    json_option,
    lang_option,
    rolling_options,
)
from regelwerk.cli.common import table as grid
from regelwerk.i18n import Translator, translator
from regelwerk.systems.w6.probe import is_success, odds

__all__ = ["w6"]

F = TypeVar("F", bound=Callable[..., Any])


def _named_number(value: str, what: str) -> tuple[str | None, int]:
    """``8`` or ``GE=8`` (a name or abbreviation, then the number)."""
    name, _, number = value.rpartition("=")
    try:
        return (name.strip() or None), int(number)
    except ValueError:
        t = cli_t()
        raise click.BadParameter(t("give a number, e.g. 8 or GE=8 (got {value!r})",
                                   value=value), param_hint=f"--{what}") from None


def _numbers(value: str, what: str) -> list[int]:
    try:
        return [int(part) for part in value.replace(",", " ").split()]
    except ValueError:
        t = cli_t()
        raise click.BadParameter(t("give numbers such as 6,4 (got {value!r})", value=value),
                                 param_hint=f"--{what}") from None


def pool_options(prefix: str = "") -> Callable[[F], F]:
    """The options of one pool; ``prefix`` (``a-``/``b-``) for the parties of a contest."""
    p, k = (f"--{prefix}", prefix.replace("-", "_"))

    def decorate(f: F) -> F:
        for option in reversed([
            click.option(f"{p}attribute", f"{p}eigenschaft", f"{k}attribute", required=True,
                         help="Value of the Eigenschaft (dice), optionally named: GE=8."),
            click.option(f"{p}skill", f"{p}fertigkeit", f"{k}skill", default="0",
                         help="Points in a fitting Fertigkeit (3 dice each), e.g. 1 or "
                              "'Schlösser öffnen=1'."),
            click.option(f"{p}tools", f"{p}hilfsmittel", f"{k}tools", type=int, default=0,
                         help="Dice for tools, aid and circumstances (may be negative)."),
            click.option(f"{p}difficulty", f"{p}schwierigkeit", f"{p}erschwerung",
                         f"{k}difficulty", default="normal",
                         help="Erschwerung: normal, anspruchsvoll, herausfordernd, schwer, "
                              "sehr_schwer, fast_unmoeglich (or English), or a number of dice."),
            click.option(f"{p}penalty", f"{p}abzug", f"{k}penalty", type=int, default=0,
                         help="Further dice the game master takes away."),
        ]):
            f = option(f)
        return f

    return decorate


def _pool(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    name, attribute = _named_number(values.pop(f"{prefix}attribute"), "attribute")
    skill_name, skill = _named_number(values.pop(f"{prefix}skill"), "skill")
    difficulty: str | int = values.pop(f"{prefix}difficulty")
    if isinstance(difficulty, str) and difficulty.lstrip("-").isdigit():
        difficulty = int(difficulty)
    pool: dict[str, Any] = {
        "attribute": attribute, "skill": skill, "tools": values.pop(f"{prefix}tools"),
        "difficulty": difficulty, "penalty": values.pop(f"{prefix}penalty"),
    }
    if name:
        pool["attribute_name"] = name
    if skill_name:
        pool["skill_name"] = skill_name
    return pool


def _dice(faces: list[int]) -> Text:
    text = Text()
    for i, face in enumerate(faces):
        if i:
            text.append(" ")
        text.append(str(face), style="bold green" if is_success(face) else "dim")
    return text or Text("—")


def _verdict(t: Translator, passed: bool) -> Text:
    style = "bold green" if passed else "bold red"
    return Text(t("passed") if passed else t("failed"), style=style)


def _breakdown(t: Translator, pool: dict[str, Any]) -> str:
    labels = {
        "attribute": pool.get("attribute_name") or t("Attribute"),
        "skill": pool.get("skill_name") or t("Skill"),
        "tools": t("Tools"),
        "difficulty": t("Difficulty"),
        "penalty": t("Penalty"),
    }
    parts = [f"{labels[key]} {pool[key]:+d}" for key in labels if key in pool]
    label = t("Pool")
    return f"{label}: {', '.join(parts)} = {pool['value']}"


@click.group("w6")
def w6() -> None:
    """W6 Proben ("Meister der Magie"): pools of d6, every 5 and 6 is a success."""


@w6.command("probe")
@pool_options()
@click.option("--required", "--erfolge", type=int, default=2, show_default=True,
              help="Successes required.")
@rolling_options
def probe_command(required: int, seed: int | None, faces: list[int] | None, lang: str,
                  as_json: bool, **values: Any) -> None:
    """Roll a Probe."""
    request = {"system": "w6", "action": "probe", **_pool(values), "required": required}
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    out.print(_breakdown(t, response["pool"]))
    dice_label, quality_label, chance_label = t("Dice"), t("Quality"), t("Chance to pass")
    out.print(Text(f"{dice_label} ({response['dice']}): ").append_text(_dice(response["faces"])))
    line = _verdict(t, response["passed"])
    line.append(f"  {response['successes']}/{response['required']}  "
                f"{quality_label} {response['quality']:+d}")
    out.print(line)
    out.print(f"{chance_label}: {t.percent(response['probability'], 2)}")


@w6.command("complex")
@pool_options()
@click.option("--split", "--aufteilung", required=True, help="Dice per roll, e.g. 6,4.")
@click.option("--required", "--erfolge", required=True, help="Successes per roll, e.g. 2,1.")
@rolling_options
def complex_command(split: str, required: str, seed: int | None, faces: list[int] | None,
                    lang: str, as_json: bool, **values: Any) -> None:
    """Roll a Komplexe Probe with a binding split of the pool."""
    request = {"system": "w6", "action": "complex_probe", **_pool(values),
               "split": _numbers(split, "split"), "required": _numbers(required, "required")}
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    out.print(_breakdown(t, response["pool"]))
    for i, part in enumerate(response["parts"], 1):
        line = Text(f"{i}. ({part['dice']}) ").append_text(_dice(part["faces"]))
        line.append("  ").append_text(_verdict(t, part["passed"]))
        line.append(f" {part['successes']}/{part['required']}  {t.percent(part['probability'], 2)}")
        out.print(line)
    complex_label, chance_label = t("Complex probe"), t("Chance that every roll passes")
    out.print(Text(f"{complex_label}: ").append_text(_verdict(t, response["passed"])))
    out.print(f"{chance_label}: {t.percent(response['probability'], 2)}")


@w6.command("advice")
@pool_options()
@click.option("--required", "--erfolge", required=True, help="Successes per roll, e.g. 2,1.")
@click.option("--candidates", type=click.IntRange(1, 20), default=5, show_default=True)
@lang_option
@json_option
def advice_command(required: str, candidates: int, lang: str, as_json: bool,
                   **values: Any) -> None:
    """The best binding split for a Komplexe Probe, and the next best."""
    request = {"system": "w6", "action": "complex_advice", **_pool(values),
               "required": _numbers(required, "required"), "candidates": candidates}
    answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    table = grid(title=t("Splits of {dice} dice", dice=response["dice"]))
    table.add_column(t("Split"))
    table.add_column(t("Chance that every roll passes"), justify="right")
    for i, candidate in enumerate(response["candidates"]):
        style = "bold green" if i == 0 else ""
        table.add_row(Text(" + ".join(map(str, candidate["split"])), style=style),
                      t.percent(candidate["probability"], 2))
    console().print(table)


@w6.command("contest")
@pool_options("a-")
@pool_options("b-")
@click.option("--tie", "--gleichstand", type=click.Choice(["tie", "a", "b"]), default="tie",
              show_default=True, help="Who wins a tie (the table's choice).")
@click.option("--a-split", default="", help="A rolls a Komplexe Probe: its split, e.g. 4,3.")
@click.option("--a-required", default="", help="The Erfolge each of A's rolls requires.")
@click.option("--b-split", default="", help="B rolls a Komplexe Probe: its split.")
@click.option("--b-required", default="", help="The Erfolge each of B's rolls requires.")
@rolling_options
def contest_command(tie: str, a_split: str, a_required: str, b_split: str, b_required: str,
                    seed: int | None, faces: list[int] | None, lang: str,
                    as_json: bool, **values: Any) -> None:
    """Roll a Konkurrierende Probe between parties A and B."""
    parties = {"a": _pool(values, "a_"), "b": _pool(values, "b_")}
    for side, split, required in (("a", a_split, a_required), ("b", b_split, b_required)):
        if split or required:
            parties[side].update({"split": _numbers(split, "split"),
                                  "required": _numbers(required, "required")})
    request = {"system": "w6", "action": "contest", **parties, "tie": tie}
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, _t = answered
    out = console()
    for side in ("a", "b"):
        party = response[side]
        out.print(Text(f"{side.upper()} ({party['dice']}): ").append_text(_dice(party["faces"]))
                  .append(f"  {party['successes']}"))
    out.print(response["text"])


@w6.command("table")
@click.option("--max-pool", type=click.IntRange(1, 60), default=30, show_default=True)
@click.option("--max-required", type=click.IntRange(1, 12), default=6, show_default=True)
@lang_option
def table_command(max_pool: int, max_required: int, lang: str) -> None:
    """The chance of passing for pools 1 to 30 against 1 to 6 required successes."""
    t = translator(lang)
    table = grid(title=t("Chance to pass a Probe"))
    table.add_column(t("Dice"), justify="right")
    for required in range(1, max_required + 1):
        table.add_column(t("{n} req.", n=required), justify="right")
    for dice in range(1, max_pool + 1):
        cells = [t.percent(float(odds(dice, r)[0])) for r in range(1, max_required + 1)]
        table.add_row(str(dice), *cells)
    console().print(table)
