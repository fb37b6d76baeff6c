"""Reading an affliction's stat block, German or English (the "Format" of the text):

    Arsen (Alchemistisch, Gift, Verzehr); Stufe 1; Rettungswurf ZÄH, SG 18;
    Verzögerung 10 Minuten; Maximale Wirkungsdauer 5 Minuten; Phase 1 1W4 Giftschaden
    und Kränkelnd 1 (1 Minute); Phase 2 …

Times are kept in seconds (a round is 6 seconds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from regelwerk.errors import RuleError
from regelwerk.i18n import normalise_name

__all__ = ["AfflictionBlock", "StageText", "parse_affliction", "parse_duration"]

_UNITS = {
    "runde": 6, "runden": 6, "round": 6, "rounds": 6,
    "minute": 60, "minuten": 60, "minutes": 60,
    "stunde": 3600, "stunden": 3600, "hour": 3600, "hours": 3600,
    "tag": 86400, "tage": 86400, "tagen": 86400, "day": 86400, "days": 86400,
    "woche": 604800, "wochen": 604800, "week": 604800, "weeks": 604800,
}
_SAVES = {"zah": "fortitude", "zahigkeit": "fortitude", "fortitude": "fortitude",
          "fort": "fortitude", "ref": "reflex", "reflex": "reflex", "wil": "will",
          "wille": "will", "will": "will"}
_TYPES = {"gift": "poison", "poison": "poison", "krankheit": "disease",
          "disease": "disease", "fluch": "curse", "curse": "curse",
          "strahlung": "radiation", "radiation": "radiation"}
_VIRULENT = {"ausgepragt", "virulent"}


@dataclass(frozen=True, slots=True)
class StageText:
    """One stage: its effect as written and its interval in seconds."""

    number: int
    effect: str
    interval: int | None


@dataclass(frozen=True, slots=True)
class AfflictionBlock:
    """An affliction as its stat block gives it."""

    name: str
    traits: tuple[str, ...]
    type: str
    virulent: bool
    level: int | None
    save: str | None
    dc: int | None
    onset: int | None
    max_duration: int | None
    stages: tuple[StageText, ...]


def parse_duration(text: str) -> int:
    """``10 Minuten``, ``1 minute``, ``2 Runden`` … in seconds."""
    found = re.fullmatch(r"\s*(\d+)\s+([A-Za-zÄÖÜäöüß]+)\s*", text)
    unit = _UNITS.get(found.group(2).lower()) if found else None
    if found is None or unit is None:
        raise RuleError("cannot read the duration {strip!r}: write a number and rounds, "
                        "minutes, hours, days or weeks", code="invalid_value",
                        strip=text.strip())
    return int(found.group(1)) * unit


def _field(parts: list[str], labels: str) -> str | None:
    """The text after the first part that starts with one of ``labels`` (a regex)."""
    pattern = re.compile(rf"(?:{labels})\s+(.*)", re.IGNORECASE)
    for part in parts:
        found = pattern.fullmatch(part)
        if found:
            return found.group(1).strip()
    return None


def parse_affliction(text: str) -> AfflictionBlock:
    """Read a stat block in the text's format; missing required parts are errors."""
    parts = [p.strip() for p in text.replace("\n", " ").split(";") if p.strip()]
    if not parts:
        raise RuleError("empty affliction text", code="invalid_value")
    head = re.fullmatch(r"(.+?)\s*\((.*)\)\s*", parts[0])
    name = (head.group(1) if head else parts[0]).strip()
    traits = tuple(t.strip() for t in head.group(2).split(",")) if head else ()
    keys = {normalise_name(t) for t in traits}
    kind = next((_TYPES[k] for k in keys if k in _TYPES), "other")
    level_text = _field(parts, "Stufe|Level")
    save_text = _field(parts, "Rettungswurf|Saving Throw")
    save = dc = None
    if save_text:
        dc_found = re.search(r"(?:SG|DC)\s*(\d+)", save_text)
        dc = int(dc_found.group(1)) if dc_found else None
        for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", save_text):
            save = save or _SAVES.get(normalise_name(word))
    onset = _field(parts, "Verzögerung|Verzoegerung|Onset")
    maximum = _field(parts, "Maximale Wirkungsdauer|Maximum Duration")
    stages = []
    for part in parts:
        found = re.fullmatch(r"(?:Phase|Stage)\s+(\d+)\s+(.*?)\s*(?:\(([^()]*)\))?\s*",
                             part, re.IGNORECASE)
        if found:
            interval = parse_duration(found.group(3)) if found.group(3) else None
            stages.append(StageText(int(found.group(1)), found.group(2).strip(), interval))
    if not stages:
        raise RuleError("no stages found: write 'Phase 1 … (1 Minute)' or 'Stage 1 … "
                        "(1 minute)'", code="invalid_value")
    if [s.number for s in stages] != list(range(1, len(stages) + 1)):
        raise RuleError("stages must be numbered 1, 2, 3 … in order", code="invalid_value")
    return AfflictionBlock(
        name, traits, kind, bool(keys & _VIRULENT),
        int(level_text.split()[0]) if level_text and level_text.split()[0].isdigit() else None,
        save, dc, parse_duration(onset) if onset else None,
        parse_duration(maximum) if maximum else None, tuple(stages))
