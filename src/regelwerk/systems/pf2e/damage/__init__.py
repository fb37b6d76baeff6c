"""Damage (Schaden): damage rolls, damage types, immunities, weaknesses and resistances,
objects, Strike damage odds, and their protocol handlers."""
