"""Sheets for the PF2e encounter tests."""

from __future__ import annotations

from typing import Any

VALEROS: dict[str, Any] = {
    "level": 3, "perception": 7, "ac": 18,
    "saves": {"fortitude": 9, "reflex": 7, "will": 6}, "skills": {"Athletics": 9},
    "hp": 40, "max_hp": 40,
    "strikes": [{"name": "Longsword", "modifier": 10, "damage": "1d8+4", "type": "slashing",
                 "traits": ["versatile p"]},
                {"name": "Dagger", "modifier": 9, "damage": "1d4+4", "type": "piercing",
                 "traits": ["agile", "finesse"]}]}
TROLL: dict[str, Any] = {
    "level": 5, "perception": 11, "ac": 20,
    "saves": {"fortitude": 17, "reflex": 10, "will": 7}, "skills": {"Athletics": 14},
    "hp": 115, "max_hp": 115, "weaknesses": [{"type": "fire", "value": 5}],
    "regeneration": 20, "regeneration_off_by": ["acid", "fire"],
    "strikes": [{"name": "Jaws", "modifier": 14, "damage": "2d10+6", "type": "piercing",
                 "traits": ["reach 10 feet"]}]}
GOBLIN: dict[str, Any] = {
    "level": -1, "perception": 2, "ac": 16, "saves": {"fortitude": 5, "reflex": 7, "will": 3},
    "skills": {"Stealth": 7}, "hp": 6, "max_hp": 6, "dies_at_zero": True,
    "strikes": [{"name": "Dogslicer", "modifier": 8, "damage": "1d6", "type": "slashing",
                 "traits": ["agile", "backstabber", "finesse"]}]}
