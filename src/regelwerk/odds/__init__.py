"""Exact probability building blocks shared by every game system."""

from regelwerk.odds.distribution import Distribution

__all__ = ["Distribution"]
