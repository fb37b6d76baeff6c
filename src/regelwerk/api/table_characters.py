"""Characters and encounters of a table as resources, and the schema of every
command for the OpenAPI document.

Each write is the matching table command (``add_character``, ``update_character``,
``remove_character``, ``check``) sent through ``TableService.execute``, so the
rules, the player's right to act only for their own characters and the log are
the same as for ``POST …/commands``.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse

from regelwerk.api.table_auth import Caller, Room, TableCaller
from regelwerk.api.table_http import TableId, TableRoute, problem_responses
from regelwerk.api.table_models import CharacterList, CommandResult, EncounterView
from regelwerk.table.decide import command_types

__all__ = ["COMMAND_EXAMPLES", "command_body", "execute", "router"]

router = APIRouter(route_class=TableRoute)

_WRITE = (400, 401, 403, 404, 409, 413, 415, 422, 503)

SHEET = {"level": 1, "perception": 5, "ac": 16, "hp": 16, "max_hp": 16,
         "saves": {"fortitude": 4, "reflex": 5, "will": 6},
         "skills": {"Arcana": 7, "Society": 7}}

COMMAND_EXAMPLES: dict[str, dict[str, Any]] = {
    "add_character": {"summary": "A player's character (PF2e sheet)", "value": {
        "type": "add_character", "name": "Ezren", "sheet": SHEET}},
    "check": {"summary": "A check against a DC", "value": {
        "type": "check", "character_id": "c1", "statistic": "Arcana", "dc": 15}},
    "secret_check": {"summary": "A secret check (geheimer Wurf): only the gm sees it",
                     "value": {"type": "check", "character_id": "c1",
                               "statistic": "Society", "dc": 20, "secret": True}},
    "hidden_creature": {"summary": "A hidden creature (gm)", "value": {
        "type": "add_character", "name": "Schattenwolf", "kind": "creature",
        "hidden": True, "sheet": SHEET}},
    "undo": {"summary": "Undo the last game command (gm)", "value": {"type": "undo"}},
    "reroll": {"summary": "Spend a hero point to reroll the latest check (PF2e)",
               "value": {"type": "reroll", "character_id": "c1"}},
    "set_map": {"summary": "The battle map (gm): walls and light, no creatures",
                "value": {"type": "set_map", "map": {
                    "width": 12, "height": 8, "walls": [[5, 0], [5, 1]], "ambient": "dim",
                    "lights": [{"at": [1, 1], "radius": 9}]}}},
    "place": {"summary": "A token on the battle map", "value": {
        "type": "place", "character_id": "c1", "at": [2, 3]}},
}


def _inline(schema: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    """``schema`` with every local ``$ref`` replaced by its definition, so that it
    stands alone inside the OpenAPI document."""
    if isinstance(schema, list):
        return [_inline(item, defs, depth) for item in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and depth < 8:
        return _inline(copy.deepcopy(defs[ref.removeprefix("#/$defs/")]), defs, depth + 1)
    return {key: _inline(value, defs, depth) for key, value in schema.items()
            if key != "$defs"}


@lru_cache(maxsize=1)
def command_schema() -> dict[str, Any]:
    """One schema per command type (``type`` names it), as ``oneOf``."""
    variants = []
    for kind, model in command_types().items():
        schema = model.model_json_schema()
        body = _inline(schema, schema.get("$defs", {}))
        body["properties"] = {"type": {"const": kind}, **body.get("properties", {})}
        body["required"] = ["type", *body.get("required", [])]
        body["title"] = kind
        variants.append(body)
    return {"oneOf": variants, "discriminator": {"propertyName": "type"}}


def command_body() -> dict[str, Any]:
    """The ``openapi_extra`` of an endpoint whose body is a command."""
    return {"requestBody": {"required": True, "content": {"application/json": {
        "schema": command_schema(), "examples": COMMAND_EXAMPLES}}}}


async def execute(parts: Room, caller: Caller, command: dict[str, Any],
                  status: int = 200) -> JSONResponse:
    """Authenticate and run a command in one trip to the thread pool, then wake the
    table's streams.  The answer is the service's JSON as it is (the response model
    is for the documentation)."""
    service, feed = parts
    _, result = await caller.run(service, lambda viewer: service.execute(viewer, command))
    feed.announce(caller.table_id, int(result["sequence"]))
    return JSONResponse(result, status_code=status)


Fields = Annotated[dict[str, Any], Body()]


@router.get("/{table_id}/characters", summary="The characters the viewer may see",
            response_model=CharacterList, responses=problem_responses(401, 404))
async def characters(table_id: TableId, caller: TableCaller, parts: Room) -> JSONResponse:
    """Every character, creature and hazard the viewer may see (hidden ones only
    for the game master; others' health as an estimate when the table says so)."""
    _, state = await caller.run(parts[0], parts[0].state)
    return JSONResponse({"ok": True, "characters": state.get("characters", {})})


@router.post("/{table_id}/characters", status_code=201, summary="Add a character",
             response_model=CommandResult, responses=problem_responses(*_WRITE),
             openapi_extra={"requestBody": {"required": True, "content": {
                 "application/json": {"example": {"name": "Ezren", "sheet": SHEET}}}}})
async def add_character(table_id: TableId, caller: TableCaller, parts: Room,
                        fields: Fields) -> JSONResponse:
    """The ``add_character`` command: a player adds their own character; the game
    master also creatures, hazards and hidden ones."""
    return await execute(parts, caller, {**fields, "type": "add_character"}, 201)


@router.patch("/{table_id}/characters/{character_id}", summary="Change a character",
              response_model=CommandResult, responses=problem_responses(*_WRITE),
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"example": {"name": "Ezren der Weise"}}}}})
async def update_character(table_id: TableId, character_id: str, caller: TableCaller,
                           parts: Room, fields: Fields) -> JSONResponse:
    """The ``update_character`` command: a new name or sheet."""
    return await execute(parts, caller, {**fields, "type": "update_character",
                                         "character_id": character_id})


