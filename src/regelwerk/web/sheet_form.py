"""A character sheet from the page's form, per game system.

The form asks in plain words (``Athletics +7`` per line, ``Shortsword +7 1d6
piercing agile``); this module turns them into the sheet JSON that the table
service validates with the system's own models (its errors reach the page).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from regelwerk.errors import translatable

__all__ = ["SheetFormError", "sheet_from_form"]

_PAIR = re.compile(r"^\s*(?P<name>[^:=+\-\d][^:=]*?)\s*[:=]?\s*(?P<value>[+-]?\d+)\s*$")
_STRIKE = re.compile(
    r"^\s*(?P<name>.+?)\s+(?P<modifier>[+-]\d+)\s+(?P<damage>\S+)\s*(?P<type>[^\s,]+)?"
    r"\s*(?P<traits>.*)$")


class SheetFormError(ValueError):
    """A line of the form that does not read; the message quotes it.  ``said(t)``
    gives it in ``t``'s language (an English template with values)."""

    def __init__(self, template: str, /, **values: object) -> None:
        super().__init__(template.format(**values))
        self.template = template
        self.values = values

    def said(self, t: Callable[..., str]) -> str:
        """The message in the language of the translator ``t``."""
        return t(self.template, **self.values)


def _int(form: Mapping[str, str], key: str, default: int | None = None) -> int | None:
    text = form.get(key, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise SheetFormError(translatable("{field}: {text} is not a whole number"), field=key,
                             text=repr(text)) from None


def _pairs(text: str, field: str) -> dict[str, int]:
    """``Name +7`` or ``Name: 7`` per line (or separated by commas)."""
    out: dict[str, int] = {}
    for part in re.split(r"[\n,;]", text):
        if not part.strip():
            continue
        found = _PAIR.match(part)
        if found is None:
            raise SheetFormError(translatable("{field}: {text} is not 'name +number'"),
                                 field=field, text=repr(part.strip()))
        out[found["name"].strip()] = int(found["value"])
    return out


def _words(text: str) -> list[str]:
    return [w.strip() for w in re.split(r"[\n,;]", text) if w.strip()]


def _strikes(text: str) -> list[dict[str, Any]]:
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        found = _STRIKE.match(line)
        if found is None:
            raise SheetFormError(translatable("{field}: {text} is not 'name +modifier damage "
                                              "type traits'"), field="strikes",
                                 text=repr(line.strip()))
        strike: dict[str, Any] = {"name": found["name"], "modifier": int(found["modifier"]),
                                  "damage": found["damage"]}
        if found["type"]:
            strike["type"] = found["type"]
        if found["traits"].strip():
            strike["traits"] = _words(found["traits"].replace(" ", ","))
        out.append(strike)
    return out


def _pf2e(form: Mapping[str, str]) -> dict[str, Any]:
    hp = _int(form, "hp", 1)
    sheet: dict[str, Any] = {
        "level": _int(form, "level", 1), "perception": _int(form, "perception", 0),
        "ac": _int(form, "ac", 10), "hp": hp, "max_hp": _int(form, "max_hp", hp),
        "saves": {k: v for k in ("fortitude", "reflex", "will")
                  if (v := _int(form, k)) is not None},
        "skills": _pairs(form.get("skills", ""), "skills"),
        "strikes": _strikes(form.get("strikes", "")),
        "immunities": _words(form.get("immunities", "")),
        "senses": _words(form.get("senses", "")),
    }
    hero = _int(form, "hero_points")
    if hero is not None:
        sheet["hero_points"] = hero
    return sheet


def _dnd5e(form: Mapping[str, str]) -> dict[str, Any]:
    scores = {k: v for k in ("strength", "dexterity", "constitution", "intelligence",
                             "wisdom", "charisma") if (v := _int(form, k)) is not None}
    hp = _int(form, "hp", 1)
    return {"scores": scores, "level": _int(form, "level", 1), "hp": hp,
            "max_hp": _int(form, "max_hp", hp), "ac": _int(form, "ac", 10),
            "proficiencies": [w.lower().replace(" ", "_")
                              for w in _words(form.get("proficiencies", ""))],
            "lucky": form.get("lucky") in ("on", "true", "1")}


def _w6(form: Mapping[str, str]) -> dict[str, Any]:
    return {"attributes": _pairs(form.get("attributes", ""), "attributes"),
            "skills": _pairs(form.get("skills", ""), "skills"),
            "tools": _pairs(form.get("tools", ""), "tools")}


def sheet_from_form(system: str, form: Mapping[str, str]) -> dict[str, Any]:
    """The sheet of ``system`` the form describes (checked later by the service)."""
    if system == "pf2e":
        return _pf2e(form)
    if system == "dnd5e":
        return _dnd5e(form)
    return _w6(form)
