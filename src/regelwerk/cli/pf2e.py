"""``regelwerk pf2e``: checks with typed modifiers, and a turn of Strikes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.table import Table
from rich.text import Text

from regelwerk.cli.common import (
    call,
    cli_t,
    console,
    rolling_options,
)
from regelwerk.i18n import Translator
from regelwerk.i18n.terms import term

__all__ = ["modifier_fields", "modifier_options", "pf2e", "show_breakdown"]

F = TypeVar("F", bound=Callable[..., Any])

_TYPES = ("ability", "proficiency", "item", "circumstance", "status", "untyped")
_ALIASES = {"ability": ("--attribut",), "proficiency": ("--kompetenz",),
            "item": ("--gegenstand",), "circumstance": ("--situation", "--umstand"),
            "status": ("--zustand",), "untyped": ("--kategorielos", "--ohne-art")}
_TYPE_HELP = {
    "ability": "An attribute bonus or penalty (repeatable).",
    "proficiency": "A proficiency bonus (repeatable).",
    "item": "An item bonus or penalty (repeatable).",
    "circumstance": "A circumstance bonus or penalty (repeatable).",
    "status": "A status bonus or penalty (repeatable).",
    "untyped": "An untyped bonus or penalty (repeatable).",
}
_DEGREES = ("critical_success", "success", "failure", "critical_failure")


def modifier_options(f: F) -> F:
    """``--modifier N`` or typed modifiers (repeatable), German type names as aliases."""
    for kind in reversed(_TYPES):
        f = click.option(f"--{kind}", *_ALIASES[kind], kind, type=int, multiple=True,
                         help=_TYPE_HELP[kind])(f)
    return click.option("--modifier", "--modifikator", type=int,
                        help="The total modifier (instead of typed modifiers).")(f)


def modifier_fields(values: dict[str, Any], t: Translator | None = None) -> dict[str, Any]:
    """The request's ``modifier`` or typed ``modifiers``, labelled in ``t``'s language."""
    t = t or cli_t()
    modifiers = [{"value": v, "type": kind, "label": f"{term(t, kind)} {v:+d}"}
                 for kind in _TYPES for v in values.pop(kind)]
    plain = values.pop("modifier")
    if modifiers and plain is not None:
        raise click.UsageError(t("give --modifier or typed modifiers, not both"))
    if modifiers:
        return {"modifiers": modifiers}
    return {"modifier": plain or 0}


def _degree_label(t: Translator, key: str) -> str:
    return term(t, key)


def _odds_table(t: Translator, probabilities: dict[str, float], rolled: str | None) -> Table:
    table = Table(show_header=False, box=None)
    for key in _DEGREES:
        p = probabilities[key]
        style = "bold" if key == rolled else ""
        mark = " ◀" if key == rolled else ""
        table.add_row(Text(_degree_label(t, key) + mark, style=style), t.percent(p),
                      Text("█" * round(30 * p), style="green" if "success" in key else "red"),
                      )
    table.columns[1].justify = "right"
    return table


def _label(t: Translator, m: dict[str, Any]) -> str:
    return str(m["label"]) if m.get("label") else term(t, m["type"])


def show_breakdown(t: Translator, response: dict[str, Any]) -> None:
    """The modifiers that counted, and those that did not (struck through, marked
    ``✗`` for plain text) with the reason."""
    out = console()
    for m in response.get("applied", []):
        out.print(f"  {m['value']:+d}  {_label(t, m)}")
    for m in response.get("ignored", []):
        line = Text("  ✗ ")
        line.append(f"{m['value']:+d}  {_label(t, m)}", style="strike dim")
        line.append(f"  ({m['reason']})", style="italic")
        out.print(line)


@click.group("pf2e")
def pf2e() -> None:
    """Pathfinder 2e: checks, degrees of success and Strikes, with exact odds."""


@pf2e.command("check")
@modifier_options
@click.option("--dc", "--sg", type=int, required=True, help="The DC.")
@click.option("--fortune", "--glueck", "--glück", is_flag=True,
              help="Roll twice, take the higher.")
@click.option("--misfortune", "--unglueck", "--unglück", is_flag=True,
              help="Roll twice, take the lower.")
@click.option("--reroll-on", "--heldenpunkt-bei", default="",
              help="Spend a hero point to reroll on these degrees, e.g. failure,critical_failure.")
@click.option("--secret", "--verdeckt", is_flag=True, help="A secret check.")
@click.option("--unknown-to-player", is_flag=True,
              help="The player does not know of the secret check: only automatic fortune "
                   "and misfortune effects apply.")
@click.option("--automatic", default="",
              help="Effects that apply automatically: fortune, misfortune (comma-separated).")
@rolling_options
def check_command(dc: int, fortune: bool, misfortune: bool, reroll_on: str, secret: bool,
                  unknown_to_player: bool, automatic: str,
                  seed: int | None, faces: list[int] | None, lang: str, as_json: bool,
                  **values: Any) -> None:
    """A check: the breakdown (ignored modifiers struck through), the degree and the
    odds of each degree."""
    request: dict[str, Any] = {"system": "pf2e", "action": "check", "dc": dc,
                               "fortune": fortune, "misfortune": misfortune,
                               "secret": secret, **modifier_fields(values)}
    if reroll_on:
        request["reroll_on"] = [d.strip() for d in reroll_on.split(",") if d.strip()]
    if unknown_to_player:
        request["player_knows"] = False
    if automatic:
        request["automatic"] = [a.strip() for a in automatic.split(",") if a.strip()]
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    show_breakdown(t, response)
    out = console()
    if response.get("first"):
        first = response["first"]
        out.print(Text(f"d20 {first['natural']}↻ → {first['total']} "
                       f"({_degree_label(t, first['degree'])})", style="dim strike"))
    out.print(Text(f"d20 {response['natural']} {response['modifier']:+d} = "
                   f"{response['total']}", style="bold"))
    out.print(response.get("gm_text", response["text"]))
    out.print(_odds_table(t, response["probabilities"], response["degree"]))


@pf2e.command("strikes")
@modifier_options
@click.option("--ac", "--rk", type=int, required=True, help="The target's AC.")
@click.option("--count", "--anzahl", type=click.IntRange(1, 10), default=3, show_default=True)
@click.option("--agile", "--agil", is_flag=True, help="The weapon is agile (−4/−8).")
@rolling_options
def strikes_command(ac: int, count: int, agile: bool, seed: int | None,
                    faces: list[int] | None, lang: str, as_json: bool, **values: Any) -> None:
    """A turn of Strikes with the multiple attack penalty against an AC."""
    request = {"system": "pf2e", "action": "strikes", "ac": ac,
               "strikes": [{"agile": agile} for _ in range(count)], **modifier_fields(values)}
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    for strike in response["strikes"]:
        out.print(Text(f"{strike['attack_number']}. ({strike['penalty']:+d}) d20 "
                       f"{strike['natural']} {strike['modifier']:+d} = {strike['total']}: "
                       f"{_degree_label(t, strike['degree'])}", style="bold"))
        out.print(_odds_table(t, strike["probabilities"], strike["degree"]))
    out.print(response["text"])
