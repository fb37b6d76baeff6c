"""Named values (difficulties, degrees, ranks, abilities) and their aliases.

A ``NameTable`` maps the canonical English snake_case name to the terms the
rulebooks use; input matching ignores case, accents and separators.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Generic, TypeVar

from regelwerk.i18n import normalise_name

__all__ = ["NameTable"]

V = TypeVar("V")


class NameTable(Generic[V]):
    """Canonical names with their aliases and values."""

    __slots__ = ("_first_alias", "_lookup", "kind", "values")

    def __init__(
        self, kind: str, entries: Mapping[str, tuple[V, Iterable[str]]]
    ) -> None:
        self.kind = kind
        self.values: dict[str, V] = {name: value for name, (value, _) in entries.items()}
        self._lookup: dict[str, str] = {}
        self._first_alias: dict[str, str] = {}
        for name, (_, aliases) in entries.items():
            listed = tuple(aliases)
            if listed:
                self._first_alias[name] = listed[0]
            for alias in (name, *listed):
                key = normalise_name(alias)
                other = self._lookup.setdefault(key, name)
                if other != name:  # pragma: no cover - a data error caught by tests
                    raise ValueError(f"alias {alias!r} names both {other} and {name}")

    @property
    def names(self) -> tuple[str, ...]:
        """The canonical names."""
        return tuple(self.values)

    def canonical(self, text: str) -> str | None:
        """The canonical name for ``text``, or ``None``."""
        return self._lookup.get(normalise_name(text))

    def aliases(self) -> dict[str, list[str]]:
        """Every accepted spelling key by canonical name (for docs and errors)."""
        out: dict[str, list[str]] = {name: [] for name in self.values}
        for key, name in self._lookup.items():
            out[name].append(key)
        return out

    def allowed(self) -> str:
        """The canonical names, each with the rulebook's term, for error messages."""
        return ", ".join(
            f"{name} ({self._first_alias[name]})" if name in self._first_alias else name
            for name in self.values
        )
