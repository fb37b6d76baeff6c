"""The table's application service: what the HTTP API and the web pages call.

It reads a table's events from the store, folds them into the state (kept per
table with its latest events, and caught up by sequence number), lets the pure
deciders turn a command into events, appends them with the sequence number of
the state they were decided on (retrying on a conflict against the newer
state), and filters everything per viewer.

Commands are decided on the cached state without asking the store first: the
append's compare-and-set refuses them if another process moved the log on, and
a refusal or a token the cache does not know is checked again against the
caught-up state.  Reads of the state and of events catch up with the store,
except a stream's read up to a number the store announced (``events`` with
``known``), which memory answers.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from regelwerk.errors import translatable
from regelwerk.store.base import ConflictError, EventStore, NewEvent, StoredEvent, UnknownTable
from regelwerk.table import fair
from regelwerk.table.commands import creation_events, hash_token, join_events
from regelwerk.table.decide import Entropy, Viewer, command_types, decide
from regelwerk.table.errors import InvalidCommand, NotAllowed, NotAuthorized
from regelwerk.table.export import event_json, export_lines
from regelwerk.table.founding import Credentials, Invitation, check_founding, language_in
from regelwerk.table.state import State, apply, fold, initial
from regelwerk.table.tail import Tail
from regelwerk.table.views import uniform, view_event, view_state

__all__ = ["Credentials", "Invitation", "NotAllowed", "NotAuthorized", "TableService", "Viewer",
           "event_json"]

RETRIES = 8

TAIL = 256
"""Latest events kept in memory per table (compact: ``table.tail``), for streams
to read without the store."""

SHARED_VIEWS = 16
"""Latest events per table whose one view everyone shares (``events(shared=True)``):
streams read a new event within moments, so few are needed, and these are
containers the garbage collector walks."""


def _entropy() -> Entropy:
    return Entropy(fair.new_seed(), secrets.token_urlsafe(32),
                   datetime.now(UTC).isoformat(timespec="seconds"))


class TableService:
    """Tables over an event store."""

    def __init__(self, store: EventStore, *,
                 entropy: Callable[[], Entropy] | None = None) -> None:
        """``entropy`` gives fresh seeds and tokens (tests pass a deterministic one)."""
        self._store = store
        self._entropy = entropy or _entropy
        self._states: dict[str, State] = {}
        self._tails: dict[str, Tail] = {}
        """Per table, its latest events up to the cached state's sequence number."""
        self._shared: dict[str, dict[int, dict[str, Any]]] = {}
        """Per table, the one view of its recent ``uniform`` events (for streams)."""
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    def _lock(self, table_id: str) -> threading.RLock:
        """The lock of one table's cached state (tables do not wait for each other)."""
        with self._guard:
            lock = self._locks.get(table_id)
            if lock is None:
                lock = self._locks[table_id] = threading.RLock()
            return lock

    # -- state -------------------------------------------------------------------

    def _current(self, table_id: str) -> State:
        """The table's state caught up with the store (the cached object: read only)."""
        with self._lock(table_id):
            state = self._states.get(table_id)
            if state is None:
                read = self._store.read(table_id)
                state = fold(read)
                if not state["sequence"]:
                    raise UnknownTable(f"there is no table {table_id[:80]!r}")
                self._states[table_id] = state
                self._tails[table_id] = Tail(TAIL, read[-TAIL:])
            else:
                tail = self._tails[table_id]
                for event in self._store.read(table_id, state["sequence"]):
                    apply(state, event)
                    tail.append(event)
            return state

    def _cached(self, table_id: str) -> State:
        """The table's cached state as it is (read from the store the first time);
        hold the table's lock.  Good for deciding: the append checks the number."""
        state = self._states.get(table_id)
        return state if state is not None else self._known(table_id)

    def _since(self, table_id: str, state: State, after: int) -> list[StoredEvent]:
        """The events after ``after``: from memory when it holds them all (up to the
        state's number), else from the store; hold the table's lock."""
        tail = self._tails[table_id]
        if after >= state["sequence"]:
            return []
        if tail.covers(after):
            return tail.since(after)
        return self._store.read(table_id, after)

    def _append(self, table_id: str, state: State,
                events: list[NewEvent]) -> list[StoredEvent]:
        stored = self._store.append(table_id, state["sequence"], events)
        tail = self._tails.setdefault(table_id, Tail(TAIL))
        for event in stored:
            apply(state, event)
            tail.append(event)
        return stored

    def language_of(self, table_id: str) -> str | None:
        """The language of a table this service has read (its refusals are decided in
        it), without asking the store; None for one it has not."""
        return language_in(self._states, table_id)

    # -- membership --------------------------------------------------------------

    def create_table(self, *, name: str, system: str, lang: str, gm_name: str) -> Credentials:
        """A new table with its game master; the gm's token is shown once."""
        check_founding(name=name, system=system, lang=lang, gm_name=gm_name)
        table_id = secrets.token_urlsafe(12)
        fresh = self._entropy()
        token = fresh.token
        with self._lock(table_id):
            self._store.create_table(table_id)
            state = initial()
            self._states[table_id] = state
            self._append(table_id, state, creation_events(
                table_id, name.strip(), system, lang, gm_name.strip(), token, fresh.seed))
        return Credentials(table_id, "m1", token)

    def invite(self, viewer: Viewer) -> Invitation:
        """A new invitation (game master only); its token is shown once."""
        entropy = self._entropy()
        result = self._execute(viewer, {"type": "invite"}, entropy)
        return Invitation(result[0][0].payload["invitation_id"], entropy.token)

    def revoke(self, viewer: Viewer, invitation_id: str) -> None:
        """Revoke an invitation (game master only)."""
        self.execute(viewer, {"type": "revoke", "invitation_id": invitation_id})

    def join(self, table_id: str, invitation_token: str, name: str) -> Credentials:
        """Join a table with an invitation's token; the new member's token is shown once."""
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 80:
            raise InvalidCommand("{field} must be 1 to 80 characters", field="name")
        token = self._entropy().token
        digest = hash_token(str(invitation_token))
        for _ in range(RETRIES):
            with self._lock(table_id):
                state = self._known(table_id)
                found = [i for i, v in state["invitations"].items()
                         if fair.same(v["token_hash"], digest)]
                if not found or state["invitations"][found[0]]["revoked"]:
                    raise NotAuthorized("this invitation is not valid (unknown or revoked)")
                events = join_events(state, found[0], name.strip(), token)
                try:
                    stored = self._append(table_id, state, events)
                except ConflictError:
                    continue
            return Credentials(table_id, stored[0].payload["member_id"], token)
        raise ConflictError(translatable("the table is too busy; try again"))

    def _known(self, table_id: str) -> State:
        """The caught-up state; ``UnknownTable`` (HTTP 404) for a table the store
        does not hold, whatever token came with it."""
        try:
            return self._current(table_id)
        except UnknownTable:
            raise UnknownTable("There is no table here.") from None

    def authenticate(self, table_id: str, token: str) -> Viewer:
        """The member a token belongs to; ``NotAuthorized`` otherwise.  A token the
        cached state does not know is looked for again after catching up (the
        member may have joined through another process)."""
        digest = hash_token(str(token))
        with self._lock(table_id):
            cached = table_id in self._states
            viewer = self._member(self._cached(table_id), table_id, digest)
            if viewer is None and cached:
                viewer = self._member(self._known(table_id), table_id, digest)
        if viewer is None:
            raise NotAuthorized("unknown table or token")
        return viewer

    @staticmethod
    def _member(state: State, table_id: str, digest: str) -> Viewer | None:
        for member_id, stored in state["credentials"].items():
            if fair.same(stored, digest):
                member = state["members"][member_id]
                return Viewer(table_id, member_id, member["role"], member["name"])
        return None

    def _check_viewer(self, state: State, viewer: Viewer) -> None:
        member = state["members"].get(viewer.member_id)
        if member is None or member["role"] != viewer.role:
            raise NotAuthorized("not a member of this table")

    # -- commands ----------------------------------------------------------------

    def _execute(self, viewer: Viewer, command: dict[str, Any],
                 entropy: Entropy) -> tuple[list[StoredEvent], State]:
        table_id = viewer.table_id
        fresh = table_id not in self._states  # whether the state was just caught up
        for _ in range(RETRIES):
            with self._lock(table_id):
                state = self._known(table_id) if fresh else self._cached(table_id)
                try:
                    self._check_viewer(state, viewer)
                    events = decide(state, viewer, command, entropy)
                except Exception:
                    if fresh or not self._moved_on(table_id, state):
                        raise
                    fresh = True  # the refusal may be stale: decide again on the news
                    continue
                if not events:
                    if fresh or not self._moved_on(table_id, state):
                        return [], state
                    fresh = True
                    continue
                try:
                    return self._append(table_id, state, events), state
                except ConflictError:
                    fresh = True
                    continue
        raise ConflictError(translatable("the table is too busy; try again"))

    def _moved_on(self, table_id: str, state: State) -> bool:
        """Catch ``state`` up with the store; whether it had news.  Hold the lock."""
        before = state["sequence"]
        moved: bool = self._known(table_id)["sequence"] != before
        return moved

    def execute(self, viewer: Viewer, command: dict[str, Any]) -> dict[str, Any]:
        """Decide and store a command; the events as this viewer sees them.  An
        ``invite`` command also answers the new ``invitation`` (its token shown once)."""
        entropy = self._entropy()
        stored, state = self._execute(viewer, command, entropy)
        with self._lock(viewer.table_id):
            answer: dict[str, Any] = {
                "ok": True, "events": [view_event(e, viewer, state) for e in stored],
                "sequence": stored[-1].sequence if stored else state["sequence"]}
        if isinstance(command, dict) and command.get("type") == "invite" and stored:
            answer["invitation"] = {"invitation_id": stored[0].payload["invitation_id"],
                                    "token": entropy.token}
        return answer

    # -- reading -----------------------------------------------------------------

    def state(self, viewer: Viewer) -> dict[str, Any]:
        """The viewer's filtered state, JSON-ready."""
        with self._lock(viewer.table_id):
            state = self._known(viewer.table_id)
            self._check_viewer(state, viewer)
            return view_state(state, viewer)

    def events(self, viewer: Viewer, after: int = 0, known: int | None = None,
               *, shared: bool = False) -> list[dict[str, Any]]:
        """The events after a sequence number, filtered for the viewer.  ``known``:
        a number the store is known to have reached (a stream's wake-up); while the
        cached state has reached it, the store is not asked.  ``shared``: the caller
        only reads the views, so an event everyone sees alike comes as one object
        for all viewers (filtered once, not once per stream)."""
        table_id = viewer.table_id
        with self._lock(table_id):
            state = self._states.get(table_id)
            if state is None or known is None or state["sequence"] < known:
                state = self._known(table_id)
            self._check_viewer(state, viewer)
            return self._views(table_id, state, viewer, after, shared)

    def _views(self, table_id: str, state: State, viewer: Viewer, after: int,
               shared: bool) -> list[dict[str, Any]]:
        after = max(int(after), 0)
        if not shared:
            return [view_event(e, viewer, state) for e in self._since(table_id, state, after)]
        views = self._shared.setdefault(table_id, {})
        wanted = range(after + 1, state["sequence"] + 1)
        if all(sequence in views for sequence in wanted):  # the usual wake-up: no unpickling
            return [views[sequence] for sequence in wanted]
        out = []
        for event in self._since(table_id, state, after):
            view = views.get(event.sequence)
            if view is None:
                view = view_event(event, viewer, state)
                if uniform(event):
                    views[event.sequence] = view
            out.append(view)
        if len(views) > 2 * SHARED_VIEWS:  # keep the views of the latest events only
            oldest = state["sequence"] - SHARED_VIEWS
            for sequence in [s for s in views if s <= oldest]:
                del views[sequence]
        return out

    def events_at_hand(self, viewer: Viewer, after: int, known: int | None, *,
                       shared: bool = False) -> list[dict[str, Any]] | None:
        """As ``events``, but only if memory answers without waiting for the table's
        lock or the store (so the event loop may call it); None otherwise."""
        table_id = viewer.table_id
        if known is None or table_id not in self._states:
            return None
        lock = self._lock(table_id)
        if not lock.acquire(blocking=False):
            return None
        try:
            state, tail = self._states[table_id], self._tails[table_id]
            if state["sequence"] < known or not tail.covers(after):
                return None
            self._check_viewer(state, viewer)
            return self._views(table_id, state, viewer, after, shared)
        finally:
            lock.release()

    def strike_odds(self, viewer: Viewer, character_id: str, strike: str,
                    target_id: str) -> dict[str, Any]:
        """The chances of a Strike before it is rolled, decided against the whole
        state (``table/odds.py``): the answer never holds a hidden AC."""
        from regelwerk.table.odds import strike_odds

        with self._lock(viewer.table_id):
            state = self._known(viewer.table_id)
            self._check_viewer(state, viewer)
            return strike_odds(state, viewer, character_id, strike, target_id)

    def wait(self, viewer: Viewer, after: int, timeout: float) -> bool:
        """Block up to ``timeout`` seconds for an event after ``after``."""
        return self._store.wait(viewer.table_id, after, timeout)

    def export(self, viewer: Viewer) -> str:
        """The whole log as JSON Lines (game master only); the dice seed not yet
        revealed is left out."""
        if viewer.role != "gm":
            raise NotAuthorized("only the game master may export the table")
        with self._lock(viewer.table_id):
            state = self._known(viewer.table_id)
            self._check_viewer(state, viewer)
            return export_lines(self._store.read(viewer.table_id), state)

    def import_table(self, text: str, *, gm_name: str | None = None) -> Credentials:
        """A new table from an exported log (JSON Lines): every event replayed under a
        new table id, a new game master token, and a fresh dice seed committed."""
        from regelwerk.table.export import parse_lines

        events = parse_lines(text)
        table_id = secrets.token_urlsafe(12)
        token = secrets.token_urlsafe(32)
        with self._lock(table_id):
            self._store.create_table(table_id)
            copied = [NewEvent(e.kind, _retarget(e, table_id), e.actor, e.audience)
                      for e in events]
            state = initial()
            self._states[table_id] = state
            self._append(table_id, state, copied)
            gm = next(m for m, v in state["members"].items() if v["role"] == "gm")
            viewer = Viewer(table_id, gm, "gm", gm_name or state["members"][gm]["name"])
            self._append(table_id, state, [NewEvent(
                "credential_reset", {"member_id": gm, "token_hash": hash_token(token)}, gm,
                ("server",))])
            self._append(table_id, state, decide(state, viewer, {"type": "rotate_seed"},
                                                 self._entropy()))
        return Credentials(table_id, gm, token)

    def command_types(self) -> dict[str, type[BaseModel]]:
        """Every command's pydantic model, by type."""
        return command_types()


def _retarget(event: StoredEvent, table_id: str) -> dict[str, Any]:
    """An imported event's payload, the table's new id in its creation."""
    payload: dict[str, Any] = json.loads(json.dumps(event.payload))
    if event.kind == "table_created":
        payload["table_id"] = table_id
    return payload

