"""The running encounter as one member's page shows it: the initiative order, the
turn, action pips, proposals, effects, and each own Strike's multiple attack
penalty before it is rolled.  Built from the viewer's filtered state only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk import resolve
from regelwerk.i18n import Translator
from regelwerk.table.service import Viewer
from regelwerk.web.cards import Card
from regelwerk.web.event_text import Names, step_name

__all__ = ["EncounterView", "Row", "StrikeOption", "encounter_view"]


@dataclass(frozen=True, slots=True)
class StrikeOption:
    name: str
    modifier: int
    penalty: int
    """The multiple attack penalty this Strike takes if made now."""
    agile: bool
    damage: str


@dataclass(frozen=True, slots=True)
class Row:
    id: str
    name: str
    initiative: int | None
    active: bool
    delayed: bool
    foe: bool
    card: Card | None
    actions: int
    actions_left: int
    quickened: int
    quickened_left: int
    reactions: int
    reactions_left: int
    attacks: int
    strikes: tuple[StrikeOption, ...]
    """The own Strikes with the penalty they take next (empty for others)."""
    lost: int = 0
    """Actions of the turn lost to slowed, stunned or not being able to act."""

    @property
    def mine(self) -> bool:
        return self.card is not None and self.card.mine

    @property
    def pips(self) -> tuple[bool, ...]:
        """One pip per action of the turn, filled while unspent."""
        return tuple(i < self.actions_left for i in range(self.actions))


@dataclass(frozen=True, slots=True)
class Proposal:
    id: str
    step: str
    name: str
    changes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EncounterView:
    id: str
    round: int
    rows: tuple[Row, ...]
    active: Row | None
    proposals: tuple[Proposal, ...]
    effects: tuple[tuple[str, str, str], ...]
    """Each effect's label, target and what is left of its duration."""

    @property
    def sig(self) -> str:
        """What the turn's forms are drawn from."""
        # Only the active row's own state shapes the turn's forms (its Strikes' penalty,
        # its dying and hero points); the others' changes leave the forms as typed.
        active = self.active
        turn = ""
        if active is not None and active.mine:
            health = active.card.health if active.card else {}
            turn = (f"{active.attacks}:{active.actions_left}:{health.get('dying', 0)}:"
                    f"{health.get('hero_points', 0)}")
        return ";".join([self.id, str(self.round), active.id if active else "", turn,
                         *(r.id for r in self.rows)])


def _penalty(number: int, agile: bool) -> int:
    answer = resolve({"system": "pf2e", "action": "multiple_attack_penalty",
                      "attack_number": number, "agile": agile})
    return int(answer.get("penalty", 0)) if answer.get("ok") else 0


def _strikes(card: Card | None, attacks: int) -> tuple[StrikeOption, ...]:
    if card is None or not card.mine or not card.sheet:
        return ()
    out = []
    for strike in card.sheet.get("strikes", []):
        agile = any(str(t).lower() in ("agile", "agil") for t in strike.get("traits", []))
        out.append(StrikeOption(str(strike["name"]), int(strike["modifier"]),
                                _penalty(attacks + 1, agile), agile,
                                f"{strike.get('damage', '')} {strike.get('type', '')}".strip()))
    return tuple(out)


def _lost(participant: Mapping[str, Any]) -> int:
    """The actions of the turn that slowed, stunned or not being able to act took
    (PF2e regains 3 at the start of a turn)."""
    request = participant.get("turn_request") or {}
    if not (request.get("slowed") or request.get("stunned") or request.get("cannot_act")):
        return 0
    return max(0, 3 - int(participant.get("actions", 0)))


def _change(change: Mapping[str, Any], names: Names, t: Translator) -> str:
    payload = change.get("payload") or {}
    health = payload.get("health")
    if isinstance(health, Mapping) and "hp" in health:
        words = {"dying": t("dying"), "wounded": t("wounded"), "doomed": t("doomed")}
        hp = t("HP")
        parts = [f"{health['hp']} {hp}",
                 *(f"{word} {health[key]}" for key, word in words.items() if health.get(key))]
        return f"{names.character(payload.get('character_id'))}: {', '.join(parts)}"
    if "conditions" in payload:
        shown = ", ".join(f"{k} {v}" for k, v in (payload["conditions"] or {}).items())
        return f"{names.character(payload.get('character_id'))}: {shown or '—'}"
    return str(change.get("kind", ""))


def encounter_view(state: Mapping[str, Any], viewer: Viewer, cards: tuple[Card, ...],
                   names: Names, t: Translator) -> EncounterView | None:
    """The encounter of ``state`` (already filtered for ``viewer``), or None."""
    running = state.get("encounter")
    if not isinstance(running, Mapping):
        return None
    by_id = {card.id: card for card in cards}
    participants = running.get("participants") or {}
    delayed = set(running.get("delayed") or [])
    rows = []
    for cid in [*running.get("order", []), *sorted(delayed - set(running.get("order", [])))]:
        p = participants.get(cid)
        if p is None:
            continue
        card = by_id.get(cid)
        rows.append(Row(
            id=cid, name=names.character(cid), initiative=p.get("initiative"),
            active=running.get("active") == cid, delayed=cid in delayed,
            foe=bool(p.get("foe")), card=card,
            actions=int(p.get("actions", 0)) + int(p.get("quickened", 0)),
            actions_left=int(p.get("actions_left", 0)) + int(p.get("quickened_left", 0)),
            quickened=int(p.get("quickened", 0)), quickened_left=int(p.get("quickened_left", 0)),
            reactions=int(p.get("reactions", 0)), reactions_left=int(p.get("reactions_left", 0)),
            attacks=int(p.get("attacks", 0)),
            strikes=_strikes(card, int(p.get("attacks", 0))),
            lost=_lost(p) if running.get("active") == cid else 0,
        ))
    proposals = tuple(
        Proposal(str(p["id"]), step_name(p.get("step", ""), t),
                 names.character(p.get("character_id")),
                 tuple(_change(c, names, t) for c in p.get("changes", [])))
        for p in running.get("proposals") or [] if isinstance(p, Mapping) and "id" in p)
    effects = tuple(
        (str(e.get("label", "")), names.character(e.get("target")), str(e.get("remaining", "")))
        for e in running.get("effects") or [] if isinstance(e, Mapping))
    active = next((row for row in rows if row.active), None)
    return EncounterView(id=str(running.get("id", "")), round=int(running.get("round", 0)),
                         rows=tuple(rows), active=active, proposals=proposals,
                         effects=effects)
