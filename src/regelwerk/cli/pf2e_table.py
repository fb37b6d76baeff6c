"""``regelwerk pf2e initiative``, ``conditions``, ``flat``, ``falling`` and
``statistic``: what a table asks for by hand during play."""

from __future__ import annotations

from typing import Any

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
from regelwerk.cli.pf2e import modifier_fields, modifier_options, pf2e, show_breakdown
from regelwerk.i18n.terms import term

__all__ = ["conditions_command", "falling_command", "flat_command", "initiative_command",
           "statistic_command"]


def _named_value(text: str, what: str) -> tuple[str, int | None]:
    """``frightened=2`` or ``prone``."""
    name, eq, value = text.partition("=")
    if not eq:
        return name.strip(), None
    try:
        return name.strip(), int(value)
    except ValueError:
        t = cli_t()
        raise click.BadParameter(t("write NAME=NUMBER, e.g. {example} (got {text!r})",
                                   example=what, text=text)) from None


@pf2e.command("initiative")
@click.argument("participants", nargs=-1, required=True)
@rolling_options
def initiative_command(participants: tuple[str, ...], seed: int | None,
                       faces: list[int] | None, lang: str, as_json: bool) -> None:
    """Roll initiative for PARTICIPANTS, each NAME=MODIFIER, a foe with a trailing
    ':foe' (e.g. Ezren=5 Goblin=3:foe)."""
    people = []
    for text in participants:
        body, _, role = text.partition(":")
        name, modifier = _named_value(body, "Ezren=5")
        people.append({"name": name, "modifier": modifier or 0,
                       "foe": role.strip().lower() in ("foe", "feind", "gegner", "óvinur")})
    answered = call({"system": "pf2e", "action": "initiative", "participants": people},
                    seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    table = grid(title=t("Initiative"))
    table.add_column("#", justify="right")
    table.add_column(t("Name"))
    table.add_column("d20", justify="right")
    table.add_column(t("Modifier"), justify="right")
    table.add_column(t("Result"), justify="right")
    for i, who in enumerate(response["order"], 1):
        shown = Text(who["name"], style="red" if who["foe"] else "")
        if who["foe"]:
            foe = t("foe")
            shown.append(f" ({foe})", style="dim")
        table.add_row(str(i), shown, str(who["natural"]), f"{who['modifier']:+d}",
                      Text(str(who["total"]), style="bold"))
    console().print(table)


@pf2e.command("conditions")
@click.option("--has", "--hat", "--hefur", "has", multiple=True,
              help="A condition the creature has, NAME or NAME=VALUE (repeatable).")
@click.option("--gain", "--erhaelt", "--erhält", "--faer", "--fær", "gain", multiple=True,
              help="A condition it gains now, NAME or NAME=VALUE (repeatable).")
@click.option("--statistic", "--statistik", "--tolfraedi", "--tölfræði",
              help="Show the conditions' modifiers on this statistic (ac, fortitude, "
                   "reflex, will, perception, attack, skill …).")
@lang_option
@json_option
def conditions_command(has: tuple[str, ...], gain: tuple[str, ...], statistic: str | None,
                       lang: str, as_json: bool) -> None:
    """Conditions: what gaining one does, what they imply, and their modifiers
    (e.g. --has frightened=2 --gain dying=1 --statistic ac)."""

    def conditions(texts: tuple[str, ...]) -> list[dict[str, Any]]:
        out = []
        for text in texts:
            name, value = _named_value(text, "frightened=2")
            out.append({"name": name} if value is None else {"name": name, "value": value})
        return out

    request: dict[str, Any] = {"system": "pf2e", "action": "conditions",
                               "conditions": conditions(has), "gain": conditions(gain)}
    if statistic:
        request["statistic"] = statistic
    answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    out.print(response["text"])
    if statistic:
        show_breakdown(t, response)
        total = f"{response['total']:+d}"
        out.print(Text(t("Total modifier: {total}", total=total), style="bold"))


@pf2e.command("flat")
@click.argument("dcs", nargs=-1, type=click.IntRange(1, 21), required=True)
@rolling_options
def flat_command(dcs: tuple[int, ...], seed: int | None, faces: list[int] | None, lang: str,
                 as_json: bool) -> None:
    """A flat check against DC (give several DCs to roll once against all of them,
    e.g. concealed and persistent damage)."""
    request: dict[str, Any] = {"system": "pf2e", "action": "flat_check"}
    if len(dcs) == 1:
        request["dc"] = dcs[0]
    else:
        request["dcs"] = list(dcs)
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is not None:
        console().print(answered[0]["text"])


@pf2e.command("falling")
@click.argument("distance", type=click.FloatRange(0, 100_000))
@click.option("--unit", "--einheit", "--eining", type=click.Choice(["m", "ft"]), default="m",
              show_default=True, help="Metres or feet.")
@click.option("--soft", "--weich", "--mjukt", "--mjúkt", "soft_surface", is_flag=True,
              help="Landing on a soft surface (snow, hay).")
@click.option("--dived", "--gesprungen", "--stokk", is_flag=True,
              help="Dived into water on purpose.")
@click.option("--water-depth", "--wassertiefe", "--vatnsdypi", "--vatnsdýpi", type=float,
              help="Depth of the water landed in.")
@lang_option
@json_option
def falling_command(distance: float, unit: str, soft_surface: bool, dived: bool,
                    water_depth: float | None, lang: str, as_json: bool) -> None:
    """Falling damage for a fall of DISTANCE."""
    request: dict[str, Any] = {"system": "pf2e", "action": "falling_damage",
                               "distance": int(distance) if distance.is_integer() else distance,
                               "unit": unit, "soft_surface": soft_surface, "dived": dived}
    if water_depth is not None:
        request["water_depth"] = water_depth
    answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    out.print(response["text"])
    out.print(t("Lands prone: {answer}", answer=t.yes_no(response["prone"])))


_STATISTICS = ("melee_attack", "ranged_attack", "spell_attack", "spell_dc", "armor_class",
               "perception", "perception_dc", "fortitude", "reflex", "will", "save_dc",
               "skill", "skill_dc")


@pf2e.command("statistic")
@click.argument("kind", type=click.Choice(_STATISTICS))
@click.option("--level", "--stufe", "--stig", type=click.IntRange(-1, 30), required=True,
              help="The creature's level.")
@click.option("--rank", "--rang", default="trained", show_default=True,
              help="Proficiency rank: untrained, trained, expert, master, legendary "
                   "(or German).")
@click.option("--ability-modifier", "--attributsmodifikator", "abilities", multiple=True,
              help="An attribute modifier, e.g. dex=4 (repeatable).")
@click.option("--uses", "--nutzt", "--notar", "uses",
              type=click.Choice(["str", "dex", "con", "int", "wis", "cha"]),
              help="The attribute this statistic uses, where it is a choice (skills).")
@click.option("--finesse", "--finesse-waffe", is_flag=True, help="A finesse weapon.")
@click.option("--armor", "--ruestung", "--rüstung", "armor",
              help="CATEGORY[,DEX_CAP[,ITEM_BONUS]]: the armour worn, e.g. light,3,2.")
@modifier_options
@lang_option
@json_option
def statistic_command(kind: str, level: int, rank: str, abilities: tuple[str, ...],
                      uses: str | None, finesse: bool, armor: str | None, lang: str,
                      as_json: bool, **values: Any) -> None:
    """A statistic (KIND) by the formulas of the text, e.g. armor_class --level 1
    --ability-modifier dex=4 --armor light,3,2."""
    t = cli_t()
    scores = {}
    for text in abilities:
        name, value = _named_value(text, "dex=4")
        scores[name.lower()] = value or 0
    request: dict[str, Any] = {"system": "pf2e", "action": "statistic", "kind": kind,
                               "level": level, "rank": rank, "abilities": scores,
                               "finesse": finesse}
    if uses:
        request["ability"] = uses
    if armor:
        parts = [p.strip() for p in armor.split(",")]
        try:
            fields: dict[str, Any] = {"category": parts[0]}
            if len(parts) > 1 and parts[1]:
                fields["dex_cap"] = int(parts[1])
            if len(parts) > 2 and parts[2]:
                fields["item_bonus"] = int(parts[2])
        except ValueError:
            raise click.BadParameter(t("write CATEGORY,DEX_CAP,ITEM_BONUS, e.g. light,3,2"),
                                     param_hint="--armor") from None
        request["armor"] = fields
    typed = modifier_fields(values, t)
    if "modifiers" in typed:
        request["modifiers"] = typed["modifiers"]
    answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    show_breakdown(t, response)
    what = t("DC") if response["is_dc"] else t("modifier")
    shown = str(response["value"]) if response["is_dc"] else f"{response['value']:+d}"
    console().print(Text(f"{term(t, response['kind'])} ({what}): {shown}", style="bold"))
