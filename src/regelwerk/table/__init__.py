"""The table: campaigns, characters and encounters as an event-sourced log.

Commands are decided by pure code against the state (``decide``) into events;
the state is the fold of the events (``state``); views filter both per viewer
(``views``); ``service.TableService`` ties them to an event store.  The rules
are asked through the protocol's actions (``rules``); the table's dice are
provably fair (``fair``).
"""

from regelwerk.table.errors import InvalidCommand, NotAllowed, NotAuthorized, TableError

__all__ = ["InvalidCommand", "NotAllowed", "NotAuthorized", "TableError"]
