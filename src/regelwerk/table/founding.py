"""What founding a table needs, checked before anything is stored; the secrets a
member and an invitation get; the language of a table already read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk.i18n import LANGUAGES
from regelwerk.table.commands import SYSTEMS
from regelwerk.table.errors import InvalidCommand

__all__ = ["Credentials", "Invitation", "check_founding", "language_in"]


@dataclass(frozen=True)
class Credentials:
    """A member's access to a table; the token is shown once."""

    table_id: str
    member_id: str
    token: str


@dataclass(frozen=True)
class Invitation:
    """An invitation link's secret; the token is shown once."""

    invitation_id: str
    token: str


def check_founding(*, name: str, system: str, lang: str, gm_name: str) -> None:
    """Refuse a new table whose system, language or names are not allowed (the error
    says what is)."""
    if system not in SYSTEMS:
        raise InvalidCommand("unknown system {system}: allowed are {allowed}",
                             system=repr(str(system)[:40]), allowed=", ".join(SYSTEMS))
    if lang not in LANGUAGES:
        raise InvalidCommand("unknown language {lang}: allowed are {allowed}",
                             lang=repr(str(lang)[:10]), allowed=", ".join(LANGUAGES))
    for label, text in (("name", name), ("gm_name", gm_name)):
        if not isinstance(text, str) or not 1 <= len(text.strip()) <= 80:
            raise InvalidCommand("{field} must be 1 to 80 characters", field=label)


def language_in(states: Mapping[str, Mapping[str, Any]], table_id: str) -> str | None:
    """The language of a table among ``states`` (read tables), None for one not read."""
    state = states.get(table_id)
    return None if state is None else str(state["lang"] or "en")
