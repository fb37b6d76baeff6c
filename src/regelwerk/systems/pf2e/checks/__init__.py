"""Checks (Würfe): modifiers, proficiency, degrees of success, attack rolls, saves,
statistics, and their protocol handlers."""
