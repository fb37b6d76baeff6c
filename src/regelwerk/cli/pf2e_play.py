"""``regelwerk pf2e affliction``, ``counteract`` and ``turn``."""

from __future__ import annotations

from typing import Any

import click
from rich.text import Text

from regelwerk.cli.common import (
    call,
    console,
    faces_option,
    json_option,
    lang_option,
    rolling_options,
    seed_option,
)
from regelwerk.cli.pf2e import pf2e
from regelwerk.i18n import Translator

__all__ = ["affliction_command", "counteract_command", "turn_command"]

_MAX_STEPS = 100


@pf2e.command("affliction")
@click.argument("text")
@click.option("--saves", "--rettungswuerfe", "--rettungswürfe", default="",
              help="Degrees of the saves in order, the initial save first "
                   "(e.g. failure,success).")
@click.option("--modifier", type=int, help="Roll the saves with this modifier against the DC.")
@click.option("--immunity", "immunities", multiple=True,
              help="The creature's immunities (poison, disease, Gift …).")
@seed_option
@faces_option
@lang_option
def affliction_command(text: str, saves: str, modifier: int | None,
                       immunities: tuple[str, ...], seed: int | None,
                       faces: list[int] | None, lang: str) -> None:
    """Paste an affliction's stat block (TEXT) and step through its saves."""
    parsed = call({"system": "pf2e", "action": "parse_affliction", "text": text},
                  seed=None, faces=None, lang=lang, as_json=False)
    assert parsed is not None
    block = parsed[0]["affliction"]
    out = console()
    out.print(Text(parsed[0]["text"], style="bold"))
    degrees = [d.strip() for d in saves.split(",") if d.strip()]
    t = parsed[1]
    if not degrees and modifier is None:
        raise click.UsageError(t("give --saves or --modifier to roll the saves"))
    if modifier is not None and block["dc"] is None:
        raise click.UsageError(t("the stat block has no DC to roll against"))
    track: dict[str, Any] = {}
    kind = "exposure"
    rolls = 0
    for _ in range(_MAX_STEPS):
        if kind in ("exposure", "save"):
            if degrees:
                chosen = degrees.pop(0)
            elif modifier is not None:
                check = call({"system": "pf2e", "action": "check", "modifier": modifier,
                              "dc": block["dc"]},
                             seed=None if seed is None else seed + rolls,
                             faces=None if faces is None else faces[rolls:rolls + 1],
                             lang=lang, as_json=False)
                assert check is not None
                rolls += 1
                chosen = check[0]["degree"]
                out.print(Text(check[0]["text"], style="dim"))
            else:
                break
            event: dict[str, Any] = {"kind": kind, "degree": chosen}
        else:
            event = {"kind": "time", "seconds": 24 * 3600}
        answered = call({"system": "pf2e", "action": "affliction_track", "text": text,
                         "track": track, "event": event, "immunities": list(immunities)},
                        seed=None, faces=None, lang=lang, as_json=False)
        assert answered is not None
        response = answered[0]
        if "immunity" in response:
            out.print(response["text"])
            return
        track = response["track"]
        for happened in response["happened"]:
            out.print(f"• {happened['text']}")
        if track["ended"]:
            return
        due = any(h["kind"] == "save_due" for h in response["happened"])
        kind = "save" if due else "time"


@pf2e.command("counteract")
@click.option("--degree", "--erfolgsgrad", help="The degree of the counteract check.")
@click.option("--modifier", type=int, help="Roll with this modifier instead.")
@click.option("--dc", "--sg", type=int, help="The DC to roll against.")
@click.option("--level", "counteract_level", type=click.IntRange(0, 30), required=True,
              help="Your counteract level.")
@click.option("--target-level", type=click.IntRange(0, 30), required=True,
              help="The effect's counteract level.")
