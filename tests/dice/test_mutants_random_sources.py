"""Random sources against their documented construction, recomputed here from
hashlib and hmac alone: SHA-256 of ``seed:counter`` (HMAC-SHA256 of
``regelwerk-fair-v1␞players␞sequence␞counter`` for the table), each digest read as
four big-endian 64-bit words in order, a word kept when it is below the largest
multiple of the die's faces under 2^64 (no modulo bias), its face ``word mod faces
+ 1``. The sampling is also driven with digests chosen here, to hit its edges."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from regelwerk.dice.random_sources import (
    CommittedRandomSource,
    RandomSource,
    ScriptedRandomSource,
    SeededRandomSource,
    SystemRandomSource,
    _CounterModeSource,
)
from regelwerk.errors import FaceError

WORD = 1 << 64


def _faces(digest: Callable[[int], bytes], sides: list[int]) -> list[int]:
    """The counter-mode construction written out: words of consecutive digests."""

    def words() -> Iterator[int]:
        counter = 0
        while True:
            block = digest(counter)
            for at in range(0, 32, 8):
                yield int.from_bytes(block[at : at + 8], "big")
            counter += 1

    stream = words()
    out = []
    for s in sides:
        limit = WORD - WORD % s
        word = next(stream)
        while word >= limit:
            word = next(stream)
        out.append(word % s + 1)
    return out


SIDES = [6, 20, 2, 100, 4, 10000, 3, 12, 8, 1, 6, 20, 7, 5, 9, 11]


@pytest.mark.parametrize("seed", [0, 42, -7, 2**63])
def test_seeded_faces_are_sha256_in_counter_mode(seed: int) -> None:
    source = SeededRandomSource(seed)
    expected = _faces(lambda c: hashlib.sha256(f"{seed}:{c}".encode()).digest(), SIDES)
    assert [source.roll(s) for s in SIDES] == expected


def test_committed_faces_are_hmac_sha256_in_counter_mode() -> None:
    server = b"\x01secret\xff"
    source = CommittedRandomSource(server, ["ann", "bo"], 17)
    prefix = b"regelwerk-fair-v1\x1eann\x1fbo\x1e17\x1e"
    expected = _faces(lambda c: hmac.new(server, prefix + str(c).encode(),
                                         hashlib.sha256).digest(), SIDES)
    assert [source.roll(s) for s in SIDES] == expected
    alone = CommittedRandomSource(b"k", [], 0)
    expected = _faces(lambda c: hmac.new(b"k", f"regelwerk-fair-v1\x1e\x1e0\x1e{c}".encode(),
                                         hashlib.sha256).digest(), SIDES)
    assert [alone.roll(s) for s in SIDES] == expected


class _Words(_CounterModeSource):
    """Digests made of chosen words (four a block), to drive the sampling."""

    def __init__(self, words: list[int]) -> None:
        super().__init__()
        self.words = words
        self.blocks: list[int] = []

    def _block(self, counter: int) -> bytes:
        self.blocks.append(counter)
        chunk = self.words[4 * counter : 4 * counter + 4]
        return b"".join(w.to_bytes(8, "big") for w in chunk)


def test_words_at_the_limit_are_rejected_and_below_it_kept() -> None:
    """For 3 faces the largest multiple of 3 under 2^64 is 2^64 − 1: the word
    2^64 − 1 is rejected, 2^64 − 2 is kept (face (2^64 − 2) mod 3 + 1 = 3)."""
    limit = WORD - WORD % 3
    assert limit == WORD - 1
    source = _Words([limit, limit - 1, 0, 4, 5, limit, 7, 9])
    assert [source.roll(3) for _ in range(5)] == [(limit - 1) % 3 + 1, 1, 2, 3, 2]
    assert source.blocks == [0, 1]


def test_a_die_of_2_to_the_63_plus_1_faces_rejects_half_the_words() -> None:
    sides = (1 << 63) + 1
    limit = WORD - WORD % sides
    assert limit == sides
    source = _Words([sides, sides - 1, WORD - 1, 0])
    assert source.roll(sides) == sides
    assert source.roll(sides) == 1


def test_one_face_and_the_largest_words() -> None:
    source = _Words([WORD - 1, 0, WORD - 1, 123])
    assert [source.roll(1) for _ in range(4)] == [1, 1, 1, 1]
    source = _Words([WORD - 1, 0, 5, 6])
    assert source.roll(2) == 2  # 2^64 is a multiple of 2: nothing rejected
    assert source.roll(1 << 64) == 1
    assert source.roll(7) == 6


def test_a_counter_mode_source_must_say_how_to_digest() -> None:
    with pytest.raises(NotImplementedError):
        _CounterModeSource().roll(6)


# -- the system's secure source -------------------------------------------------------

@pytest.mark.parametrize("sides", [1, 2, 3, 5, 6, 7, 8, 9, 255, 256, 257])
def test_system_faces_are_each_face_alike(sides: int) -> None:
    """Every face from 1 to the die's faces, none other, each about as often (4,000
    rolls: each count within 8 standard deviations of its expectation)."""
    source = SystemRandomSource()
    rolls = 4000 if sides <= 9 else 40 * sides
    counts = Counter(source.roll(sides) for _ in range(rolls))
    assert set(counts) <= set(range(1, sides + 1))
    expected = rolls / sides
    spread = 8 * (expected * (1 - 1 / sides)) ** 0.5
    for face in range(1, sides + 1):
        assert abs(counts[face] - expected) <= max(spread, 0.5), (face, counts)


def test_every_source_is_a_random_source() -> None:
    for source in (SystemRandomSource(), SeededRandomSource(1), ScriptedRandomSource([1]),
                   CommittedRandomSource(b"s", [], 1)):
        assert isinstance(source, RandomSource)


# -- scripted faces ---------------------------------------------------------------------

def test_scripted_faces_come_in_order_and_count_down() -> None:
    source = ScriptedRandomSource(iter([1, 6, 3]))
    assert source.remaining == 3
    assert source.roll(6) == 1
    assert source.remaining == 2
    assert source.roll(6) == 6
    assert source.roll(3) == 3
    assert source.remaining == 0
    with pytest.raises(FaceError, match="not enough faces: 3 were given") as refused:
        source.roll(6)
    assert refused.value.code == "not_enough_faces"
    assert source.remaining == 0


def test_no_scripted_faces_at_all() -> None:
    with pytest.raises(FaceError) as refused:
        ScriptedRandomSource([]).roll(6)
    assert refused.value.values == {"count": 0}


@pytest.mark.parametrize(("face", "sides"), [(0, 6), (7, 6), (-1, 6), (2, 1), (21, 20)])
def test_a_scripted_face_off_the_die_is_refused(face: int, sides: int) -> None:
    source = ScriptedRandomSource([1, face])
    source.roll(sides)
    with pytest.raises(FaceError) as refused:
        source.roll(sides)
    assert refused.value.code == "bad_face"
    assert refused.value.values == {"face": face, "value": 2, "sides": sides}
    assert refused.value.message == (
        f"face {face} (number 2 of the given faces) is not on a d{sides}: allowed are 1 "
        f"to {sides}")
    assert source.remaining == 1  # the refused face is not used up


@pytest.mark.parametrize(("face", "sides"), [(1, 6), (6, 6), (1, 1), (20, 20)])
def test_a_scripted_face_on_the_edge_of_the_die_is_used(face: int, sides: int) -> None:
    assert ScriptedRandomSource([face]).roll(sides) == face
