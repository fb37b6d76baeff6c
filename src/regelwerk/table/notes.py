"""The game master's notes: text in the log for the game master alone (a player's
copy of the event is a neutral hidden one, without even its kind)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StrictStr

from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand

__all__: list[str] = []

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]


class Note(BaseModel):
    """A note of the game master's (about a character, or the table); only the game
    master ever receives it."""

    model_config = COMMAND_CONFIG
    text: Annotated[StrictStr, Field(min_length=1, max_length=4000)]
    character_id: Id | None = None


@command("note", Note, undoable=False)
def _note(d: Decision, c: Note) -> None:
    d.need_gm()
    if not c.text.strip():
        raise InvalidCommand(d.t("A note needs some text."))
    if c.character_id is not None:
        d.character(c.character_id)
    d.emit("note_added", {"note": c.text.strip(), "character_id": c.character_id}, ("gm",))


