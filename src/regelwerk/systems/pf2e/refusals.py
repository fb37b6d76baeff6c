"""Refusals in the reader's language: a request the rules forbid answers ``not_allowed``
with the rule that forbids it.  Rules raise ``NotAllowed`` with a reason key; the
handlers wear ``@refusing``, which turns the key into the rule's words."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from regelwerk.errors import Message, NotAllowed, RuleError, translatable
from regelwerk.i18n import Translator
from regelwerk.protocol.registry import Context

__all__ = ["refusal_message", "refusal_text", "refusing"]

Request = TypeVar("Request")


_TEXTS: dict[str, str] = {
    "heal_dead": translatable(
        "A dead creature cannot be healed: „Du kannst nicht auf mehr als 0 "
        "Trefferpunkte gebracht werden, solange du tot bist.“"),
    "dead_cannot_act": translatable(
        "A dead creature can take no more actions: „Nach dem Tod kannst du keine "
        "Aktionen mehr durchführen“"),
    "dead_no_conditions": translatable(
        "A dead creature gains or loses no conditions of dying: it is dead "
        "(„Tod“)"),
    "dead_not_affected": translatable(
        "A dead creature is no longer affected by what targets creatures: „wirst von "
        "Zaubern nicht mehr betroffen, die auf Kreaturen zielen“"),
    "heroic_recovery_no_hero_point": translatable(
        "Heroic recovery needs at least one hero point: „Wenn du mindestens einen "
        "Heldenpunkt hast“"),
    "heroic_recovery_not_dying": translatable(
        "Heroic recovery stabilises a dying creature, and this one is not dying: "
        "„um dich bei 0 TP zu stabilisieren. Du verlierst den Zustand "
        "Sterbend.“"),
    "recovery_not_dying": translatable(
        "Only a dying creature attempts a recovery check: „Wenn du den Zustand "
        "Sterbend hast, musst du jeweils zu Beginn deines Zuges einen Einfachen Wurf "
        "ablegen“"),
    "wake_not_unconscious": translatable(
        "Only an unconscious creature can be woken, and this one is awake"),
    "wake_dying": translatable(
        "A dying creature cannot wake up: „kannst du nicht aufwachen, solange du "
        "0 Trefferpunkte hast.“"),
    "wake_at_zero_hp": translatable(
        "An unconscious creature at 0 HP wakes only when healed or after time passes: "
        "„kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege auf "
        "1 Trefferpunkt zurück und erwachst“"),
    "no_hero_point": translatable(
        "No hero point is left to spend: „Gib 1 Heldenpunkt aus, um einen Wurf zu "
        "wiederholen.“"),
    "reaction_spent": translatable(
        "The reaction of this round is already spent: „In einer Begegnung "
        "erhältst du jede Runde 1 Reaktion“"),
    "cannot_act": translatable(
        "A creature that cannot act uses no actions, reactions or free actions: "
        "„Dies heißt, du darfst keine Aktionen einsetzen und nicht einmal "
        "sprechen.“"),
    "trigger_answered": translatable(
        "This creature already answered the trigger {trigger}: „Als Antwort auf "
        "einen bestimmten Auslöser kannst du jedoch immer nur eine solche Handlung "
        "einsetzen.“"),
}
"""The rule of each reason, with its words from the text."""


def refusal_message(refusal: NotAllowed) -> Message:
    """The rule that forbids the request, as a message to say in any language."""
    template = _TEXTS.get(refusal.reason)
    if template is None:
        return Message(refusal.message)
    values = {"trigger": refusal.values.get("trigger", "")} if "{trigger}" in template else {}
    return Message(template, **values)


def refusal_text(t: Translator, refusal: NotAllowed) -> str:
    """The rule that forbids the request, in the reader's language."""
    return refusal_message(refusal).render(t)


def refusing(handler: Callable[[Request, Context], dict[str, Any]]
             ) -> Callable[[Request, Context], dict[str, Any]]:
    """The handler, with the rules' refusals answered as ``not_allowed`` in the
    reader's language."""

    @wraps(handler)
    def answer(request: Request, context: Context) -> dict[str, Any]:
        try:
            return handler(request, context)
        except NotAllowed as refusal:
            said = refusal_message(refusal)
            raise RuleError(said.template, code="not_allowed", **said.values) from None

    return answer
