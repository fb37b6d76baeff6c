"""Refusals in the reader's language: a request the rules forbid answers ``not_allowed``
with the rule that forbids it.  Rules raise ``NotAllowed`` with a reason key; the
handlers wear ``@refusing``, which turns the key into the rule's words."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from regelwerk.errors import NotAllowed, RuleError
from regelwerk.i18n import Translator
from regelwerk.protocol.registry import Context

__all__ = ["refusal_text", "refusing"]

Request = TypeVar("Request")


def refusal_text(t: Translator, refusal: NotAllowed) -> str:
    """The rule that forbids the request, in the reader's language."""
    v = refusal.values
    texts = {
        "heal_dead": lambda: t(
            "A dead creature cannot be healed: „Du kannst nicht auf mehr als 0 "
            "Trefferpunkte gebracht werden, solange du tot bist.“"),
        "dead_cannot_act": lambda: t(
            "A dead creature can take no more actions: „Nach dem Tod kannst du keine "
            "Aktionen mehr durchführen“"),
        "dead_no_conditions": lambda: t(
            "A dead creature gains or loses no conditions of dying: it is dead "
            "(„Tod“)"),
        "dead_not_affected": lambda: t(
            "A dead creature is no longer affected by what targets creatures: „wirst von "
            "Zaubern nicht mehr betroffen, die auf Kreaturen zielen“"),
        "heroic_recovery_no_hero_point": lambda: t(
            "Heroic recovery needs at least one hero point: „Wenn du mindestens einen "
            "Heldenpunkt hast“"),
        "heroic_recovery_not_dying": lambda: t(
            "Heroic recovery stabilises a dying creature, and this one is not dying: "
            "„um dich bei 0 TP zu stabilisieren. Du verlierst den Zustand "
            "Sterbend.“"),
        "recovery_not_dying": lambda: t(
            "Only a dying creature attempts a recovery check: „Wenn du den Zustand "
            "Sterbend hast, musst du jeweils zu Beginn deines Zuges einen Einfachen Wurf "
            "ablegen“"),
        "wake_not_unconscious": lambda: t(
            "Only an unconscious creature can be woken, and this one is awake"),
        "wake_dying": lambda: t(
            "A dying creature cannot wake up: „kannst du nicht aufwachen, solange du "
            "0 Trefferpunkte hast.“"),
        "wake_at_zero_hp": lambda: t(
            "An unconscious creature at 0 HP wakes only when healed or after time passes: "
            "„kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege auf "
            "1 Trefferpunkt zurück und erwachst“"),
        "no_hero_point": lambda: t(
            "No hero point is left to spend: „Gib 1 Heldenpunkt aus, um einen Wurf zu "
            "wiederholen.“"),
        "reaction_spent": lambda: t(
            "The reaction of this round is already spent: „In einer Begegnung "
            "erhältst du jede Runde 1 Reaktion“"),
        "cannot_act": lambda: t(
            "A creature that cannot act uses no actions, reactions or free actions: "
            "„Dies heißt, du darfst keine Aktionen einsetzen und nicht einmal "
            "sprechen.“"),
        "trigger_answered": lambda: t(
            "This creature already answered the trigger {trigger}: „Als Antwort auf "
            "einen bestimmten Auslöser kannst du jedoch immer nur eine solche Handlung "
            "einsetzen.“", trigger=v.get("trigger", "")),
    }
    text = texts.get(refusal.reason)
    return text() if text is not None else refusal.message


def refusing(handler: Callable[[Request, Context], dict[str, Any]]
             ) -> Callable[[Request, Context], dict[str, Any]]:
    """The handler, with the rules' refusals answered as ``not_allowed`` in the
    reader's language."""

    @wraps(handler)
    def answer(request: Request, context: Context) -> dict[str, Any]:
        try:
            return handler(request, context)
        except NotAllowed as refusal:
            raise RuleError(refusal_text(context.t, refusal), code="not_allowed") from None

    return answer
