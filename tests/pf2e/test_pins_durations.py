"""Durations pinned: which event ends which effect, at the last round and one before,
with every tick and the effects left written out from the text."""

from __future__ import annotations

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.effects.durations import Effect, Event, Tick, run

START_A, END_A = Event("start", "alia"), Event("end", "alia")
START_B, END_B = Event("start", "bran"), Event("end", "bran")


# "Bei einem Effekt, der eine bestimmte Anzahl von Runden andauert, wird die verbleibende
# Wirkungsdauer zu Beginn des Zuges der Kreatur, die den Effekt erzeugt hat, um 1
# reduziert."
def test_rounds_count_down_at_the_creators_turn_start() -> None:
    bless = Effect("bless", "rounds", "alia", "bran", remaining=2)
    ticks, left = run([bless], [END_A, START_B, START_A])
    assert ticks == (Tick(END_A, ()), Tick(START_B, ()), Tick(START_A, ()))
    assert left == (Effect("bless", "rounds", "alia", "bran", remaining=1),)
    ticks, left = run([bless], [START_A, START_A])
    assert [t.expired for t in ticks] == [(), ("bless",)]
    assert left == ()


# "bis zum Ende des nächsten Zuges des Zieles" — counted at the end of the target's turn;
# one applied during the target's own turn does not count that turn.
def test_target_turns_count_down_at_the_targets_turn_end() -> None:
    frightened = Effect("shove", "target_turns", "alia", "bran", remaining=1)
    ticks, left = run([frightened], [END_A, START_B, END_B])
    assert [t.expired for t in ticks] == [(), (), ("shove",)]
    assert left == ()
    own = Effect("own", "target_turns", "alia", "bran", remaining=1,
                 applied_on_target_turn=True)
    ticks, left = run([own], [END_B])
    assert left == (Effect("own", "target_turns", "alia", "bran", remaining=1),)
    ticks, left = run([own], [END_B, END_B])
    assert [t.expired for t in ticks] == [(), ("own",)]
    three = Effect("three", "target_turns", "alia", "bran", remaining=3)
    ticks, left = run([three], [END_B, END_B])
    assert left == (Effect("three", "target_turns", "alia", "bran", remaining=1),)


def test_until_sustained_unlimited_and_dismissed() -> None:
    # "Manche Effekte enden [...] erst, wenn eine bestimmte Bedingung erfüllt [...] ist."
    grab = Effect("grab", "until", "alia", "bran", condition="escaped")
    ticks, left = run([grab], [Event("met", "other"), START_A, Event("met", "escaped")])
    assert [t.expired for t in ticks] == [(), (), ("grab",)]
    spell = Effect("light", "sustained", "alia", "bran")
    ticks, left = run([spell], [START_A, Event("sustain", "light"), END_A, START_A, END_A])
    assert [t.expired for t in ticks] == [(), (), (), (), ("light",)]
    assert left == ()
    ticks, left = run([spell], [START_B, END_B, END_A])
    assert left == (spell,)
    aura = Effect("aura", "unlimited", "alia", "bran")
    ticks, left = run([aura], [START_A, END_A, START_B, Event("dismiss", "other")])
    assert left == (aura,)
    ticks, left = run([aura, spell], [Event("dismiss", "aura")])
    assert ticks == (Tick(Event("dismiss", "aura"), ("aura",)),)
    assert left == (spell,)


@pytest.mark.parametrize(("effect", "code"), [
    (Effect("x", "rounds", "a", "b", remaining=0), "out_of_range"),
    (Effect("x", "target_turns", "a", "b", remaining=0), "out_of_range"),
    (Effect("x", "until", "a", "b"), "missing_field")])
def test_durations_that_cannot_be(effect: Effect, code: str) -> None:
    with pytest.raises(RuleError) as refused:
        run([effect], [])
    assert refused.value.code == code
    assert run([Effect("x", "rounds", "a", "b", remaining=1)], []) == (
        (), (Effect("x", "rounds", "a", "b", remaining=1),))


def test_sustaining_one_effect_does_not_sustain_another() -> None:
    light = Effect("light", "sustained", "alia", "bran")
    shield = Effect("shield", "sustained", "alia", "bran")
    ticks, left = run([light, shield], [START_A, Event("sustain", "light"), END_A])
    assert ticks[-1].expired == ("shield",)
    assert left == (light,)
