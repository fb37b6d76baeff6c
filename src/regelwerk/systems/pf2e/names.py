"""The named values of pf2e with the book's German terms."""

from __future__ import annotations

from regelwerk.protocol.names import NameTable

__all__ = ["DEGREES", "MODIFIER_TYPES", "RANKS"]

DEGREES: NameTable[int] = NameTable(
    "degree of success",
    {
        "critical_failure": (0, ("Kritischer Fehlschlag", "Patzer", "crit fail")),
        "failure": (1, ("Fehlschlag",)),
        "success": (2, ("Erfolg",)),
        "critical_success": (3, ("Kritischer Erfolg", "Kritischer Treffer", "crit")),
    },
)
"""Erfolgsgrade, worst to best."""

RANKS: NameTable[int] = NameTable(
    "proficiency rank",
    {
        "untrained": (0, ("Ungeübt",)),
        "trained": (2, ("Geübt",)),
        "expert": (4, ("Experte",)),
        "master": (6, ("Meister",)),
        "legendary": (8, ("Legende",)),
    },
)
"""Kompetenzgrade and what they add to the level (untrained adds nothing at all)."""

MODIFIER_TYPES: NameTable[str] = NameTable(
    "modifier type",
    {
        "ability": ("ability", ("Attributsmodifikator", "Attribut", "attribute")),
        "proficiency": ("proficiency", ("Kompetenzbonus", "Kompetenz")),
        "item": ("item", ("Gegenstandsbonus", "Gegenstandsmalus", "Gegenstand")),
        "circumstance": ("circumstance", ("Situationsbonus", "Situationsmalus", "Situation")),
        "status": ("status", ("Zustandsbonus", "Zustandsmalus", "Zustand")),
        "untyped": ("untyped", ("Kategorielos", "Kategorieloser Malus", "none")),
    },
)
"""Modifier, bonus and penalty types (Bonusarten)."""
