"""The table's battle map as one member's page draws it: the map the game master
set and the tokens of the characters this member sees (the service filtered the
state, so a hidden creature is not on a player's map, nor in any area they pick)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Token", "battle_of", "tokens_of"]


@dataclass(frozen=True, slots=True)
class Token:
    character_id: str
    name: str
    """The name on the map (a character's name; its id added when two share one)."""
    at: tuple[int, int]
    size: str


def tokens_of(state: Mapping[str, Any]) -> tuple[Token, ...]:
    """The tokens on the viewer's map, in the characters' order."""
    battle = state.get("battle_map") or {}
    characters = state.get("characters") or {}
    placed = battle.get("tokens") or {}
    names = [str(c.get("name", i)) for i, c in characters.items() if i in placed]
    shown = []
    for character_id, character in characters.items():
        token = placed.get(character_id)
        if token is None:
            continue
        name = str(character.get("name", character_id))
        if names.count(name) > 1:
            name = f"{name} ({character_id})"
        shown.append(Token(str(character_id), name[:40], (int(token["at"][0]),
                                                          int(token["at"][1])),
                           str(token.get("size", "medium"))))
    return tuple(shown)


def battle_of(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The map model's JSON of the viewer's battle map, or None before the game master
    set one."""
    battle = (state.get("battle_map") or {}).get("map")
    if not battle:
        return None
    creatures = [{"name": t.name, "at": list(t.at), "size": t.size} for t in tokens_of(state)]
    return {**battle, "creatures": creatures}
