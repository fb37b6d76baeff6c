"""Schadensarten and their categories, with the book's German names.

Körperlicher Schaden (physical): Wucht-, Stich-, Hiebschaden, and Gift- and
Blutungsschaden, which are physical too; Energieschaden: Säure, Kälte, Elektrizität,
Feuer, Schall, Positiv, Negativ, Kraft; Gesinnungsschaden: Chaotisch, Böse, Gut,
Rechtschaffen; Mentaler Schaden.  Precision damage is not a type of its own: it adds
to the attack's type.  Materials (silver, cold iron …) and "magical" are traits of
the damage.
"""

from __future__ import annotations

from collections.abc import Iterable

from regelwerk.protocol.names import NameTable

__all__ = ["ALIGNMENT_OPPOSITE", "CATEGORY_OF", "DAMAGE_TERMS", "DAMAGE_TYPES", "TYPE_TERMS",
           "attack_traits"]

DAMAGE_TYPES: NameTable[str] = NameTable(
    "damage type",
    {
        "bludgeoning": ("physical", ("Wucht", "Wuchtschaden")),
        "piercing": ("physical", ("Stich", "Stichschaden")),
        "slashing": ("physical", ("Hieb", "Hiebschaden")),
        "poison": ("physical", ("Gift", "Giftschaden")),
        "bleed": ("physical", ("Blutung", "Blutungsschaden")),
        "acid": ("energy", ("Säure", "Säureschaden")),
        "cold": ("energy", ("Kälte", "Kälteschaden")),
        "electricity": ("energy", ("Elektrizität", "Elektrizitätsschaden")),
        "fire": ("energy", ("Feuer", "Feuerschaden")),
        "sonic": ("energy", ("Schall", "Schallschaden")),
        "positive": ("energy", ("Positiv", "Positiver Energieschaden", "vitality")),
        "negative": ("energy", ("Negativ", "Negativer Energieschaden", "void")),
        "force": ("energy", ("Kraft", "Kraftschaden")),
        "chaotic": ("alignment", ("Chaotisch", "Chaotischer Schaden")),
        "evil": ("alignment", ("Böse", "Böser Schaden")),
        "good": ("alignment", ("Gut", "Guter Schaden")),
        "lawful": ("alignment", ("Rechtschaffen", "Rechtschaffener Schaden")),
        "mental": ("mental", ("Mental", "Mentaler Schaden")),
    },
)
"""Each damage type with its category."""

CATEGORY_OF: dict[str, str] = dict(DAMAGE_TYPES.values)

TYPE_TERMS: frozenset[str] = frozenset(CATEGORY_OF) | frozenset(CATEGORY_OF.values())
"""The names of damage types and their categories: a defence naming one of them
matches damage of that type, never an instance's trait of the same name."""

ALIGNMENT_OPPOSITE = {"evil": "good", "good": "evil", "chaotic": "lawful", "lawful": "chaotic"}
""""Böser Schaden verletzt nur gute Kreaturen, Chaotischer Schaden verletzt nur
rechtschaffene Kreaturen, Guter Schaden verletzt nur böse Kreaturen und
Rechtschaffener Schaden verletzt nur chaotische Kreaturen." """

DAMAGE_TERMS: NameTable[str] = NameTable(
    "damage type, category, trait or material",
    {
        **{name: (name, aliases) for name, aliases in DAMAGE_TYPES.aliases().items()},
        "physical": ("physical", ("Körperlich", "Körperlicher Schaden")),
        "energy": ("energy", ("Energie", "Energieschaden")),
        "alignment": ("alignment", ("Gesinnung", "Gesinnungsschaden")),
        "all": ("all", ("alle", "alle Arten", "all damage")),
        "precision": ("precision", ("Präzision", "Präzisionsschaden")),
        "magical": ("magical", ("magisch",)),
        "nonlethal": ("nonlethal", ("nichttödlich",)),
        "critical_hits": ("critical_hits", ("Kritische Treffer", "critical hits")),
        "silver": ("silver", ("Silber", "silbern")),
        "cold_iron": ("cold_iron", ("Kaltes Eisen", "kalteisen")),
        "adamantine": ("adamantine", ("Adamant",)),
        "mithral": ("mithral", ("Mithral",)),
        "orichalcum": ("orichalcum", ("Orichalkum",)),
        "darkwood": ("darkwood", ("Dunkelholz",)),
        "death": ("death", ("Tod", "Todeseffekt")),
    },
)
"""Terms a weakness, resistance or immunity may name (other trait words pass as given)."""


def attack_traits(types: Iterable[str], traits: Iterable[str] = ()) -> list[str]:
    """"Wenn ein Angriff Schaden einer bestimmten Schadensart zufügt, dann erhält der
    Angriff auch die entsprechende Kategorie." — the attack's traits: its own and the
    types of damage it deals."""
    return sorted(set(traits) | set(types))
