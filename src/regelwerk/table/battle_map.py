"""The battle map of a PF2e table: the game master sets the map (walls, grates,
light, darkness: the map model's JSON without its creatures) and places tokens;
a player moves their own characters' tokens.  A token of a hidden creature is
the game master's alone (its event and its place in the state)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictInt, StrictStr, ValidationError

from regelwerk.systems.pf2e.space.map_model import MapFields
from regelwerk.table.decide import COMMAND_CONFIG, Decision, Viewer, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.state import State, copy

__all__ = ["battle_map_view", "place_token", "set_map"]

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Coordinate = Annotated[StrictInt, Field(ge=0, le=200)]
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
_SQUARES = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}


def _battle(state: State) -> dict[str, Any]:
    battle: dict[str, Any] = state.setdefault("battle_map", {"map": None, "tokens": {}})
    return battle


def set_map(state: State, payload: dict[str, Any]) -> None:
    """The fold of ``map_set``."""
    _battle(state)["map"] = copy(payload["map"])


def place_token(state: State, payload: dict[str, Any]) -> None:
    """The fold of ``token_placed``: a token at a square, or taken off (``at`` null)."""
    tokens = _battle(state)["tokens"]
    if payload.get("at") is None:
        tokens.pop(payload["character_id"], None)
    else:
        tokens[payload["character_id"]] = {"at": list(payload["at"]),
                                           "size": payload.get("size", "medium")}


def battle_map_view(state: State, viewer: Viewer) -> dict[str, Any]:
    """The map and the tokens of the characters the viewer may see."""
    battle = state.get("battle_map") or {"map": None, "tokens": {}}
    characters = state["characters"]
    tokens = {c: copy(v) for c, v in battle["tokens"].items() if c in characters
              and (viewer.role == "gm" or not characters[c].get("hidden"))}
    return {"map": copy(battle["map"]), "tokens": tokens}


class SetMap(BaseModel):
    """The battle map (game master): ``width``, ``height``, ``walls``, ``grates``,
    ``ambient``, ``lights``, ``dim``, ``darkness`` as in the map model (its
    ``creatures`` are the table's tokens)."""

    model_config = COMMAND_CONFIG
    map: dict[str, Any]


class Place(BaseModel):
    """Put a character's token on a square of the map (its top-left square), or take
    it off with ``at`` null; the game master for all, a player for their own."""

    model_config = COMMAND_CONFIG
    character_id: Id
    at: Annotated[list[Coordinate], Field(min_length=2, max_length=2)] | None
    size: Annotated[StrictStr, Field(max_length=20)] = "medium"


@command("set_map", SetMap)
def _set_map(d: Decision, c: SetMap) -> None:
    d.need_gm()
    if d.state["system"] != "pf2e":
        raise NotAllowed(d.t("The battle map is PF2e's (squares of 1,50 m)."))
    fields = {k: v for k, v in c.map.items() if k != "creatures"}
    try:
        checked = MapFields.model_validate({**fields, "creatures": []})
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "map"
        raise InvalidCommand(d.t("The map's field {field}: {problem}", field=where,
                                 problem=first["msg"])) from None
    checked.battle_map()
    shown = checked.model_dump(mode="json", exclude={"creatures"})
    d.emit("map_set", {"map": shown})
    for character_id, token in (d.state.get("battle_map") or {}).get("tokens", {}).items():
        if not _fits(shown, token["at"], token["size"]):
            hidden = d.state["characters"].get(character_id, {}).get("hidden")
            d.emit("token_placed", {"character_id": character_id, "at": None},
                   ("gm",) if hidden else ("*",))


def _fits(battle: dict[str, Any], at: list[int], size: str) -> bool:
    side = _SQUARES.get(size, 1)
    return at[0] + side <= int(battle["width"]) and at[1] + side <= int(battle["height"])


@command("place", Place)
def _place(d: Decision, c: Place) -> None:
    battle = (d.state.get("battle_map") or {}).get("map")
    if battle is None:
        raise NotAllowed(d.t("There is no battle map yet: the game master sets one first."))
    character = d.own(c.character_id)
    if c.size not in SIZES:
        raise InvalidCommand(d.t("size is one of {allowed}", allowed=", ".join(SIZES)))
    if c.at is not None and not _fits(battle, c.at, c.size):
        raise NotAllowed(d.t("{name} would stand off the map: squares go from 0, 0 to "
                             "{x}, {y}.", name=character["name"], x=int(battle["width"]) - 1,
                             y=int(battle["height"]) - 1))
    audience = ("gm",) if character.get("hidden") else ("*",)
    d.emit("token_placed", {"character_id": c.character_id, "at": c.at, "size": c.size},
           audience)
