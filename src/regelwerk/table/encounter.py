"""Encounter commands (filled in by the encounter modules)."""
