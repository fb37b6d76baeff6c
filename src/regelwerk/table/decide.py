"""Deciding a command: pure code against the current state yields events or a
refusal.  ``Decision`` collects the events of one command, rolls the table's
provably fair dice for the event about to be emitted, and translates reasons.

Each command type is a pydantic model registered with ``@command(type, Model)``;
``decide(state, viewer, command, entropy)`` validates and dispatches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from regelwerk.errors import RegelwerkError, RequestError
from regelwerk.i18n import LANGUAGES, translator
from regelwerk.store.base import NewEvent
from regelwerk.table import fair, rules
from regelwerk.table.errors import (
    InvalidCommand,
    NotAllowed,
    NotAuthorized,
    Speaker,
    TableError,
    again,
    invalid_fields,
)
from regelwerk.table.state import State, apply, copy_dict

__all__ = ["COMMAND_CONFIG", "Decision", "Entropy", "Viewer", "command", "command_types",
           "decide"]

COMMAND_CONFIG = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Viewer:
    """Who asks: a member of a table with a role."""

    table_id: str
    member_id: str
    role: Literal["gm", "player"]
    name: str


@dataclass(frozen=True, slots=True)
class Entropy:
    """Fresh randomness the service hands in (deciding itself draws none)."""

    seed: str
    token: str
    time: str = ""


class Decision:
    """The events of one command, being made."""

    def __init__(self, state: State, viewer: Viewer, entropy: Entropy,
                 undoable: bool = True) -> None:
        self.state = state
        self.viewer = viewer
        self.entropy = entropy
        self.events: list[NewEvent] = []
        self.t = Speaker(translator(state["lang"] or "en"))
        """Texts in the table's language; a refusal's is said again in its reader's."""
        self._undoable = undoable
        self._pending: list[dict[str, Any]] = []
        self._recorder: rules.RecordingSource | None = None
        self._used = 0
        self._scratch: State | None = None
        self._automatic = 0

    @property
    def now(self) -> State:
        """The state as it will be after the events emitted so far (a scratch copy:
        later steps of one command build on the earlier ones)."""
        if self._scratch is None:
            if not self.events:
                return self.state
            self._scratch = copy_dict({k: v for k, v in self.state.items() if k != "undo"})
            self._scratch["undo"] = []
            for number, event in enumerate(self.events):
                apply(self._scratch, _Draft(int(self.state["sequence"]) + number + 1, event),
                      remember=False)
        return self._scratch

    @property
    def lang(self) -> str:
        """The table's language."""
        return str(self.state["lang"] or "en")

    @property
    def next_sequence(self) -> int:
        """The sequence number the next emitted event will get."""
        return int(self.state["sequence"]) + len(self.events) + 1

    @property
    def gm(self) -> bool:
        """The viewer is the game master."""
        return self.viewer.role == "gm"

    def need_gm(self) -> None:
        """Refuse unless the game master asks."""
        if not self.gm:
            raise NotAuthorized(self.t("Only the game master may do this."))

    def _source(self) -> rules.RecordingSource:
        if self._recorder is None:
            f = self.state["fair"]
            if not f["seed"]:
                raise NotAllowed(self.t("No dice seed is committed: the game master must "
                                        "rotate the seed first."))
            self._recorder = rules.RecordingSource(
                fair.source(f["seed"], f["player_seeds"], self.next_sequence))
        return self._recorder

    def roll(self, system: str, action: str, fields: dict[str, Any],
             label: str = "") -> dict[str, Any]:
        """Roll a rules action with the fair dice of the next event; the record
        (request, dice, source, result with odds) goes into that event."""
        recorder = self._source()
        result = rules.run(system, action, fields, self.lang, recorder)
        f = self.state["fair"]
        record = {
            "label": str(label),
            "request": {"system": system, "action": action, **fields},
            "dice": recorder.dice[self._used:],
            "source": {"kind": fair.SOURCE_KIND, "epoch": f["epoch"],
                       "seed_hash": f["seed_hash"], "player_seeds": list(f["player_seeds"]),
                       "sequence": self.next_sequence},
            "result": result,
        }
        self._used = len(recorder.dice)
        self._pending.append(record)
        return record

    def ask(self, system: str, action: str, fields: dict[str, Any]) -> dict[str, Any]:
        """A rules answer without dice."""
        return rules.ask(system, action, fields, self.lang)

    def emit(self, kind: str, payload: dict[str, Any],
             audience: tuple[str, ...] = ("*",)) -> None:
        """Add an event; rolls made since the last one go into it."""
        body = dict(payload)
        if self._pending:
            body["rolls"] = self._pending
            self._pending = []
            self._recorder = None
            self._used = 0
        if self._undoable:
            body["command"] = int(self.state["sequence"]) + 1
        event = NewEvent(kind, body, self.viewer.member_id, tuple(audience))
        self.events.append(event)
        if self._scratch is not None:
            apply(self._scratch, _Draft(int(self._scratch["sequence"]) + 1, event),
                  remember=False)

    @contextmanager
    def automatic(self) -> Iterator[None]:
        """The table's own steps (the next turn beginning, its start-of-turn rules) run
        for every creature, hidden ones too, whoever's command set them off."""
        self._automatic += 1
        try:
            yield
        finally:
            self._automatic -= 1

    def character(self, character_id: str) -> dict[str, Any]:
        """A character of the table, or a refusal naming the ones there are."""
        found = self.now["characters"].get(character_id)
        if found is None or (found.get("hidden") and not self.gm and not self._automatic):
            raise InvalidCommand(self.t("There is no character {id}.", id=character_id))
        return dict(found)

    def own(self, character_id: str) -> dict[str, Any]:
        """A character the viewer may act for: the game master for all, a player for
        their own."""
        found = self.character(character_id)
        if not self.gm and not self._automatic and found.get("owner") != self.viewer.member_id:
            raise NotAuthorized(self.t("You may act only for your own characters."))
        return found


