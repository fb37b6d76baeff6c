"""``regelwerk pf2e damage`` and ``regelwerk pf2e creature``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.table import Table
from rich.text import Text

from regelwerk.cli.common import (
    call,
    cli_t,
    console,
    faces_option,
    json_option,
    lang_option,
    rolling_options,
    seed_option,
)
from regelwerk.cli.common import table as grid
from regelwerk.cli.pf2e import modifier_fields, modifier_options, pf2e
from regelwerk.errors import RegelwerkError
from regelwerk.i18n import translator

__all__ = ["creature", "creature_show", "damage_command"]


def _defence(text: str) -> dict[str, Any]:
    """``fire=5`` or ``physical=10 except silver,cold_iron``."""
    kind, _, rest = text.partition("=")
    value_text, _, exceptions = rest.partition("except")
    try:
        value = int(value_text.strip())
    except ValueError:
        t = cli_t()
        raise click.BadParameter(t("write TYPE=VALUE, e.g. fire=5 (got {text!r})",
                                   text=text)) from None
    out: dict[str, Any] = {"type": kind.strip(), "value": value}
    if exceptions.strip():
        out["except"] = [e.strip() for e in exceptions.split(",") if e.strip()]
    return out


@pf2e.command("damage")
@click.argument("dice")
@modifier_options
@click.option("--critical", "--kritisch", is_flag=True, help="A critical hit: double.")
@click.option("--roll-twice", is_flag=True, help="The GM's variant: roll the dice twice.")
@click.option("--deadly", "--critical-extra", "critical_extra",
              help="Dice only a critical hit adds, not doubled (e.g. 1d10).")
@click.option("--precision", "--praezision", "--präzision", help="Precision dice (e.g. 1d6).")
@click.option("--type", "--art", "kind", default="bludgeoning", show_default=True,
              help="Damage type (English or German).")
@click.option("--trait", "traits", multiple=True, help="magical, silver, nonlethal …")
@click.option("--immunity", "--immunitaet", "--immunität", "immunities", multiple=True,
              help="A damage type or trait the target is immune to (repeatable).")
@click.option("--weakness", "--schwaeche", "--schwäche", "weaknesses", multiple=True,
              help="TYPE=VALUE")
@click.option("--resistance", "--resistenz", "resistances", multiple=True,
              help="TYPE=VALUE [except A,B]")
@click.option("--target-trait", "target_traits", multiple=True, help="undead, evil …")
@rolling_options
def damage_command(dice: str, critical: bool, roll_twice: bool, critical_extra: str | None,
                   precision: str | None, kind: str, traits: tuple[str, ...],
                   immunities: tuple[str, ...], weaknesses: tuple[str, ...],
                   resistances: tuple[str, ...], target_traits: tuple[str, ...],
                   seed: int | None, faces: list[int] | None, lang: str, as_json: bool,
                   **values: Any) -> None:
    """Roll DICE of damage, chart its distribution, and apply it to a target."""
    t = cli_t()
    fields = modifier_fields(values, t)
    modifiers = fields.get("modifiers") or [
        {"value": fields["modifier"], "type": "untyped", "label": t("modifier")}]
    request: dict[str, Any] = {"system": "pf2e", "action": "damage_roll", "dice": dice,
                               "modifiers": modifiers, "critical": critical,
                               "roll_twice": roll_twice, "type": kind}
    if critical_extra:
        request["critical_extra"] = critical_extra
    if precision:
        request["precision"] = precision
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    out.print(Text(f"{dice}: {' '.join(map(str, response['faces']))} → ", style="cyan")
              .append(str(response["total"]), style="bold"))
    if "distribution" in response:
        peak = max(p for _, p in response["distribution"])
        chart = Table(show_header=False, box=None)
        for value, p in response["distribution"]:
            chart.add_row(str(value), t.percent(p, 2),
                          Text("█" * round(30 * p / peak), "green"))
        chart.columns[1].justify = "right"
        out.print(chart)
    else:  # over the cost budget: rolled without its odds, saying why
        out.print(Text(t("No odds: {reason}", reason=response["odds_omitted"]), style="dim"))
    out.print(response["text"])
    if immunities or weaknesses or resistances or target_traits:
        applied = call({"system": "pf2e", "action": "apply_damage", "critical": critical,
                        "damage": [{"amount": response["total"], "type": kind,
                                    "precision": response["precision"], "traits": list(traits),
                                    "critical_only": response["critical_only"]}],
                        "target": {"immunities": list(immunities),
                                   "weaknesses": [_defence(w) for w in weaknesses],
                                   "resistances": [_defence(r) for r in resistances],
                                   "traits": list(target_traits)}},
                       seed=None, faces=None, lang=lang, as_json=False)
        assert applied is not None
        for instance in applied[0]["instances"]:
            for step in instance["steps"]:
                out.print(f"  {step['text']} → {step['amount']}")
        out.print(Text(applied[0]["text"], style="bold"))


@pf2e.group("creature")
@click.argument("state", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def creature(ctx: click.Context, state: Path) -> None:
    """Apply damage, healing and recovery checks to a creature kept in a JSON file
    (STATE); `new` creates it."""
    ctx.obj = state


def _load(path: Path) -> dict[str, Any]:
    t = cli_t()
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise click.ClickException(t("{path} does not exist: create it with 'new'",
                                     path=str(path))) from None
    except json.JSONDecodeError as error:
        raise click.ClickException(t("{path} is not valid JSON: {error}", path=str(path),
                                     error=str(error))) from None
    if not isinstance(data, dict):
        raise click.ClickException(t("{path} must hold a JSON object", path=str(path)))
    return data


def _run(path: Path, action: str, lang: str, seed: int | None, faces: list[int] | None,
         **fields: Any) -> None:
    request = {"system": "pf2e", "action": action, "creature": _load(path), **fields}
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=False)
    assert answered is not None
    response, _ = answered
    path.write_text(json.dumps(response["creature"], indent=2) + "\n", "utf-8")
    console().print(response["text"])


@creature.command("new")
@click.option("--hp", type=click.IntRange(1, 1_000_000), required=True)
@click.option("--hero-points", type=click.IntRange(0, 3), default=1, show_default=True)
@click.option("--dies-at-zero", is_flag=True, help="A foe that dies at 0 HP.")
@click.pass_obj
def new_command(path: Path, hp: int, hero_points: int, dies_at_zero: bool) -> None:
    """Create the state file for a creature at full HP."""
    state = {"hp": hp, "max_hp": hp, "hero_points": hero_points, "dies_at_zero": dies_at_zero}
    path.write_text(json.dumps(state, indent=2) + "\n", "utf-8")
    console().print(f"{path}: {hp}/{hp}")


@creature.command("show")
@lang_option
@json_option
@click.pass_obj
def creature_show(path: Path, lang: str, as_json: bool) -> None:
    """Show the creature: hit points, temporary HP, dying, wounded, doomed, hero
    points and its conditions."""
    from pydantic import ValidationError

    from regelwerk.systems.pf2e.health.creature_model import CreatureFields

    t = translator(lang)
    try:
        creature = CreatureFields.model_validate(_load(path)).model_dump()
    except (ValidationError, RegelwerkError) as error:
        raise click.ClickException(t("{path} is not a creature: {error}", path=str(path),
                                     error=str(error).splitlines()[0])) from None
    if as_json:
        click.echo(json.dumps(creature, ensure_ascii=False))
        return
    table = grid(title=str(path), show_header=False)
    rows = [
        (t("Hit points"), f"{creature['hp']}/{creature['max_hp']}"),
        (t("Temporary hit points"), str(creature.get("temp_hp", 0))),
        (t("Dying"), str(creature.get("dying", 0))),
        (t("Wounded"), str(creature.get("wounded", 0))),
        (t("Doomed"), str(creature.get("doomed", 0))),
        (t("Hero points"), str(creature.get("hero_points", 0))),
        (t("Unconscious"), t.yes_no(bool(creature.get("unconscious")))),
        (t("Dead"), t.yes_no(bool(creature.get("dead")))),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console().print(table)


@creature.command("damage")
@click.argument("amount", type=click.IntRange(0, 1_000_000))
@click.option("--critical", is_flag=True)
@click.option("--nonlethal", is_flag=True)
@click.option("--avoid-death", is_flag=True, help="Spend all hero points if dying would rise.")
@lang_option
@click.pass_obj
def creature_damage(path: Path, amount: int, critical: bool, nonlethal: bool,
                    avoid_death: bool, lang: str) -> None:
    """Take AMOUNT damage."""
    _run(path, "damage_creature", lang, None, None, amount=amount, critical=critical,
         nonlethal=nonlethal, avoid_death=avoid_death)


@creature.command("heal")
@click.argument("amount", type=click.IntRange(0, 1_000_000))
@click.option("--treat-wounds", is_flag=True, help="Healing by Treat Wounds ends wounded.")
@lang_option
@click.pass_obj
def creature_heal(path: Path, amount: int, treat_wounds: bool, lang: str) -> None:
    """Heal AMOUNT hit points."""
    _run(path, "heal_creature", lang, None, None, amount=amount, treat_wounds=treat_wounds)


@creature.command("recover")
@click.option("--avoid-death", is_flag=True)
@seed_option
@faces_option
@lang_option
@click.pass_obj
def creature_recover(path: Path, avoid_death: bool, seed: int | None,
                     faces: list[int] | None, lang: str) -> None:
    """A recovery check at the start of the turn while dying."""
    _run(path, "recovery_check", lang, seed, faces, avoid_death=avoid_death)


@creature.command("heroic-recovery")
@lang_option
@click.pass_obj
def creature_heroic(path: Path, lang: str) -> None:
    """Spend all hero points to stabilise at 0 HP."""
    _run(path, "heroic_recovery", lang, None, None)
