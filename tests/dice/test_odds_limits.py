"""The work limits of exact odds at their very boundary, with the limit lowered so that
the boundary is cheap to reach (the limits' own values are pinned where they are set):
enumerating a roll procedure's branches and keeping dice from a pool."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.errors import LimitExceeded
from regelwerk.odds import Distribution, pool
from regelwerk.odds import enumerate as procedures
from tests.oracle import outcomes, roll


def test_a_procedure_may_try_exactly_the_branch_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(procedures, "MAX_BRANCHES", 10)
    # one die of k faces tries k + 1 sequences: the empty one and each face
    assert procedures.outcomes(lambda source: source.roll(9)) == {
        face: Fraction(1, 9) for face in range(1, 10)}
    with pytest.raises(LimitExceeded, match="too many dice outcomes") as refused:
        procedures.outcomes(lambda source: source.roll(10))
    assert refused.value.code == "limit_exceeded"
    # two dice of 2 faces: 1 + 2 + 4 sequences; of 3 faces: 1 + 3 + 9
    assert procedures.outcomes(lambda s: s.roll(2) + s.roll(2)) == {
        2: Fraction(1, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}
    with pytest.raises(LimitExceeded):
        procedures.outcomes(lambda s: s.roll(3) + s.roll(3))


def test_keeping_dice_up_to_the_work_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # the limit is faces · dice · kept ≤ 50 · MAX_SUPPORT; here 50
    monkeypatch.setattr(pool, "MAX_SUPPORT", 1)
    d5 = Distribution.die(5)
    # 5 faces · 5 dice · 2 kept = 50: computed, as every one of the 5^5 rolls says
    kept = pool.keep_pool(d5, 5, 2, highest=True)
    assert dict(kept.items()) == outcomes(lambda d: sum(sorted(roll(d, 5, 5))[-2:]))
    # 5 · 5 · 3 = 75 and 17 · 3 · 1 = 51: refused before any work
    for die, dice, keep in ((d5, 5, 3), (Distribution.die(17), 3, 1)):
        with pytest.raises(LimitExceeded, match="too large to compute exactly") as refused:
            pool.keep_pool(die, dice, keep, highest=False)
        assert refused.value.code == "limit_exceeded"


@pytest.mark.parametrize("keep", [-1, 0])
def test_keeping_no_dice_or_fewer_is_a_sum_of_0(keep: int) -> None:
    assert pool.keep_pool(Distribution.die(6), 3, keep, highest=True) == \
        Distribution.constant(0)
