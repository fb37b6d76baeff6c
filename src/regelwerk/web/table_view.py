"""A table as one member's page shows it, built from that member's filtered state
and events (the service filtered them; nothing here can reveal more)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from regelwerk.i18n import Translator
from regelwerk.table.service import Viewer
from regelwerk.web.event_text import HIDDEN_KINDS, Names, labels
from regelwerk.web.log_view import LogEntry, entry, matches

__all__ = ["LOG_LIMIT", "Card", "TableView", "cards", "names_of", "table_view"]

LOG_LIMIT = 300
"""The newest entries a page shows at first (the export holds them all)."""


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


@dataclass(frozen=True, slots=True)
class TableView:
    table_id: str
    name: str
    system: str
    lang: str
    viewer: Viewer
    state: Mapping[str, Any]
    members: tuple[tuple[str, str, str], ...]
    """Each member's id, name and role."""
    invitations: tuple[tuple[str, bool], ...]
    """The game master's invitations: id and whether revoked."""
    cards: tuple[Card, ...]
    log: tuple[LogEntry, ...]
    last_sequence: int
    kinds: tuple[tuple[str, str], ...]
    """Every event kind in the log with its label, for the log filter."""
    actors: tuple[str, ...]
    fair: Mapping[str, Any]
    chosen: Mapping[str, str] = field(default_factory=dict)
    """The log filter: ``kind``, ``actor``, ``q``."""

    @property
    def is_gm(self) -> bool:
        return self.viewer.role == "gm"

    @property
    def mine(self) -> tuple[Card, ...]:
        """The cards the viewer acts for."""
        return tuple(card for card in self.cards if card.mine)

    @property
    def sigs(self) -> dict[str, str]:
        """What each form section of the page is drawn from; the page reloads a
        section (and so resets its form) only when this changes."""
        return {
            "check": ",".join(f"{c.id}:{c.name}:{len(c.statistics)}" for c in self.mine),
            "add": ",".join(member_id for member_id, _, _ in self.members),
            "tools": ",".join([*(c.id for c in self.cards if c.hidden),
                               *(f"{i}:{r}" for i, r in self.invitations)]),
        }


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


def table_view(viewer: Viewer, state: Mapping[str, Any], events: list[dict[str, Any]],
               t: Translator, query: Mapping[str, str]) -> TableView:
    """The page's view of the table for ``viewer``; ``query`` may filter the log."""
    names = names_of(state)
    kind_labels = labels(t)
    entries = [entry(event, names, t, kind_labels) for event in events
               if event.get("kind") not in HIDDEN_KINDS]
    chosen = {key: str(query.get(key, ""))[:80] for key in ("kind", "actor", "q")}
    shown = [e for e in entries if matches(e, [chosen["kind"]], chosen["actor"], chosen["q"])]
    members = state.get("members") or {}
    return TableView(
        table_id=viewer.table_id,
        name=str(state.get("name", viewer.table_id)),
        system=str(state.get("system", "")),
        lang=t.lang,
        viewer=viewer,
        state=state,
        members=tuple((str(k), str(v.get("name", k)), str(v.get("role", "")))
                      for k, v in members.items()),
        invitations=tuple((str(k), bool(v.get("revoked")))
                          for k, v in (state.get("invitations") or {}).items()),
        cards=cards(state, viewer, names),
        log=tuple(shown[-LOG_LIMIT:]),
        last_sequence=max((int(e["sequence"]) for e in events), default=0),
        kinds=tuple(sorted({(e.kind, e.label) for e in entries}, key=lambda p: p[1])),
        actors=tuple(sorted({e.actor for e in entries})),
        fair=state.get("fair") or {},
        chosen=chosen,
    )
