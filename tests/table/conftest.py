"""A table service over the in-memory store, with a game master and a player."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from regelwerk.store import MemoryStore
from regelwerk.table.decide import Entropy
from regelwerk.table.service import TableService, Viewer


@dataclass
class Table:
    service: TableService
    store: MemoryStore
    table_id: str
    gm: Viewer
    player: Viewer
    other: Viewer


def fixed_entropy(name: str = "test") -> Callable[[], Entropy]:
    """Seeds and tokens that are the same on every run (for tests that replay)."""
    counter = itertools.count(1)

    def fresh() -> Entropy:
        n = next(counter)
        return Entropy(hashlib.sha256(f"{name}-{n}".encode()).hexdigest(), f"token-{name}-{n}")
    return fresh


def make_table(system: str = "pf2e", lang: str = "en", *, fixed: str | None = None) -> Table:
    store = MemoryStore()
    service = TableService(store, entropy=fixed_entropy(fixed) if fixed else None)
    creds = service.create_table(name="Runde", system=system, lang=lang, gm_name="Anna")
    gm = service.authenticate(creds.table_id, creds.token)
    invitation = service.invite(gm)
    bert = service.join(creds.table_id, invitation.token, "Bert")
    cleo = service.join(creds.table_id, invitation.token, "Cleo")
    return Table(service, store, creds.table_id, gm,
                 service.authenticate(creds.table_id, bert.token),
                 service.authenticate(creds.table_id, cleo.token))


@pytest.fixture
def pf2e() -> Table:
    return make_table("pf2e")
