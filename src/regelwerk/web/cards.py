"""Characters, creatures and hazards as one member may see them (from that
member's filtered state)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk.table.service import Viewer
from regelwerk.web.event_text import Names

__all__ = ["Card", "cards", "names_of"]


@dataclass(frozen=True, slots=True)
class Card:
    """A character, creature or hazard as this viewer may see it."""

    id: str
    name: str
    kind: str
    owner: str
    hidden: bool
    mine: bool
    """The viewer may act for it (the game master for all, a player for their own)."""
    health: Mapping[str, Any]
    """Exact (``hp``, ``max_hp``, ``temp_hp``, …) or only an ``estimate``."""
    conditions: tuple[tuple[str, int], ...]
    sheet: Mapping[str, Any] | None
    statistics: tuple[str, ...]
    """What a check of it can name (Perception, saves, skills; W6 attributes)."""

    @property
    def exact(self) -> bool:
        return "hp" in self.health

    @property
    def hp_share(self) -> int:
        """Hit points left in percent of the maximum (for the bar)."""
        top = max(int(self.health.get("max_hp", 1) or 1), 1)
        return max(0, min(100, round(100 * int(self.health.get("hp", 0)) / top)))

    @property
    def temp_share(self) -> int:
        top = max(int(self.health.get("max_hp", 1) or 1), 1)
        return max(0, min(100, round(100 * int(self.health.get("temp_hp", 0) or 0) / top)))


def names_of(state: Mapping[str, Any]) -> Names:
    """Member and character names of a (filtered) state."""
    members = state.get("members") or {}
    characters = state.get("characters") or {}
    return Names({str(k): str(v.get("name", k)) for k, v in members.items()},
                 {str(k): str(v.get("name", k)) for k, v in characters.items()})


def _statistics(system: str, sheet: Mapping[str, Any] | None) -> tuple[str, ...]:
    if not sheet:
        return ()
    if system == "pf2e":
        return ("perception", *sheet.get("saves", {}), *sheet.get("skills", {}))
    if system == "dnd5e":
        scores = list(sheet.get("scores", {}))
        return (*scores, *(f"{a}_save" for a in scores))
    return tuple(sheet.get("attributes", {}))


def cards(state: Mapping[str, Any], viewer: Viewer, names: Names) -> tuple[Card, ...]:
    """The characters of the state, the viewer's own first."""
    out = []
    system = str(state.get("system", ""))
    for cid, c in (state.get("characters") or {}).items():
        mine = viewer.role == "gm" or c.get("owner") == viewer.member_id
        sheet = c.get("sheet")
        out.append(Card(
            id=str(cid), name=str(c.get("name", cid)), kind=str(c.get("kind", "character")),
            owner=names.member(c["owner"]) if c.get("owner") else "",
            hidden=bool(c.get("hidden")), mine=mine, health=c.get("health") or {},
            conditions=tuple(sorted((str(k), int(v)) for k, v in
                                    (c.get("conditions") or {}).items())),
            sheet=sheet if isinstance(sheet, Mapping) else None,
            statistics=_statistics(system, sheet if mine else None),
        ))
    own = [card for card in out if card.mine and viewer.role != "gm"]
    return tuple(own + [card for card in out if card not in own])
