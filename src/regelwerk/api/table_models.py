"""Request and response bodies of the table resources, with the examples the
OpenAPI schema shows."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CharacterList",
    "CommandResult",
    "CreatedInvitation",
    "CreatedMember",
    "Done",
    "EncounterView",
    "ErrorBody",
    "ErrorResponse",
    "EventList",
    "JoinRequest",
    "NewTable",
    "ViewerState",
]

_TOKEN = "pB3t0zJx6m1wQe8yK2vN5sLr9cHf4dAu7gTi0oYb1Xk"


class ErrorBody(BaseModel):
    """What went wrong, in words that say what is allowed."""

    code: str = Field(examples=["not_allowed"])
    message: str = Field(examples=["Only the game master may do that."])


class ErrorResponse(BaseModel):
    """The protocol's error shape, for every 4xx answer."""

    ok: Literal[False] = False
    error: ErrorBody


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class NewTable(_Body):
    """A new table (one campaign or group); whoever creates it is its game master."""

    name: str = Field(min_length=1, max_length=100, description="The table's name.")
    system: Literal["w6", "dnd5e", "pf2e"] = Field(description="The game system.")
    lang: Literal["en", "de", "is"] = Field("en", description="The table's language.")
    gm_name: str = Field(min_length=1, max_length=100,
                         description="The game master's name at the table.")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"name": "Die Kinder des Zorns", "system": "pf2e", "lang": "de", "gm_name": "Ute"},
    ]})


class CreatedMember(BaseModel):
    """A member's credentials: the token is shown only this once (the server keeps
    only its SHA-256 hash); send it as ``Authorization: Bearer TOKEN``."""

    ok: Literal[True] = True
    table_id: str
    member_id: str
    token: str

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "table_id": "t_Qm9vZ2xl", "member_id": "m_gm", "token": _TOKEN},
    ]})


class CreatedInvitation(BaseModel):
    """An invitation: hand its token (or ``join``, the path to post it to) to a
    player; it is shown only this once."""

    ok: Literal[True] = True
    invitation_id: str
    token: str
    join: str = Field(description="The path a player posts the token to.")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "invitation_id": "i_7Ks1", "token": _TOKEN,
         "join": "/api/v1/tables/t_Qm9vZ2xl/join"},
    ]})


class JoinRequest(_Body):
    """Join a table with an invitation's token."""

    invitation: str = Field(min_length=1, max_length=200,
                            description="The invitation's token.")
    name: str = Field(min_length=1, max_length=100, description="The player's name.")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"invitation": _TOKEN, "name": "Jónas"},
    ]})


class Done(BaseModel):
    """Done; nothing more to say."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"ok": True}]})
    ok: Literal[True] = True


class CommandResult(BaseModel):
    """The events a command appended, as the sender may see them, and the table's
    sequence number after them."""

    ok: Literal[True] = True
    events: list[dict[str, Any]]
    sequence: int

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "sequence": 12, "events": [
            {"sequence": 12, "kind": "check_rolled", "actor": "m2",
             "time": "2026-11-30T19:04:11.532018+00:00", "audience": ["gm"],
             "payload": {"secret": True}}]},
    ]})


class ViewerState(BaseModel):
    """The table as the viewer may see it (secrets of others filtered out)."""

    ok: Literal[True] = True
    viewer: dict[str, str] = Field(
        description="Who is looking: member_id, role (gm or player) and name.")
    state: dict[str, Any]

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "viewer": {"member_id": "m2", "role": "player", "name": "Jónas"},
         "state": {"name": "Die Kinder des Zorns", "system": "pf2e", "lang": "de",
                   "sequence": 12, "characters": {}, "encounter": None}},
    ]})


class EventList(BaseModel):
    """The events after a sequence number, as the viewer may see them; gap-free
    (an event hidden from the viewer keeps its number, as kind ``hidden`` or with the
    payload ``{"secret": true}``)."""

    ok: Literal[True] = True
    events: list[dict[str, Any]]

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "events": [
            {"sequence": 5, "kind": "character_added", "actor": "m2",
             "time": "2026-11-30T19:01:02.000000+00:00", "audience": ["*"],
             "payload": {"character": {"id": "c1", "name": "Ezren"}}}]},
    ]})


class CharacterList(BaseModel):
    """The characters, creatures and hazards the viewer may see, by id."""

    ok: Literal[True] = True
    characters: dict[str, dict[str, Any]]

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "characters": {"c1": {"id": "c1", "name": "Ezren", "kind": "character",
                                           "owner": "m2", "hidden": False}}},
    ]})


class EncounterView(BaseModel):
    """The running encounter as the viewer may see it, or null."""

    ok: Literal[True] = True
    encounter: dict[str, Any] | None

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"ok": True, "encounter": None},
    ]})
