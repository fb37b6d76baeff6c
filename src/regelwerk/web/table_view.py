"""A table as one member's page shows it, built from that member's filtered state
and events (the service filtered them; nothing here can reveal more)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from regelwerk.i18n import Translator
from regelwerk.table.service import Viewer
from regelwerk.web.log_view import LogEntry, entry, matches

__all__ = ["LOG_LIMIT", "TableView", "event_labels", "member_names", "table_view"]

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
    members: tuple[Mapping[str, Any], ...]
    invitations: tuple[Mapping[str, Any], ...]
    log: tuple[LogEntry, ...]
    last_sequence: int
    kinds: tuple[tuple[str, str], ...]
    """Every event kind in the log with its label, for the log filter."""
    actors: tuple[str, ...]
    chosen: Mapping[str, str] = field(default_factory=dict)
    """The log filter: ``kind``, ``actor``, ``q``."""

    @property
    def is_gm(self) -> bool:
        return self.viewer.role == "gm"


def event_labels(t: Translator) -> dict[str, str]:
    """Words for the event kinds the table writes."""
    return {
        "table_created": t("Table created"),
        "member_joined": t("Joined"),
        "player_joined": t("Joined"),
        "invitation_created": t("Invitation"),
        "invited": t("Invitation"),
        "invitation_revoked": t("Invitation revoked"),
        "dice_rolled": t("Roll"),
        "rolled": t("Roll"),
    }


def member_names(state: Mapping[str, Any]) -> dict[str, str]:
    """Member id to name, from the state's members."""
    members = state.get("members") or {}
    items = members.values() if isinstance(members, Mapping) else members
    out = {}
    for member in items:
        if isinstance(member, Mapping) and "member_id" in member:
            out[str(member["member_id"])] = str(member.get("name", member["member_id"]))
    return out


def _list(value: Any) -> tuple[Mapping[str, Any], ...]:
    items = value.values() if isinstance(value, Mapping) else value or ()
    return tuple(item for item in items if isinstance(item, Mapping))


def table_view(viewer: Viewer, state: Mapping[str, Any], events: list[dict[str, Any]],
               t: Translator, query: Mapping[str, str]) -> TableView:
    """The page's view of the table for ``viewer``; ``query`` may filter the log."""
    names = member_names(state)
    labels = event_labels(t)
    entries = [entry(event, names, t, labels) for event in events]
    chosen = {key: query.get(key, "") for key in ("kind", "actor", "q")}
    shown = [e for e in entries if matches(e, [chosen["kind"]], chosen["actor"], chosen["q"])]
    kinds = sorted({(e.kind, e.label) for e in entries}, key=lambda pair: pair[1])
    return TableView(
        table_id=viewer.table_id,
        name=str(state.get("name", viewer.table_id)),
        system=str(state.get("system", "")),
        lang=t.lang,
        viewer=viewer,
        state=state,
        members=_list(state.get("members")),
        invitations=_list(state.get("invitations")),
        log=tuple(shown[-LOG_LIMIT:]),
        last_sequence=max((e.sequence for e in entries), default=0),
        kinds=tuple(kinds),
        actors=tuple(sorted({e.actor for e in entries})),
        chosen=chosen,
    )
