"""Fold functions of encounter events."""

from __future__ import annotations

__all__: list[str] = []
