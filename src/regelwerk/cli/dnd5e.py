"""``regelwerk 5e``: ability modifiers, checks, saves, attacks and passive checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.text import Text

from regelwerk.cli.common import call, console, json_option, lang_option, rolling_options
from regelwerk.i18n import Translator

__all__ = ["dnd5e"]

F = TypeVar("F", bound=Callable[..., Any])


def roller_options(f: F) -> F:
    """Who rolls; Icelandic (meðbyr, mótbyr, heillastjarna) and German aliases."""
    for option in reversed([
        click.option("--score", "--haefileiki", "--hæfileiki", "--attributswert",
                     type=click.IntRange(1, 30),
                     help="Ability score 1–30."),
        click.option("--modifier", "--breyta", type=int, help="Ability modifier instead."),
        click.option("--ability", "--haefileikar", "--hæfileikar",
                     help="Which ability (Styrkur, DEX …)."),
        click.option("--proficient", "--haefni", "--hæfni", "--geuebt", "--geübt",
                     is_flag=True,
                     help="Add the proficiency bonus (once)."),
        click.option("--level", "--stig", "--stufe", type=click.IntRange(1, 20),
                     help="Character level for the proficiency bonus."),
        click.option("--proficiency-bonus", type=click.IntRange(0, 20),
                     help="Proficiency bonus given directly (monsters)."),
        click.option("--expertise", is_flag=True, help="Double the proficiency bonus."),
        click.option("--bonus", "bonuses", type=int, multiple=True,
                     help="Another bonus or penalty (repeatable)."),
        click.option("--advantage", "--medbyr", "--meðbyr", "--vorteil", count=True,
                     help="A source of advantage (repeatable)."),
        click.option("--disadvantage", "--motbyr", "--mótbyr", "--nachteil", count=True,
                     help="A source of disadvantage (repeatable)."),
        click.option("--lucky", "--heillastjarna", "--glueckspilz", "--glückspilz", is_flag=True,
                     help="Lucky: reroll one natural 1."),
    ]):
        f = option(f)
    return f


def _request(values: dict[str, Any]) -> dict[str, Any]:
    request: dict[str, Any] = {
        "proficient": values.pop("proficient"), "bonuses": list(values.pop("bonuses")),
        "advantage": values.pop("advantage"), "disadvantage": values.pop("disadvantage"),
        "lucky": values.pop("lucky"),
    }
    if values.pop("expertise"):
        request["proficiency_multipliers"] = [2]
    for key in ("score", "modifier", "ability", "level", "proficiency_bonus"):
        value = values.pop(key)
        if value is not None:
            request[key] = value
    return request


def _dc(value: str | None) -> str | int | None:
    if value is not None and value.lstrip("-").isdigit():
        return int(value)
    return value


def _roll_line(t: Translator, response: dict[str, Any]) -> Text:
    """The d20s: the kept one in brackets, one not used in parentheses, a Lucky
    reroll marked ``↻`` (also in plain text)."""
    line = Text("d20: ")
    for i, face in enumerate(response["d20"]):
        if i:
            line.append(" ")
        if i == response["rerolled_index"]:
            line.append(f"{face}↻", style="dim strike")
        elif i == response["kept_index"]:
            line.append(f"[{face}]", style="bold")
        else:
            line.append(f"({face})", style="dim")
    line.append(f"  {response['modifier']:+d} = ")
    line.append(str(response["total"]), style="bold")
    if response.get("rerolled_index") is not None:
        line.append("  " + t("(rerolled a natural 1 for Lucky)"), style="dim")
    return line


def _show_roll(t: Translator, response: dict[str, Any]) -> None:
    console().print(_roll_line(t, response))


def _rolling_command(name: str, action: str, help_text: str, target: str | None) -> Any:
    @click.command(name, help=help_text)
    @roller_options
    @rolling_options
    def command(seed: int | None, faces: list[int] | None, lang: str, as_json: bool,
                **values: Any) -> None:
        request: dict[str, Any] = {"system": "dnd5e", "action": action}
        goal = values.pop(target) if target else None
        request.update(_request(values))
        if goal is not None:
            request["ac" if target == "ac" else "dc"] = goal if target == "ac" else _dc(goal)
        answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
        if answered is None:
            return
        response, t = answered
        _show_roll(t, response)
        console().print(response["text"])

    if target == "ac":
        command = click.option("--ac", "--rk", "--brynja", type=click.IntRange(1, 100),
                               required=True, help="Armour class of the target.")(command)
    elif target == "dc":
        command = click.option("--dc", "--sg", "--erfidleikastig",
                               help="DC as a number or a name (meðal, hard …).")(command)
    return command


@click.group("5e")
def dnd5e() -> None:
    """D&D 5e: ability scores, checks, saves and attacks, with exact odds."""


dnd5e.add_command(_rolling_command("check", "check", "An ability check (hæfileikakast).",
                                   "dc"))
dnd5e.add_command(_rolling_command("save", "save", "A saving throw (varnarkast).", "dc"))
dnd5e.add_command(_rolling_command("attack", "attack", "An attack roll (árásarkast) against "
                                   "an AC.", "ac"))


@dnd5e.command("modifier")
@click.argument("score", type=int)
@lang_option
@json_option
def modifier_command(score: int, lang: str, as_json: bool) -> None:
    """The modifier of an ability SCORE (1–30)."""
    answered = call({"system": "dnd5e", "action": "ability_modifier", "score": score},
                    seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is not None:
        console().print(answered[0]["text"])


@dnd5e.command("passive")
@roller_options
@click.option("--dc", "--sg", "--erfidleikastig", help="DC as a number or a name.")
@lang_option
@json_option
def passive_command(dc: str | None, lang: str, as_json: bool, **values: Any) -> None:
    """A passive check: 10 + modifiers, +5 with advantage, −5 with disadvantage."""
    request = {"system": "dnd5e", "action": "passive", **_request(values)}
    if dc is not None:
        request["dc"] = _dc(dc)
    answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is not None:
        console().print(answered[0]["text"])


def _party_options(side: str) -> Callable[[F], F]:
    """The roller options of one side of a contest: ``--a-score``, ``--b-advantage`` …"""

    def decorate(f: F) -> F:
        k = f"{side}_"
        for option in reversed([
            click.option(f"--{side}-score", f"{k}score", type=click.IntRange(1, 30),
                         help="Ability score 1–30."),
            click.option(f"--{side}-modifier", f"{k}modifier", type=int,
                         help="Ability modifier instead."),
            click.option(f"--{side}-ability", f"{k}ability", help="Which ability."),
            click.option(f"--{side}-proficient", f"{k}proficient", is_flag=True,
                         help="Add the proficiency bonus (once)."),
            click.option(f"--{side}-level", f"{k}level", type=click.IntRange(1, 20),
                         help="Character level for the proficiency bonus."),
            click.option(f"--{side}-proficiency-bonus", f"{k}proficiency_bonus",
                         type=click.IntRange(0, 20),
                         help="Proficiency bonus given directly (monsters)."),
            click.option(f"--{side}-expertise", f"{k}expertise", is_flag=True,
                         help="Double the proficiency bonus."),
            click.option(f"--{side}-bonus", f"{k}bonuses", type=int, multiple=True,
                         help="Another bonus or penalty (repeatable)."),
            click.option(f"--{side}-advantage", f"{k}advantage", count=True,
                         help="A source of advantage (repeatable)."),
            click.option(f"--{side}-disadvantage", f"{k}disadvantage", count=True,
                         help="A source of disadvantage (repeatable)."),
            click.option(f"--{side}-lucky", f"{k}lucky", is_flag=True,
                         help="Lucky: reroll one natural 1."),
        ]):
            f = option(f)
        return f

    return decorate


def _side(values: dict[str, Any], side: str) -> dict[str, Any]:
    prefix = f"{side}_"
    mine = {key[len(prefix):]: values.pop(key) for key in list(values) if key.startswith(prefix)}
    return _request(mine)


@dnd5e.command("contest")
@_party_options("a")
@_party_options("b")
@rolling_options
def contest_command(seed: int | None, faces: list[int] | None, lang: str, as_json: bool,
                    **values: Any) -> None:
    """A contest (keppni) between A and B: both roll, the higher total wins."""
    request = {"system": "dnd5e", "action": "contest", "a": _side(values, "a"),
               "b": _side(values, "b")}
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    for side in ("a", "b"):
        line = Text(f"{side.upper()}: ")
        line.append_text(_roll_line(t, response[side]))
        out.print(line)
    out.print(response["text"])
    chances = response["probabilities"]
    out.print(t("Chances: A wins {a}, B wins {b}, tie {tie}", a=t.percent(chances["a"]),
                b=t.percent(chances["b"]), tie=t.percent(chances["tie"])))


@dnd5e.command("dc")
@click.argument("difficulty")
@lang_option
@json_option
def dc_command(difficulty: str, lang: str, as_json: bool) -> None:
    """The DC of a typical DIFFICULTY (mjög létt, létt, meðal, erfitt, mjög erfitt,
    nær ómögulegt, or in English)."""
    answered = call({"system": "dnd5e", "action": "dc", "difficulty": difficulty},
                    seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is not None:
        console().print(answered[0]["text"])
