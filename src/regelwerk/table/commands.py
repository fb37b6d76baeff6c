"""The table's own commands: invitations, seeds, settings, characters, checks,
contests and undo.  Encounter commands are in ``encounter``."""

from __future__ import annotations

import hashlib
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.store.base import NewEvent
from regelwerk.table import fair
from regelwerk.table.checks import check_fields, contest_side, dnd5e_odds
from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.settings import SETTINGS, default_settings, validate_setting
from regelwerk.table.sheets import health_of, validate_sheet
from regelwerk.table.state import State, next_id

__all__ = ["SYSTEMS", "creation_events", "hash_token", "join_events"]

SYSTEMS = ("w6", "dnd5e", "pf2e")
Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Text = Annotated[StrictStr, Field(min_length=1, max_length=80)]


def hash_token(token: str) -> str:
    """What the table keeps of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _commit(epoch: int, seed: str, actor: str) -> list[NewEvent]:
    return [NewEvent("seed_committed", {"epoch": epoch, "seed_hash": fair.commitment(seed)},
                     actor),
            NewEvent("seed_secret", {"epoch": epoch, "seed": seed}, actor, ("server",))]


def creation_events(table_id: str, name: str, system: str, lang: str, gm_name: str,
                    token: str, seed: str) -> list[NewEvent]:
    """The first events of a new table: its creation, its game master, the first
    committed dice seed."""
    return [
        NewEvent("table_created", {"table_id": table_id, "name": name, "system": system,
                                   "lang": lang, "settings": default_settings()}, "m1"),
        NewEvent("member_joined", {"member_id": "m1", "name": gm_name, "role": "gm",
                                   "invitation_id": None, "token_hash": hash_token(token)},
                 "m1"),
        *_commit(1, seed, "m1"),
    ]


def join_events(state: State, invitation_id: str, name: str, token: str) -> list[NewEvent]:
    """A player joining through an invitation."""
    member_id = next_id(state, "member", "m")
    return [NewEvent("member_joined", {"member_id": member_id, "name": name,
                                       "role": "player", "invitation_id": invitation_id,
                                       "token_hash": hash_token(token)}, member_id)]


class Invite(BaseModel):
    """Make an invitation link (game master); its token is shown once."""

    model_config = COMMAND_CONFIG


@command("invite", Invite, undoable=False)
def _invite(d: Decision, c: Invite) -> None:
    d.need_gm()
    d.emit("invitation_created", {"invitation_id": next_id(d.state, "invitation", "i"),
                                  "token_hash": hash_token(d.entropy.token)}, ("gm",))


class Revoke(BaseModel):
    """Revoke an invitation (game master): its link no longer lets anyone join."""

    model_config = COMMAND_CONFIG
    invitation_id: Id


@command("revoke", Revoke, undoable=False)
def _revoke(d: Decision, c: Revoke) -> None:
    d.need_gm()
    invitation = d.state["invitations"].get(c.invitation_id)
    if invitation is None:
        raise InvalidCommand(d.t("There is no invitation {id}.", id=c.invitation_id))
    if invitation["revoked"]:
        raise NotAllowed(d.t("The invitation {id} is already revoked.", id=c.invitation_id))
    d.emit("invitation_revoked", {"invitation_id": c.invitation_id}, ("gm",))


class AddSeed(BaseModel):
    """Add your own seed to the table's dice (any member); it counts for every roll
    after it until the seed is rotated."""

    model_config = COMMAND_CONFIG
    seed: Annotated[StrictStr, Field(min_length=1, max_length=128)]


@command("add_seed", AddSeed, undoable=False)
def _add_seed(d: Decision, c: AddSeed) -> None:
    if len(d.state["fair"]["player_seeds"]) >= 50:
        raise NotAllowed(d.t("At most 50 player seeds count per dice seed."))
    d.emit("player_seed_added", {"member_id": d.viewer.member_id, "seed": c.seed})


def _reveal_and_commit(d: Decision) -> None:
    f = d.state["fair"]
    if f["seed"]:
        d.emit("seed_revealed", {"epoch": f["epoch"], "seed": f["seed"],
                                 "seed_hash": f["seed_hash"]})
    seed = d.entropy.seed
    d.emit("seed_committed", {"epoch": f["epoch"] + 1, "seed_hash": fair.commitment(seed)})
    d.emit("seed_secret", {"epoch": f["epoch"] + 1, "seed": seed}, ("server",))


class RotateSeed(BaseModel):
    """Reveal the dice seed and commit to a new one (game master)."""

    model_config = COMMAND_CONFIG


@command("rotate_seed", RotateSeed, undoable=False)
def _rotate_seed(d: Decision, c: RotateSeed) -> None:
    d.need_gm()
    _reveal_and_commit(d)


class EndSession(BaseModel):
    """End the session (game master): the dice seed is revealed, a new one committed."""

    model_config = COMMAND_CONFIG


@command("end_session", EndSession, undoable=False)
def _end_session(d: Decision, c: EndSession) -> None:
    d.need_gm()
    d.emit("session_ended", {"session": d.state["session"]})
    _reveal_and_commit(d)


class SetSetting(BaseModel):
    """Change a table setting (game master): see ``settings``."""

    model_config = COMMAND_CONFIG
    key: Annotated[StrictStr, Field(max_length=60)] = Field(
        description=f"one of {', '.join(SETTINGS)}")
    value: Any


@command("set_setting", SetSetting, undoable=False)
def _set_setting(d: Decision, c: SetSetting) -> None:
    d.need_gm()
    d.emit("setting_changed", {"key": c.key, "value": validate_setting(c.key, c.value, d.t)})


class AddCharacter(BaseModel):
    """Add a character (a player's own) or a creature or hazard (game master)."""

    model_config = COMMAND_CONFIG
    name: Text
    kind: Literal["character", "creature", "hazard"] = "character"
    owner: Id | None = Field(None, description="member id; a player's character is theirs")
    hidden: StrictBool = False
    sheet: dict[str, Any]


def new_character(d: Decision, name: str, kind: str, owner: str | None, hidden: bool,
                  sheet: dict[str, Any]) -> dict[str, Any]:
    """A validated character record with its starting health and conditions."""
    system = d.state["system"]
    checked = validate_sheet(system, sheet)
    if owner is not None and owner not in d.state["members"]:
        raise InvalidCommand(d.t("There is no member {id}.", id=owner))
    return {"id": next_id(d.state, "character", "c"), "name": name, "kind": kind,
            "owner": owner, "hidden": hidden, "sheet": checked,
            "health": health_of(system, checked),
            "conditions": dict(checked.get("conditions", {})), "persistent": []}


@command("add_character", AddCharacter)
def _add_character(d: Decision, c: AddCharacter) -> None:
    owner = c.owner
    if not d.gm:
        if c.kind != "character" or c.hidden:
            raise NotAllowed(d.t("Only the game master adds creatures, hazards and hidden "
                                 "characters."))
        if owner not in (None, d.viewer.member_id):
            raise NotAllowed(d.t("You may act only for your own characters."))
        owner = d.viewer.member_id
    character = new_character(d, c.name, c.kind, owner, c.hidden, c.sheet)
    d.emit("character_added", {"character": character}, ("gm",) if c.hidden else ("*",))


class UpdateCharacter(BaseModel):
    """Replace a character's name or sheet (its health starts anew from the sheet)."""

    model_config = COMMAND_CONFIG
    character_id: Id
    name: Text | None = None
    sheet: dict[str, Any] | None = None


@command("update_character", UpdateCharacter)
def _update_character(d: Decision, c: UpdateCharacter) -> None:
    found = d.own(c.character_id)
    changes: dict[str, Any] = {}
    if c.name is not None:
        changes["name"] = c.name
    if c.sheet is not None:
        sheet = validate_sheet(d.state["system"], c.sheet)
        changes.update(sheet=sheet, health=health_of(d.state["system"], sheet),
                       conditions=dict(sheet.get("conditions", {})))
    if not changes:
        raise InvalidCommand(d.t("Give a new name or sheet."))
    d.emit("character_changed", {"character_id": c.character_id, "set": changes},
           ("gm",) if found["hidden"] else ("*",))


class CharacterRef(BaseModel):
    """Names one character."""

    model_config = COMMAND_CONFIG
    character_id: Id


class RemoveCharacter(CharacterRef):
    """Remove a character (its owner or the game master), not while it takes part in
    the running encounter."""


class Reveal(CharacterRef):
    """Reveal a hidden creature to the players (game master)."""


class Hide(CharacterRef):
    """Hide a creature from the players again (game master)."""


@command("remove_character", RemoveCharacter)
def _remove_character(d: Decision, c: RemoveCharacter) -> None:
    found = d.own(c.character_id)
    encounter = d.state["encounter"]
    if encounter and c.character_id in encounter["participants"]:
        raise NotAllowed(d.t("A participant of the running encounter cannot be removed; "
                             "end the encounter first."))
    d.emit("character_removed", {"character_id": c.character_id},
           ("gm",) if found["hidden"] else ("*",))


@command("reveal", Reveal)
def _reveal(d: Decision, c: Reveal) -> None:
    d.need_gm()
    found = d.character(c.character_id)
    if not found["hidden"]:
        raise NotAllowed(d.t("{name} is not hidden.", name=found["name"]))
    d.emit("character_revealed", {"character_id": c.character_id, "character": found})


@command("hide", Hide)
def _hide(d: Decision, c: Hide) -> None:
    d.need_gm()
    found = d.character(c.character_id)
    if found["hidden"]:
        raise NotAllowed(d.t("{name} is already hidden.", name=found["name"]))
    d.emit("character_hidden", {"character_id": c.character_id})


class Check(BaseModel):
    """A check of a character's statistic, logged with its dice and odds: PF2e
    Perception, a save or a skill against a DC (``secret`` for a secret check);
    5e an ability, skill or save (``advantage``, ``disadvantage``); W6 a Probe on an
    Eigenschaft with a Fertigkeit and Hilfsmittel, or a Komplexe Probe (``split``)."""

    model_config = COMMAND_CONFIG
    character_id: Id
    statistic: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    dc: Annotated[StrictInt, Field(ge=-100, le=200)] | StrictStr | None = None
    secret: StrictBool = False
    modifiers: list[dict[str, Any]] = Field(default_factory=list, max_length=20)
    fortune: StrictBool = False
    misfortune: StrictBool = False
    advantage: Annotated[StrictInt, Field(ge=0, le=10)] = 0
    disadvantage: Annotated[StrictInt, Field(ge=0, le=10)] = 0
    skill: StrictStr | None = Field(None, max_length=60)
    tools: list[StrictStr] = Field(default_factory=list, max_length=20)
    difficulty: StrictInt | StrictStr = 0
    required: StrictInt | list[StrictInt] | None = None
    split: list[StrictInt] | None = None
    label: StrictStr = Field("", max_length=80)


@command("check", Check)
def _check(d: Decision, c: Check) -> None:
    found = d.own(c.character_id)
    if c.secret and d.state["system"] != "pf2e":
        raise NotAllowed(d.t("Secret checks are a rule of PF2e (geheimer Wurf)."))
    action, fields = check_fields(d, found, c)
    record = d.roll(d.state["system"], action, fields, c.label or c.statistic)
    if d.state["system"] == "dnd5e" and c.dc is None:
        record["odds"] = dnd5e_odds(record)
    audience = ("gm",) if c.secret or found["hidden"] else ("*",)
    d.emit("check_rolled", {"character_id": c.character_id, "statistic": c.statistic,
                            "secret": c.secret}, audience)


class ContestSide(BaseModel):
    """One side of a contest: a character and what it rolls."""

    model_config = COMMAND_CONFIG
    character_id: Id
    statistic: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    skill: StrictStr | None = Field(None, max_length=60)
    tools: list[StrictStr] = Field(default_factory=list, max_length=20)
    difficulty: StrictInt | StrictStr = 0
    advantage: Annotated[StrictInt, Field(ge=0, le=10)] = 0
    disadvantage: Annotated[StrictInt, Field(ge=0, le=10)] = 0


class Contest(BaseModel):
    """A contest (W6 Konkurrierende Probe, 5e contest) between two characters."""

    model_config = COMMAND_CONFIG
    a: ContestSide
    b: ContestSide
    label: StrictStr = Field("", max_length=80)


@command("contest", Contest)
def _contest(d: Decision, c: Contest) -> None:
    system = d.state["system"]
    if system == "pf2e":
        raise NotAllowed(d.t("PF2e has no contests: roll a check against the other "
                             "creature's DC."))
    a, b = d.character(c.a.character_id), d.character(c.b.character_id)
    if not d.gm and d.viewer.member_id not in (a.get("owner"), b.get("owner")):
        raise NotAllowed(d.t("You may act only for your own characters."))
    d.roll(system, "contest", {"a": contest_side(d, a, c.a), "b": contest_side(d, b, c.b)},
           c.label)
    hidden = a["hidden"] or b["hidden"]
    d.emit("contest_rolled", {"a": c.a.character_id, "b": c.b.character_id},
           ("gm",) if hidden else ("*",))


class Undo(BaseModel):
    """Undo the last game command (game master): a compensating event puts back what
    it changed; the log keeps both."""

    model_config = COMMAND_CONFIG


@command("undo", Undo, undoable=False)
def _undo(d: Decision, c: Undo) -> None:
    d.need_gm()
    stack = d.state["undo"]
    if not stack:
        raise NotAllowed(d.t("There is nothing to undo."))
    top = stack[-1]
    # undoing what players never saw (a hidden creature's turn) stays hidden from them
    d.emit("undone", {"undoes": top["sequences"], "restore": top["before"]},
           ("gm",) if top.get("gm_only") else ("*",))


class ImportStatblock(BaseModel):
    """Add a PF2e creature from a stat block pasted in German or English (game
    master); hidden until revealed if ``hidden``."""

    model_config = COMMAND_CONFIG
    text: Annotated[StrictStr, Field(min_length=1, max_length=20_000)]
    name: Text | None = None
    kind: Literal["creature", "hazard"] = "creature"
    hidden: StrictBool = False


@command("import_statblock", ImportStatblock)
def _import_statblock(d: Decision, c: ImportStatblock) -> None:
    from regelwerk.table.statblock import parse_statblock

    d.need_gm()
    if d.state["system"] != "pf2e":
        raise NotAllowed(d.t("Stat blocks and Pathbuilder imports are for PF2e tables."))
    name, sheet = parse_statblock(c.text)
    character = new_character(d, (c.name or name)[:80], c.kind, None, c.hidden, sheet)
    d.emit("character_added", {"character": character}, ("gm",) if c.hidden else ("*",))


class ImportPathbuilder(BaseModel):
    """Add a PF2e character from Pathbuilder 2e's JSON export (a player's own)."""

    model_config = COMMAND_CONFIG
    export: dict[str, Any]
    owner: Id | None = None


@command("import_pathbuilder", ImportPathbuilder)
def _import_pathbuilder(d: Decision, c: ImportPathbuilder) -> None:
    from regelwerk.table.pathbuilder import from_pathbuilder

    if d.state["system"] != "pf2e":
        raise NotAllowed(d.t("Stat blocks and Pathbuilder imports are for PF2e tables."))
    owner = c.owner if d.gm else d.viewer.member_id
    name, sheet = from_pathbuilder(c.export)
    character = new_character(d, name[:80], "character", owner, False, sheet)
    d.emit("character_added", {"character": character})
