"""Words for the table's events: a label per kind and a one-line summary.

The payloads are the service's, already filtered for the viewer; a summary
only reads what is there (a player's copy of a secret is ``{"secret": true}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from regelwerk.i18n import Translator

__all__ = ["HIDDEN_KINDS", "Names", "labels", "summary"]

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
        "undone": t("Undone"),
        "secret": t("Secret"),
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
    "contest_rolled": lambda p, n, t: t("Contest: {a} against {b}.",
                                        a=n.character(p.get("a")), b=n.character(p.get("b"))),
    "undone": lambda p, n, t: t("Undone: {events}.", events=", ".join(
        f"#{s}" for s in p.get("undoes", []))),
}


def summary(kind: str, payload: Mapping[str, Any], names: Names, t: Translator,
            secret: bool) -> str:
    """One line about the event (for a secret: only that there was one)."""
    if secret:
        if kind == "check_rolled":
            return t("The game master rolled a secret check.")
        return t("Something only the game master sees.")
    if isinstance(payload.get("text"), str):
        return str(payload["text"])
    made = _SUMMARIES.get(kind)
    return made(payload, names, t) if made else ""
