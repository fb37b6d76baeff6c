"""W6 (issue 14): split advice in the promised order, checked against an independent
enumeration; Konkurrierende Proben with Erschwerungen and Komplexe Proben, exact odds
checked against every face sequence."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from math import comb

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.cli.main import cli
from regelwerk.systems.w6 import Pool, advise
from regelwerk.systems.w6.contest import Party, TiePolicy, contest_odds


def _chance(dice: int, need: int) -> Fraction:
    """At least ``need`` fives or sixes on ``dice`` d6, summed term by term."""
    return sum((Fraction(comb(dice, k)) * Fraction(1, 3) ** k * Fraction(2, 3) ** (dice - k)
                for k in range(need, dice + 1)), Fraction(0))


def _splits(dice: int, parts: int) -> list[tuple[int, ...]]:
    return [s for s in product(range(dice + 1), repeat=parts) if sum(s) == dice]


@given(st.integers(0, 9), st.lists(st.integers(1, 4), min_size=2, max_size=3),
       st.integers(1, 8))
def test_advice_lists_equal_chances_earlier_rolls_with_more_dice_first(
        dice: int, required: list[int], keep: int) -> None:
    # docs/rulings.md "W6: split advice": "Among splits with the same chance, the one that
    # gives earlier rolls more dice is listed first." — the expected list is built from
    # every split, ranked by chance, then by the dice of the first roll, then the second …
    ranked: list[tuple[int, ...]] = []
    by_chance: dict[Fraction, list[tuple[int, ...]]] = {}
    chance_of: dict[tuple[int, ...], Fraction] = {}
    for split in _splits(dice, len(required)):
        chance = Fraction(1)
        for a, r in zip(split, required, strict=True):
            chance *= _chance(a, r)
        by_chance.setdefault(chance, []).append(split)
        chance_of[split] = chance
    for chance in sorted(by_chance, reverse=True):
        group = by_chance[chance]
        while group:
            first = max(group)  # Python's tuple order: more dice in an earlier roll wins
            group.remove(first)
            ranked.append(first)
    advice = advise(dice, required, keep)
    assert [split for split, _ in advice.candidates] == ranked[:keep]
    for split, chance in advice.candidates:
        assert chance == chance_of[split]


def test_advice_order_example() -> None:
    # 2 dice, each roll needs 1: (1, 1) is the only split with a chance; then (2, 0)
    # before (0, 2)
    advice = advise(2, [1, 1], 3)
    assert [s for s, _ in advice.candidates] == [(1, 1), (2, 0), (0, 2)]


def _brute(a: Party, b: Party, tie: TiePolicy) -> dict[str, Fraction]:
    from regelwerk.systems.w6.contest import standing, winner

    out = {"a": Fraction(0), "b": Fraction(0), "tie": Fraction(0)}
    for fa in product(range(1, 7), repeat=a.pool.dice):
        for fb in product(range(1, 7), repeat=b.pool.dice):
            out[winner(standing(a, fa), standing(b, fb), tie)] += Fraction(1, 6 ** (
                a.pool.dice + b.pool.dice))
    return out


def test_contest_with_difficulty_and_complex_probes() -> None:
    # "Selbstverständlich kann auch hier von Erschwerungen sowie Komplexen Proben Gebrauch
    # gemacht werden"
    thief = Party(Pool(7, difficulty=3), (2, 2), (1, 1))
    victim = Party(Pool(6, difficulty=3))
    odds = contest_odds(thief, victim)
    assert odds == _brute(thief, victim, "tie")
    assert sum(odds.values()) == 1
    both = Party(Pool(3), (2, 1), (1, 1))
    assert contest_odds(both, thief, "b") == _brute(both, thief, "b")


def test_contest_through_resolve_and_cli() -> None:
    request = {"system": "w6", "action": "contest",
               "a": {"attribute": 8, "difficulty": "anspruchsvoll", "split": [3, 2],
                     "required": [1, 1]},
               "b": {"attribute": 4}, "faces": [5, 1, 1, 6, 2, 6, 6, 1, 1]}
    answer = resolve(request)
    # a: rolls [5,1,1] and [6,2]: both rolls pass, 2 Erfolge; b: 2 Erfolge: a tie
    assert (answer["a"]["holds"], answer["a"]["successes"], answer["b"]["successes"]) == (
        True, 2, 2)
    assert answer["winner"] == "tie"
    failed = resolve({**request, "faces": [1, 1, 1, 6, 6, 6, 1, 1, 1]})
    assert failed["a"]["holds"] is False
    assert failed["winner"] == "b"  # b's plain Probe holds with 1 Erfolg
    done = CliRunner().invoke(cli, ["w6", "contest", "--a-attribute", "8", "--a-difficulty",
                                    "anspruchsvoll", "--a-split", "3,2", "--a-required", "1,1",
                                    "--b-attribute", "4", "--faces", "5,1,1,6,2,6,6,1,1",
                                    "--json"])
    assert json.loads(done.output)["probabilities"] == answer["probabilities"]
    bad = resolve({**request, "a": {"attribute": 8, "split": [3, 2], "required": [1, 1]}})
    assert bad["error"]["code"] == "invalid_split"