@dataclass(frozen=True, slots=True)
class _Draft:
    """An emitted event as the scratch fold reads it."""

    sequence: int
    event: NewEvent

    @property
    def kind(self) -> str:
        return self.event.kind

    @property
    def payload(self) -> dict[str, Any]:
        return self.event.payload

    @property
    def audience(self) -> tuple[str, ...]:
        return self.event.audience

    @property
    def actor(self) -> str:
        return self.event.actor

    @property
    def time(self) -> str:
        return ""


Handler = Callable[[Decision, Any], None]
_COMMANDS: dict[str, tuple[type[BaseModel], Handler, bool]] = {}


def command(kind: str, model: type[BaseModel], *,
            undoable: bool = True) -> Callable[[Handler], Handler]:
    """Register the model and decider of a command type."""
    def register(handler: Handler) -> Handler:
        _COMMANDS[kind] = (model, handler, undoable)
        return handler
    return register


def _load() -> None:
    import regelwerk.table.battle_map
    import regelwerk.table.commands
    import regelwerk.table.encounter
    import regelwerk.table.hero_points
    import regelwerk.table.joining
    import regelwerk.table.notes
    import regelwerk.table.temp_hp  # noqa: F401


def command_types() -> dict[str, type[BaseModel]]:
    """Every command type and its model."""
    _load()
    return {kind: entry[0] for kind, entry in sorted(_COMMANDS.items())}


def parse(command: object, t: Speaker | None = None) -> tuple[str, BaseModel]:
    """The command's type and validated model, or ``InvalidCommand`` (in the language
    of ``t``; English without one)."""
    _load()
    t = t or Speaker(translator("en"))
    if not isinstance(command, dict):
        raise InvalidCommand(t("a command must be a JSON object with a 'type'"))
    kind = command.get("type")
    if kind not in _COMMANDS:
        raise InvalidCommand(t("unknown command type {type}: allowed are {allowed}",
                               type=repr(str(kind)[:40]),
                               allowed=", ".join(sorted(_COMMANDS))))
    model = _COMMANDS[str(kind)][0]
    try:
        return str(kind), model.model_validate({k: v for k, v in command.items()
                                                if k != "type"})
    except ValidationError as error:
        raise InvalidCommand(invalid_fields(t, str(kind), error, model)) from None


def decide(state: State, viewer: Viewer, command: object, entropy: Entropy) -> list[NewEvent]:
    """The events a command yields against ``state``, or a refusal."""
    lang = str(state["lang"])
    kind, model = parse(command, Speaker(translator(lang if lang in LANGUAGES else "en")))
    _, handler, undoable = _COMMANDS[kind]
    decision = Decision(state, viewer, entropy, undoable)
    try:
        handler(decision, model)
    except TableError:
        raise
    except ValidationError as error:
        raise InvalidCommand(invalid_fields(decision.t, kind, error)) from None
    except RequestError as error:
        raise InvalidCommand(decision.t("{command}: {problem}", command=kind,
                                        problem=again(error))) from None
    except RegelwerkError as error:
        raise NotAllowed(decision.t.again(error)) from None
    return decision.events