@rolling_options
def counteract_command(degree: str | None, modifier: int | None, dc: int | None,
                       counteract_level: int, target_level: int, seed: int | None,
                       faces: list[int] | None, lang: str, as_json: bool) -> None:
    """A counteract check: a degree given, or rolled with --modifier against --dc."""
    request: dict[str, Any] = {"system": "pf2e", "action": "counteract",
                               "counteract_level": counteract_level,
                               "target_level": target_level}
    for key, value in (("degree", degree), ("modifier", modifier), ("dc", dc)):
        if value is not None:
            request[key] = value
    answered = call(request, seed=seed, faces=faces, lang=lang, as_json=as_json)
    if answered is not None:
        console().print(answered[0]["text"])


def _step(text: str) -> dict[str, Any]:
    """``Name``, ``Name:2``, ``Name:2:Stride+Strike``, ``Name:reaction:trigger``."""
    parts = text.split(":")
    step: dict[str, Any] = {"name": parts[0].strip()}
    if len(parts) > 1 and parts[1].strip():
        cost = parts[1].strip()
        step["cost"] = int(cost) if cost.isdigit() else cost
    if len(parts) > 2 and parts[2].strip():
        if step.get("cost") in ("reaction", "free"):
            step["trigger"] = parts[2].strip()
        else:
            step["subordinate"] = [s.strip() for s in parts[2].split("+") if s.strip()]
    if step["name"].lower() in ("strike", "angriff") or "Strike" in step.get("subordinate", []):
        step["traits"] = ["attack"]
    return step


def _spent(t: Translator, spent: str) -> str:
    """What a step spent (``2 actions``, ``free``, ``12 min`` …) in the reader's words."""
    number, _, unit = spent.partition(" ")
    if number.isdigit() and unit.startswith("action"):
        return t.plural("{n} action", "{n} actions", int(number))
    if number.isdigit() and unit == "min":
        return t("{n} min", n=int(number))
    words = {"free": t("free action"), "reaction": t("reaction"),
             "quickened": t("the quickened action"), "none": t("nothing left")}
    return words.get(spent, spent)


def _problem(t: Translator, code: str) -> str:
    """A problem of a planned turn in the reader's words."""
    words = {
        "unknown_cost": t("unknown cost"),
        "one_response_per_trigger": t("only one response per trigger"),
        "reaction_needs_trigger": t("a reaction needs a trigger"),
        "no_reaction_left": t("no reaction left"),
        "no_action_left": t("no action left"),
        "activity_needs_all_actions_at_once": t("an activity needs all its actions at once"),
        "next_action_mismatch": t("the next action is not the one required"),
    }
    return words.get(code, code.replace("_", " "))


@pf2e.command("turn")
@click.option("--step", "steps", multiple=True, required=True,
              help="NAME[:COST[:SUBORDINATES|TRIGGER]], "
                   "e.g. 'Sudden Charge:2:Stride+Stride+Strike'.")
@click.option("--quickened", default="", help="Actions the quickened action may be used for.")
@click.option("--slowed", "--verlangsamt", type=click.IntRange(0, 3), default=0)
@click.option("--cannot-act", is_flag=True)
@lang_option
@json_option
def turn_command(steps: tuple[str, ...], quickened: str, slowed: int, cannot_act: bool,
                 lang: str, as_json: bool) -> None:
    """Check a planned turn against the action economy."""
    planned = [_step(s) for s in steps]
    request = {"system": "pf2e", "action": "turn", "steps": planned,
               "quickened_for": [q.strip() for q in quickened.split(",") if q.strip()],
               "slowed": slowed, "cannot_act": cannot_act}
    answered = call(request, seed=None, faces=None, lang=lang, as_json=as_json)
    if answered is None:
        return
    response, t = answered
    out = console()
    for i, (step, spent) in enumerate(zip(planned, response["spent"], strict=True)):
        penalty = response["attack_penalties"][i]
        line = Text(f"{i + 1}. {step['name']}: {_spent(t, spent)}")
        if penalty is not None:
            shown = f"{penalty:+d}"
            line.append("  (" + t("multiple attack penalty {penalty}", penalty=shown) + ")")
        bad = [p for p in response["problems"] if p["step"] == i]
        if bad:
            line.append("  ✗ " + ", ".join(_problem(t, p["code"]) for p in bad),
                        style="bold red")
        out.print(line)
    out.print(Text(response["text"], style="bold green" if response["valid"] else "bold red"))