@router.delete("/{table_id}/characters/{character_id}", summary="Remove a character",
               response_model=CommandResult, responses=problem_responses(*_WRITE))
async def remove_character(table_id: TableId, character_id: str, caller: TableCaller,
                           parts: Room) -> JSONResponse:
    """The ``remove_character`` command."""
    return await execute(parts, caller, {"type": "remove_character",
                                         "character_id": character_id})


@router.post("/{table_id}/characters/{character_id}/checks", summary="Roll a check",
             response_model=CommandResult, responses=problem_responses(*_WRITE),
             openapi_extra={"requestBody": {"required": True, "content": {
                 "application/json": {"example": {"statistic": "Arcana", "dc": 15}}}}})
async def check(table_id: TableId, character_id: str, caller: TableCaller, parts: Room,
                fields: Fields) -> JSONResponse:
    """The ``check`` command for this character (``secret`` for a PF2e secret check,
    whose result only the game master sees)."""
    return await execute(parts, caller, {**fields, "type": "check",
                                         "character_id": character_id})


@router.get("/{table_id}/encounter", summary="The running encounter",
            response_model=EncounterView, responses=problem_responses(401, 404))
async def encounter(table_id: TableId, caller: TableCaller, parts: Room) -> JSONResponse:
    """The running encounter as the viewer may see it (``null`` when there is none):
    participants, initiative, round and turn."""
    _, state = await caller.run(parts[0], parts[0].state)
    return JSONResponse({"ok": True, "encounter": state.get("encounter")})


@router.post("/{table_id}/encounter", status_code=201, summary="Start an encounter (gm)",
             response_model=CommandResult, responses=problem_responses(*_WRITE),
             openapi_extra={"requestBody": {"required": True, "content": {
                 "application/json": {"example": {"participants": [
                     {"character_id": "c1"}, {"character_id": "c2"}]}}}}})
async def start_encounter(table_id: TableId, caller: TableCaller, parts: Room,
                          fields: Fields) -> JSONResponse:
    """The ``start_encounter`` command: everyone rolls initiative (in W6 the game
    master gives the ``order``) and the first round begins."""
    return await execute(parts, caller, {**fields, "type": "start_encounter"}, 201)


@router.post("/{table_id}/encounter/turn", summary="End the running turn",
             response_model=CommandResult, responses=problem_responses(*_WRITE))
async def end_turn(table_id: TableId, caller: TableCaller, parts: Room) -> JSONResponse:
    """The ``end_turn`` command (the game master, or the player whose creature's turn
    it is): the end-of-turn steps run, then the next creature's turn begins."""
    return await execute(parts, caller, {"type": "end_turn"})


@router.delete("/{table_id}/encounter", summary="End the encounter (gm)",
               response_model=CommandResult, responses=problem_responses(*_WRITE))
async def end_encounter(table_id: TableId, caller: TableCaller, parts: Room) -> JSONResponse:
    """The ``end_encounter`` command."""
    return await execute(parts, caller, {"type": "end_encounter"})
