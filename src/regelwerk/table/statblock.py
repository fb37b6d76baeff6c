"""A PF2e creature pasted as a stat block, in German or English, read into a sheet.

It reads the lines a stat block has in both languages' bestiaries: the name and
level ("Creature 5" / "Kreatur 5"), Perception and senses ("Wahrnehmung"),
skills ("Fertigkeiten"), ability modifiers ("Str +4" / "ST +4"), AC and saves
("RK 20; REF +10, WIL +7, ZÄH +17"), HP with regeneration or fast healing,
immunities, weaknesses and resistances, speeds ("Bewegungsrate 7,5 m": metres
become feet, 1,5 m a square of 5 feet) and Strikes ("Nahkampf", "Fernkampf").
Damage types and materials are read with the protocol's terms, so "Hieb",
"Feuer" or "kaltes Eisen" work as well as "slashing", "fire" or "cold iron".
"""

from __future__ import annotations

import re
from typing import Any

from regelwerk.errors import Number
from regelwerk.i18n import normalise_name
from regelwerk.systems.pf2e.damage.damage_types import DAMAGE_TYPES
from regelwerk.systems.pf2e.health.creature_model import term
from regelwerk.table.errors import InvalidCommand

__all__ = ["parse_statblock"]

MAX_TEXT = 20_000
MAX_LINE = 600
_NUMBER = r"([-+−–]?\d+)"
_LEVEL = re.compile(r"^(?P<name>.+?)\s+(?:creature|kreatur|hazard|gefahr)\s+"
                    r"(?P<level>[-+−–]?\d+)\s*$", re.IGNORECASE)
_LABELS = {
    "perception": ("perception", "wahrnehmung"),
    "skills": ("skills", "fertigkeiten"),
    "ac": ("ac", "rk"),
    "hp": ("hp", "tp"),
    "speed": ("speed", "bewegungsrate", "bewegung"),
    "melee": ("melee", "nahkampf"),
    "ranged": ("ranged", "fernkampf"),
    "immunities": ("immunities", "immunitäten"),
    "weaknesses": ("weaknesses", "schwächen"),
    "resistances": ("resistances", "resistenzen"),
}
_ABILITIES = {"str": "str", "st": "str", "dex": "dex", "ge": "dex", "con": "con", "ko": "con",
              "int": "int", "in": "int", "wis": "wis", "we": "wis", "cha": "cha", "ch": "cha"}
_SAVES = {"fort": "fortitude", "zäh": "fortitude", "zah": "fortitude", "ref": "reflex",
          "will": "will", "wil": "will"}
_SKILLS_DE = {
    "akrobatik": "Acrobatics", "arkane kunde": "Arcana", "athletik": "Athletics",
    "handwerk": "Crafting", "täuschung": "Deception", "diplomatie": "Diplomacy",
    "einschüchtern": "Intimidation", "medizin": "Medicine", "naturkunde": "Nature",
    "okkultismus": "Occultism", "darbietung": "Performance", "religionskunde": "Religion",
    "gesellschaftskunde": "Society", "heimlichkeit": "Stealth", "überlebenskunst": "Survival",
    "diebeskunst": "Thievery",
}
_ACTION_GLYPHS = re.compile(r"\[[^\]]*\]|[◆◇⬻⬺↺]|\((?:one|two|three)[- ]actions?\)",
                            re.IGNORECASE)


def _int(text: str) -> int:
    return int(text.replace("−", "-").replace("–", "-"))


