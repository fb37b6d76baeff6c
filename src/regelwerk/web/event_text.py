"""Words for the table's events: a label per kind and a one-line summary.

The payloads are the service's, already filtered for the viewer; a summary
only reads what is there (a player's copy of a secret is ``{"secret": true}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from regelwerk.i18n import Translator
from regelwerk.web.render import condition_name

__all__ = ["HIDDEN_KINDS", "Names", "labels", "step_name", "summary"]

HIDDEN_KINDS = frozenset({"seed_secret", "credential_reset"})
"""Kinds the log leaves out: the server's own records (never anyone's to read)."""


class Names:
    """Member and character names by id, for the summaries."""

    def __init__(self, members: Mapping[str, str], characters: Mapping[str, str]) -> None:
        self.members = dict(members)
        self.characters = dict(characters)

    def member(self, member_id: Any) -> str:
        return self.members.get(str(member_id), str(member_id))

    def character(self, character_id: Any) -> str:
        return self.characters.get(str(character_id), str(character_id))

    def order(self, payload: Mapping[str, Any]) -> str:
        """An initiative order by name, of the characters this viewer knows only."""
        return ", ".join(self.characters[str(c)] for c in payload.get("order", [])
                         if str(c) in self.characters)


def labels(t: Translator) -> dict[str, str]:
    """The label of each event kind in the log and its filter."""
    return {
        "table_created": t("Table created"),
        "member_joined": t("Joined"),
        "invitation_created": t("Invitation"),
        "invitation_revoked": t("Invitation revoked"),
        "seed_committed": t("Dice seed committed"),
        "seed_revealed": t("Dice seed revealed"),
        "player_seed_added": t("Player seed"),
        "session_ended": t("Session ended"),
        "setting_changed": t("Setting"),
        "character_added": t("Character added"),
        "character_changed": t("Character changed"),
        "character_removed": t("Character removed"),
        "character_revealed": t("Revealed"),
        "character_hidden": t("Hidden"),
        "check_rolled": t("Check"),
        "contest_rolled": t("Contest"),
        "dice_rolled": t("Dice"),
        "undone": t("Undone"),
        "secret": t("Secret"),
        "encounter_started": t("Encounter"),
        "encounter_ended": t("Encounter over"),
        "initiative_rolled": t("Initiative"),
        "round_started": t("New round"),
        "turn_started": t("Turn"),
        "turn_ended": t("Turn over"),
        "actions_spent": t("Action"),
        "reaction_used": t("Reaction"),
        "readied": t("Readied"),
        "strike_rolled": t("Strike"),
        "health_changed": t("Health"),
        "conditions_changed": t("Conditions"),
        "persistent_changed": t("Persistent damage"),
        "proposal_made": t("Proposal"),
        "proposal_resolved": t("Proposal answered"),
        "delayed": t("Delay"),
        "resumed": t("Resumed"),
        "order_set": t("Initiative order"),
        "initiative_moved": t("Initiative order"),
        "effect_added": t("Effect"),
        "effect_sustained": t("Effect"),
        "effects_changed": t("Effects"),
        "check_rerolled": t("Hero point"),
        "map_set": t("Battle map"),
        "token_placed": t("Token"),
        "note_added": t("Note"),
    }


Summary = Callable[[Mapping[str, Any], Names, Translator], str]


def _character_added(p: Mapping[str, Any], n: Names, t: Translator) -> str:
    character = p.get("character") or {}
    kinds = {"character": t("character"), "creature": t("creature"), "hazard": t("hazard")}
    text = t("{name} joins the table ({kind}).", name=character.get("name", "?"),
             kind=kinds.get(str(character.get("kind")), str(character.get("kind"))))
    return text + (" " + t("Hidden from the players.") if character.get("hidden") else "")


_SUMMARIES: dict[str, Summary] = {
    "table_created": lambda p, n, t: t("The table “{name}” is set up.", name=p.get("name", "")),
    "member_joined": lambda p, n, t: (
        t("{name} joins as game master.", name=p.get("name", "")) if p.get("role") == "gm"
        else t("{name} joins as a player.", name=p.get("name", ""))),
    "invitation_created": lambda p, n, t: t("Invitation {id} made.",
                                            id=p.get("invitation_id", "")),
    "invitation_revoked": lambda p, n, t: t("Invitation {id} revoked.",
                                            id=p.get("invitation_id", "")),
    "seed_committed": lambda p, n, t: t(
        "Dice seed {epoch} committed; its SHA-256 is {hash}.", epoch=p.get("epoch", ""),
        hash=p.get("seed_hash", "")),
    "seed_revealed": lambda p, n, t: t("Dice seed {epoch} revealed: {seed}.",
                                       epoch=p.get("epoch", ""), seed=p.get("seed", "")),
    "player_seed_added": lambda p, n, t: t("{name} adds a seed to the dice: {seed}.",
                                           name=n.member(p.get("member_id")),
                                           seed=p.get("seed", "")),
    "session_ended": lambda p, n, t: t("Session {n} ends.", n=p.get("session", "")),
    "setting_changed": lambda p, n, t: t("{key} is now {value}.", key=p.get("key", ""),
                                         value=p.get("value", "")),
    "character_added": _character_added,
    "character_changed": lambda p, n, t: t("{name} is changed.",
                                           name=n.character(p.get("character_id"))),
    "character_removed": lambda p, n, t: t("{name} leaves the table.",
                                           name=n.character(p.get("character_id"))),
    "character_revealed": lambda p, n, t: t("{name} is revealed.", name=(
        p.get("character") or {}).get("name") or n.character(p.get("character_id"))),
    "character_hidden": lambda p, n, t: t("{name} is hidden from the players.",
                                          name=n.character(p.get("character_id"))),
    "check_rolled": lambda p, n, t: (
        t("{name}: secret check of {statistic}.", name=n.character(p.get("character_id")),
          statistic=p.get("statistic", "")) if p.get("secret")
        else t("{name}: check of {statistic}.", name=n.character(p.get("character_id")),
               statistic=p.get("statistic", ""))),
    "dice_rolled": lambda p, n, t: (
        t("{label}: {expression}", label=p["label"], expression=p.get("expression", ""))
        if p.get("label") else str(p.get("expression", ""))),
    "contest_rolled": lambda p, n, t: t("Contest: {a} against {b}.",
                                        a=n.character(p.get("a")), b=n.character(p.get("b"))),
    "undone": lambda p, n, t: t("Undone: {events}.", events=", ".join(
        f"#{s}" for s in p.get("undoes", []))),
}


def _health(p: Mapping[str, Any], n: Names, t: Translator) -> str:
    name = n.character(p.get("character_id"))
    health = p.get("health") or {}
    if "hp" in health:
        text = t("{name} has {hp} of {max} HP.", name=name, hp=health["hp"],
                 max=health.get("max_hp", "?"))
    else:
        text = t("{name} looks {estimate}.", name=name,
                 estimate=_ESTIMATES(t).get(str(health.get("estimate")), "?"))
    if p.get("amount"):
        text = t("{name} loses {n} HP.", name=name, n=p["amount"]) + " " + text
    return text


def step_name(step: Any, t: Translator) -> str:
    """An automation step (a proposal's) in the reader's words."""
    words = {"persistent_damage": t("Persistent damage"), "recovery_check": t("recovery check"),
             "start_of_turn": t("start of the turn"), "end_of_turn": t("end of the turn"),
             "initiative_move": t("initiative moved")}
    return words.get(str(step), str(step))


def _ESTIMATES(t: Translator) -> dict[str, str]:  # noqa: N802 - a table of words
    return {"unhurt": t("unhurt"), "barely_hurt": t("barely hurt"), "hurt": t("hurt"),
            "badly_hurt": t("badly hurt"), "near_death": t("near death"), "down": t("down"),
            "dead": t("dead")}


def _degree(t: Translator, degree: Any) -> str:
    return {"critical_success": t("critical success"), "success": t("success"),
            "failure": t("failure"), "critical_failure": t("critical failure")
            }.get(str(degree), str(degree))


_SUMMARIES.update({
    "encounter_started": lambda p, n, t: t("The encounter begins."),
    "encounter_ended": lambda p, n, t: t("The encounter ends after {n} rounds.",
                                         n=p.get("rounds", "?")),
    "initiative_rolled": lambda p, n, t: t("{name} rolls {n} for initiative.",
                                           name=n.character(p.get("character_id")),
                                           n=p.get("initiative", "?")),
    "round_started": lambda p, n, t: t("Round {n} begins.", n=p.get("round", "?")),
    "turn_started": lambda p, n, t: t("{name}'s turn begins.",
                                      name=n.character(p.get("character_id"))),
    "turn_ended": lambda p, n, t: t("{name} ends the turn.",
                                    name=n.character(p.get("character_id"))),
    "actions_spent": lambda p, n, t: t("{name}: {action}.", name=n.character(
        p.get("character_id")), action=(p.get("step") or {}).get("name", "?")),
    "reaction_used": lambda p, n, t: t("{name} uses a reaction: {action}.", name=n.character(
        p.get("character_id")), action=p.get("name", "?")),
    "readied": lambda p, n, t: t("{name} readies {action}.", name=n.character(
        p.get("character_id")), action=p.get("action", "?")),
    "strike_rolled": lambda p, n, t: t(
        "{name} strikes {target} with {strike} (attack {n}, penalty {penalty}): {degree}.",
        name=n.character(p.get("character_id")), target=n.character(p.get("target_id")),
        strike=p.get("strike", "?"), n=p.get("attack_number", "?"),
        penalty=p.get("penalty", 0), degree=_degree(t, p.get("degree"))),
    "health_changed": _health,
    "conditions_changed": lambda p, n, t: t("{name}: {conditions}.", name=n.character(
        p.get("character_id")), conditions=", ".join(
        f"{condition_name(str(k), t.lang)} {v}" for k, v in (p.get("conditions") or {}).items())
        or "—"),
    "persistent_changed": lambda p, n, t: t("{name}: persistent damage {list}.",
                                            name=n.character(p.get("character_id")),
                                            list=", ".join(
        f"{e.get('dice', '')} {e.get('type', '')}" for e in p.get("persistent") or []
        if isinstance(e, Mapping)) or "—"),
    "proposal_made": lambda p, n, t: t("Proposal for {name}: {step}.", name=n.character(
        (p.get("proposal") or {}).get("character_id")),
        step=step_name((p.get("proposal") or {}).get("step", "?"), t)),
    "proposal_resolved": lambda p, n, t: (
        t("Proposal {id} confirmed.", id=p.get("proposal_id", "?")) if p.get("confirmed")
        else t("Proposal {id} overridden.", id=p.get("proposal_id", "?"))),
    "delayed": lambda p, n, t: t("{name} delays.", name=n.character(p.get("character_id"))),
    "resumed": lambda p, n, t: t("{name} acts again.", name=n.character(
        p.get("character_id"))),
    "order_set": lambda p, n, t: t("New initiative order: {order}.", order=n.order(p)),
    "initiative_moved": lambda p, n, t: t("New initiative order: {order}.", order=n.order(p)),
    "effect_added": lambda p, n, t: t("Effect: {label}.", label=(p.get("effect") or {}).get(
        "label", "?")),
})


def _rerolled(p: Mapping[str, Any], n: Names, t: Translator) -> str:
    before, after = p.get("before") or {}, p.get("after") or {}
    return t("{name} rerolls {statistic} with a hero point: {before} → {after}, {degree}.",
             name=n.character(p.get("character_id")), statistic=p.get("statistic", ""),
             before=before.get("natural", "?"), after=after.get("natural", "?"),
             degree=_degree(t, after.get("degree")))


def _placed(p: Mapping[str, Any], n: Names, t: Translator) -> str:
    name = n.character(p.get("character_id"))
    at = p.get("at")
    if not isinstance(at, list) or len(at) != 2:
        return t("{name} leaves the battle map.", name=name)
    return t("{name} stands at {x}, {y}.", name=name, x=at[0], y=at[1])


_SUMMARIES.update({
    "check_rerolled": _rerolled,
    "map_set": lambda p, n, t: t("The battle map is set: {width} × {height} squares.",
                                 width=(p.get("map") or {}).get("width", "?"),
                                 height=(p.get("map") or {}).get("height", "?")),
    "token_placed": _placed,
    "note_added": lambda p, n, t: (
        t("Note on {name}: {text}", name=n.character(p["character_id"]), text=p.get("note", ""))
        if p.get("character_id") else t("Note: {text}", text=p.get("note", ""))),
})


def summary(kind: str, payload: Mapping[str, Any], names: Names, t: Translator,
            secret: bool) -> str:
    """One line about the event (for a secret: only that there was one)."""
    if secret:
        if kind == "check_rolled":
            return t("The game master rolled a secret check.")
        if kind == "dice_rolled":
            return t("The game master rolled dice secretly.")
        return t("Something only the game master sees.")
    if isinstance(payload.get("text"), str):
        return str(payload["text"])
    made = _SUMMARIES.get(kind)
    return made(payload, names, t) if made else ""
