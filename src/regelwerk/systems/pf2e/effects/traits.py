"""Effect categories (Kategorien) an immunity may name, with the book's German words:
"Wenn du Immunität gegen Effekte einer bestimmten Kategorie hast (z.B. Todeseffekte,
Gifte oder Krankheiten), dann kann dich kein Effekt dieser Kategorie betreffen."
Other trait words pass through in snake_case."""

from __future__ import annotations

from regelwerk.protocol.names import NameTable

__all__ = ["EFFECT_TRAITS", "effect_trait"]

EFFECT_TRAITS: NameTable[str] = NameTable("effect category", {
    "death": ("death", ("Tod", "Todeseffekt", "Todeseffekte", "dauði")),
    "poison": ("poison", ("Gift", "Gifte", "eitur")),
    "disease": ("disease", ("Krankheit", "Krankheiten", "sjúkdómur")),
    "curse": ("curse", ("Fluch", "Flüche", "bölvun")),
    "radiation": ("radiation", ("Strahlung",)),
    "fear": ("fear", ("Furcht", "ótti")),
    "emotion": ("emotion", ("Emotion", "Gefühl")),
    "mental": ("mental", ("Geist", "geistig")),
    "sleep": ("sleep", ("Schlaf",)),
    "visual": ("visual", ("Visuell",)),
    "auditory": ("auditory", ("Akustisch", "Hörbar")),
    "nonlethal": ("nonlethal", ("Nichttödlich",)),
    "polymorph": ("polymorph", ("Verwandlung",)),
    "possession": ("possession", ("Besessenheit",)),
    "fire": ("fire", ("Feuer",)),
    "cold": ("cold", ("Kälte",)),
    "electricity": ("electricity", ("Elektrizität",)),
    "acid": ("acid", ("Säure",)),
    "sonic": ("sonic", ("Schall",)),
    "magical": ("magical", ("magisch", "Magisch")),
})
"""Categories of effects by their English name."""


def effect_trait(text: str) -> str:
    """A category's canonical name; other words in snake_case."""
    name = EFFECT_TRAITS.canonical(text)
    return name if name is not None else text.strip().lower().replace(" ", "_").replace("-", "_")
