"""Entgegenwirken: counteract levels and the four results of the text.

"Wenn der Effekt ein Zauber ist, dann ist die Stufe des Zaubers die
Entgegenwirkungsstufe. Ansonsten halbiere die Stufe des Effektes und runde auf [...]
Wenn die Stufe eines Effektes unklar ist und der Effekt von einer Kreatur herrührt,
halbiere die Stufe der Kreatur und runde auf."
"""

from __future__ import annotations

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree

__all__ = ["counteract_level", "counteracts"]


def counteract_level(*, spell_rank: int | None = None, level: int | None = None) -> int:
    """A spell's rank, or half an effect's (or creature's) level rounded up."""
    if (spell_rank is None) == (level is None):
        raise RuleError("give either 'spell_rank' or 'level'", code="invalid_value")
    if spell_rank is not None:
        return spell_rank
    assert level is not None
    return -(-level // 2)


def counteracts(degree: Degree, own_level: int, target_level: int) -> bool:
    """Critical success: the target's counteract level at most 3 above yours; success:
    at most 1 above; failure: below yours; critical failure: never."""
    if degree == Degree.CRITICAL_SUCCESS:
        return target_level <= own_level + 3
    if degree == Degree.SUCCESS:
        return target_level <= own_level + 1
    if degree == Degree.FAILURE:
        return target_level < own_level
    return False