def _split(text: str, marks: str = ",;") -> list[str]:
    """Parts separated by ``marks``, not splitting inside parentheses."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += char == "("
        depth -= char == ")"
        if char in marks and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def _label(line: str) -> tuple[str, str] | None:
    lowered = line.lower()
    for key, words in _LABELS.items():
        for word in words:
            if lowered.startswith(word + " ") or lowered == word:
                return key, line[len(word):].strip()
    return None


def _defences(text: str) -> list[dict[str, Any]]:
    found = []
    for part in _split(text):
        match = re.match(r"^(?P<type>.+?)\s+(?P<value>\d+)(?:\s*\((?:except|außer)\s+"
                         r"(?P<except>[^)]+)\))?", part, re.IGNORECASE)
        if match:
            entry: dict[str, Any] = {"type": term(match["type"]), "value": int(match["value"])}
            if match["except"]:
                entry["except"] = [term(x) for x in re.split(r",|\bor\b|\boder\b",
                                                              match["except"]) if x.strip()]
            found.append(entry)
    return found


def _speeds(text: str) -> dict[str, int]:
    speeds: dict[str, int] = {}
    for part in _split(text):
        match = re.search(r"(?P<kind>[^\d]*?)\s*(?P<n>\d+(?:[.,]\d+)?)\s*"
                          r"(?P<unit>feet|ft|fu(?:ß|ss)|m)\b", part, re.IGNORECASE)
        if not match:
            continue
        value = float(match["n"].replace(",", "."))
        feet = round(value / 1.5 * 5) if match["unit"].lower() == "m" else round(value)
        kind = normalise_name(match["kind"]) or "land"
        kind = {"fliegen": "fly", "flug": "fly", "schwimmen": "swim", "klettern": "climb",
                "graben": "burrow"}.get(kind, kind)
        speeds[kind] = feet
    return speeds


def _strike(text: str, melee: bool) -> dict[str, Any]:
    text = _ACTION_GLYPHS.sub("", text).strip()
    match = re.match(r"^(?P<name>.+?)\s+" + _NUMBER + r"\s*(?:\[[^\]]*\])?\s*"
                     r"(?:\((?P<traits>[^)]*)\))?\s*,?\s*(?:damage|schaden)\s+(?P<damage>.+)$",
                     text, re.IGNORECASE)
    if not match:
        raise InvalidCommand("a Strike line is not readable: {line} (expected "
                             "'name +modifier (traits), Damage 1d6+2 slashing')",
                             line=repr(text[:80]))
    damage = match["damage"].strip().rstrip(".")
    dice = re.match(r"^(?P<dice>\d+\s*[dDwW]\s*\d+(?:\s*[+-]\s*\d+)?)\s+(?P<type>[^\s,;]+)",
                    damage)
    if not dice:
        raise InvalidCommand("damage {damage} is not dice and a type (e.g. 2d8+4 "
                             "piercing)", damage=repr(damage[:40]))
    notation = re.sub(r"\s+", "", dice["dice"]).replace("W", "d").replace("w", "d")
    kind = DAMAGE_TYPES.canonical(dice["type"]) or term(dice["type"])
    traits = [t.strip() for t in (match["traits"] or "").split(",") if t.strip()]
    if not melee and "ranged" not in traits:
        traits.append("ranged")
    return {"name": match["name"].strip(), "modifier": _int(match[2]), "damage": notation,
            "type": kind, "traits": traits}


def _hp(text: str, sheet: dict[str, Any]) -> None:
    first, *labelled = _split(text, ";") or [""]
    parts = _split(first, ",") or [""]
    points = re.match(r"\d+", parts[0])
    if points is None:
        raise InvalidCommand("the HP line has no number (e.g. 'HP 115, regeneration 20' "
                             "or 'TP 115')")
    sheet["hp"] = sheet["max_hp"] = int(points.group())
    for segment in labelled:
        key = _label(segment)
        if key is not None:
            _apply(key, sheet)
    for part in parts[1:]:
        key = _label(part)
        if key is not None:
            _apply(key, sheet)
            continue
        regen = re.match(r"(?:regeneration|regeneration)\s+(\d+)(?:\s*\((?:deactivated by|"
                         r"deaktiviert durch)\s+([^)]+)\))?", part, re.IGNORECASE)
        if regen:
            sheet["regeneration"] = int(regen[1])
            if regen[2]:
                sheet["regeneration_off_by"] = [term(x) for x in re.split(
                    r",|\bor\b|\boder\b", regen[2]) if x.strip()]
        healing = re.match(r"(?:fast healing|schnelle heilung)\s+(\d+)", part, re.IGNORECASE)
        if healing:
            sheet["fast_healing"] = int(healing[1])


def _apply(labelled: tuple[str, str], sheet: dict[str, Any]) -> None:
    key, rest = labelled
    if key == "perception":
        first, *senses = _split(rest) or [""]
        number = re.search(_NUMBER, first)
        if number is None:
            raise InvalidCommand("the Perception line has no modifier (e.g. "
                                 "'Perception +11; darkvision' or 'Wahrnehmung +11')")
        sheet["perception"] = _int(number.group(1))
        sheet["senses"] = senses
    elif key == "skills":
        for part in _split(rest):
            match = re.match(r"^(?P<name>.+?)\s+" + _NUMBER, part)
            if match:
                name = match["name"].strip()
                sheet["skills"][_SKILLS_DE.get(name.lower(), name)] = _int(match[2])
    elif key == "ac":
        parts = _split(rest) or [""]
        armour = re.match(r"\d+", parts[0])
        if armour is None:
            raise InvalidCommand("the AC line has no number (e.g. 'AC 16; Fort +5' or "
                                 "'RK 20; ZÄH +17')")
        sheet["ac"] = int(armour.group())
        for part in parts[1:]:
            match = re.match(r"^(?P<save>\w+)\.?\s+" + _NUMBER, part)
            if match and match["save"].lower() in _SAVES:
                sheet["saves"][_SAVES[match["save"].lower()]] = _int(match[2])
    elif key == "hp":
        _hp(rest, sheet)
    elif key == "speed":
        sheet["speeds"] = _speeds(rest)
    elif key in ("melee", "ranged"):
        sheet["strikes"].append(_strike(rest, key == "melee"))
    elif key == "immunities":
        sheet["immunities"] = [term(x) for x in _split(rest)]
    else:
        sheet[key] = _defences(rest)


def parse_statblock(text: str) -> tuple[str, dict[str, Any]]:
    """The creature's name and its PF2e sheet; ``InvalidCommand`` says what is missing."""
    if len(text) > MAX_TEXT:
        raise InvalidCommand("a stat block has at most {limit} characters", limit=Number(MAX_TEXT))
    lines = [re.sub(r"\s+", " ", line).strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if any(len(line) > MAX_LINE for line in lines):
        raise InvalidCommand("a stat block line has at most {limit} characters",
                             limit=Number(MAX_LINE))
    if not lines:
        raise InvalidCommand("the stat block is empty")
    name, level = lines[0], 0
    match = _LEVEL.match(lines[0])
    if match:
        name, level = match["name"].strip(), _int(match["level"])
    sheet: dict[str, Any] = {"level": level, "abilities": {}, "saves": {}, "skills": {},
                             "strikes": [], "traits": []}
    if len(lines) > 1 and not _label(lines[1]):
        sheet["traits"] = [t for t in lines[1].split(" ") if t]
    for line in lines[1:]:
        labelled = _label(line)
        if labelled is not None:
            _apply(labelled, sheet)
            continue
        abilities = re.findall(r"\b(str|dex|con|int|wis|cha|st|ge|ko|in|we|ch)\s+" + _NUMBER,
                               line, re.IGNORECASE)
        if len(abilities) >= 6:
            sheet["abilities"] = {_ABILITIES[a.lower()]: _int(v) for a, v in abilities}
    missing = [label for label, key in (("AC/RK", "ac"), ("HP/TP", "hp"),
                                        ("Perception/Wahrnehmung", "perception"))
               if key not in sheet]
    if missing:
        raise InvalidCommand("the stat block lacks {missing}: paste the whole block, from "
                             "the name line to the Strikes", missing=", ".join(missing))
    return name, sheet
