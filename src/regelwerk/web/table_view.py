"""A table as one member's page shows it, built from that member's filtered state
and events (the service filtered them; nothing here can reveal more)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from regelwerk.i18n import Translator
from regelwerk.table.service import Viewer
from regelwerk.web.battle_view import Token, battle_of, mark_hidden, tokens_of
from regelwerk.web.cards import Card, cards, names_of
from regelwerk.web.encounter_view import EncounterView, encounter_view
from regelwerk.web.event_text import HIDDEN_KINDS, labels
from regelwerk.web.log_view import LogEntry, entry, matches
from regelwerk.web.map_pages import map_answer

__all__ = ["LOG_LIMIT", "TableView", "drawn", "names_of", "table_view"]

LOG_LIMIT = 300
"""The newest entries a page shows at first (the export holds them all)."""


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
    encounter: EncounterView | None
    chosen: Mapping[str, str] = field(default_factory=dict)
    """The log filter: ``kind``, ``actor``, ``q``."""
    battle: Mapping[str, Any] | None = None
    """The battle map as the map model's JSON, with the tokens this member sees."""
    tokens: tuple[Token, ...] = ()
    battle_drawing: Mapping[str, Any] | None = None
    """The map drawn (``svg``), or its ``error``."""

    @property
    def is_gm(self) -> bool:
        return self.viewer.role == "gm"

    @property
    def mine(self) -> tuple[Card, ...]:
        """The cards the viewer acts for."""
        return tuple(card for card in self.cards if card.mine)

    @property
    def drawn_at(self) -> int:
        """The sequence number of the state the page's parts are drawn from (the
        table's own, hidden events too): a part drawn from an older state than the
        panels is drawn anew, one drawn from the same or a newer one is not."""
        return int(self.state.get("sequence") or 0)

    @property
    def sigs(self) -> dict[str, str]:
        """What each form section of the page is drawn from; the page reloads a
        section (and so resets its form) only when this changes."""
        return {
            "check": ",".join(f"{c.id}:{c.name}:{len(c.statistics)}" for c in self.mine),
            "add": ",".join(member_id for member_id, _, _ in self.members),
            "notes": ",".join(f"{c.id}:{c.name}" for c in self.cards) if self.is_gm else "",
            "tools": ",".join([*(c.id for c in self.cards if c.hidden),
                               *(f"{i}:{r}" for i, r in self.invitations)]),
            "map": ";".join([json.dumps((self.state.get("battle_map") or {}).get("map"),
                                        sort_keys=True)[:4000],
                             *(f"{c.id}:{c.name}" for c in self.cards)]),
            "combat": ";".join([
                self.encounter.sig if self.encounter else "-",
                *(f"{c.id}:{c.name}" for c in self.cards)]),
        }


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
    seen = cards(state, viewer, names)
    battle = battle_of(state) if state.get("system") == "pf2e" else None
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
        cards=seen,
        log=tuple(shown[-LOG_LIMIT:]),
        last_sequence=max((int(e["sequence"]) for e in events), default=0),
        # Every kind, not only those in the log now: the filter is not redrawn when
        # the stream brings a kind that is new to this page.
        kinds=tuple(sorted({*((e.kind, e.label) for e in entries), *kind_labels.items()},
                           key=lambda p: p[1])),
        actors=tuple(sorted({e.actor for e in entries})),
        fair=state.get("fair") or {},
        encounter=encounter_view(state, viewer, seen, names, t),
        chosen=chosen,
        battle=battle,
        tokens=tokens_of(state),
        battle_drawing=None if battle is None else drawn(battle, tokens_of(state), t),
    )


def drawn(battle: Mapping[str, Any], tokens: tuple[Token, ...], t: Translator,
          form: dict[str, str] | None = None) -> dict[str, Any]:
    """The member's battle map drawn (with an area when ``form`` picks one), a hidden
    creature's token marked (the game master's map is the only one that has it)."""
    answer = map_answer(battle, t.lang, form)
    if "svg" in answer:
        answer["svg"] = mark_hidden(str(answer["svg"]), tokens, t)
    return answer
