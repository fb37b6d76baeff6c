"""Rolling one dice term (``regelwerk.dice.operations``) against the brute-force
interpreter of d20's semantics in ``tests/dice/brute.py`` (which shares no code with
regelwerk): the same faces give the same total and use up the same faces; and
every die's whole state (face, value, kept, rerolled, exploded, added, success,
rolling order) for chosen faces, written out here from the rules of
``docs/notation.md``: operations in the written order, selections among the kept
dice by their current value, ties to the die rolled first, rerolls round by round,
explosions round by round with each new die at the end."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.dice import ScriptedRandomSource, roll
from regelwerk.dice.results import Die
from tests.dice.brute import Faces, NeedFace, Pool

SELECTORS = ["h1", "h2", "l1", "l2", "1", "2", "3", ">2", "<3", ">=3", "<=2", "4"]
NAMES = ["k", "p", "ro", "rr", "ra", "e", "e@1", "e@2", "mi", "ma", "cs"]


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    sides = draw(st.sampled_from([2, 3, 4, 6]))
    pool = Pool(draw(st.integers(0, 4)), sides)
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(NAMES))
        if name in ("mi", "ma"):
            sels = [str(draw(st.integers(1, sides)))]
        else:
            sels = draw(st.lists(st.sampled_from(SELECTORS), min_size=1, max_size=2))
        if name == "rr":
            # rerolls written one after the other are one operation: their union
            # must leave a face standing (else the parser refuses "forever")
            union = sels + (pool.ops[-1][1] if pool.ops and pool.ops[-1][0] == "rr" else [])
            if any(s[0] in "hl" for s in union) or set().union(
                    *(_faces(s, sides) for s in union)) >= set(range(1, sides + 1)):
                continue
        if name == "e" and not any(s[0] in "hl" for s in sels):
            name = "e@2"  # without a depth only a face short of all may explode
        if name.startswith("e@"):
            sels = sels[:1]  # e2@1e3@1 is two explosions, each with its depth
        if name == "cs" and any(s[0] in "hl" for s in sels):
            continue
        if pool.ops and pool.ops[-1][0] == name and name not in ("mi", "ma", "e@1", "e@2"):
            # written one after the other, they are one operation (their union)
            pool = Pool(pool.n, sides, [*pool.ops[:-1], (name, pool.ops[-1][1] + sels)])
        else:
            pool = pool.op(name, *sels)
    # cs counts last
    ops = [op for op in pool.ops if op[0] != "cs"] + [op for op in pool.ops if op[0] == "cs"][-1:]
    return Pool(pool.n, pool.sides, ops)


def _faces(selector: str, sides: int) -> set[int]:
    """The faces of a d``sides`` that a value selector picks (written out)."""
    bounds = {">2": (3, sides), "<3": (1, 2), ">=3": (3, sides), "<=2": (1, 2)}
    low, high = bounds[selector] if selector in bounds else (int(selector), int(selector))
    return set(range(max(low, 1), min(high, sides) + 1))


@settings(max_examples=30, deadline=None)
@given(pools(), st.lists(st.integers(1, 6), min_size=60, max_size=60))
def test_the_same_faces_give_the_brute_force_total(pool: Pool, stream: list[int]) -> None:
    faces = [min(f, pool.sides) for f in stream]
    brute = Faces(faces)
    try:
        expected = int(pool.total(brute))
    except NeedFace:
        return
    source = ScriptedRandomSource(faces)
    result = roll(pool.text, source)
    assert result.total == expected, pool.text
    assert len(faces) - source.remaining == brute.used, pool.text
    assert result.faces == tuple(faces[: brute.used])


def dice(text: str, *faces: int) -> list[Any]:
    """Each die as (face, value, kept, rerolled, exploded, from explosion, success,
    order), and the total last."""
    source = ScriptedRandomSource(faces)
    result = roll(text, source)
    assert source.remaining == 0
    (term,) = result.dice_terms()
    return [tuple(d[1:]) for d in term.dice] + [result.total]


def die(face: int, value: int | None = None, *, kept: bool = True, rerolled: bool = False,
        exploded: bool = False, added: bool = False, success: bool | None = None,
        order: int = 0) -> tuple[Any, ...]:
    return (face, face if value is None else value, kept, rerolled, exploded, added,
            success, order)


def test_a_die_is_a_named_tuple_of_its_state() -> None:
    assert Die(6, 3, 3)[1:] == die(3)


def test_keep_and_drop_by_rank_tie_to_the_first_die() -> None:
    assert dice("4d6kh2", 5, 6, 5, 1) == [
        die(5, order=0), die(6, order=1), die(5, kept=False, order=2),
        die(1, kept=False, order=3), 11]
    assert dice("4d6kl2", 5, 1, 5, 1) == [
        die(5, kept=False), die(1, order=1), die(5, kept=False, order=2), die(1, order=3), 2]
    assert dice("3d6ph1", 4, 4, 2) == [die(4, kept=False), die(4, order=1), die(2, order=2), 6]
    assert dice("3d6pl1", 2, 4, 2) == [die(2, kept=False), die(4, order=1), die(2, order=2), 6]
    # the union of h1 and l1 on equal faces is one die: the first
    assert dice("3d6kh1kl1", 3, 3, 3) == [
        die(3), die(3, kept=False, order=1), die(3, kept=False, order=2), 3]
    assert dice("3d6kh2kh1", 1, 5, 6) == [
        die(1, kept=False), die(5, order=1), die(6, order=2), 11]


def test_keeping_the_highest_none_unites_nothing() -> None:
    """kh0kl1: the highest none and the lowest one; the union is the lowest die."""
    assert dice("4d6kh0kl1", 3, 5, 1, 2) == [
        die(3, kept=False), die(5, kept=False, order=1), die(1, order=2),
        die(2, kept=False, order=3), 1]
    assert dice("4d6ph0pl1", 3, 5, 1, 2)[-1] == 10


def test_selections_look_at_kept_dice_only() -> None:
    # kh2 keeps 6 and 5; then pl1 drops the lower of those two (5), not the 1
    assert dice("3d6kh2pl1", 5, 1, 6) == [
        die(5, kept=False), die(1, kept=False, order=1), die(6, order=2), 6]
    # the dropped 1 is not rerolled
    assert dice("2d6pl1ro1", 1, 1, 4) == [
        die(1, kept=False), die(1, kept=False, rerolled=True, order=1), die(4, order=2), 4]


def test_reroll_once_and_until() -> None:
    assert dice("2d6ro1", 1, 3, 1) == [
        die(1, kept=False, rerolled=True), die(1, order=2), die(3, order=1), 4]
    assert dice("2d6rr1", 1, 3, 1, 1, 5) == [
        die(1, kept=False, rerolled=True), die(1, kept=False, rerolled=True, order=2),
        die(1, kept=False, rerolled=True, order=3), die(5, order=4), die(3, order=1), 8]
    assert dice("2d6rr<3", 2, 1, 3, 6) == [
        die(2, kept=False, rerolled=True), die(3, order=2),
        die(1, kept=False, rerolled=True, order=1), die(6, order=3), 9]
    # rerolls by rank: ro the lowest once
    assert dice("2d6rol1", 4, 2, 1) == [
        die(4), die(2, kept=False, rerolled=True, order=1), die(1, order=2), 5]


def test_reroll_and_add_adds_one_die_for_the_first_selected() -> None:
    assert dice("3d6ra6", 6, 2, 6, 4) == [
        die(6, exploded=True), die(2, order=1), die(6, order=2),
        die(4, added=True, order=3), 18]
    assert dice("2d6ra6", 1, 2) == [die(1), die(2, order=1), 3]
    assert dice("2d6rah1", 2, 5, 3) == [
        die(2), die(5, exploded=True, order=1), die(3, added=True, order=2), 10]


def test_explosions_go_round_by_round_each_new_die_at_the_end() -> None:
    assert dice("2d6!", 6, 6, 6, 2, 1) == [
        die(6, exploded=True), die(6, exploded=True, order=1),
        die(6, exploded=True, added=True, order=2), die(2, added=True, order=3),
        die(1, added=True, order=4), 21]
    assert dice("1d6!@2", 6, 6, 6) == [
        die(6, exploded=True), die(6, exploded=True, added=True, order=1),
        die(6, added=True, order=2), 18]
    assert dice("1d6!@1", 6, 6) == [die(6, exploded=True), die(6, added=True, order=1), 12]
    assert dice("1d6!@0", 6) == [die(6), 6]
    assert dice("2d6!>4", 5, 2, 6, 1) == [
        die(5, exploded=True), die(2, order=1), die(6, exploded=True, added=True, order=2),
        die(1, added=True, order=3), 14]


def test_explosions_by_rank_explode_each_die_once() -> None:
    """eh1: the highest die not yet exploded explodes, round by round while the
    highest of the dice is a new one."""
    assert dice("2d6eh1", 3, 5, 6, 2) == [
        die(3), die(5, exploded=True, order=1), die(6, exploded=True, added=True, order=2),
        die(2, added=True, order=3), 16]
    assert dice("2d6eh1", 3, 5, 4) == [
        die(3), die(5, exploded=True, order=1), die(4, added=True, order=2), 12]


def test_minimum_and_maximum_change_values_of_kept_dice() -> None:
    assert dice("3d6mi3", 1, 3, 5) == [die(1, 3), die(3, order=1), die(5, order=2), 11]
    assert dice("3d6ma4", 1, 4, 6) == [die(1), die(4, order=1), die(6, 4, order=2), 9]
    assert dice("3d6pl1mi3", 1, 2, 6) == [
        die(1, kept=False), die(2, 3, order=1), die(6, order=2), 9]
    assert dice("3d6ph1ma2", 6, 3, 1) == [
        die(6, kept=False), die(3, 2, order=1), die(1, order=2), 3]


def test_counting_successes_marks_kept_dice_only() -> None:
    assert dice("3d6cs>=5", 5, 4, 6) == [
        die(5, success=True), die(4, success=False, order=1), die(6, success=True, order=2), 2]
    assert dice("3d6pl1cs>=2", 1, 2, 6) == [
        die(1, kept=False), die(2, success=True, order=1), die(6, success=True, order=2), 2]
    assert dice("2d6ro1cs1", 1, 4, 1) == [
        die(1, kept=False, rerolled=True), die(1, success=True, order=2),
        die(4, success=False, order=1), 1]
    # a success count before other operations is refused; without cs: no marks
    assert dice("2d6mi6", 2, 3)[-1] == 12


@pytest.mark.parametrize(("text", "faces", "expected"), [
    ("4d6k1k2", (1, 3, 2, 6), 3), ("4d6p1p2", (1, 3, 2, 6), 9), ("4d6k>4", (5, 1, 6, 4), 11),
    ("4d6k<2k>5", (1, 2, 6, 5), 7), ("4d6k>=5", (5, 4, 6, 3), 11), ("4d6k<=2", (1, 2, 3, 4), 3),
    ("4d6p=3", (3, 3, 1, 2), 3),
])
def test_keep_and_drop_by_value(text: str, faces: tuple[int, ...], expected: int) -> None:
    assert dice(text, *faces)[-1] == expected
