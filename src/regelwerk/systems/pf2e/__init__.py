"""Pathfinder 2e, chapter 9 "Spielregeln" (rules/pf2e-kapitel-9-spielregeln.de.txt)."""
