"""The table's battle map as one member's page draws it: the map the game master
set and the tokens of the characters this member sees (the service filtered the
state, so a hidden creature is not on a player's map, nor in any area they pick).
On the game master's map a hidden creature's token is ringed (dashed) and named
hidden, since only she sees it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from regelwerk.i18n import Translator
from regelwerk.systems.pf2e.space.map_draw import CELL, MARGIN

__all__ = ["HIDDEN_RING", "Token", "battle_of", "mark_hidden", "tokens_of"]

HIDDEN_RING = "#8a4b00"
"""The dashed ring around a hidden creature's token (contrast 7:1 on the map)."""
_SQUARES = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}


@dataclass(frozen=True, slots=True)
class Token:
    character_id: str
    name: str
    """The name on the map (a character's name; its id added when two share one)."""
    at: tuple[int, int]
    size: str
    hidden: bool = False
    """A hidden creature's token: the viewer is the game master (no one else gets it)."""


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
                           str(token.get("size", "medium")), bool(character.get("hidden"))))
    return tuple(shown)


def battle_of(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The map model's JSON of the viewer's battle map, or None before the game master
    set one."""
    battle = (state.get("battle_map") or {}).get("map")
    if not battle:
        return None
    creatures = [{"name": t.name, "at": list(t.at), "size": t.size} for t in tokens_of(state)]
    return {**battle, "creatures": creatures}


def mark_hidden(svg: str, tokens: Iterable[Token], t: Translator) -> Markup:
    """The map drawing with a dashed ring around each hidden creature's token and a
    tooltip naming it hidden (``svg`` is the map drawing's own escaped output)."""
    rings = []
    for token in tokens:
        if not token.hidden:
            continue
        side = _SQUARES.get(token.size, 1) * CELL
        cx = MARGIN + token.at[0] * CELL + side / 2
        cy = MARGIN + token.at[1] * CELL + side / 2
        label = escape(t("{name}: hidden from the players", name=token.name))
        rings.append(f'<g class="hidden-token" data-token="{escape(token.character_id)}">'
                     f'<title>{label}</title><circle cx="{cx:g}" cy="{cy:g}" '
                     f'r="{side / 2 - 1:g}" fill="none" stroke="{HIDDEN_RING}" '
                     'stroke-width="3" stroke-dasharray="5 3"/></g>')
    if not rings or "</svg>" not in svg:
        return Markup(svg)
    head, tail = svg.rsplit("</svg>", 1)
    return Markup(head + "".join(rings) + "</svg>" + tail)
