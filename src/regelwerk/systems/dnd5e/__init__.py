"""D&D 5e: ability scores and the d20 rolls built on them (rules/dnd5e-haefileikar.is.txt)."""
